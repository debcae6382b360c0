/**
 * One poll of the upstream for a job, interpreted and written to the store. Polls are safe to retry, so
 * transient failures (network, 408/425/429, 5xx) are retried a few times with short backoff inside the call;
 * what still fails leaves the record as it was and comes back as a warning, not as a changed state. Any other
 * 4xx ends the job failed (jobs/pollVerdict.ts); a monitor body that cannot be read is asked again a bounded
 * number of times, then ends it too. The request and the reading are the job's convention's (jobs/protocols.ts).
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import type { UpstreamOutcome } from '../upstream/http.js';
import { sendFor } from '../upstream/invoke.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { bodyPreview, ERROR_BODY_CHARS, errorResult, httpErrorResult, type ToolError } from '../upstream/toolResults.js';
import { mergeAnswerCookies } from '../upstream/urls.js';
import { budgetLeftMs, budgetSpent } from './callBudget.js';
import { readEarlierRun } from './earlierRun.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal, readProgress } from './interpret.js';
import { boundSnapshot, patchRecord } from './jobRecords.js';
import { refreshMembers } from './memberPoll.js';
import { parseRetryAfter, retryDelayMs, suggestPollAfter } from './pollHints.js';
import { isTransientAnswer, pollVerdict, UNREADABLE_LIMIT, unreadableReason, YOUNG_JOB_MS } from './pollVerdict.js';
import { protocolOf } from './protocols.js';
import { keepLargeDocument } from './resultRefs.js';
import { readStartFromRest } from './startFromRest.js';
import { withAnswerCookies } from './startRetry.js';

export interface Refresh {
  record: JobRecord;
  pollAfterMs: number;
  /** A transient problem: the state shown is the last known one. */
  warning?: string;
  /** A problem the agent must see as an error (credentials, refused URL). */
  fatal?: ToolError;
}

const POLL_ATTEMPTS = 3;
const RETRY_BUDGET_MS = 4_000;
const UNREADABLE_ATTEMPTS_PER_CALL = 2;

export async function sendWithRetry(ctx: RuntimeContext, first: UpstreamRequest): Promise<UpstreamOutcome> {
  let outcome: UpstreamOutcome | undefined;
  let request = first;
  const began = Date.now();
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    // Inside a cancel or result call, each request gets only what is left of its budget (jobs/callBudget.ts).
    const left = budgetLeftMs(ctx);
    if (left <= 0) return outcome ?? budgetSpent(ctx);
    outcome = await sendFor(ctx, request, undefined, Math.min(ctx.config.upstreamTimeoutMs, left));
    // A refused redirect is the policy's answer, not a hiccup: retrying cannot change it.
    if (isRedirectRefusal(outcome) || !isTransientAnswer(outcome) || attempt === POLL_ATTEMPTS - 1) break;
    const retryAfter = outcome.ok ? parseRetryAfter(outcome.headers.get('retry-after'), ctx.now()) : null;
    // The upstream asked for more than this call can wait: its word stands (jobs/pace.ts keeps it for every replica).
    if (retryAfter !== null && retryAfter > RETRY_BUDGET_MS) break;
    const delay = retryDelayMs(attempt, retryAfter);
    // Retries fit in a small budget: a status call must answer soon with the last known state, not hang.
    if (Date.now() - began + delay > RETRY_BUDGET_MS || delay >= budgetLeftMs(ctx)) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (outcome.ok) request = withAnswerCookies(request, outcome, ctx.now());
  }
  return outcome!;
}

export function isRedirectRefusal(outcome: UpstreamOutcome): boolean {
  return !outcome.ok && (outcome.kind === 'redirect-refused' || outcome.kind === 'too-many-redirects');
}

export function pollAfterFor(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, headers?: Headers): number {
  if (isTerminal(record.state)) return 0;
  const retryAfterMs = headers ? parseRetryAfter(headers.get('retry-after'), ctx.now()) : null;
  return suggestPollAfter({
    retryAfterMs,
    expectedDurationMs: expectedDurationFor(family, record),
    ageMs: ctx.now() - record.createdAt,
    // The upstream's own progress paces the polls; the jitter keeps agents that started together apart.
    progress: readProgress(family, record.snapshot),
    jitter: ctx.random?.(),
  });
}

