/**
 * Convention: a thing that runs again and again and returns to rest between runs (issue 24). Its state says only
 * whether it runs now: AWS Glue `GetCrawler` answers `Crawler.State` READY | RUNNING | STOPPING, jellyfin
 * `GetTask` answers `State` Idle | Cancelling | Running. How a run ended is in a record of the last run beside the
 * state: `Crawler.LastCrawl.Status` SUCCEEDED | CANCELLED | FAILED (with `StartTime`), `LastExecutionResult.Status`
 * Completed | Failed | Cancelled | Aborted (with `StartTimeUtc`). Its start is the thing's own start verb
 * (`StartCrawler`, `POST /ScheduledTasks/Running/{taskId}`), which answers nothing: the job is the run it sets off.
 *
 * Read alone, such a state is no job (no value ends the work, or READY reads as a resource that came up) and the
 * last run's status is no job either (nothing in it is under way); together they are one. The shape:
 *
 * - the state (a status-named field) has a resting value (`idle`, `ready`: the thing waits for its next run) and a
 *   running value (a strong running word), and no value that ends work (no failed, cancelled or strong success
 *   word): it says where the thing is, not how a run ended;
 * - an object beside it is named for the last run (first name token `last`, `latest`, `previous`: `LastCrawl`,
 *   `LastExecutionResult`), and its own status-named field names both a success and a failure outcome. A plain
 *   on/off resource (`ENABLED | DISABLED`, or READY | RUNNING with no record of a run) has no such record, and a
 *   record of what is current (Lightsail's `currentDeployment`) is not the last run's.
 *
 * The last run's start time (a date-time or epoch field named for its start) lets the runtime tell this job's run
 * from an earlier one (jobs/restingRun.ts); without one only a poll that saw it running can. In the corpus's dev
 * half the shape is Glue's crawlers (`GetCrawler`, `BatchGetCrawlers`) and jellyfin's scheduled tasks; nothing else.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { CanonicalState, ReturnsToRest } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { assessOutcomes, normalizeStateWord, readStateWord } from './stateWords.js';
import { type StatusByMeaning, statusValuesInDescription } from './statusByMeaning.js';

/** A state the thing waits in for its next run: the scheduler's own words (a task `Idle`, a crawler `READY`). */
const RESTING_WORDS = new Set(['idle', 'ready']);
/** First name tokens of a record of the most recent run (`LastCrawl`, `LastExecutionResult`, `latest_run`). */
const LAST_RUN_TOKENS = new Set(['last', 'latest', 'previous']);
/** Name tokens of a run's start time (`StartTime`, `StartTimeUtc`, `started_at`). */
const START_TOKENS = new Set(['start', 'started']);

const MAX_DEPTH = 3;

/** A status by meaning that is a thing's state between runs, with where its last run's outcome is. */
export type RestingStatus = StatusByMeaning & { rest: ReturnsToRest };

export function isRestingStatus(status: StatusByMeaning | { rejected: string }): status is RestingStatus {
  return 'rest' in status;
}

/**
 * The state's values split: resting, running (and winding down), or null when the state is not one of a thing
 * that rests between runs (no resting or no running value, or a value that ends work).
 */
export function judgeRestingState(values: readonly string[]): { rest: string[]; running: string[] } | null {
  const rest = values.filter((v) => RESTING_WORDS.has(normalizeStateWord(v)));
  const read = values.map((v) => [v, readStateWord(v)] as const);
  const running = read.filter(([v, w]) => !rest.includes(v) && w.state === 'running' && w.strong).map(([v]) => v);
  const ends = read.some(
    ([v, w]) => !rest.includes(v) && w.known && (w.state === 'failed' || w.state === 'cancelled' || (w.state === 'succeeded' && w.strong)),
  );
  return rest.length > 0 && running.length > 0 && !ends ? { rest, running } : null;
}

