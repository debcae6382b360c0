/**
 * SQLite backend (the default): one file, shared safely by several processes on one machine.
 *
 * WAL lets readers run beside the single writer; busy_timeout makes a second process wait for the write lock
 * instead of failing with SQLITE_BUSY; every write that must see a consistent key table runs in a
 * `BEGIN IMMEDIATE` transaction, which takes the write lock up front, so two processes cannot both decide
 * a key is free. synchronous=NORMAL: in WAL mode a commit is in the OS before the call returns, so it
 * survives kill -9 of the server (the failure the issue is about); only a power loss or kernel crash can drop
 * the last commits, and FULL would cost an fsync per status poll. `?synchronous=full` in the URL opts in.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { InflightTracker } from './inflight.js';
import {
  claimLeaseSql,
  expiredLeasesSql,
  expireLeasesSql,
  type LeaseRow,
  leaseSchemaSql,
  releaseLeaseSql,
  renewLeaseSql,
  type StatsRow,
  statsSql,
  toLease,
  toStats,
} from './leaseSql.js';
import { buildListSql, indexSql, toPage } from './listSql.js';
import { applyPatch, isDedupeTarget, JobStoreError, parseRecord, releasesKey, serializeRecord } from './recordRules.js';
import {
  type BlobRow,
  expireSideSql,
  heldUntilSql,
  holdUntilSql,
  putBlobSql,
  readBlobSql,
  SQLITE_DIALECT,
  sideSchemaSql,
  toBlob,
} from './sideSql.js';
import type { CreateOutcome, JobPatch, JobRecord, JobStore, Lease, ListQuery, StoreStats } from './types.js';

export interface SqliteStoreOptions {
  /** File path, or `:memory:` (one process only). */
  path: string;
  synchronous?: 'NORMAL' | 'FULL';
  busyTimeoutMs?: number;
  /** Table name (see `tableName`); lets several servers share one file without seeing each other's jobs. */
  table: string;
}

const schema = (table: string): string => `
CREATE TABLE IF NOT EXISTS ${table} (
  id TEXT PRIMARY KEY,
  family TEXT NOT NULL,
  state TEXT NOT NULL,
  phase TEXT NOT NULL,
  partition_key TEXT NOT NULL,
  -- the record's dedupeKey while it holds it; NULL once a newer start took the key over
  holder_key TEXT,
  dedupe_until INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL
);
${indexSql(table)}
${leaseSchemaSql(table)}
${sideSchemaSql(table, SQLITE_DIALECT)}`;

interface HolderRow {
  id: string;
  state: string;
  phase: string;
  dedupe_until: number;
  data: string;
}

export class SqliteJobStore implements JobStore {
  private db: BetterSqlite3.Database | null = null;
  private readonly inflight = new InflightTracker();
  private readonly table: string;

  constructor(
    private readonly Database: typeof BetterSqlite3,
    private readonly options: SqliteStoreOptions,
  ) {
    this.table = options.table;
  }

  async init(): Promise<void> {
    if (this.db) return;
    if (this.options.path !== ':memory:') mkdirSync(dirname(this.options.path), { recursive: true });
    const db = new this.Database(this.options.path, { timeout: this.options.busyTimeoutMs ?? 5000 });
    try {
      await openWithRetry(() => {
        db.pragma(`busy_timeout = ${this.options.busyTimeoutMs ?? 5000}`);
        db.pragma('journal_mode = WAL');
        db.pragma(`synchronous = ${this.options.synchronous ?? 'NORMAL'}`);
        db.transaction(() => db.exec(schema(this.table))).immediate();
      });
    } catch (err) {
      db.close();
      throw err;
    }
    this.db = db;
  }

