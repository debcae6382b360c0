/** The start tool's answer (a handle, never the result) and the wait on a concurrent identical start. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { isTerminal } from './interpret.js';
import { requireStore } from './jobRecords.js';

const PENDING_POLL_MS = 50;

const PENDING_SLACK_MS = 5_000;

/**
 * A start can stay `pending` at most one upstream timeout (plus slack) after its claim; past that its server
 * died mid-call (kill -9), and whether the request went out is unknown.
 */
export function isStalePending(ctx: RuntimeContext, record: JobRecord): boolean {
  return record.phase === 'pending' && ctx.now() > record.updatedAt + ctx.config.upstreamTimeoutMs + PENDING_SLACK_MS;
}

/** Waits for a start to leave `pending`: at most maxWaitMs, and never past the point where it turns stale. */
export async function waitWhilePending(ctx: RuntimeContext, record: JobRecord, maxWaitMs: number): Promise<JobRecord> {
  const staleAt = record.updatedAt + ctx.config.upstreamTimeoutMs + PENDING_SLACK_MS;
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
): CallToolResult {
  const terminal = isTerminal(record.state);
  const structured: Record<string, unknown> = {
    job_id: record.id,
    state: record.state,
    terminal,
    upstream_status: record.upstreamStatus,
    poll_after_ms: terminal ? 0 : pollAfterMs,
    deduplicated,
  };
  if (family.expectedDurationMs !== null) structured.expected_duration_ms = family.expectedDurationMs;
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
      ? `It is already ${record.state}; call ${family.tools.status} with {"job_id":"${record.id}"} for the ${record.state === 'succeeded' ? 'result' : 'details'}.`
      : `This is a handle, not the result. Call ${family.tools.status} with {"job_id":"${record.id}"} in about ${Math.ceil(pollAfterMs / 1000)} s (pass wait_ms up to ${ctx.config.waitMaxMs} to wait server-side) until state is succeeded, failed or cancelled.`,
  ];
  return { structuredContent: structured, content: [{ type: 'text', text: lines.join('\n') }] };
}
