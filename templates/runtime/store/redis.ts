/**
 * Redis backend: replicas sharing one Redis serve the same jobs. The dedupe claim, the version check and
 * expiry are Lua scripts (redis-scripts.ts), so each is one atomic step on the server. Every key shares one
 * hash tag (`{…}`), which keeps all of a store's keys in one slot should it ever run on a Redis Cluster
 * (not supported yet: the client is a plain connection).
 */
import type { Redis } from 'ioredis';
import type { CanonicalState } from '../definition.js';
import { InflightTracker } from './inflight.js';
import { toPage } from './listSql.js';
import { ReadBatch } from './readBatch.js';
import { RecentRecords } from './recentRecords.js';
import { applyPatch, decodeCursor, pageSize, parseRecord, releasesKey, serializeRecord } from './recordRules.js';
import {
  CLAIM_LEASE_SCRIPT,
  CREATE_SCRIPT,
  EXPIRE_SCRIPT,
  HOLD_SCRIPT,
  RELEASE_LEASE_SCRIPT,
  RENEW_LEASE_SCRIPT,
  UPDATE_SCRIPT,
} from './redisScripts.js';
import type { CreateOutcome, JobPatch, JobRecord, JobStore, Lease, ListQuery, StoreStats } from './types.js';

type ScriptReply = [number, string?];

interface JobScripts {
  jobCreate(jobKey: string, claimKey: string, ...args: Array<string | number>): Promise<ScriptReply>;
  jobUpdate(jobKey: string, ...args: Array<string | number>): Promise<number>;
  jobExpire(...args: Array<string | number>): Promise<number>;
  leaseClaim(leaseKey: string, ...args: Array<string | number>): Promise<number>;
  leaseRenew(leaseKey: string, ...args: Array<string | number>): Promise<number>;
  leaseRelease(leaseKey: string, ...args: Array<string | number>): Promise<number>;
  holdRaise(holdKey: string, until: number): Promise<number>;
}

const EXPIRE_BATCH = 500;
/** Members read per round trip while filtering a list page. */
const LIST_BATCH = 200;

/** The index member that orders newest-first by (createdAt, id) under Redis's byte-wise lex order. */
function indexMember(createdAt: number, id: string): string {
  return `${String(createdAt).padStart(16, '0')}|${id}`;
}

export class RedisJobStore implements JobStore {
  private readonly inflight = new InflightTracker();
  private readonly recent = new RecentRecords();
  /** Concurrent reads by id go out together (store/readBatch.ts): one pipeline for a round's status calls. */
  private readonly reads = new ReadBatch((ids) => this.readMany(ids));
  private readonly redis: Redis & JobScripts;

