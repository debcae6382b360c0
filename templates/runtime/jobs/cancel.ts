/**
 * The cancel tool reports what really happened. The job is refreshed first: a job that already finished is
 * `already_terminal` and keeps its result (completion wins over a racing cancel). After the upstream's cancel
 * answer the job is polled again, because many APIs accept a cancel and finish cancelling later. All of it
 * fits one budget (jobs/callBudget.ts): the first status check gets at most half, and a cancel whose answer does
 * not come in time is reported as `unknown`, with how to find out.
 */

import type { RuntimeContext } from '../core/context.js';
import { ownArg } from '../core/ownArgs.js';
import { scrubSecrets } from '../core/secrets.js';
import { DYNAMIC_TOOLS } from '../defaults.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { bodyPreview, ERROR_BODY_CHARS, type ToolAnswer, type ToolSuccess } from '../upstream/toolResults.js';
import { budgetText, endedOnBudget, withBudgetShare, withCallBudget } from './callBudget.js';
import { refusalText, refusedInAnswer } from './cancelRefused.js';
import { isTerminal } from './interpret.js';
import type { CancelGiven } from './jobProtocol.js';
import { loadJob, patchRecord } from './jobRecords.js';
import { cancelMembers } from './memberCancel.js';
import { refreshJob, sendWithRetry } from './poll.js';
import { isOperationLink } from './pollRequest.js';
import { protocolOf } from './protocols.js';
import type { CancelView } from './schemas.js';
import { notFound, startProblem } from './status.js';

type Outcome = CancelView['outcome'];

function cancelResult(ctx: RuntimeContext, record: JobRecord, outcome: Outcome, message: string): ToolSuccess<CancelView> {
  const structured: CancelView = {
    job_id: record.id,
    outcome,
    state: record.state,
    terminal: isTerminal(record.state),
    upstream_status: record.upstreamStatus,
    message: scrubSecrets(message, ctx.config.secrets),
  };
  return { structuredContent: structured, content: [{ type: 'text', text: structured.message }] };
}

/**
 * What the cancel tool asked the agent for (JobOperationLinkSpec.asks), by argument name; or, when a required one is
 * missing (a shared cancel tool or tasks/cancel, which ask for nothing but the job), which.
 */
function askedValues(family: JobFamilySpec, args: Readonly<Record<string, unknown>>): { given: CancelGiven } | { missing: string[] } {
  const asks = isOperationLink(family.cancel) ? (family.cancel.asks ?? []) : [];
  const given: Record<string, unknown> = Object.create(null);
  for (const ask of asks) if (ownArg(args, ask.arg) !== undefined) given[ask.arg] = ownArg(args, ask.arg);
  const missing = asks.filter((a) => given[a.arg] === undefined).map((a) => a.arg);
  return missing.length > 0 ? { missing } : { given };
}

