/**
 * Convention: a job started again is read at its own read, whose first answer may still be its previous run's end.
 * GitHub's `POST …/actions/jobs/{job_id}/rerun` and `…/check-suites/{id}/rerequest` answer nothing of the new run, and
 * `GET …/actions/jobs/{job_id}` may say `completed` with the old `conclusion` until the run is picked up: read as
 * it stands, the job ends at once with the last run's outcome. A time beside the status says which run a finished
 * document is: its end (`completed_at`, `finishedAt`, `EndTime`), else its start (`started_at`, `StartTime`), named
 * by that word alone (and `at`, `on`, `time`, `date`, `timestamp`, `utc`): `EventEndTime` of a replay, `validityEnd…` or
 * `EvaluationEndTimestamp` date other things. The runtime reads a finished document whose time is before the job's
 * start as an earlier run's (templates/runtime jobs/earlierRun.ts), for a start that acts on the job the poll reads (an
 * action below its item, its id from the agent's arguments), as the resting-run convention reads a crawler's last
 * run by its start time (returnsToRest.ts). An RPC re-run (Glue `ResumeWorkflowRun`) has no such path and is not read
 * so. Pure.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { EarlierRun } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** Name tokens of the time a run ended, and of the time it started. */
const END_TOKENS = new Set(['completed', 'completion', 'finished', 'ended', 'end']);
const START_TOKENS = new Set(['start', 'started']);
/** The words a time's name may carry beside its end or start word (`completed_at`, `EndTime`, `completedDateTime`). */
const TIME_TOKENS = new Set(['at', 'on', 'time', 'date', 'timestamp', 'utc']);

/** The time beside the status at `statusField` that dates the run a finished document is, or null. */
export function earlierRunTime(reader: SchemaReader, statusSchema: JsonSchema | undefined, statusField: string): EarlierRun | null {
  const parts = statusField.split('.');
  // A status picked out of a list (`jobs.0.status`) dates the run by its item; not read here.
  if (parts.some((p) => /^\d+$/.test(p))) return null;
  const parent = parts.slice(0, -1).join('.');
  const holder = parent === '' ? statusSchema : reader.propertyAt(statusSchema, parent);
  let start: string | null = null;
  for (const [name, schema] of reader.properties(holder)) {
    const tokens = nameTokens(name);
    const word = tokens.filter((t) => !TIME_TOKENS.has(t));
    if (word.length !== 1 || !isTime(reader, schema)) continue;
    const at = parent === '' ? name : `${parent}.${name}`;
    if (END_TOKENS.has(word[0]!)) return { field: at, of: 'end' };
    if (start === null && START_TOKENS.has(word[0]!)) start = at;
  }
  return start === null ? null : { field: start, of: 'start' };
}

/** A date-time string, or an epoch number (AWS `timestamp`). */
function isTime(reader: SchemaReader, schema: JsonSchema): boolean {
  const type = reader.typeOf(schema);
  return (type === 'string' && reader.formatOf(schema) === 'date-time') || type === 'number' || type === 'integer';
}
