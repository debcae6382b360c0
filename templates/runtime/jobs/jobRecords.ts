/**
 * Job record helpers over the JobStore contract: conditional updates that never let a stale writer undo a
 * terminal state (completion wins over a racing cancel), bounded snapshots, timestamps for output. Every
 * write goes through here and is scrubbed of the context's credentials first, so no backend (SQLite, Redis,
 * PostgreSQL) ever holds one, whatever an upstream echoed.
 */
import type { RuntimeContext } from '../core/context.js';
import { copyJson, jsonDepth } from '../core/jsonBounds.js';
import { containsSecret, scrubSecrets, scrubUrl, scrubValue } from '../core/secrets.js';
import type { JobPatch, JobRecord, JobStore, Lease, StoredCookie } from '../store/types.js';
import { isTerminal } from './interpret.js';

const SNAPSHOT_MAX_CHARS = 64 * 1024;
const SNAPSHOT_PREVIEW_CHARS = 4096;
/** Stored documents are cut below this depth (Azure error chains are a handful of levels deep). */
export const SNAPSHOT_MAX_DEPTH = 32;

/** Fields that are keys or hashes the store matches on: scrubbing them would break dedupe, never hide a secret. */
const KEY_FIELDS = new Set(['dedupeKey', 'partition', 'inputHash', 'upstreamIdempotencyKey']);
const URL_FIELDS = new Set(['pollUrl', 'cancelUrl', 'resultUrl']);

/** A patch (or a whole record) as it may be stored: credential traces removed from every value. */
export function scrubPatch<T extends JobPatch>(patch: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return patch;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (KEY_FIELDS.has(name) || value === undefined || value === null) out[name] = value;
    else if (URL_FIELDS.has(name) && typeof value === 'string') out[name] = scrubUrl(value, secrets);
    else if (name === 'cookies') {
      // A cookie that carries a credential is the credential: it is sent from the environment, never kept.
      out[name] = Array.isArray(value)
        ? (value as StoredCookie[]).filter((c) => !containsSecret(`${c.name}=${c.value}`, secrets))
        : Object.fromEntries(Object.entries(value as Record<string, string>).filter(([k, v]) => !containsSecret(`${k}=${v}`, secrets)));
    } else out[name] = scrubValue(value, secrets);
  }
  return out as T;
}

/** Longest URL a record keeps (RFC 9110 §4.1 asks every party to handle 8,000 octets). */
export const MAX_STORED_URL_CHARS = 8192;
/** Longest upstream id or carried path value a record keeps (an ARN is at most 2,048 characters). */
export const MAX_STORED_ID_CHARS = 4096;
/** An upstream status value is a word, not a document: a longer one is cut with a marker. */
export const MAX_STATUS_CHARS = 256;

const URL_LABELS = { pollUrl: 'a status URL', cancelUrl: 'a cancel URL', resultUrl: 'a result URL' } as const;

/**
 * What a hostile upstream hands out (a 1 MB Location, a 5 MB id in a JSON body) never grows a record past a few
 * KiB: a URL or id over the caps is not kept, and since the job cannot be followed without it, the patch ends the
 * job failed with reason `oversize_value` naming what was too long. A long status word is cut. Every write goes
 * through here, whatever code path built the patch.
 */
export function boundUpstreamValues<T extends JobPatch>(patch: T): T {
  const over: string[] = [];
  const out: JobPatch = { ...patch };
  for (const field of ['pollUrl', 'cancelUrl', 'resultUrl'] as const) {
    const value = out[field];
    if (typeof value === 'string' && value.length > MAX_STORED_URL_CHARS) {
      over.push(`${URL_LABELS[field]} of ${value.length} characters`);
      out[field] = null;
    }
  }
  if (typeof out.upstreamId === 'string' && out.upstreamId.length > MAX_STORED_ID_CHARS) {
    over.push(`a job id of ${out.upstreamId.length} characters`);
    out.upstreamId = null;
  }
  if (out.pathParams) {
    for (const [name, value] of Object.entries(out.pathParams)) {
      if (typeof value === 'string' && value.length <= MAX_STORED_ID_CHARS) continue;
      over.push(`a value for ${name.slice(0, 64)} of ${String(value).length} characters`);
      out.pathParams = Object.fromEntries(Object.entries(out.pathParams).filter(([key]) => key !== name));
    }
  }
  if (typeof out.upstreamStatus === 'string' && out.upstreamStatus.length > MAX_STATUS_CHARS) {
    out.upstreamStatus = `${out.upstreamStatus.slice(0, MAX_STATUS_CHARS)}…`;
  }
  if (over.length === 0) return out as T;
  const message =
    `The upstream handed out ${over.join(', ')}, longer than this server keeps (${MAX_STORED_URL_CHARS} for a URL, ` +
    `${MAX_STORED_ID_CHARS} for an id), so the job cannot be followed; it may still be running upstream.`;
  return { ...out, state: 'failed', error: { reason: 'oversize_value', message } } as T;
}

/** A patch as every write stores it: upstream values bounded, credentials scrubbed. */
export function storablePatch<T extends JobPatch>(patch: T, secrets: readonly string[]): T {
  return scrubPatch(boundUpstreamValues(patch), secrets);
}