export async function cancelJob(
  callCtx: RuntimeContext,
  family: JobFamilySpec,
  args: { job_id: string } & Readonly<Record<string, unknown>>,
): Promise<ToolAnswer<CancelView>> {
  const ctx = withCallBudget(callCtx);
  let record = await loadJob(ctx, args.job_id, family.name);
  if (!record) return notFound(ctx, args.job_id, family);
  const problem = startProblem(ctx, record);
  if (problem) return problem;
  if (record.phase === 'pending') {
    return cancelResult(
      ctx,
      record,
      'not_cancellable',
      `Job ${record.id} is still being started upstream; nothing can be cancelled yet. Try again in a few seconds.`,
    );
  }
  // Knowing the job already finished is worth half the budget at most: the cancel itself needs the rest.
  const before = await refreshJob(withBudgetShare(ctx, 0.5), family, record);
  record = before.record;
  if (isTerminal(record.state)) {
    return cancelResult(
      ctx,
      record,
      'already_terminal',
      `Job ${record.id} had already finished as ${record.state}; nothing was cancelled and its result is unchanged.`,
    );
  }
  const asked = askedValues(family, args);
  if ('missing' in asked) {
    const names = asked.missing.map((a) => `\`${a}\``).join(' and ');
    return cancelResult(
      ctx,
      record,
      'not_cancellable',
      `The ${family.title} API requires ${names} to cancel job ${record.id}, which this call did not give; nothing was sent. Call ${family.tools.cancel ?? 'the cancel tool'} with job_id and ${names} (or ${DYNAMIC_TOOLS.cancel} with job_id and inputs {${asked.missing.map((a) => `"${a}": …`).join(', ')}}).`,
    );
  }
  // A job over a set is cancelled member by member, or not at all (jobs/memberCancel.ts).
  if (record.members) return cancelMembers(ctx, family, record, cancelResult, asked.given);
  // A job followed at a URL gives the cancel its id from that URL (jobs/jobParams.ts): one that did not fit says so.
  const unread = unreadUrlParams(family, record);
  if (unread !== null) return cancelResult(ctx, record, 'not_cancellable', unread);
  const protocol = protocolOf(family, record);
  const prepared = protocol.prepareCancel(ctx, family, record, asked.given);
  if (!prepared)
    return cancelResult(
      ctx,
      record,
      'not_cancellable',
      `The ${family.title} API offers no way to cancel job ${record.id}; it keeps running.`,
    );
  if (!prepared.ok) return prepared.result;

  const outcome = await sendWithRetry(ctx, prepared.request);
  if (!outcome.ok && outcome.maybeSent && endedOnBudget(ctx, outcome)) {
    const again = family.tools.cancel ? ` Call ${family.tools.cancel} again if it is still running (asking twice is harmless).` : '';
    return cancelResult(
      ctx,
      record,
      'unknown',
      `The cancel request of job ${record.id} was sent, but no answer came within this call's budget of ${budgetText(ctx)} (JOB_CALL_BUDGET_MS): the upstream may or may not have accepted it. Poll ${family.tools.status} to see whether it ends cancelled.${again}`,
    );
  }
  if (!outcome.ok) {
    return cancelResult(
      ctx,
      record,
      'not_cancellable',
      `The cancel request failed (${outcome.message}); job ${record.id} is still ${record.state}. Try again later.`,
    );
  }
  if (outcome.status >= 400) {
    return refusedCancel(ctx, family, record, `(HTTP ${outcome.status}): ${bodyPreview(outcome.body, ERROR_BODY_CHARS)}`);
  }
  // A 2xx that lists the job among what it did not do (a cancel of many: jobs/cancelRefused.ts) refused it too.
  const link = isOperationLink(family.cancel) ? family.cancel : undefined;
  const sentId = link ? (record.pathParams[link.idParam] ?? record.upstreamId) : null;
  const refusal = sentId ? refusedInAnswer(outcome.body.json, sentId) : undefined;
  if (refusal) return refusedCancel(ctx, family, record, `(HTTP ${outcome.status}, ${refusalText(refusal)})`);
  // Accepted: should the upstream forget the job from now on, the cancel removed it (poll.ts reads it so).
  record = await patchRecord(ctx, record, { cancelAccepted: true });
  // The cancel answer may itself be the job document (OpenAI returns the batch as "cancelling"), where the
  // convention reads it so (an Azure LRO's state comes only from its monitor).
  const patch = outcome.body.json !== undefined ? protocol.readCancelAnswer(ctx, family, record, outcome) : null;
  if (patch !== null) {
    if (!('unreadable' in patch) && (patch.state === 'cancelled' || patch.state === 'running' || patch.state === 'queued')) {
      record = await patchRecord(ctx, record, { ...patch, pollUrl: undefined, resultUrl: undefined });
    }
  }
  if (!isTerminal(record.state)) record = (await refreshJob(ctx, family, record)).record;
  if (record.state === 'cancelled') return cancelResult(ctx, record, 'cancelled', `Job ${record.id} is cancelled.`);
  // An API with no word for cancelled ends a cancelled job failed (AWS Batch: "the job status is updated to FAILED"):
  // after an accepted cancel, that is the cancel's doing as likely as not, and the answer does not say otherwise.
  if (record.state === 'failed' && !canEndCancelled(family)) {
    return cancelResult(
      ctx,
      record,
      'cancelled',
      `The upstream accepted the cancel and job ${record.id} has ended failed (upstream status ${record.upstreamStatus ?? 'unknown'}): this API names no cancelled state, so a cancelled job ends as failed.`,
    );
  }
  if (isTerminal(record.state)) {
    return cancelResult(
      ctx,
      record,
      'already_terminal',
      `Job ${record.id} finished as ${record.state} before the cancel took effect; its result is unchanged.`,
    );
  }
  return cancelResult(
    ctx,
    record,
    'cancelling',
    `The upstream accepted the cancel of job ${record.id}; it is not finished cancelling yet (state ${record.state}). Poll ${family.tools.status} until it is terminal.`,
  );
}

/** A refused cancel, often "already finished" (409/400): the job is looked at again before the refusal is reported. */
async function refusedCancel(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  detail: string,
): Promise<ToolSuccess<CancelView>> {
  const after = await refreshJob(ctx, family, record);
  if (isTerminal(after.record.state)) {
    return cancelResult(
      ctx,
      after.record,
      'already_terminal',
      `Job ${record.id} finished as ${after.record.state} before the cancel took effect; its result is unchanged.`,
    );
  }
  return cancelResult(ctx, after.record, 'not_cancellable', `The upstream refused to cancel job ${record.id} ${detail}`);
}

/**
 * Why a cancel whose id is read out of the job's URL (JobOperationLinkSpec.fromPollUrl) cannot be sent, or null: the
 * URL the start handed out did not have the path the contract says it has, so the id it names is unknown.
 */
function unreadUrlParams(family: JobFamilySpec, record: JobRecord): string | null {
  const link = family.cancel;
  if (!isOperationLink(link) || link.fromPollUrl === undefined || Object.hasOwn(record.pathParams, link.idParam)) return null;
  return `Job ${record.id} is followed at a URL that is not of the form ${link.fromPollUrl} with a usable ${link.idParam}, so the ${link.idParam} the cancel call takes is unknown; nothing was sent, and the job keeps running.`;
}

/** Whether any upstream word of the family reads as cancelled (its status values or its outcomes). */
function canEndCancelled(family: JobFamilySpec): boolean {
  return [...Object.values(family.states), ...Object.values(family.outcomes ?? {})].includes('cancelled');
}