  private handle(): BetterSqlite3.Database {
    if (!this.db) throw new JobStoreError('STORE_CLOSED', 'the job store is not open: call init() first');
    return this.db;
  }

  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  /** Prepared once per SQL text: a status poll is a get + update, and preparing costs as much as running. */
  private sql(text: string): BetterSqlite3.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.handle().prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  create(record: JobRecord, now: number, lease?: Omit<Lease, 'id'>): Promise<CreateOutcome> {
    return this.inflight.run(async () => {
      const db = this.handle();
      const insert = (): void => {
        if (lease) this.run(claimLeaseSql(this.table, () => '?', { id: record.id, ...lease }, now));
        this.sql(
          `INSERT INTO ${this.table} (id, family, state, phase, partition_key, holder_key, dedupe_until, created_at, expires_at, version, data)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          record.id,
          record.family,
          record.state,
          record.phase,
          record.partition,
          record.dedupeKey,
          record.dedupeUntil,
          record.createdAt,
          record.expiresAt,
          record.version,
          serializeRecord(record),
        );
      };
      if (record.dedupeKey === null) {
        if (lease) db.transaction(insert).immediate();
        else insert();
        return { created: true, record };
      }
      const claim = db.transaction((): CreateOutcome => {
        const holder = this.sql(
          `SELECT id, state, phase, dedupe_until, data FROM ${this.table} WHERE partition_key = ? AND holder_key = ?`,
        ).get(record.partition, record.dedupeKey) as HolderRow | undefined;
        if (holder) {
          const live = isDedupeTarget(
            { state: holder.state as JobRecord['state'], phase: holder.phase as JobRecord['phase'], dedupeUntil: holder.dedupe_until },
            now,
          );
          if (live) return { created: false, existing: parseRecord(holder.data) };
          this.sql(`UPDATE ${this.table} SET holder_key = NULL WHERE id = ?`).run(holder.id);
        }
        insert();
        return { created: true, record };
      });
      return claim.immediate();
    });
  }

  get(id: string): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const row = this.sql(`SELECT data FROM ${this.table} WHERE id = ?`).get(id) as { data: string } | undefined;
      return row ? parseRecord(row.data) : null;
    });
  }

  update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const row = this.sql(`SELECT data FROM ${this.table} WHERE id = ?`).get(id) as { data: string } | undefined;
      if (!row) return null;
      const current = parseRecord(row.data);
      if (current.version !== expectedVersion) return null;
      const next = applyPatch(current, patch, now);
      // The version condition makes read-then-write safe without holding a lock across both.
      const result = this.sql(
        `UPDATE ${this.table} SET state = ?, phase = ?, partition_key = ?, dedupe_until = ?, expires_at = ?, version = ?, data = ?,
             holder_key = CASE WHEN ? THEN NULL ELSE holder_key END
           WHERE id = ? AND version = ?`,
      ).run(
        next.state,
        next.phase,
        next.partition,
        next.dedupeUntil,
        next.expiresAt,
        next.version,
        serializeRecord(next),
        releasesKey(current, patch) ? 1 : 0,
        id,
        expectedVersion,
      );
      return result.changes === 1 ? next : null;
    });
  }

  findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const row = this.sql(`SELECT data FROM ${this.table} WHERE partition_key = ? AND holder_key = ?`).get(partition, dedupeKey) as
        | { data: string }
        | undefined;
      return row ? parseRecord(row.data) : null;
    });
  }

  list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }> {
    return this.inflight.run(async () => {
      const { text, params, limit } = buildListSql(this.table, query, () => '?');
      const rows = this.sql(text).all(...params) as Array<{ data: string }>;
      return toPage(
        rows.map((row) => parseRecord(row.data)),
        limit,
      );
    });
  }

  expire(now: number): Promise<number> {
    return this.inflight.run(async () => {
      const sweep = this.handle().transaction((): number => {
        this.run(expireLeasesSql(this.table, () => '?', now));
        for (const side of expireSideSql(this.table, SQLITE_DIALECT, now)) this.run(side);
        return this.sql(`DELETE FROM ${this.table} WHERE expires_at <= ?`).run(now).changes;
      });
      return sweep.immediate();
    });
  }

  private run(statement: { text: string; params: Array<string | number | Buffer> }): number {
    return this.sql(statement.text).run(...statement.params).changes;
  }

  claimLease(id: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.inflight.run(async () => this.run(claimLeaseSql(this.table, () => '?', { id, owner, until }, now)) === 1);
  }

  renewLease(id: string, owner: string, until: number): Promise<boolean> {
    return this.inflight.run(async () => this.run(renewLeaseSql(this.table, () => '?', { id, owner, until })) === 1);
  }

  releaseLease(id: string, owner: string): Promise<void> {
    return this.inflight.run(async () => {
      this.run(releaseLeaseSql(this.table, () => '?', id, owner));
    });
  }

  expiredLeases(now: number, limit: number): Promise<Lease[]> {
    return this.inflight.run(async () => {
      const { text, params } = expiredLeasesSql(this.table, () => '?', now, Math.max(1, Math.floor(limit)));
      return (this.sql(text).all(...params) as LeaseRow[]).map(toLease);
    });
  }

  stats(): Promise<StoreStats> {
    return this.inflight.run(async () => toStats(this.sql(statsSql(this.table)).all() as StatsRow[]));
  }

  putBlob(key: string, data: Buffer, expiresAt: number): Promise<void> {
    return this.inflight.run(async () => {
      this.run(putBlobSql(this.table, SQLITE_DIALECT, key, data, expiresAt));
    });
  }

  readBlob(key: string, offset: number, length: number, now: number): Promise<{ data: Buffer; size: number } | null> {
    return this.inflight.run(async () => {
      const { text, params } = readBlobSql(this.table, SQLITE_DIALECT, key, offset, length, now);
      return toBlob(this.sql(text).get(...params) as BlobRow | undefined);
    });
  }

  holdUntil(key: string, until: number): Promise<void> {
    return this.inflight.run(async () => {
      this.run(holdUntilSql(this.table, SQLITE_DIALECT, key, until));
    });
  }

  heldUntil(key: string, now: number): Promise<number> {
    return this.inflight.run(async () => {
      const { text, params } = heldUntilSql(this.table, SQLITE_DIALECT, key, now);
      const row = this.sql(text).get(...params) as { hold_until: number } | undefined;
      return row ? Number(row.hold_until) : 0;
    });
  }

  async close(): Promise<void> {
    await this.inflight.drain();
    this.statements.clear();
    this.db?.close();
    this.db = null;
  }
}

/**
 * Two replicas opening a brand-new file at the same moment race to switch it to WAL, which needs an exclusive
 * lock that SQLite may refuse with SQLITE_BUSY without waiting on busy_timeout. Every step is idempotent, so
 * it is retried a few times with a growing pause (about 3 s in all) before the error reaches the caller.
 */
async function openWithRetry(steps: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      steps();
      return;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') && !code.startsWith('SQLITE_LOCKED')) throw err;
      if (attempt >= 7) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
  }
}
