/**
 * A tiny in-memory JobStore for the runtime's unit tests: same contract as the real backends (conditional
 * updates by version, one live holder per (partition, dedupeKey)), reusing their shared rules, with hooks
 * to count and slow down writes.
 */
import { applyPatch, isDedupeTarget, releasesKey } from '../../templates/runtime/store/recordRules.js';
import type { CreateOutcome, JobPatch, JobRecord, JobStore, Lease, ListQuery, StoreStats } from '../../templates/runtime/store/types.js';

export class MemoryJobStore implements JobStore {
  readonly records = new Map<string, JobRecord>();
  private readonly holders = new Map<string, string>();
  readonly leases = new Map<string, Lease>();
  readonly blobs = new Map<string, { data: Buffer; expiresAt: number }>();
  readonly holds = new Map<string, number>();
  writes = 0;
  closed = false;
  /** Artificial latency per write, to let tests overlap calls. */
  writeDelayMs = 0;

  async init(): Promise<void> {}

  private async delay(): Promise<void> {
    this.writes += 1;
    if (this.writeDelayMs > 0) await new Promise((r) => setTimeout(r, this.writeDelayMs));
  }

  async create(record: JobRecord, now: number, lease?: Omit<Lease, 'id'>): Promise<CreateOutcome> {
    // Claim synchronously (no await before the check) so concurrent creates cannot both win.
    if (record.dedupeKey !== null) {
      const slot = `${record.partition}\n${record.dedupeKey}`;
      const holder = this.records.get(this.holders.get(slot) ?? '');
      if (holder && isDedupeTarget(holder, now)) return { created: false, existing: structuredClone(holder) };
      if (holder) holder.dedupeKey = null;
      this.holders.set(slot, record.id);
    }
    this.records.set(record.id, structuredClone(record));
    if (lease) this.leases.set(record.id, { id: record.id, ...lease });
    await this.delay();
    return { created: true, record: structuredClone(record) };
  }

  async get(id: string): Promise<JobRecord | null> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : null;
  }

  async update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null> {
    const current = this.records.get(id);
    if (!current || current.version !== expectedVersion) return null;
    const next = applyPatch(current, patch, now);
    if (releasesKey(current, patch)) this.holders.delete(`${current.partition}\n${current.dedupeKey}`);
    this.records.set(id, next);
    await this.delay();
    return structuredClone(next);
  }

  async findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null> {
    return this.get(this.holders.get(`${partition}\n${dedupeKey}`) ?? '');
  }

  async list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }> {
    const all = [...this.records.values()]
      .filter((r) => (!query.family || r.family === query.family) && (!query.state || r.state === query.state))
      .filter((r) => !query.partition || r.partition === query.partition)
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const start = query.cursor ? Number(query.cursor) : 0;
    if (!Number.isInteger(start) || start < 0) throw new Error('bad cursor');
    const jobs = all.slice(start, start + query.limit).map((r) => structuredClone(r));
    return { jobs, nextCursor: start + query.limit < all.length ? String(start + query.limit) : null };
  }

  async expire(now: number): Promise<number> {
    let n = 0;
    for (const [id, r] of this.records)
      if (r.expiresAt <= now) {
        this.records.delete(id);
        this.leases.delete(id);
        n++;
      }
    return n;
  }

  async claimLease(id: string, owner: string, until: number, now: number): Promise<boolean> {
    const current = this.leases.get(id);
    if (current && current.owner !== owner && current.until > now) return false;
    this.leases.set(id, { id, owner, until });
    return true;
  }

  async renewLease(id: string, owner: string, until: number): Promise<boolean> {
    const current = this.leases.get(id);
    if (current?.owner !== owner) return false;
    current.until = until;
    return true;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    if (this.leases.get(id)?.owner === owner) this.leases.delete(id);
  }

  async expiredLeases(now: number, limit: number): Promise<Lease[]> {
    return [...this.leases.values()]
      .filter((lease) => lease.until <= now)
      .sort((a, b) => a.until - b.until || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((lease) => ({ ...lease }));
  }

  async stats(): Promise<StoreStats> {
    const counts = new Map<string, { family: string; state: JobRecord['state']; count: number }>();
    let oldest: number | null = null;
    for (const r of this.records.values()) {
      const key = `${r.family}\n${r.state}`;
      const entry = counts.get(key) ?? { family: r.family, state: r.state, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
      if (r.state === 'queued' || r.state === 'running') oldest = oldest === null ? r.createdAt : Math.min(oldest, r.createdAt);
    }
    return { byFamilyState: [...counts.values()], oldestActiveCreatedAt: oldest };
  }

  async putBlob(key: string, data: Buffer, expiresAt: number): Promise<void> {
    this.blobs.set(key, { data: Buffer.from(data), expiresAt });
  }

  async readBlob(key: string, offset: number, length: number, now: number): Promise<{ data: Buffer; size: number } | null> {
    const blob = this.blobs.get(key);
    if (!blob || blob.expiresAt <= now) return null;
    return { data: Buffer.from(blob.data.subarray(offset, offset + length)), size: blob.data.length };
  }

  async holdUntil(key: string, until: number): Promise<void> {
    this.holds.set(key, Math.max(this.holds.get(key) ?? 0, until));
  }

  async heldUntil(key: string, now: number): Promise<number> {
    const until = this.holds.get(key) ?? 0;
    return until > now ? until : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
