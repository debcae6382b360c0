/**
 * A vocabulary that names the whole work's completion (`JobComplete`: a work noun before a done word) beside another
 * step's (`UploadComplete`, Salesforce Bulk 2.0: the client's data is in, and the job has yet to run): that step's done
 * word is a stage of the work, under way, not its success. Read by its done word alone, a query job answered
 * `UploadComplete` at its first poll and ended there, before it ran. Only where exactly one completion names the unit
 * of work itself (`job`, `run`, `task`, `operation`, `execution`, `batch`: not an activity such as an import or a
 * training, which CloudFormation's `IMPORT_COMPLETE` and Rekognition's `TRAINING_COMPLETED` name beside other ends of
 * their own) and the others name something else. Pure.
 */
import { singular } from '../read/operationNames.js';
import { COMPLETION_WORDS } from '../read/signalWords.js';
import { compoundParts } from './compoundEnds.js';

/** Nouns that name a unit of work as such, whatever it does. */
const WORK_UNITS: ReadonlySet<string> = new Set(['job', 'run', 'task', 'operation', 'execution', 'batch']);

/** The values that complete a step of the work, not the work, beside the one that completes the work. */
export function stepCompletions(values: readonly string[]): string[] {
  const completions = values
    .map((v) => [v, compoundParts(v)] as const)
    .filter(([, parts]) => parts.length === 2 && COMPLETION_WORDS.has(parts[1]!));
  const isWork = (parts: readonly string[]) => WORK_UNITS.has(singular(parts[0]!));
  if (completions.filter(([, parts]) => isWork(parts)).length !== 1) return [];
  return completions.filter(([, parts]) => !isWork(parts)).map(([v]) => v);
}
