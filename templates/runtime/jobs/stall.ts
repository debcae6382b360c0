/**
 * A stalled job: its upstream status (or, for work in this process, its phase) has not changed for far longer
 * than it is expected to take. Only judged when an expected duration is known (from the contract, an
 * override or the job's own ETA): without one, "long" says nothing. Pure; the clock is passed in.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobRecord } from '../store/types.js';
import { isTerminal } from './interpret.js';

/** Far longer: three times the expected duration, and at least five minutes more than it. */
export function stallThresholdMs(expectedMs: number): number {
  return Math.max(3 * expectedMs, expectedMs + 5 * 60_000);
}

export interface Stall {
  stalled: boolean;
  /** For the agent: since when nothing changed, and what that means. */
  message: string | null;
}

export function stallOf(
  record: Pick<JobRecord, 'state' | 'statusChangedAt' | 'createdAt' | 'upstreamStatus'>,
  expectedMs: number | null,
  now: number,
): Stall {
  if (expectedMs === null || expectedMs <= 0 || isTerminal(record.state)) return { stalled: false, message: null };
  const since = record.statusChangedAt ?? record.createdAt;
  const quietMs = now - since;
  if (quietMs < stallThresholdMs(expectedMs)) return { stalled: false, message: null };
  const minutes = Math.round(quietMs / 60_000);
  const status = record.upstreamStatus ? `"${record.upstreamStatus}"` : record.state;
  return {
    stalled: true,
    message: `Stalled: the status has stayed ${status} for ${minutes} min, far longer than the expected ${Math.max(1, Math.round(expectedMs / 60_000))} min. It may still finish; if it matters, check the upstream or cancel and start again.`,
  };
}

/**
 * Counts a stall once per job: the first view that finds the job stalled writes `stalledAt` (a conditional
 * write, so of two replicas viewing at once only one counts it) and tells the observer. Never fails a view.
 */
export async function noteStall(ctx: RuntimeContext, record: JobRecord, stall: Stall): Promise<JobRecord> {
  if (!stall.stalled || record.stalledAt || !ctx.store) return record;
  const written = await ctx.store.update(record.id, record.version, { stalledAt: ctx.now() }, ctx.now()).catch(() => null);
  if (!written) return record;
  ctx.observer?.stalled(written);
  return written;
}
