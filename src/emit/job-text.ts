/**
 * The words that teach an agent the job workflow (issue 4): start returns a handle, which tool to poll, the
 * terminal states, expected duration, poll cadence and the dedupe window. Used by start tool descriptions,
 * the server instructions and the README, so all three say the same thing.
 */
import { DEFAULT_DEDUPE_WINDOW_MS } from './options.js';
import type { PlannedFamily } from './plan-tools.js';

/** Long-poll cap the runtime applies to `wait_ms` (JOB_WAIT_MAX_MS), as documented to agents. */
export const DEFAULT_WAIT_MAX_MS = 25_000;

export function dedupeWindowOf(family: PlannedFamily): number {
  return family.override.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
}

export function expectedDurationOf(family: PlannedFamily): number | null {
  return family.override.expectedDurationMs ?? family.family.expectedDurationMs;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/** Appended to a start tool's description. */
export function startToolText(family: PlannedFamily): string {
  const { tools, title } = family;
  const lines = [
    `Starts a long-running ${title} job and returns a job handle (job_id) at once, not the result.`,
    `Then call ${tools.status} with the job_id until terminal is true (states: queued, running; terminal: succeeded, failed, cancelled); wait poll_after_ms between calls, or pass wait_ms (up to ${DEFAULT_WAIT_MAX_MS / 1000} s) to wait for a change.`,
  ];
  const expected = expectedDurationOf(family);
  if (expected !== null) lines.push(`Usually takes about ${formatDuration(expected)}.`);
  if (tools.result) lines.push(`Once succeeded, fetch the result with ${tools.result}.`);
  if (tools.cancel) lines.push(`Cancel with ${tools.cancel}.`);
  lines.push(
    `Identical starts without idempotency_key within ${formatDuration(dedupeWindowOf(family))} return the existing job (deduplicated: true); pass idempotency_key to make retries safe or a new key to force new work.`,
  );
  return lines.join(' ');
}

/** One line per family for the server instructions and README. */
export function familySummary(family: PlannedFamily): string {
  const starts = family.starts.map((s) => s.tool).join(', ');
  const extra = [family.tools.result ? `result: ${family.tools.result}` : '', family.tools.cancel ? `cancel: ${family.tools.cancel}` : '']
    .filter(Boolean)
    .join('; ');
  return `${family.title}: start with ${starts}; status: ${family.tools.status}${extra ? `; ${extra}` : ''}.`;
}
