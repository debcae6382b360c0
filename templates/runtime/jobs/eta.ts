/**
 * A job's expected duration: the configured one (config / `x-mcp-jobgen`) when there is one, else what the
 * upstream itself said in the family's ETA field of the latest stored document. Poll pacing, stall detection,
 * list_jobs and the start's answer all read it here, so they never disagree. Pure: the record holds everything.
 */
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { getPath } from './interpret.js';

/** An upstream ETA beyond this is not believed (a unit mix-up or a placeholder date), and ignored. */
export const ETA_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/** An ISO 8601 / RFC 3339 date-time (a date alone or a bare number is no finishing time). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;
const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

/** Milliseconds per unit of a numeric ETA, from its name's tokens: seconds unless the name says otherwise. */
function unitMs(field: string): number {
  const tokens = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((t) => t.toLowerCase());
  if (tokens.some((t) => t === 'ms' || t === 'millis' || t === 'milliseconds' || t === 'msec')) return 1;
  if (tokens.some((t) => t === 'min' || t === 'mins' || t === 'minute' || t === 'minutes')) return 60_000;
  if (tokens.some((t) => t === 'hour' || t === 'hours' || t === 'hr' || t === 'hrs')) return 3_600_000;
  return 1000;
}

/** `seconds_remaining`, `time_remaining`: counted from when the document was read, not from the start. */
function isRemaining(field: string): boolean {
  return /remaining/i.test(field);
}

/** The upstream's ETA in the record's latest document, as a duration from the job's creation, or null. */
export function upstreamEtaMs(field: string, record: Pick<JobRecord, 'snapshot' | 'createdAt' | 'updatedAt'>): number | null {
  const value = getPath(record.snapshot, field);
  let ms: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value * unitMs(field);
  else if (typeof value === 'string' && NUMBER.test(value)) ms = Number(value) * unitMs(field);
  else if (typeof value === 'string' && DATE_TIME.test(value.trim())) {
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
  family: Pick<JobFamilySpec, 'expectedDurationMs' | 'etaField'>,
  record: Pick<JobRecord, 'snapshot' | 'createdAt' | 'updatedAt'>,
): number | null {
  if (family.expectedDurationMs !== null) return family.expectedDurationMs;
  return family.etaField ? upstreamEtaMs(family.etaField, record) : null;
}
