/**
 * The words that teach the job workflow (issue 4) in the server instructions and the README: start returns a
 * handle, which tool to poll, the terminal states, expected duration, poll cadence and the dedupe window.
 * Tool descriptions get the same from the runtime (jobs/describe.ts), which knows the effective settings.
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

/** One line per family for the server instructions and README. */
export function familySummary(family: PlannedFamily): string {
  const starts = family.starts.map((s) => s.tool).join(', ');
  const extra = [family.tools.result ? `result: ${family.tools.result}` : '', family.tools.cancel ? `cancel: ${family.tools.cancel}` : '']
    .filter(Boolean)
    .join('; ');
  return `${family.title}: start with ${starts}; status: ${family.tools.status}${extra ? `; ${extra}` : ''}.`;
}
