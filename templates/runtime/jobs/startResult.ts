/** The start tool's answer (a handle, never the result) and the wait on a concurrent identical start. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { errorResult, type ToolError, type ToolSuccess } from '../upstream/toolResults.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal } from './interpret.js';
import { iso, requireStore } from './jobRecords.js';
import type { StartView } from './schemas.js';
import { inlineResult } from './view.js';

const PENDING_POLL_MS = 50;

const PENDING_SLACK_MS = 5_000;

/**
 * When a start still `pending` must have lost its server (kill -9) mid-call, so that whether the request went
 * out is unknown. A start sent under a lease (`attempts` is counted then) is settled by the recovery scan
 * within a lease and a third of its server's death (re-sent or ended `interrupted`), so it turns stale only
 * past its own send timeout plus two leases: then its lease itself was lost. A record written before leases
 * existed keeps the old rule: one upstream timeout after its claim.
 */
export function pendingDeadline(ctx: RuntimeContext, record: JobRecord): number {
  const sendMs = startSendTimeoutMs(ctx, record);
  if (record.attempts !== undefined) return record.updatedAt + sendMs + 2 * ctx.config.leaseMs + PENDING_SLACK_MS;
  return record.updatedAt + sendMs + PENDING_SLACK_MS;
}

/**
 * How long a start's request may take. Sent under a lease, it outlives the start tool's wait with the
 * background timeout (JOB_BACKGROUND_TIMEOUT_MS, never below UPSTREAM_TIMEOUT_MS), so a slow synchronous
 * start lands its answer instead of ending `unknown` with its result unreachable; without a lease (nothing
 * would recover it) it keeps UPSTREAM_TIMEOUT_MS.
 */
export function startSendTimeoutMs(ctx: RuntimeContext, record: Pick<JobRecord, 'attempts'>): number {
  if (record.attempts === undefined) return ctx.config.upstreamTimeoutMs;
  return Math.max(ctx.config.backgroundTimeoutMs, ctx.config.upstreamTimeoutMs);
}

export function isStalePending(ctx: RuntimeContext, record: JobRecord): boolean {
  return record.phase === 'pending' && ctx.now() > pendingDeadline(ctx, record);
}

/** Waits for a start to leave `pending`: at most maxWaitMs, and never past the point where it turns stale. */
export async function waitWhilePending(ctx: RuntimeContext, record: JobRecord, maxWaitMs: number): Promise<JobRecord> {
  const staleAt = pendingDeadline(ctx, record);
  const deadline = Math.min(ctx.now() + maxWaitMs, Math.max(staleAt, ctx.now()));
  let current = record;
  while (current.phase === 'pending' && ctx.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
    current = (await requireStore(ctx).get(record.id)) ?? current;
  }
  return current;
}

export function startedResult(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  pollAfterMs: number,
  deduplicated: boolean,
): ToolSuccess<StartView> {
  const terminal = isTerminal(record.state);
  const structured: StartView = {
    job_id: record.id,
    state: record.state,
    terminal,
    upstream_status: record.upstreamStatus,
    poll_after_ms: terminal ? 0 : pollAfterMs,
    deduplicated,
  };
  const expected = expectedDurationFor(family, record);
  if (expected !== null) structured.expected_duration_ms = expected;
  // An upstream that answered the start with a finished job (sometimes synchronous): the outcome is here.
  const outcome = terminal ? terminalOutcome(ctx, family, record, structured) : '';
  const pending =
    record.phase === 'pending'
      ? [`The upstream has not answered the start yet; it goes on in the background and ${family.tools.status} reports its outcome.`]
      : [];
  const lines = [
    ...pending,
    deduplicated
      ? `An identical ${family.title} job already exists: ${record.id} (state ${record.state}). No new work was started.`
      : `Started ${family.title} job ${record.id} (state ${record.state}${record.upstreamStatus ? `, upstream: ${record.upstreamStatus}` : ''}).`,
    terminal
      ? outcome ||
        `It is already ${record.state}; call ${family.tools.status} with {"job_id":"${record.id}"} for the ${record.state === 'succeeded' ? 'result' : 'details'}.`
      : `This is a handle, not the result. Call ${family.tools.status} with {"job_id":"${record.id}"} in about ${Math.ceil(pollAfterMs / 1000)} s (pass wait_ms up to ${ctx.config.waitMaxMs} to wait server-side) until state is succeeded, failed or cancelled.`,
  ];
  return { structuredContent: structured, content: [{ type: 'text', text: lines.join('\n') }] };
}

