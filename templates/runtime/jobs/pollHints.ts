/**
 * How long an agent should wait before the next status call: the upstream's Retry-After when it sends one,
 * else a fraction of the family's expected duration, else a schedule that backs off as the job ages. Always
 * clamped, so a hostile or silly header can neither hammer the upstream nor park the agent for hours.
 */
export const POLL_FLOOR_MS = 1_000;
export const POLL_CEILING_MS = 300_000;

/** Retry-After as delta-seconds or HTTP-date → milliseconds from now, or null when absent or malformed. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const when = Date.parse(text);
  if (Number.isNaN(when)) return null;
  return Math.max(0, when - now);
}

const AGE_SCHEDULE: Array<[maxAgeMs: number, intervalMs: number]> = [
  [10_000, 1_000],
  [60_000, 2_000],
  [5 * 60_000, 5_000],
  [30 * 60_000, 15_000],
  [Number.POSITIVE_INFINITY, 30_000],
];

export function clampPoll(ms: number): number {
  return Math.min(POLL_CEILING_MS, Math.max(POLL_FLOOR_MS, Math.round(ms)));
}

export function suggestPollAfter(options: { retryAfterMs: number | null; expectedDurationMs: number | null; ageMs: number }): number {
  if (options.retryAfterMs !== null) return clampPoll(options.retryAfterMs);
  if (options.expectedDurationMs !== null && options.expectedDurationMs > 0) {
    // About five polls over the expected duration; once overdue, fall back to the age schedule.
    const remaining = options.expectedDurationMs - options.ageMs;
    if (remaining > 0) return clampPoll(Math.min(remaining, options.expectedDurationMs / 5));
  }
  const interval = AGE_SCHEDULE.find(([maxAge]) => options.ageMs < maxAge)![1];
  return clampPoll(interval);
}

/** Backoff between in-call retries of a transient poll failure (bounded: a handful of short waits). */
export function retryDelayMs(attempt: number, retryAfterMs: number | null): number {
  const base = Math.min(2_000, 250 * 2 ** attempt);
  return retryAfterMs !== null ? Math.min(2_000, Math.max(base, retryAfterMs)) : base;
}
