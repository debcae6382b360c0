/** poll_after_ms pacing: progress-aware intervals and jitter, as pure table rows (the random number is given). */
import { describe, expect, it } from 'vitest';
import { type PollPacing, progressIntervalMs, suggestPollAfter } from '../../templates/runtime/jobs/pollHints.js';

const base: PollPacing = { retryAfterMs: null, expectedDurationMs: null, ageMs: 0 };

describe('progress-aware pacing', () => {
  it.each<[string, number | null, number, number | null]>([
    ['half done after a minute: a third of the remaining minute', 0.5, 60_000, 20_000],
    ['10 % after 10 s: a third of the remaining 90 s', 0.1, 10_000, 30_000],
    ['no fraction yet', null, 60_000, null],
    ['zero progress says nothing about the rate', 0, 60_000, null],
    ['done', 1, 60_000, null],
  ])('%s', (_why, progress, ageMs, expected) => {
    expect(progressIntervalMs(progress, ageMs)).toBe(expected);
  });

  it.each<[string, PollPacing, number]>([
    ['follows progress where the age schedule would wait longer', { ...base, ageMs: 20 * 60_000, progress: 0.95 }, 21_053],
    ['never below the floor', { ...base, ageMs: 2000, progress: 0.9 }, 1000],
    ['the sooner of expected duration and progress', { ...base, expectedDurationMs: 600_000, ageMs: 60_000, progress: 0.5 }, 20_000],
    ['without progress as before', { ...base, expectedDurationMs: 60_000 }, 12_000],
  ])('%s', (_why, pacing, expected) => {
    expect(suggestPollAfter(pacing)).toBe(expected);
  });
});

describe('jitter', () => {
  it.each<[number, number]>([
    [0, 17_000],
    [0.5, 20_000],
    [0.999999, 23_000],
  ])('random %s spreads a 20 s interval to %s ms (±15 %)', (jitter, expected) => {
    expect(suggestPollAfter({ ...base, ageMs: 60_000, progress: 0.5, jitter })).toBe(expected);
  });

  it('never polls sooner than Retry-After, and stays inside the clamps', () => {
    expect(suggestPollAfter({ ...base, retryAfterMs: 10_000, jitter: 0 })).toBe(10_000);
    expect(suggestPollAfter({ ...base, retryAfterMs: 10_000, jitter: 0.999999 })).toBe(11_500);
    expect(suggestPollAfter({ ...base, retryAfterMs: 0, jitter: 0 })).toBe(1000);
    expect(suggestPollAfter({ ...base, retryAfterMs: 86_400_000, jitter: 0.9 })).toBe(300_000);
  });
});
