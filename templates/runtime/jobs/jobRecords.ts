/**
 * Job record helpers over the JobStore contract: conditional updates that never let a stale writer undo a
 * terminal state (completion wins over a racing cancel), bounded snapshots, timestamps for output.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobPatch, JobRecord, JobStore } from '../store/types.js';
import { isTerminal } from './interpret.js';

const SNAPSHOT_MAX_CHARS = 64 * 1024;

/**
 * Applies a patch with optimistic concurrency. On a version conflict the fresh record is re-read: if another
 * writer made it terminal, that outcome stands and the patch is dropped; otherwise the patch is re-applied.
 */
export async function patchRecord(ctx: RuntimeContext, record: JobRecord, patch: JobPatch): Promise<JobRecord> {
  const store = requireStore(ctx);
  // Retention counts from the last write, so a long job is not expired while someone still polls it.
  patch = { expiresAt: ctx.now() + ctx.config.retentionMs, ...patch };
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

/** Keeps stored documents small: a huge status body is reduced to a marked preview. */
export function boundSnapshot(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  if (text === undefined || text.length <= SNAPSHOT_MAX_CHARS) return value;
  return { truncated: true, size_chars: text.length, preview: text.slice(0, 4096) };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Loads a record of this server's partition; another tenant's job is indistinguishable from a missing one. */
export async function loadJob(ctx: RuntimeContext, jobId: string, family?: string): Promise<JobRecord | null> {
  const record = await requireStore(ctx).get(jobId);
  if (!record || record.partition !== ctx.partition) return null;
  if (family !== undefined && record.family !== family) return null;
  return record;
}
