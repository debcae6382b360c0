/**
 * Tool descriptions that teach the job workflow: a start returns a handle, which tool to poll, the terminal
 * states, how long it takes and how often to poll, and how duplicate starts are handled.
 */
import type { RuntimeConfig } from '../core/config.js';
import type { JobFamilySpec, OperationSpec } from '../definition.js';

function duration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export function describeStart(family: JobFamilySpec, op: OperationSpec, config: RuntimeConfig): string {
  const window = config.dedupeWindowMs ?? family.dedupeWindowMs;
  const parts = [
    op.description.trim(),
    `Long-running: this starts a ${family.title} job and returns a job handle (job_id), not the result.`,
    `Poll ${family.tools.status} with the job_id until state is succeeded, failed or cancelled; wait poll_after_ms between calls, or pass wait_ms (up to ${config.waitMaxMs} ms) to wait server-side.`,
    family.expectedDurationMs !== null ? `Typically takes about ${duration(family.expectedDurationMs)}.` : '',
    family.tools.result ? `Fetch the result with ${family.tools.result} once it succeeded.` : '',
    family.tools.cancel ? `Cancel with ${family.tools.cancel}.` : '',
    window > 0
      ? `Identical starts within ${duration(window)} return the existing job (deduplicated: true) instead of starting new work; pass idempotency_key to make a retry safe beyond that.`
      : 'Pass idempotency_key to make a retry safe: the same key returns the same job.',
  ];
  return parts.filter(Boolean).join('\n');
}

export function describeStatus(family: JobFamilySpec, config: RuntimeConfig): string {
  return [
    `Status of a ${family.title} job: the authoritative source of truth. Input: the job_id from a start tool.`,
    "state is one of queued, running (keep polling) or succeeded, failed, cancelled (terminal); upstream_status keeps the API's own word.",
    `Call again after poll_after_ms, or pass wait_ms (capped at ${config.waitMaxMs} ms) to wait for a terminal state in one call.`,
    family.tools.result
      ? `Once succeeded, result_location or ${family.tools.result} gives the result.`
      : 'Once succeeded, result holds the result (or result_location says where it is).',
  ].join('\n');
}

export function describeCancel(family: JobFamilySpec): string {
  return [
    `Ask the upstream to cancel a ${family.title} job, then report what really happened:`,
    'outcome cancelled, cancelling (accepted, poll status until terminal), already_terminal (it had finished; its result is unchanged) or not_cancellable.',
    'Cancelling may not avoid charges: work the upstream already did is usually billed.',
  ].join('\n');
}

export function describeResult(family: JobFamilySpec): string {
  return `Fetch the result of a succeeded ${family.title} job by job_id. Fails with a clear message while the job is not succeeded; large or binary results come back as a link plus a preview.`;
}

export function describeList(families: JobFamilySpec[]): string {
  const names = families.map((f) => f.name).join(', ');
  return `List the jobs this server started (families: ${names}), newest first; filter by family and state; paginate with cursor. Use it to find a lost job_id.`;
}
