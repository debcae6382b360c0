/** expectedDurationFor: configured duration first, else the upstream's ETA field in the latest stored document. */
import { describe, expect, it } from 'vitest';
import type { EtaUnit } from '../../templates/runtime/definition.js';
import { ETA_MAX_MS, expectedDurationFor } from '../../templates/runtime/jobs/eta.js';

const CREATED = Date.parse('2026-01-01T00:00:00Z');
const record = (snapshot: unknown, updatedAt = CREATED) => ({ snapshot, createdAt: CREATED, updatedAt });

/** `[field, unit]`: the unit is the generator's (detect/status/etaUnit.ts); the runtime only applies it. */
describe('expectedDurationFor', () => {
  it.each<[string, number | null, string | null, unknown, number | null, number?, EtaUnit?]>([
    ['the configured value wins over the upstream', 60_000, 'expected_duration_sec', { expected_duration_sec: 5 }, 60_000],
    ['no configuration and no field: unknown', null, null, { expected_duration_sec: 5 }, null],
    ['a number is seconds', null, 'expected_duration_sec', { expected_duration_sec: 90 }, 90_000],
    ['no unit given: seconds', null, 'estimatedDuration', { estimatedDuration: 2.5 }, 2_500],
    ['unit s', null, 'estimatedDuration', { estimatedDuration: 2.5 }, 2_500, undefined, 's'],
    ['unit ms', null, 'expected_duration_ms', { expected_duration_ms: 4_000 }, 4_000, undefined, 'ms'],
    ['unit ms whatever the name says', null, 'estimated_duration', { estimated_duration: 750 }, 750, undefined, 'ms'],
    ['unit min', null, 'expected_duration_minutes', { expected_duration_minutes: 3 }, 180_000, undefined, 'min'],
    ['unit h', null, 'expected_duration', { expected_duration: 2 }, 7_200_000, undefined, 'h'],
    ['a numeric string counts the unit too', null, 'expected_duration', { expected_duration: '1.5' }, 90_000, undefined, 'min'],
    [
      'unit date-time: a date-time is the finishing time',
      null,
      'estimated_completion_time',
      { estimated_completion_time: '2026-01-01T00:02:00Z' },
      120_000,
      undefined,
      'date-time',
    ],
    [
      'unit unix-s: the finishing time as a Unix time in seconds',
      null,
      'estimated_finish',
      { estimated_finish: CREATED / 1000 + 600 },
      600_000,
      undefined,
      'unix-s',
    ],
    ['unit unix-ms', null, 'estimated_finish', { estimated_finish: CREATED + 90_000 }, 90_000, undefined, 'unix-ms'],
    [
      'unit unix-s: a finishing time before the creation is null',
      null,
      'estimated_finish',
      { estimated_finish: CREATED / 1000 - 5 },
      null,
      undefined,
      'unix-s',
    ],
    [
      'unit date-time: a number is not believed',
      null,
      'estimated_completion_time',
      { estimated_completion_time: 120 },
      null,
      undefined,
      'date-time',
    ],
    [
      'unit s: a date-time still reads as the finishing time (the form it came in)',
      null,
      'expected_duration_sec',
      { expected_duration_sec: '2026-01-01T00:00:45Z' },
      45_000,
      undefined,
      's',
    ],
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
  ])('%s', (_, expectedDurationMs, etaField, snapshot, want, updatedAt, etaUnit) => {
    const family = { expectedDurationMs, etaField, ...(etaUnit ? { etaUnit } : {}) };
    expect(expectedDurationFor(family, record(snapshot, updatedAt))).toBe(want);
  });
});
