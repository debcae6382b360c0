/**
 * A job's expected duration: the configured one (config / `x-mcp-jobgen`) when there is one, else what the
 * upstream itself said in the family's ETA field of the latest stored document. Poll pacing, stall detection,
 * list_jobs and the start's answer all read it here, so they never disagree. Pure: the record holds everything.
 */
import type { EtaUnit, JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { getPath } from './interpret.js';

/** An upstream ETA beyond this is not believed (a unit mix-up or a placeholder date), and ignored. */
export const ETA_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/** An ISO 8601 / RFC 3339 date-time (a date alone or a bare number is no finishing time). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;
const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

/** Milliseconds per unit of a numeric ETA; the generator chose the unit (`JobFamilySpec.etaUnit`), seconds when it could not tell. */
const UNIT_MS: Readonly<Record<'ms' | 's' | 'min' | 'h', number>> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000 };

/** `seconds_remaining`, `time_remaining`: counted from when the document was read, not from the start. */
function isRemaining(field: string): boolean {
  return /remaining/i.test(field);
}

/**
 * The upstream's ETA in the record's latest document, as a duration from the job's creation, or null. A number (or
 * a numeric string) counts `unit`, or is a finishing time as a Unix time (`unix-s`, `unix-ms`); a date-time string
 * is a finishing time whatever the unit, since a value is believed in the form it came in; a number where the
 * contract said date-time is not.
 */
export function upstreamEtaMs(
  field: string,
  unit: EtaUnit | undefined,
  record: Pick<JobRecord, 'snapshot' | 'createdAt' | 'updatedAt'>,
): number | null {
  const value = getPath(record.snapshot, field);
  let ms: number | null = null;
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value) ? Number(value) : null;
  if (numeric !== null && Number.isFinite(numeric)) {
    if (unit === 'date-time') return null;
    // A Unix time is when it finishes (OpenAI's `estimated_finish`), not how long it takes.
    if (unit === 'unix-s' || unit === 'unix-ms') return sane(numeric * (unit === 'unix-s' ? 1000 : 1) - record.createdAt);
    ms = numeric * UNIT_MS[unit ?? 's'];
  } else if (typeof value === 'string' && DATE_TIME.test(value.trim())) {
    const when = Date.parse(value.trim());
    if (!Number.isNaN(when)) return sane(when - record.createdAt);
  }
  if (ms === null) return null;
  // A remaining time was true when the document was stored (the record's last write): add the age then.
  return sane(isRemaining(field) ? Math.max(0, record.updatedAt - record.createdAt) + ms : ms);
}

function sane(ms: number): number | null {
  return Number.isFinite(ms) && ms > 0 && ms <= ETA_MAX_MS ? Math.round(ms) : null;
}

/** The configured expected duration wins; else the upstream's ETA field; else null (unknown). */
export function expectedDurationFor(
  family: Pick<JobFamilySpec, 'expectedDurationMs' | 'etaField' | 'etaUnit'>,
  record: Pick<JobRecord, 'snapshot' | 'createdAt' | 'updatedAt'>,
): number | null {
  if (family.expectedDurationMs !== null) return family.expectedDurationMs;
  return family.etaField ? upstreamEtaMs(family.etaField, family.etaUnit, record) : null;
}