/** The shallowest state of a thing that rests between runs in `schema`, with its last run beside it; else null. */
export function findRestingStatus(reader: SchemaReader, schema: JsonSchema | undefined): RestingStatus | null {
  let queue: Array<{ s: JsonSchema | undefined; path: string; inList: boolean }> = [{ s: schema, path: '', inList: false }];
  const seen = new Set<object>();
  for (let depth = 0; depth <= MAX_DEPTH && queue.length > 0; depth++) {
    const next: typeof queue = [];
    for (const { s, path, inList } of queue) {
      const root = reader.resolve(s);
      if (!root || seen.has(root)) continue;
      seen.add(root);
      const at = (name: string) => (path ? `${path}.${name}` : name);
      const props = reader.properties(root);
      const lastRun = lastRunOf(reader, props, at);
      for (const [name, p] of props) {
        const type = reader.typeOf(p);
        if (type === 'object') next.push({ s: p, path: at(name), inList });
        else if (type === 'array' && reader.typeOf(reader.itemsOf(p)) === 'object')
          next.push({ s: reader.itemsOf(p), path: `${at(name)}.0`, inList: true });
        if (!lastRun || !isStatusName(name) || (type !== 'string' && type !== undefined && reader.enumCodes(p) === null)) continue;
        const listed = reader.enumValues(p);
        const values = listed ?? statusValuesInDescription(reader.descriptionWithBranches(p));
        const split = judgeRestingState(values);
        if (!split) continue;
        const states: Record<string, CanonicalState> = {};
        // At rest nothing of this job's is known yet: the runtime reads the last run to say more (jobs/restingRun.ts).
        for (const v of values) states[v] = split.rest.includes(v) ? 'queued' : 'running';
        return {
          field: at(name),
          values,
          valuesFrom: listed ? 'enum' : 'description',
          depth,
          inList,
          judgement: { kind: 'job', states, inProgress: split.running, success: [] },
          rest: { rest: split.rest, ...lastRun },
        };
      }
    }
    queue = next;
  }
  return null;
}

/** The record of the last run among an object's properties: its status with success and failure outcomes. */
function lastRunOf(reader: SchemaReader, props: Map<string, JsonSchema>, at: (name: string) => string): Omit<ReturnsToRest, 'rest'> | null {
  for (const [name, p] of props) {
    if (!LAST_RUN_TOKENS.has(nameTokens(name)[0] ?? '') || reader.typeOf(p) !== 'object') continue;
    let status: { field: string; outcomes: Record<string, CanonicalState> } | null = null;
    let startedAt: string | null = null;
    for (const [inner, q] of reader.properties(p)) {
      const type = reader.typeOf(q);
      if (status === null && isStatusName(inner) && (type === 'string' || type === undefined || reader.enumCodes(q) !== null)) {
        const values = reader.enumValues(q) ?? statusValuesInDescription(reader.descriptionWithBranches(q));
        const { outcomes, successAndFailure } = assessOutcomes(values);
        if (successAndFailure) status = { field: `${at(name)}.${inner}`, outcomes };
      }
      if (startedAt === null && isStartTime(reader, inner, q)) startedAt = `${at(name)}.${inner}`;
    }
    if (status) return { lastRun: at(name), lastRunStatus: status.field, lastRunOutcomes: status.outcomes, lastRunStartedAt: startedAt };
  }
  return null;
}

/** A time the run started: named for its start and a date-time string or an epoch number (AWS `timestamp`). */
function isStartTime(reader: SchemaReader, name: string, schema: JsonSchema): boolean {
  const tokens = nameTokens(name);
  if (!tokens.some((t) => START_TOKENS.has(t))) return false;
  const type = reader.typeOf(schema);
  return (type === 'string' && reader.formatOf(schema) === 'date-time') || type === 'number' || type === 'integer';
}

function isStatusName(name: string): boolean {
  const tokens = nameTokens(name);
  return tokens.length > 0 && STATUS_NAME_TOKENS.has(tokens.at(-1)!);
}

/** The start a run of such a thing: its own start verb (`StartCrawler`, `StartTask`, `RunTask`). */
export const RUN_VERBS: ReadonlySet<string> = new Set(['start', 'run', 'launch']);

/** Why a start does not set off the run of a resting thing it polls, or null when it does. */
export function restingStartReason(status: StatusByMeaning, verb: string | undefined): string | null {
  if (!isRestingStatus(status) || (verb !== undefined && RUN_VERBS.has(verb))) return null;
  return `its status \`${status.field}\` rests between runs, and ${verb ?? 'this'} does not start a run`;
}

/** The evidence line of a resting thing's status, for explain. */
export function restingEvidence(status: RestingStatus): string {
  const { rest } = status;
  return (
    `returns to rest: \`${status.field}\` rests at ${rest.rest.join(', ')} between runs and runs at ${status.judgement.inProgress.join(', ')}; ` +
    `how a run ended is the last run's \`${rest.lastRunStatus}\` (${Object.keys(rest.lastRunOutcomes).join(', ')}), ` +
    `read only for a run this job set off (${rest.lastRunStartedAt ? `seen running, or \`${rest.lastRunStartedAt}\` at or after the start` : 'seen running by a poll'})`
  );
}
