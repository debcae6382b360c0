/**
 * Which of an answer's statuses the START follows (issue 24). Read alone, a poll's answer gives its shallowest status
 * whose values are a lifecycle (statusByMeaning.ts); an answer with several (Chime's `MediaPipeline` holds a capture,
 * a concatenation, an insights and a live-connector pipeline, each with a `Status`; Panorama's device answers
 * `DeviceAggregatedStatus` beside `ProvisioningStatus`; Lambda's function `Configuration.State` beside
 * `LastUpdateStatus`) is read again against the start that is followed there:
 *
 * - a status named in the start's own words is that start's: its verb or the verb's noun (`ProvisioningStatus` for
 *   `ProvisionDevice`, `RestoreStatus` for `RestoreFromClusterSnapshot`: read/verbNouns.ts), or its noun
 *   (`MediaConcatenationPipeline.Status` for `CreateMediaConcatenationPipeline`);
 * - a status whose values name the start's verb under way (`CREATING` for a create, `PROVISIONING` for a provision)
 *   follows that verb's work;
 * - a status named for something else (another action: `LastUpdateStatus`; another part: `MediaCapturePipeline`) or
 *   for a last run (`last`, `latest`, `previous`) is not the start's when one in its words stands beside it.
 *
 * Only a status as deep as the one read alone replaces it; a deeper one only where both signals agree (named in the
 * start's verb AND naming it under way in its values), and never one in another list. A start that brings a thing
 * up (create, register, …) whose status read alone is another action's or a last run's reads instead the thing's own
 * bare `State`/`Status` beside it when that waits, then is up (`Pending` → `Active`, with a failed end): the waiting
 * word is the thing coming up, as AWS's waiters for a created function read it (`FunctionActive`). Pure.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { CanonicalState } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import { BRING_UP_VERBS, type OperationName, readNoun, singular } from '../read/operationNames.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { verbNouns } from '../read/verbNouns.js';
import { patternValues } from './enumPattern.js';
import { pastParticiples } from './participles.js';
import { isRestingStatus } from './returnsToRest.js';
import { isTearDown, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';
import { findStatusByMeaning, type StatusByMeaning, statusFieldLevels, statusValuesInDescription } from './statusByMeaning.js';

type Status = StatusByMeaning | { rejected: string };

/** A record of the last run, not the thing's own state (returnsToRest.ts reads such records for a start of a run). */
const LAST_RUN = new Set(['last', 'latest', 'previous']);
/**
 * Steady words only a thing that is up for use says (createdBeforeUp.ts, pendingUntilUp.ts), and `activated`, the
 * bring-up verb done (gerundDone.ts reads `ACTIVATING` → `ACTIVATED` so).
 */
const UP = new Set([
  'active',
  'activated',
  'available',
  'inservice',
  'ready',
  'enabled',
  'online',
  'operational',
  'deployed',
  'provisioned',
]);

/** A status-named field of the answer, judged alone (null: its values are no lifecycle). */
interface Field {
  at: string;
  depth: number;
  inList: boolean;
  /** Its values, from its enum or its description, as statusByMeaning.ts reads them. */
  values: string[];
  valuesFrom: StatusByMeaning['valuesFrom'];
  judged: StatusByMeaning | null;
}
const FIELDS = new ReaderMemo<object, Field[]>();

/** Every status-named field of the answer (statusFieldLevels), shallowest first, plainest first, each judged alone. */
export function statusFields(reader: SchemaReader, answer: JsonSchema | undefined): Field[] {
  const root = reader.resolve(answer);
  if (!root) return [];
  return FIELDS.get(reader, root, () => {
    const out: Field[] = [];
    for (const level of statusFieldLevels(reader, root))
      for (const { name, schema: p, at, depth, inList: listed } of level) {
        const alone = findStatusByMeaning(reader, { type: 'object', properties: { [name]: p } });
        const judged = 'rejected' in alone ? null : { ...alone, field: at, depth, inList: listed };
        const enumed = reader.enumValues(p) ?? patternValues(reader, p);
        const values = enumed ?? statusValuesInDescription(reader.descriptionWithBranches(p));
        out.push({ at, depth, inList: listed, values, valuesFrom: enumed ? 'enum' : 'description', judged });
      }
    return out;
  });
}

