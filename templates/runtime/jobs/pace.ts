/**
 * One pace per job, shared by every replica through the store. Agents poll as they like (some every 200 ms,
 * from many replicas), and the upstream's rate limit is the user's to lose: so the record remembers when the
 * job was last polled (`lastPolledAt`) and when it is worth polling again (`nextPollAt`: Retry-After, a
 * RateLimit/X-RateLimit reset, the family's interval, backoff with jitter after failures). A status call
 * inside that window answers from the store at once with the time left as poll_after_ms. Past it, the poll is
 * claimed with the store's conditional update on the version read (`pollingUntil`): of replicas that read the
 * same version exactly one wins and polls for all, the others answer from the store. A claimer that dies
 * mid-poll holds the job only until `pollingUntil`. A 429 or an exhausted rate limit also holds every other job
 * polled with the same credential, on every replica (jobs/credentialHold.ts). JOB_POLL_PACE=off polls on every
 * status call, as before.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { credentialHeldMs, credentialWaitMs, noteCredentialHold } from './credentialHold.js';
import { isTerminal } from './interpret.js';
import { patchRecord, requireStore } from './jobRecords.js';
import { type Refresh, refreshJob } from './poll.js';
import { clampPoll, POLL_CEILING_MS, POLL_FLOOR_MS, parseRetryAfter, rateLimitWaitMs } from './pollHints.js';

/** How long a poll claim holds the job: longer than one poll with its in-call retries takes. */
export const POLL_CLAIM_MS = 30_000;
/** While another replica's poll is in flight, come back this soon: its answer lands in the store. */
const CLAIMED_RETRY_MS = POLL_FLOOR_MS;

/** What one upstream answer says about pacing: status and the headers that slow us down. */
interface Answer {
  status: number;
  headers: Headers;
}

/** Backoff after consecutive failed polls (429 without a hint, 5xx, network): doubling from the floor, jittered. */
export function failureBackoffMs(failures: number, jitter = 0.5): number {
  if (failures <= 0) return 0;
  const base = Math.min(POLL_CEILING_MS, POLL_FLOOR_MS * 2 ** Math.min(failures, 16));
  return clampPoll(base * (1 + Math.min(Math.max(jitter, 0), 1) * 0.25));
}

/** When to poll again after an answer: the longest of the family's interval and what the upstream asked. */
export function paceAfterMs(refreshMs: number, answer: Answer | null, failures: number, now: number, jitter?: number): number {
  let wait = refreshMs;
  if (answer) {
    const retryAfter = parseRetryAfter(answer.headers.get('retry-after'), now);
    const limited = rateLimitWaitMs(answer.headers, now);
    for (const ms of [retryAfter, limited]) if (ms !== null) wait = Math.max(wait, Math.min(ms, POLL_CEILING_MS));
  }
  return Math.max(wait, failureBackoffMs(failures, jitter));
}

/** The answer from the store: the record as it stands, and how long until it is worth asking again. */
function fromStore(record: JobRecord, now: number): Refresh {
  if (isTerminal(record.state)) return { record, pollAfterMs: 0 };
  const left = Math.max(0, (record.nextPollAt ?? 0) - now);
  // Another replica polling right now: its answer lands in the store within a poll's time.
  if ((record.pollingUntil ?? 0) > now) return { record, pollAfterMs: Math.max(left, CLAIMED_RETRY_MS) };
  return { record, pollAfterMs: left > 0 ? left : CLAIMED_RETRY_MS };
}

/** Whether the record may be polled now: nobody's claim in flight and its window passed. */
export function pollDue(record: JobRecord, now: number): boolean {
  return (record.pollingUntil ?? 0) <= now && (record.nextPollAt ?? 0) <= now;
}

/**
 * The poll claim: a conditional update on the version read. Null when another replica changed the record
 * first (it polled, or claimed the poll): then its view is the one to show.
 */
export async function claimPoll(ctx: RuntimeContext, record: JobRecord): Promise<JobRecord | null> {
  const now = ctx.now();
  return requireStore(ctx).update(record.id, record.version, { pollingUntil: now + POLL_CLAIM_MS, lastPolledAt: now }, now);
}

/** A fetch that remembers the last answer's status and headers (for the pace), passing everything through. */
function observing(fetchImpl: typeof fetch): { fetch: typeof fetch; last: () => Answer | null } {
  let last: Answer | null = null;
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetchImpl(input, init);
    last = { status: response.status, headers: response.headers };
    return response;
  };
  return { fetch: wrapped, last: () => last };
}

/** refreshJob at the job's shared pace: from the store inside the window, else one replica polls for all. */
export async function pacedRefresh(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Promise<Refresh> {
  if (!ctx.config.pollPace || record.phase !== 'accepted' || isTerminal(record.state)) return refreshJob(ctx, family, record);
  const store = requireStore(ctx);
  let current = record;
  if (!pollDue(current, ctx.now())) return fromStore(current, ctx.now());
  // The credential's budget is spent (a 429 or a rate limit seen by any replica, for any job): wait it out.
  const held = await credentialHeldMs(ctx);
  if (held > 0) {
    const until = new Date(ctx.now() + held).toISOString();
    return {
      record: current,
      pollAfterMs: held,
      warning: `The upstream asked this server to slow down (rate limit) until ${until}; showing the last known state.`,
    };
  }
  let claimed = await claimPoll(ctx, current);
  if (!claimed) {
    // Someone wrote since we read: a fresh read says whether they polled (or are polling) for us.
    current = (await store.get(record.id)) ?? current;
    if (!pollDue(current, ctx.now()) || isTerminal(current.state)) return fromStore(current, ctx.now());
    claimed = await claimPoll(ctx, current);
    if (!claimed) return fromStore((await store.get(record.id)) ?? current, ctx.now());
  }
  const seen = observing(ctx.fetch);
  const refresh = await refreshJob({ ...ctx, fetch: seen.fetch }, family, claimed);
  const answer = seen.last();
  if (answer) await noteCredentialHold(ctx, credentialWaitMs(answer, ctx.now()));
  const failed = refresh.warning !== undefined || answer === null || answer.status === 429 || answer.status >= 500;
  const failures = failed ? (claimed.pollFailures ?? 0) + 1 : 0;
  const now = ctx.now();
  const paceMs = isTerminal(refresh.record.state) ? 0 : paceAfterMs(refresh.pollAfterMs, answer, failures, now, ctx.random?.());
  const paced = await patchRecord(ctx, refresh.record, { nextPollAt: now + paceMs, pollingUntil: null, pollFailures: failures });
  return { ...refresh, record: paced, pollAfterMs: paceMs };
}
