/**
 * The words that teach the job workflow (issue 4) in the server instructions and the README: start returns a
 * handle, which tool to poll, the terminal states, expected duration, poll cadence and the dedupe window.
 * Tool descriptions get the same from the runtime (jobs/describe.ts), which knows the effective settings.
 */
import { DEFAULT_DEDUPE_WINDOW_MS } from '../../templates/runtime/defaults.js';
import type { PlannedFamily } from './toolPlan.js';

export function dedupeWindowOf(family: PlannedFamily): number {
  return family.family.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
}

export function expectedDurationOf(family: PlannedFamily): number | null {
  return family.family.expectedDurationMs;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/**
 * The note on a plain tool that is also a family's poll/cancel/result: it works on any job by its upstream id,
 * while jobs started through this server are better followed with the job tools (their handle, store, dedupe).
 */
export function followsNote(family: PlannedFamily, part: 'poll' | 'cancel' | 'result'): string {
  const jobTool = part === 'poll' ? family.tools.status : part === 'cancel' ? family.tools.cancel : family.tools.result;
  const starts = family.starts.map((s) => s.tool).join(' or ');
  const verb = part === 'poll' ? 'Reads' : part === 'cancel' ? 'Cancels' : 'Fetches the result of';
  return `${verb} any ${family.title} job by its upstream id. For a job started with ${starts}, use ${jobTool ?? family.tools.status} with its job_id instead.`;
}
