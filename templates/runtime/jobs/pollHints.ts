/**
 * How long an agent should wait before the next status call: the upstream's Retry-After when it sends one,
 * else a fraction of the family's expected duration, else a schedule that backs off as the job ages. Always
 * clamped, so a hostile or silly header can neither hammer the upstream nor park the agent for hours.
 */
import { parseCookieDate } from '../upstream/cookieJar.js';

export const POLL_FLOOR_MS = 1_000;
export const POLL_CEILING_MS = 300_000;

/** Retry-After as delta-seconds or HTTP-date → milliseconds from now, or null when absent or malformed. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  // A hostile `Retry-After: 99…9` is a long wait, never Infinity; callers cap it to their own ceiling.
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Math.round(Number(text) * 1000), MAX_RETRY_AFTER_MS);
  // An HTTP-date (RFC 9110 §10.2.3) read by the RFC 6265 date algorithm, not Date.parse, which takes `-5` or
  // `1e308` for a date; anything else is not a Retry-After and is ignored.
  const when = parseCookieDate(text);
  if (when === null) return null;
  return Math.min(Math.max(0, when - now), MAX_RETRY_AFTER_MS);
}

/** The longest Retry-After read: a day (every caller caps it lower still). */
export const MAX_RETRY_AFTER_MS = 24 * 3600_000;

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

export interface PollPacing {
  retryAfterMs: number | null;
  expectedDurationMs: number | null;
  ageMs: number;
  /** A true progress fraction (0..1) the upstream reported, or null: pacing then follows its rate. */
  progress?: number | null;
  /**
   * A number in [0, 1) (Math.random() at the call site): spreads the polls of many agents that started
   * together by ±15 %, so they do not hit the upstream in lockstep. Absent: no jitter.
   */
  jitter?: number;
}

/** Spread of the jitter: the interval is scaled by 1 ± this. */
export const JITTER_SPREAD = 0.15;

function jittered(ms: number, jitter: number | undefined): number {
  if (jitter === undefined || !Number.isFinite(jitter)) return ms;
  return ms * (1 + (Math.min(Math.max(jitter, 0), 1) * 2 - 1) * JITTER_SPREAD);
}

/**
 * From the progress so far: at the rate seen (p done in ageMs), the rest takes ageMs·(1−p)/p; poll when about
 * a third of that has passed. Null when there is no usable fraction yet.
 */
export function progressIntervalMs(progress: number | null | undefined, ageMs: number): number | null {
  if (progress === null || progress === undefined || !(progress > 0) || progress >= 1 || ageMs <= 0) return null;
  return (ageMs * (1 - progress)) / progress / 3;
}

export function suggestPollAfter(options: PollPacing): number {
  // Retry-After is the upstream's word: jitter only ever adds to it, never polls sooner.
  if (options.retryAfterMs !== null) return clampPoll(Math.max(options.retryAfterMs, jittered(options.retryAfterMs, options.jitter)));
  const byProgress = progressIntervalMs(options.progress, options.ageMs);
  let interval: number | null = null;
  if (options.expectedDurationMs !== null && options.expectedDurationMs > 0) {
    // About five polls over the expected duration; once overdue, fall back to the age schedule.
    const remaining = options.expectedDurationMs - options.ageMs;
    if (remaining > 0) interval = Math.min(remaining, options.expectedDurationMs / 5);
  }
  if (byProgress !== null) interval = interval === null ? byProgress : Math.min(interval, byProgress);
  interval ??= AGE_SCHEDULE.find(([maxAge]) => options.ageMs < maxAge)![1];
  return clampPoll(jittered(interval, options.jitter));
}

/** Backoff between in-call retries of a transient poll failure (bounded: a handful of short waits). */
export function retryDelayMs(attempt: number, retryAfterMs: number | null): number {
  const base = Math.min(2_000, 250 * 2 ** attempt);
  return retryAfterMs !== null ? Math.min(2_000, Math.max(base, retryAfterMs)) : base;
}