/** The words a field's path has beyond what it shares with `other`'s (`LastUpdateStatus` beside `State`: last, update). */
export function wordsBeyond(field: string, other: string, spelled: 'singular' | 'as written' = 'singular'): string[] {
  const a = field.split('.');
  const b = other.split('.');
  let shared = 0;
  while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared++;
  return a
    .slice(shared)
    .filter((seg) => seg !== '0')
    .flatMap((seg) => nameTokens(seg))
    .filter((t) => !STATUS_NAME_TOKENS.has(t))
    .map((t) => (spelled === 'singular' ? singular(t) : t));
}

/** How a status's name relates to the start: its verb (2), its noun only (1), nothing but a bare status (0), else -1. */
export function nameAffinityOf(words: readonly string[], start: OperationName): number {
  if (words.length === 0) return 0;
  const verb = new Set(verbNouns(start.verb));
  if (words.some((w) => LAST_RUN.has(w))) return -1;
  if (!words.every((w) => verb.has(w) || start.noun.includes(w))) return -1;
  return words.some((w) => verb.has(w)) ? 2 : 1;
}

/** A value names the start's verb under way: `CREATING`, `AWAITING_PROVISIONING`, `CREATE_IN_PROGRESS`. */
export function namesVerbUnderWay(values: readonly string[], verb: string): boolean {
  if (verb.length < 3) return false;
  const ing = verbNouns(verb).filter((f) => f.endsWith('ing'));
  return values.some((v) => {
    const t = nameTokens(v);
    return t.some((w) => ing.includes(w)) || t.join(' ').includes(`${verb} in progress`);
  });
}

/** The list a status read from its first item lives in (`Clusters.0.Status` → `Clusters`), '' outside a list. */
const listOf = (field: string) => {
  const parts = field.split('.');
  const at = parts.lastIndexOf('0');
  return at < 0 ? '' : parts.slice(0, at).join('.');
};

/**
 * The status the start follows in `answer`: `plain` (the status read alone, or with the start's verb), or another the
 * rules above prefer. A rejected or resting `plain` is returned as is.
 */
export function withStartAffinity(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  start: OperationName | null,
  plain: Status,
): Status {
  if (!start || 'rejected' in plain || isRestingStatus(plain)) return plain;
  const fields = statusFields(reader, answer);
  const mineSays = namesVerbUnderWay(plain.values, start.verb);
  let best: { status: StatusByMeaning; score: number } | null = null;
  let foreign = false;
  for (const f of fields) {
    if (f.at === plain.field || f.depth < plain.depth || f.inList !== plain.inList || listOf(f.at) !== listOf(plain.field)) continue;
    // Each name is read against the other's: what the two share (`Configuration.`) says nothing.
    const mine = nameAffinityOf(wordsBeyond(plain.field, f.at), start);
    if (mine < 0 && f.depth === plain.depth) foreign = true;
    if (!f.judged) continue;
    const name = nameAffinityOf(wordsBeyond(f.at, plain.field), start);
    const says = namesVerbUnderWay(f.judged.values, start.verb);
    const prefer =
      f.depth === plain.depth ? (mine < 0 && name > 0) || (name === 2 && mine < 2) : name === 2 && says && !mineSays && mine < 2;
    const score = name * 2 + (says ? 1 : 0);
    if (prefer && (best === null || score > best.score)) best = { status: { ...f.judged, depth: f.depth }, score };
  }
  if (best) return best.status;
  if (!BRING_UP_VERBS.includes(start.verb)) return plain;
  const lastRun = lastRunOf(plain.field);
  if (foreign || lastRun) {
    const own = ownStatusComingUp(fields, plain, start);
    if (own) return own;
  }
  // A run that ended before (`Workflow.LastRun.Status`, `lastDeploymentStatus`) says nothing of what a create makes.
  if (lastRun && !RUNS.has(start.verb))
    return { rejected: `\`${plain.field}\` is the status of the \`${lastRun}\`, not of what ${start.verb} brings up` };
  return plain;
}