  /** `prefix` ends with ':' and contains one `{hash tag}`; see `redisPrefix`. */
  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    // ioredis reconnects by itself and fails the pending commands; without a listener it would also print
    // every connection error to stderr, which on a stdio MCP server is noise in the client's log.
    redis.on('error', () => undefined);
    redis.defineCommand('jobCreate', { numberOfKeys: 2, lua: CREATE_SCRIPT });
    redis.defineCommand('jobUpdate', { numberOfKeys: 1, lua: UPDATE_SCRIPT });
    redis.defineCommand('jobExpire', { numberOfKeys: 0, lua: EXPIRE_SCRIPT });
    redis.defineCommand('leaseClaim', { numberOfKeys: 1, lua: CLAIM_LEASE_SCRIPT });
    redis.defineCommand('leaseRenew', { numberOfKeys: 1, lua: RENEW_LEASE_SCRIPT });
    redis.defineCommand('leaseRelease', { numberOfKeys: 1, lua: RELEASE_LEASE_SCRIPT });
    redis.defineCommand('holdRaise', { numberOfKeys: 1, lua: HOLD_SCRIPT });
    this.redis = redis as Redis & JobScripts;
  }

  async init(): Promise<void> {
    // Keys are created on first write; connecting here surfaces a bad URL at startup, not on the first call.
    if (this.redis.status === 'wait') await this.redis.connect();
    await this.redis.ping();
  }

  private jobKey(id: string): string {
    return `${this.prefix}job:${id}`;
  }

  /** Length-prefixed so a partition containing ':' cannot collide with another (partition, key) pair. */
  private claimKey(partition: string, dedupeKey: string): string {
    return `${this.prefix}key:${partition.length}:${partition}:${dedupeKey}`;
  }

  private leaseKey(id: string): string {
    return `${this.prefix}lease:${id}`;
  }

  create(record: JobRecord, now: number, lease?: Omit<Lease, 'id'>): Promise<CreateOutcome> {
    return this.inflight.run(async () => {
      const claim = record.dedupeKey === null ? '' : this.claimKey(record.partition, record.dedupeKey);
      const reply = await this.redis.jobCreate(
        this.jobKey(record.id),
        claim || `${this.prefix}key:`,
        record.id,
        serializeRecord(record),
        record.version,
        record.state,
        record.phase,
        record.dedupeUntil,
        record.family,
        record.partition,
        claim,
        indexMember(record.createdAt, record.id),
        record.expiresAt,
        now,
        this.prefix,
        lease?.owner ?? '',
        lease?.until ?? 0,
      );
      if (reply[0] === 1) {
        this.recent.remember(record);
        return { created: true, record };
      }
      return { created: false, existing: parseRecord(reply[1] as string) };
    });
  }

  get(id: string): Promise<JobRecord | null> {
    return this.inflight.run(() => this.read(id));
  }

  private async read(id: string): Promise<JobRecord | null> {
    const data = await this.reads.read(id);
    if (data === null) return null;
    const record = parseRecord(data);
    this.recent.remember(record, data);
    return record;
  }

  /** One round trip for the lot; a single id needs no pipeline. */
  private async readMany(ids: string[]): Promise<Array<string | null>> {
    if (ids.length === 1) return [await this.redis.hget(this.jobKey(ids[0]!), 'data')];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.jobKey(id), 'data');
    const replies = (await pipeline.exec()) ?? [];
    return ids.map((_, i) => {
      const [error, data] = replies[i] ?? [null, null];
      if (error) throw error;
      return typeof data === 'string' ? data : null;
    });
  }

  update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const current = this.recent.lookup(id, expectedVersion) ?? (await this.read(id));
      if (!current || current.version !== expectedVersion) return null;
      const next = applyPatch(current, patch, now);
      const json = serializeRecord(next);
      const written = await this.redis.jobUpdate(
        this.jobKey(id),
        expectedVersion,
        json,
        next.version,
        next.state,
        next.phase,
        next.dedupeUntil,
        next.partition,
        next.expiresAt,
        releasesKey(current, patch) ? '1' : '0',
        id,
        this.prefix,
      );
      if (written !== 1) {
        this.recent.forget(id);
        return null;
      }
      this.recent.remember(next, json);
      return next;
    });
  }

  findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const id = await this.redis.get(this.claimKey(partition, dedupeKey));
      if (id === null) return null;
      const data = await this.redis.hget(this.jobKey(id), 'data');
      return data === null ? null : parseRecord(data);
    });
  }

  /**
   * Walks the most selective index newest-first and filters the other conditions on the records, so any
   * combination of filters works without an index per combination.
   */
  list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }> {
    return this.inflight.run(async () => {
      const limit = pageSize(query.limit);
      const index =
        query.partition !== undefined
          ? `part:${query.partition}`
          : query.family !== undefined
            ? `fam:${query.family}`
            : query.state !== undefined
              ? `state:${query.state}`
              : 'all';
      const after = decodeCursor(query.cursor);
      let max = after ? `(${indexMember(after.createdAt, after.id)}` : '+';
      const found: JobRecord[] = [];
      while (found.length <= limit) {
        const members = await this.redis.zrevrangebylex(`${this.prefix}${index}`, max, '-', 'LIMIT', 0, LIST_BATCH);
        if (members.length === 0) break;
        const ids = members.map((member) => member.slice(member.indexOf('|') + 1));
        const pipeline = this.redis.pipeline();
        for (const id of ids) pipeline.hget(this.jobKey(id), 'data');
        const replies = (await pipeline.exec()) ?? [];
        for (const [error, data] of replies) {
          if (error || typeof data !== 'string') continue; // expired between the index read and this one
          const record = parseRecord(data);
          if (query.family !== undefined && record.family !== query.family) continue;
          if (query.state !== undefined && record.state !== query.state) continue;
          if (query.partition !== undefined && record.partition !== query.partition) continue;
          found.push(record);
          if (found.length > limit) break;
        }
        max = `(${members[members.length - 1]}`;
        if (members.length < LIST_BATCH) break;
      }
      return toPage(found, limit);
    });
  }

  expire(now: number): Promise<number> {
    return this.inflight.run(async () => {
      let total = 0;
      for (;;) {
        const removed = await this.redis.jobExpire(now, this.prefix, EXPIRE_BATCH);
        total += removed;
        if (removed < EXPIRE_BATCH) return total;
      }
    });
  }

  claimLease(id: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.inflight.run(async () => (await this.redis.leaseClaim(this.leaseKey(id), owner, until, now, id, this.prefix)) === 1);
  }

  renewLease(id: string, owner: string, until: number): Promise<boolean> {
    return this.inflight.run(async () => (await this.redis.leaseRenew(this.leaseKey(id), owner, until, id, this.prefix)) === 1);
  }

  releaseLease(id: string, owner: string): Promise<void> {
    return this.inflight.run(async () => {
      await this.redis.leaseRelease(this.leaseKey(id), owner, id, this.prefix);
    });
  }

  expiredLeases(now: number, limit: number): Promise<Lease[]> {
    return this.inflight.run(async () => {
      const flat = await this.redis.zrangebyscore(
        `${this.prefix}leases`,
        '-inf',
        now,
        'WITHSCORES',
        'LIMIT',
        0,
        Math.max(1, Math.floor(limit)),
      );
      const pairs: Array<{ id: string; until: number }> = [];
      for (let i = 0; i + 1 < flat.length; i += 2) pairs.push({ id: flat[i]!, until: Number(flat[i + 1]) });
      if (pairs.length === 0) return [];
      const pipeline = this.redis.pipeline();
      for (const { id } of pairs) pipeline.hget(this.leaseKey(id), 'o');
      const owners = (await pipeline.exec()) ?? [];
      const leases: Lease[] = [];
      pairs.forEach(({ id, until }, i) => {
        const owner = owners[i]?.[1];
        // Released between the two reads: nothing to recover.
        if (typeof owner === 'string') leases.push({ id, owner, until });
      });
      return leases;
    });
  }

  stats(): Promise<StoreStats> {
    return this.inflight.run(async () => {
      const counts = await this.redis.hgetall(`${this.prefix}counts`);
      const byFamilyState: StoreStats['byFamilyState'] = [];
      for (const [key, value] of Object.entries(counts)) {
        const at = key.lastIndexOf('\n');
        const count = Number(value);
        if (at < 0 || !(count > 0)) continue;
        byFamilyState.push({ family: key.slice(0, at), state: key.slice(at + 1) as CanonicalState, count });
      }
      byFamilyState.sort((a, b) => (a.family === b.family ? a.state.localeCompare(b.state) : a.family.localeCompare(b.family)));
      let oldest: number | null = null;
      for (const state of ['queued', 'running']) {
        const [first] = await this.redis.zrange(`${this.prefix}state:${state}`, 0, 0);
        if (first === undefined) continue;
        const createdAt = Number(first.slice(0, first.indexOf('|')));
        oldest = oldest === null ? createdAt : Math.min(oldest, createdAt);
      }
      return { byFamilyState, oldestActiveCreatedAt: oldest };
    });
  }

  /** A plain string with its own expiry (Redis lapses it; `expire` has nothing to do), read with GETRANGE. */
  putBlob(key: string, data: Buffer, expiresAt: number): Promise<void> {
    return this.inflight.run(async () => {
      await this.redis.set(`${this.prefix}blob:${key}`, data, 'PXAT', Math.max(expiresAt, 1));
    });
  }

  readBlob(key: string, offset: number, length: number, now: number): Promise<{ data: Buffer; size: number } | null> {
    return this.inflight.run(async () => {
      const blobKey = `${this.prefix}blob:${key}`;
      const replies =
        (await this.redis
          .multi()
          .strlen(blobKey)
          .pexpiretime(blobKey)
          .getrangeBuffer(blobKey, offset, offset + length - 1)
          .exec()) ?? [];
      const size = Number(replies[0]?.[1] ?? 0);
      // Lapsed by the caller's clock too, as on the SQL backends (Redis lapses it by its own).
      if (replies[0]?.[0] || size === 0 || Number(replies[1]?.[1] ?? 0) <= now) return null;
      const part = replies[2]?.[1];
      return { data: length > 0 && Buffer.isBuffer(part) ? part : Buffer.alloc(0), size };
    });
  }

  holdUntil(key: string, until: number): Promise<void> {
    return this.inflight.run(async () => {
      await this.redis.holdRaise(`${this.prefix}hold:${key}`, until);
    });
  }

  heldUntil(key: string, now: number): Promise<number> {
    return this.inflight.run(async () => {
      const until = Number((await this.redis.get(`${this.prefix}hold:${key}`)) ?? 0);
      return until > now ? until : 0;
    });
  }

  async close(): Promise<void> {
    await this.inflight.drain();
    this.recent.clear();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