export async function refreshJob(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Promise<Refresh> {
  if (record.phase !== 'accepted' || isTerminal(record.state)) {
    return { record, pollAfterMs: pollAfterFor(ctx, family, record) };
  }
  // A job over a set polls each of its members (jobs/memberPoll.ts).
  if (record.members) return refreshMembers(ctx, family, record, { send: sendWithRetry, pollAfter: pollAfterFor });
  const protocol = protocolOf(family, record);
  const prepared = protocol.preparePoll(ctx, family, record);
  if (!prepared.ok) return { record, pollAfterMs: pollAfterFor(ctx, family, record), fatal: prepared.result };
  const began = Date.now();
  let unreadable = record.unreadablePolls ?? 0;
  for (let attempt = 0; ; attempt++) {
    const outcome = await sendWithRetry(ctx, prepared.request);
    if (!outcome.ok && isRedirectRefusal(outcome)) {
      const hint = 'If that host is trusted, the server operator can allow it with JOB_ALLOWED_ORIGINS (comma-separated origins).';
      return {
        record,
        pollAfterMs: pollAfterFor(ctx, family, record),
        fatal: errorResult(`The status check of job ${record.id} failed: ${outcome.message}`, ctx.config.secrets, hint),
      };
    }
    if (!outcome.ok) {
      return {
        record,
        pollAfterMs: pollAfterFor(ctx, family, record),
        warning: `The status check failed (${outcome.message}); showing the last known state.`,
      };
    }
    const answered = answerVerdict(ctx, family, record, outcome);
    if (answered) return answered.patch ? settle(ctx, family, record, answered.patch, outcome.headers) : answered.refresh;
    // A list read's first page may not list the job: the convention reads on to the page that does.
    const answer = protocol.findPage ? await protocol.findPage(ctx, family, record, outcome, sendWithRetry) : outcome;
    // A start from rest reads the thing back at rest as a start that did not take (jobs/startFromRest.ts).
    const read = protocol.readPoll(ctx, family, record, answer);
    // A job started again reads the earlier run's end as not this job's (jobs/earlierRun.ts).
    const patch =
      'unreadable' in read ? read : readEarlierRun(family, record, readStartFromRest(family, record, read), answer.body.json, ctx.now());
    if (!('unreadable' in patch)) {
      // A finished job's document too large for its record is kept whole beside it (its result with it).
      const kept = await keepLargeDocument(ctx, record, patch, answer.body.json);
      return settle(ctx, family, record, unreadable > 0 ? { unreadablePolls: 0, ...kept } : kept, answer.headers);
    }
    // A monitor whose body cannot be read is asked again a bounded number of times, then the job fails.
    unreadable += 1;
    if (unreadable >= UNREADABLE_LIMIT) {
      const error = unreadableReason(outcome.status, unreadable, String(patch.unreadable));
      return settle(ctx, family, record, { state: 'failed', error, unreadablePolls: unreadable }, outcome.headers);
    }
    // Asked once more at once; further tries wait for the next status call, so a hiccup has time to pass.
    const delay = retryDelayMs(attempt, null);
    if (attempt >= UNREADABLE_ATTEMPTS_PER_CALL - 1 || Date.now() - began + delay > RETRY_BUDGET_MS) {
      const updated = await patchRecord(ctx, record, { unreadablePolls: unreadable });
      return {
        record: updated,
        pollAfterMs: pollAfterFor(ctx, family, updated, outcome.headers),
        warning: `The status monitor answered HTTP ${outcome.status}, but ${patch.unreadable}; showing the last known state.`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function settle(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, patch: JobPatch, headers: Headers): Promise<Refresh> {
  const updated = await patchRecord(ctx, record, patch);
  return { record: updated, pollAfterMs: pollAfterFor(ctx, family, updated, headers) };
}

/**
 * The HTTP-code rules every family shares (jobs/pollVerdict.ts): null when the answer is to be read; else the
 * refresh to return as is, or the patch that ends the job.
 */
function answerVerdict(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  outcome: Extract<UpstreamOutcome, { ok: true }>,
): { refresh: Refresh; patch?: undefined } | { patch: JobPatch } | null {
  const { status, headers, body } = outcome;
  const verdict = pollVerdict(status);
  if (verdict === 'read') return null;
  const base = { record, pollAfterMs: pollAfterFor(ctx, family, record, headers) };
  if (verdict === 'credentials')
    return { refresh: { ...base, fatal: httpErrorResult(outcome, ctx.config.secrets, [], 'The status check') } };
  if (verdict === 'transient' || verdict === 'conflict') {
    return { refresh: { ...base, warning: `The upstream answered HTTP ${status} to the status check; showing the last known state.` } };
  }
  // A cancel the upstream accepted, then a job it no longer knows: the cancel removed it (types.ts `cancelAccepted`).
  if (verdict === 'missing' && record.cancelAccepted === true) {
    return { patch: { state: 'cancelled', cookies: mergeAnswerCookies(record.cookies, outcome, ctx.config.baseUrl, ctx.now()) } };
  }
  if (verdict === 'missing' && ctx.now() - record.createdAt < YOUNG_JOB_MS) {
    return {
      refresh: { ...base, warning: `The upstream does not know this job yet (HTTP ${status} just after the start); try again shortly.` },
    };
  }
  // The job is gone or the monitor refuses it for good: the answer is the reason.
  const reason = body.json ?? bodyPreview(body, ERROR_BODY_CHARS);
  return {
    patch: {
      state: 'failed',
      error: boundSnapshot({ http_status: status, body: reason }),
      cookies: mergeAnswerCookies(record.cookies, outcome, ctx.config.baseUrl, ctx.now()),
    },
  };
}