/** Verbs that set off a run of the thing: its last run's status may be theirs (returnsToRest.ts reads them so). */
const RUNS = new Set(['start', 'run', 'launch', 'submit', 'request']);

/** The segment of `field` that names a last run (`LastRun`, `lastDeploymentStatus`, `LatestExecution`), or null. */
export function lastRunOf(field: string): string | null {
  return field.split('.').find((seg) => LAST_RUN.has(nameTokens(seg)[0] ?? '')) ?? null;
}

/**
 * The thing's own status, rejected alone, that waits and then is up: a bare `State`/`Status` or one named for the
 * start's noun (`MonitoringScheduleStatus` for `CreateMonitoringSchedule`), no deeper than `plain`, in no last run's
 * record and in no other list; the shallowest.
 */
function ownStatusComingUp(fields: readonly Field[], plain: StatusByMeaning, start: OperationName): StatusByMeaning | null {
  for (const f of fields) {
    if (f.judged || f.depth > plain.depth || f.inList !== plain.inList || listOf(f.at) !== listOf(plain.field) || lastRunOf(f.at)) continue;
    const words = wordsBeyond(f.at, f.at);
    if (!words.every((w) => start.noun.includes(w))) continue;
    const judgement = judgeComingUp(f.values, start);
    if (judgement) return { ...plain, field: f.at, values: f.values, valuesFrom: f.valuesFrom, depth: f.depth, judgement };
  }
  return null;
}

/**
 * A thing that waits, then is up, and can fail: `Pending`, `Active`, `Inactive`, `Failed`. Read only as the own status
 * of what the start brings up (withStartAffinity): alone, a bare waiting word before `Active` also ends an account's
 * or an invitation's pending (pendingUntilActive.ts).
 */
export function judgeComingUp(values: readonly string[], start?: OperationName | null): StatusByMeaning['judgement'] | null {
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.some(([, w]) => w.known && w.state === 'succeeded')) return null;
  // A thing named by what it does is up once that is done: a schedule `Scheduled` (its noun's participle).
  const noun = start?.noun.at(-1);
  const done = noun ? pastParticiples(noun) : [];
  const up = values.filter((v) => UP.has(normalizeStateWord(v)) || done.includes(normalizeStateWord(v)));
  const waiting = values.filter((v) => {
    const w = lookupStateWord(v);
    return w?.state === 'queued' && w.provisioning !== 'steady' && !isTearDown(v) && !up.includes(v);
  });
  const fails = read.some(([, w]) => w.known && w.state === 'failed');
  if (waiting.length === 0 || up.length !== 1 || !fails) return null;
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = up.includes(v) ? 'succeeded' : isTearDown(v) ? 'failed' : w.state;
  return { kind: 'provisioning', states, inProgress: waiting, success: up };
}

/** The judgement is judgeComingUp's: its waiting word is the thing coming up (idFlowJobs.ts asks for such a word). */
export function comesUpAsOwn(status: Pick<StatusByMeaning, 'values' | 'judgement'>, start?: OperationName | null): boolean {
  const mine = judgeComingUp(status.values, start);
  return mine?.success.every((v) => status.judgement.success.includes(v)) ?? false;
}

/**
 * The name of a family whose start follows another status than the one read alone: the poll's noun with the words
 * that tell the two apart (`media_concatenation_pipeline`, `device_provisioning`; `function` for Lambda's `State`).
 */
export function affinityFamilyName(poll: OperationName | null, field: string, other: string): string {
  const noun = [...(poll ? readNoun(poll) : [])];
  // Matched singular, named as written (`media_insights_pipeline`).
  const words = wordsBeyond(field, other, 'as written');
  const one = words.map(singular);
  const name =
    words.length > 0 && noun.every((w) => one.includes(w)) ? words : [...noun, ...words.filter((_, i) => !noun.includes(one[i]!))];
  return name.join('_');
}