/**
 * What every new record holds before the upstream has said anything: no status, id, URLs, cookies or document
 * yet, in this caller's partition, version 1, kept for the retention. Starts and promoted calls add their own.
 */
export function blankRecordFields(ctx: RuntimeContext, now: number) {
  return {
    upstreamStatus: null,
    upstreamId: null,
    pollUrl: null,
    cancelUrl: null,
    resultUrl: null,
    pathParams: {},
    cookies: [],
    partition: ctx.partition,
    snapshot: null,
    error: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.config.retentionMs,
    version: 1,
  } satisfies Partial<JobRecord>;
}

/** Inserts a new record (scrubbed) under the store's dedupe claim, with its lease when the work runs here. */
export function createRecord(ctx: RuntimeContext, record: JobRecord, now: number, lease?: Omit<Lease, 'id'>) {
  return requireStore(ctx).create(storablePatch(record, ctx.config.secrets), now, lease);
}

/** One conditional update, scrubbed; null on a version mismatch (no retry, no terminal guard). */
export function updateRecord(ctx: RuntimeContext, record: JobRecord, patch: JobPatch): Promise<JobRecord | null> {
  return requireStore(ctx).update(record.id, record.version, storablePatch(patch, ctx.config.secrets), ctx.now());
}

/**
 * Applies a patch with optimistic concurrency. On a version conflict the fresh record is re-read: if another
 * writer made it terminal, that outcome stands and the patch is dropped; otherwise the patch is re-applied.
 */
export async function patchRecord(ctx: RuntimeContext, record: JobRecord, patch: JobPatch): Promise<JobRecord> {
  const store = requireStore(ctx);
  // Retention counts from the last write, so a long job is not expired while someone still polls it.
  patch = storablePatch({ expiresAt: ctx.now() + ctx.config.retentionMs, ...patch }, ctx.config.secrets);
  let current = record;
  for (let attempt = 0; attempt < 5; attempt++) {
    const guarded =
      isTerminal(current.state) && patch.state !== undefined && patch.state !== current.state
        ? { ...patch, state: undefined, error: undefined }
        : patch;
    const updated = await store.update(current.id, current.version, guarded, ctx.now());
    if (updated) return updated;
    const fresh = await store.get(current.id);
    if (!fresh) return current;
    if (isTerminal(fresh.state) && !isTerminal(current.state)) return fresh;
    current = fresh;
  }
  return (await store.get(record.id)) ?? current;
}

export function requireStore(ctx: RuntimeContext): JobStore {
  if (!ctx.store) throw new Error('This server has no job store (no job families).');
  return ctx.store;
}

/**
 * Keeps stored documents small and shallow: containers below SNAPSHOT_MAX_DEPTH become a marker, and a
 * document still over SNAPSHOT_MAX_CHARS becomes a marked preview. Iterative (no stack limit), and scrubbed
 * before it is cut, so a token at the cut cannot survive in part.
 */
export function boundSnapshot(value: unknown, secrets: readonly string[] = []): unknown {
  if (value === undefined) return null;
  // The common case, shallow and clean: measured and serialised as is, no copy.
  if (jsonDepth(value, SNAPSHOT_MAX_DEPTH + 1) <= SNAPSHOT_MAX_DEPTH) {
    const text = JSON.stringify(value);
    if (text === undefined) return null;
    if (!containsSecret(text, secrets)) return text.length <= SNAPSHOT_MAX_CHARS ? value : preview(text);
  }
  const copy = copyJson(value, {
    maxDepth: SNAPSHOT_MAX_DEPTH,
    ...(secrets.length > 0 ? { mapString: (text: string) => scrubSecrets(text, secrets) } : {}),
  });
  const text = JSON.stringify(copy);
  if (text === undefined) return null;
  return text.length <= SNAPSHOT_MAX_CHARS ? copy : preview(text);
}

/** A document too large to keep, as a marked preview of its (already scrubbed) JSON text. */
function preview(text: string): { truncated: true; size_chars: number; preview: string } {
  return { truncated: true, size_chars: text.length, preview: text.slice(0, SNAPSHOT_PREVIEW_CHARS) };
}

/**
 * ISO texts of the timestamps shown lately. A status call shows its job's created_at and updated_at, the same two
 * until the job changes, and a Date plus toISOString costs more than the rest of the answer's fields together.
 * Bounded: cleared when full, so it holds at most ISO_TEXTS short strings.
 */
const isoTexts = new Map<number, string>();
const ISO_TEXTS = 4096;

export function iso(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoTexts.size >= ISO_TEXTS) isoTexts.clear();
    isoTexts.set(ms, text);
  }
  return text;
}

/** Loads a record of this server's partition; another tenant's job is indistinguishable from a missing one. */
export async function loadJob(ctx: RuntimeContext, jobId: string, family?: string): Promise<JobRecord | null> {
  const record = await requireStore(ctx).get(jobId);
  if (!record || record.partition !== ctx.partition) return null;
  if (family !== undefined && record.family !== family) return null;
  return record;
}