/**
 * Puts a finished job's result (or where it is) or error into the start's output, as the status tool would
 * show it; returns the sentence that says so ('' when there is nothing to show).
 */
function terminalOutcome(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, structured: StartView): string {
  const status = `call ${family.tools.status} with {"job_id":"${record.id}"}`;
  if (record.state === 'succeeded') {
    const inline = inlineResult(ctx, family, record);
    if (inline.result !== undefined) {
      structured.result = inline.result;
      return `It already succeeded: the result is in result.${inline.note ? ` ${inline.note}` : ''}\nResult:\n${JSON.stringify(inline.result, null, 2).slice(0, 20_000)}`;
    }
    if (inline.result_location !== undefined) {
      structured.result_location = inline.result_location;
      const fetch = family.tools.result ? `fetch it with ${family.tools.result}` : `it is at ${inline.result_location}`;
      return `It already succeeded: ${fetch}.`;
    }
    return '';
  }
  if (record.error === null || record.error === undefined) return '';
  structured.error = record.error;
  return `It already ${record.state === 'cancelled' ? 'was cancelled' : 'failed'}: see error (${status} for the details).\nError:\n${JSON.stringify(record.error, null, 2).slice(0, 4_000)}`;
}

/** Why a start's outcome is unknown, as recorded (a transport error) or inferred (its server stopped mid-call). */
function unknownCause(record: JobRecord, detail: boolean): string {
  const snapshot = record.snapshot as { transport_error?: unknown; refused_redirect?: unknown } | null;
  if (typeof snapshot?.refused_redirect === 'string') {
    return `was answered with a redirect that was not followed${detail ? ` (${snapshot.refused_redirect})` : ''}`;
  }
  if (typeof snapshot?.transport_error === 'string')
    return `got no answer from the upstream${detail ? ` (${snapshot.transport_error})` : ''}`;
  return 'was interrupted: the server stopped before the upstream answered';
}

/**
 * The one explanation of a start whose outcome is unknown, shared by the start tool (first answer and
 * retries) and the status/cancel/result tools, so they never give contradicting advice. With an upstream
 * idempotency key the start is re-sent safely; without one it never is, and the agent is told how to find
 * the job (the family's list tool, when the contract has one) before starting anew.
 */
export function unknownOutcomeResult(
  ctx: RuntimeContext,
  family: JobFamilySpec | undefined,
  record: JobRecord,
  options: { causeShown?: boolean } = {},
): ToolError {
  const startTool = record.operation;
  const cause = unknownCause(record, !options.causeShown);
  const message = `The start of job ${record.id} ${cause}, so it is unknown whether the job exists upstream: it may have started work there.`;
  if (record.upstreamIdempotencyKey) {
    return errorResult(
      message,
      ctx.config.secrets,
      `Call ${startTool} again with the same arguments (and the same idempotency_key, if you gave one): it is re-sent with the same upstream idempotency key, so the upstream runs it at most once.`,
    );
  }
  const when = `created around ${iso(record.createdAt)}`;
  const find = family?.listTool
    ? `Look for it with ${family.listTool} (a job ${when} with these arguments); if it is not there`
    : `Check the upstream itself for a job ${when}; if there is none`;
  return errorResult(
    `${message} The API has no idempotency key, so the start is not re-sent automatically: that could run it twice.`,
    ctx.config.secrets,
    `${find}, call ${startTool} again with a new idempotency_key to start anew.`,
  );
}

/** A record whose start never finished (unknown, or pending past its deadline) cannot be polled: explain it. */
export function startProblem(ctx: RuntimeContext, record: JobRecord): ToolError | null {
  if (record.phase !== 'unknown' && !isStalePending(ctx, record)) return null;
  return unknownOutcomeResult(
    ctx,
    ctx.def.families.find((f) => f.name === record.family),
    record,
  );
}

/** The text blocks of a result, joined (to append one explanation to another result). */
export function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}
