/** expectedDurationFor: configured duration first, else the upstream's ETA field in the latest stored document. */
import { describe, expect, it } from 'vitest';
import { ETA_MAX_MS, expectedDurationFor } from '../../templates/runtime/jobs/eta.js';

const CREATED = Date.parse('2026-01-01T00:00:00Z');
const record = (snapshot: unknown, updatedAt = CREATED) => ({ snapshot, createdAt: CREATED, updatedAt });

describe('expectedDurationFor', () => {
  it.each<[string, number | null, string | null, unknown, number | null, number?]>([
    ['the configured value wins over the upstream', 60_000, 'expected_duration_sec', { expected_duration_sec: 5 }, 60_000],
    ['no configuration and no field: unknown', null, null, { expected_duration_sec: 5 }, null],
    ['a number is seconds', null, 'expected_duration_sec', { expected_duration_sec: 90 }, 90_000],
    ['a bare name is seconds too', null, 'estimatedDuration', { estimatedDuration: 2.5 }, 2_500],
    ['a name saying ms is milliseconds', null, 'expected_duration_ms', { expected_duration_ms: 4_000 }, 4_000],
    ['camelCase millis', null, 'estimatedDurationMillis', { estimatedDurationMillis: 750 }, 750],
    ['a name saying minutes', null, 'expected_duration_minutes', { expected_duration_minutes: 3 }, 180_000],
    ['a numeric string is a number', null, 'expected_duration_sec', { expected_duration_sec: '12' }, 12_000],
    [
      'a date-time is that time minus the creation',
      null,
      'estimated_completion_time',
      { estimated_completion_time: '2026-01-01T00:02:00Z' },
      120_000,
    ],
    ['a date-time with an offset', null, 'estimated_finish', { estimated_finish: '2026-01-01T01:00:30+01:00' }, 30_000],
    [
      'a remaining time counts from the last write',
      null,
      'estimated_seconds_remaining',
      { estimated_seconds_remaining: 30 },
      50_000,
      CREATED + 20_000,
    ],
    [
      'a finishing time before the creation: null',
      null,
      'estimated_completion_time',
      { estimated_completion_time: '2025-12-31T23:00:00Z' },
      null,
    ],
    ['a negative number: null', null, 'expected_duration_sec', { expected_duration_sec: -5 }, null],
    ['zero: null (no pacing from it)', null, 'expected_duration_sec', { expected_duration_sec: 0 }, null],
    ['beyond 30 days: null', null, 'expected_duration_sec', { expected_duration_sec: ETA_MAX_MS / 1000 + 1 }, null],
    ['exactly 30 days: kept', null, 'expected_duration_sec', { expected_duration_sec: ETA_MAX_MS / 1000 }, ETA_MAX_MS],
    ['a far-future placeholder date: null', null, 'estimated_completion_time', { estimated_completion_time: '9999-12-31T00:00:00Z' }, null],
    ['a date alone is no finishing time', null, 'estimated_completion_time', { estimated_completion_time: '2026-01-02' }, null],
    ['free text: null', null, 'estimated_completion_time', { estimated_completion_time: 'soon' }, null],
    ['an object: null', null, 'expected_duration_sec', { expected_duration_sec: { value: 5 } }, null],
    ['a non-finite number: null', null, 'expected_duration_sec', { expected_duration_sec: Number.POSITIVE_INFINITY }, null],
    ['the field absent from the document: null', null, 'expected_duration_sec', { status: 'running' }, null],
    ['no stored document yet: null', null, 'expected_duration_sec', null, null],
  ])('%s', (_, expectedDurationMs, etaField, snapshot, want, updatedAt) => {
    expect(expectedDurationFor({ expectedDurationMs, etaField }, record(snapshot, updatedAt))).toBe(want);
  });
});
