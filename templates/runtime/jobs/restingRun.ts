/**
 * Reading a thing that runs again and again and returns to rest between runs (JobFamilySpec.returnsToRest: a Glue
 * crawler READY → RUNNING → READY, a jellyfin task Idle → Running → Idle). Its state says only where it is now; how a
 * run ended is its last run's record. The job is the run its start set off, so the last run's outcome is the job's
 * only for a run that belongs to the job:
 *
 * - while the state is not a resting one the run is under way: `running`, and the record keeps `runSeen` (every
 *   backend stores the record as JSON, so the mark is durable without a schema change);
 * - back at rest, the last run is this job's when a poll saw it running, or when the last run started at or after
 *   the job's start (`createdAt`, claimed before the start request was sent), less RUN_START_SKEW_MS for the
 *   upstream's clock: a fast run that ended before the first poll is still the job's. Its status, mapped by
 *   `lastRunOutcomes`, is the job's end (an unknown value is `failed`: an unknown end is never called a success), and
 *   the last run's record is the reason of one that did not succeed;
 * - at rest with no sign of this job's run, the run may not have begun: `queued`, and the status says so
 *   (restingNote). After NO_RUN_SEEN_MS the job fails with `no_run_seen`: the start was accepted but no run of it
 *   was ever seen, which the agent should hear rather than wait on forever, and which is never a success.
 */
import { NO_RUN_SEEN_MS } from '../defaults.js';
import type { CanonicalState, JobFamilySpec, ReturnsToRest } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { getPath, mapState, namedValue } from './interpret.js';
import { boundSnapshot } from './jobRecords.js';

/** How far the upstream's clock may lag this server's when its last run's start time proves the run is the job's. */
export const RUN_START_SKEW_MS = 2 * 60_000;
export { NO_RUN_SEEN_MS };

/**
 * The end of a job whose run was never seen (here, and for a job started again: jobs/earlierRun.ts): `what` says what
 * the upstream shows instead. Never a success: whether the start ran is unknown.
 */
export function noRunSeen(what: string): { reason: 'no_run_seen'; message: string } {
  return {
    reason: 'no_run_seen',
    message: `No run of this job was seen in ${NO_RUN_SEEN_MS / 60_000} min: ${what}. The start was accepted, but whether it ran is unknown; start it again if it should run.`,
  };
}

/** A status as a word: a non-empty string, or a number (a code the contract names is its name: interpret.ts namedValue). */
function wordOf(codes: Record<string, string> | undefined, value: unknown): string | null {
  if (typeof value === 'number') return namedValue(codes, String(value));
  return typeof value === 'string' && value !== '' ? namedValue(codes, value) : null;
}

/** The state value of the document, and whether it is a resting one. */
function stateOf(family: JobFamilySpec, rest: ReturnsToRest, body: unknown): { raw: string; resting: boolean } | null {
  const read = family.statusField ? getPath(body, family.statusField) : undefined;
  const raw = wordOf(family.statusCodes, read);
  if (raw === null) return null;
  return { raw, resting: rest.rest.some((r) => r.toLowerCase() === raw.toLowerCase()) };
}

const MAX_DATE_MS = 8.64e15;

/**
 * A time as the upstream writes it: an ISO date-time, or an epoch number (AWS JSON protocol timestamps are epoch
 * seconds on the wire, whatever the contract's `date-time` says; a number past 1e11 is taken as ms). Null otherwise.
 */
export function parseRunTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const ms = value > 1e11 ? value : value * 1000;
    // Past a Date's range (±8.64e15 ms) a hostile answer's number would make toISOString throw in the status text.
    return Math.abs(ms) <= MAX_DATE_MS ? ms : null;
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const asNumber = Number(value);
  if (Number.isFinite(asNumber)) return parseRunTime(asNumber);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The poll's patch as the run of a resting thing reads it (unchanged for any other family or a stateless answer). */
export function readRestingRun(family: JobFamilySpec, record: JobRecord, patch: JobPatch, body: unknown, now: number): JobPatch {
  const rest = family.returnsToRest;
  const state = rest ? stateOf(family, rest, body) : null;
  if (!rest || !state) return patch;
  if (!state.resting) return { ...patch, state: 'running', runSeen: true };
  const started = rest.lastRunStartedAt ? parseRunTime(getPath(body, rest.lastRunStartedAt)) : null;
  const ours = record.runSeen === true || (started !== null && started >= record.createdAt - RUN_START_SKEW_MS);
  const last = wordOf(rest.lastRunCodes, getPath(body, rest.lastRunStatus));
  if (ours && last !== null) {
    const mapped = mapState(rest.lastRunOutcomes, last);
    const end: CanonicalState = mapped.known ? mapped.state : 'failed';
    const done: JobPatch = { ...patch, state: end, upstreamStatus: `${state.raw}/${last}` };
    if (end !== 'succeeded') done.error = boundSnapshot(getPath(body, rest.lastRun) ?? { [rest.lastRunStatus]: last });
    return done;
  }
  if (now - record.createdAt < NO_RUN_SEEN_MS) return { ...patch, state: 'queued', upstreamStatus: state.raw };
  return {
    ...patch,
    state: 'failed',
    upstreamStatus: state.raw,
    error: noRunSeen(
      `the upstream rests at ${state.raw}, and its last run${
        started !== null ? ` started at ${new Date(started).toISOString()}, before this job` : ' is not known to be this job’s'
      }`,
    ),
  };
}

/** What the status says of a job still waiting at rest for its run (empty for any other job). */
export function restingNote(family: JobFamilySpec, record: JobRecord): string {
  const rest = family.returnsToRest;
  if (!rest || record.state !== 'queued' || record.upstreamStatus === null || record.runSeen) return '';
  if (!rest.rest.some((r) => r.toLowerCase() === record.upstreamStatus!.toLowerCase())) return '';
  return ` The ${family.title} is at rest and no run of this job has been seen yet: the run may not have begun. If none is seen within ${NO_RUN_SEEN_MS / 60_000} min of the start, the job fails as no_run_seen.`;
}
