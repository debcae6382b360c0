/**
 * Rules every backend shares, kept in one place so the three stores cannot drift apart: what makes a record
 * a dedupe target, how a patch is applied, how records are (de)serialised, and the list cursor format.
 */
import type { JobPatch, JobRecord } from './types.js';

/** States whose holder gives up its dedupe key: a retry after them is new work. */
export const DEAD_STATES = ['failed', 'cancelled'] as const;
export const DEAD_PHASE = 'rejected';
/**
 * A failed record in these phases keeps its key anyway: its request got no answer or was interrupted, so it
 * may have run upstream, and an identical retry must hear that (and choose a new key to run it anew) instead
 * of silently running the work again.
 */
export const KEEPS_KEY_PHASES: readonly string[] = ['interrupted', 'unknown'];

/**
 * A record still claims its (partition, dedupeKey) while its window is open and it has not died. Succeeded
 * jobs stay targets inside the window: a retry of finished work returns the finished handle.
 */
export function isDedupeTarget(record: Pick<JobRecord, 'dedupeUntil' | 'state' | 'phase'>, now: number): boolean {
  if (record.dedupeUntil <= now || record.phase === DEAD_PHASE) return false;
  return KEEPS_KEY_PHASES.includes(record.phase) || !(DEAD_STATES as readonly string[]).includes(record.state);
}

/** Thrown for misuse the store cannot express as a normal outcome (closed store, unsupported patch). */
export class JobStoreError extends Error {
  constructor(
    readonly code:
      | 'STORE_CLOSED'
      | 'STORE_KEY_PATCH'
      | 'STORE_BAD_URL'
      | 'STORE_BAD_CONFIG'
      | 'STORE_BAD_CURSOR'
      | 'STORE_DRIVER_MISSING'
      | 'STORE_CONFLICT_LOOP',
    message: string,
  ) {
    super(message);
    this.name = 'JobStoreError';
  }
}

/**
 * The new record after a conditional update. A record's claim on its dedupe key is managed by `create` only
 * (the key column is separate from the record body so a takeover never bumps the loser's version); a patch
 * may release the key (dedupeKey: null) but not move the record to another key, which would bypass the
 * unique claim.
 */
export function applyPatch(current: JobRecord, patch: JobPatch, now: number): JobRecord {
  const movesKey =
    (patch.dedupeKey !== undefined && patch.dedupeKey !== null && patch.dedupeKey !== current.dedupeKey) ||
    (patch.partition !== undefined && patch.partition !== current.partition && (patch.dedupeKey ?? current.dedupeKey) !== null);
  if (movesKey) {
    throw new JobStoreError('STORE_KEY_PATCH', 'a job cannot be moved to another dedupe key or partition; create a new job instead');
  }
  const next: JobRecord = { ...current };
  for (const [name, value] of Object.entries(patch)) {
    // undefined in a patch means "leave as is", as with a spread; null is a real value.
    if (value !== undefined) (next as unknown as Record<string, unknown>)[name] = value;
  }
  next.updatedAt = patch.updatedAt ?? now;
  next.version = current.version + 1;
  // The stall clock: only a change of what the upstream says (or of how far the start got) resets it.
  const changed = next.state !== current.state || next.phase !== current.phase || next.upstreamStatus !== current.upstreamStatus;
  if (changed && patch.statusChangedAt === undefined) next.statusChangedAt = next.updatedAt;
  return next;
}

/** Whether a successful update must drop the record's claim on its key. */
export function releasesKey(current: JobRecord, patch: JobPatch): boolean {
  return patch.dedupeKey === null && current.dedupeKey !== null;
}

export function serializeRecord(record: JobRecord): string {
  return JSON.stringify(record);
}

export function parseRecord(text: string): JobRecord {
  return JSON.parse(text) as JobRecord;
}

/** Position after the last record of a page: newest-first order is (createdAt desc, id desc). */
export interface ListPosition {
  createdAt: number;
  id: string;
}

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
}

/** Null when there is no cursor (first page); a JobStoreError for one that `encodeCursor` did not make. */
export function decodeCursor(cursor: string | undefined): ListPosition | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through: malformed cursor
  }
  throw new JobStoreError('STORE_BAD_CURSOR', 'invalid list cursor: pass back the nextCursor of a previous page');
}

/** Clamp a page size to something a single query should return. */
export function pageSize(limit: number): number {
  if (!Number.isFinite(limit) || limit < 1) return 1;
  return Math.min(Math.floor(limit), 1000);
}
