/**
 * PostgreSQL backend: every replica pointed at the same database serves the same jobs.
 *
 * The dedupe claim is a partial unique index on (partition_key, holder_key), so duplicates are refused by the
 * database, never by a check-then-insert. `INSERT … ON CONFLICT DO NOTHING` makes a concurrent duplicate wait
 * for the first insert's transaction and then back off. Taking a key over from a lapsed or dead holder is a
 * conditional release plus insert in one transaction; if another start wins the race the loop reads the winner.
 */
import type { Pool } from 'pg';
import { InflightTracker } from './inflight.js';
import {
  claimLeaseSql,
  expiredLeasesSql,
  type LeaseRow,
  leaseSchemaSql,
  leaseTable,
  releaseLeaseSql,
  renewLeaseSql,
  type StatsRow,
  statsSql,
  toLease,
  toStats,
} from './leaseSql.js';
import { buildListSql, indexSql, toPage } from './listSql.js';
import { ReadBatch } from './readBatch.js';
import { RecentRecords } from './recentRecords.js';
import { applyPatch, isDedupeTarget, JobStoreError, parseRecord, releasesKey, serializeRecord } from './recordRules.js';
import {
  type BlobRow,
  expireSideSql,
  heldUntilSql,
  holdUntilSql,
  POSTGRES_DIALECT,
  putBlobSql,
  readBlobSql,
  sideSchemaSql,
  toBlob,
} from './sideSql.js';
import type { CreateOutcome, JobPatch, JobRecord, JobStore, Lease, ListQuery, StoreStats } from './types.js';

const schema = (table: string): string => `
CREATE TABLE IF NOT EXISTS ${table} (
  id TEXT COLLATE "C" PRIMARY KEY,
  family TEXT NOT NULL,
  state TEXT NOT NULL,
  phase TEXT NOT NULL,
  partition_key TEXT NOT NULL,
  holder_key TEXT,
  dedupe_until BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  version INTEGER NOT NULL,
  data TEXT NOT NULL
);
${indexSql(table)}
${leaseSchemaSql(table)}
${sideSchemaSql(table, POSTGRES_DIALECT)}`;

/** Serialises schema creation between replicas starting together (CREATE … IF NOT EXISTS races otherwise). */
const SCHEMA_LOCK = 0x6d63706a; // "mcpj"

const insertSql = (
  table: string,
): string => `INSERT INTO ${table} (id, family, state, phase, partition_key, holder_key, dedupe_until, created_at, expires_at, version, data)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;
const insertClaimSql = (table: string): string =>
  `${insertSql(table)} ON CONFLICT (partition_key, holder_key) WHERE holder_key IS NOT NULL DO NOTHING RETURNING id`;
/**
 * An insert (ending in `RETURNING id`) that also writes the job's lease, in one statement: the lease exists
 * exactly when the job row was inserted. Parameters $12/$13 are the lease's owner and until.
 */
const withLeaseSql = (table: string, insert: string): string => `WITH ins AS (${insert})
  INSERT INTO ${leaseTable(table)} (id, owner_id, lease_until) SELECT id, $12, $13 FROM ins
  ON CONFLICT (id) DO UPDATE SET owner_id = excluded.owner_id, lease_until = excluded.lease_until
  RETURNING id`;
/** The negation of isDedupeTarget, in SQL, so the release only happens if the holder is still dead/lapsed. */
const releaseDeadHolderSql = (table: string): string => `UPDATE ${table} SET holder_key = NULL
  WHERE id = $1 AND holder_key = $2
    AND (dedupe_until <= $3 OR (state IN ('failed', 'cancelled') AND phase NOT IN ('interrupted', 'unknown')) OR phase = 'rejected')`;

/** Enough for any realistic contention; each round makes progress unless the holder keeps changing. */
const MAX_CLAIM_ROUNDS = 20;

interface HolderRow {
  id: string;
  state: string;
  phase: string;
  dedupe_until: string;
  data: string;
}

export class PostgresJobStore implements JobStore {
  private readonly inflight = new InflightTracker();
  private ready: Promise<void> | null = null;
  private readonly recent = new RecentRecords();
  /** Concurrent reads by id go out together (store/readBatch.ts): one statement for a round's status calls. */
  private readonly reads = new ReadBatch((ids) => this.readMany(ids));

  /** `table`: see `tableName`; lets several servers share one database without seeing each other's jobs. */
  constructor(
    private readonly pool: Pool,
    private readonly table: string,
  ) {
    // An idle client losing its connection must not crash the server; the next query reports the failure.
    pool.on('error', () => undefined);
  }

  init(): Promise<void> {
    this.ready ??= (async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        await client.query(schema(this.table));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        this.ready = null;
        throw error;
      } finally {
        client.release();
      }
    })();
    return this.ready;
  }

  private values(record: JobRecord): unknown[] {
    return [
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
    ];
  }

  /** The insert statement and its values: with the dedupe claim or without, with the lease or without. */
  private insert(record: JobRecord, claim: boolean, lease?: Omit<Lease, 'id'>): { text: string; values: unknown[] } {
    const base = claim ? insertClaimSql(this.table) : `${insertSql(this.table)} RETURNING id`;
    if (!lease) return { text: base, values: this.values(record) };
    return { text: withLeaseSql(this.table, base), values: [...this.values(record), lease.owner, lease.until] };
  }

  create(record: JobRecord, now: number, lease?: Omit<Lease, 'id'>): Promise<CreateOutcome> {
    return this.inflight.run(async () => {
      if (record.dedupeKey === null) {
        const plain = this.insert(record, false, lease);
        await this.pool.query(plain.text, plain.values);
        return { created: true, record };
      }
      const claiming = this.insert(record, true, lease);
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
        const inserted = await this.pool.query(claiming.text, claiming.values);
        if (inserted.rowCount === 1) {
          this.recent.remember(record);
          return { created: true, record };
        }
        const holder = await this.holder(record.partition, record.dedupeKey);
        if (!holder) continue; // released between our insert and read: try again
        const live = isDedupeTarget(
          {
            state: holder.state as JobRecord['state'],
            phase: holder.phase as JobRecord['phase'],
            dedupeUntil: Number(holder.dedupe_until),
          },
          now,
        );
        if (live) return { created: false, existing: parseRecord(holder.data) };
        if (await this.takeOver(holder.id, record, now, claiming)) {
          this.recent.remember(record);
          return { created: true, record };
        }
      }
      throw new JobStoreError('STORE_CONFLICT_LOOP', `could not claim dedupe key after ${MAX_CLAIM_ROUNDS} rounds`);
    });
  }

  private async holder(partition: string, dedupeKey: string): Promise<HolderRow | null> {
    const result = await this.pool.query<HolderRow>(
      `SELECT id, state, phase, dedupe_until, data FROM ${this.table} WHERE partition_key = $1 AND holder_key = $2`,
      [partition, dedupeKey],
    );
    return result.rows[0] ?? null;
  }

  /** Release + insert in one transaction: either both happen or the dead holder keeps its (dead) claim. */
  private async takeOver(
    holderId: string,
    record: JobRecord,
    now: number,
    claiming: { text: string; values: unknown[] },
  ): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const released = await client.query(releaseDeadHolderSql(this.table), [holderId, record.dedupeKey, now]);
      const inserted = released.rowCount === 1 ? await client.query(claiming.text, claiming.values) : null;
      if (inserted?.rowCount === 1) {
        await client.query('COMMIT');
        return true;
      }
      await client.query('ROLLBACK');
      return false;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  get(id: string): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      return this.read(id);
    });
  }

  private async read(id: string): Promise<JobRecord | null> {
    const data = await this.reads.read(id);
    if (data === null) return null;
    const record = parseRecord(data);
    this.recent.remember(record, data);
    return record;
  }

  /** Named statements are parsed and planned once per connection: a poll is latency-bound. */
  private async readMany(ids: string[]): Promise<Array<string | null>> {
    const result = await this.pool.query<{ id: string; data: string }>({
      name: `${this.table}_get_many`,
      text: `SELECT id, data FROM ${this.table} WHERE id = ANY($1)`,
      values: [ids],
    });
    const byId = new Map(result.rows.map((row) => [row.id, row.data]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const record = this.recent.lookup(id, expectedVersion) ?? (await this.read(id));
      if (!record || record.version !== expectedVersion) return null;
      const next = applyPatch(record, patch, now);
      const json = serializeRecord(next);
      // The version condition makes read-then-write safe without a row lock held across both.
      const result = await this.pool.query({
        name: `${this.table}_update`,
        text: `UPDATE ${this.table} SET state = $1, phase = $2, partition_key = $3, dedupe_until = $4, expires_at = $5,
           version = $6, data = $7, holder_key = CASE WHEN $8 THEN NULL ELSE holder_key END
         WHERE id = $9 AND version = $10`,
        values: [
          next.state,
          next.phase,
          next.partition,
          next.dedupeUntil,
          next.expiresAt,
          next.version,
          json,
          releasesKey(record, patch),
          id,
          expectedVersion,
        ],
      });
      if (result.rowCount !== 1) {
        this.recent.forget(id);
        return null;
      }
      this.recent.remember(next, json);
      return next;
    });
  }

  findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null> {
    return this.inflight.run(async () => {
      const holder = await this.holder(partition, dedupeKey);
      return holder ? parseRecord(holder.data) : null;
    });
  }

  list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }> {
    return this.inflight.run(async () => {
      const { text, params, limit } = buildListSql(this.table, query, (n) => `$${n}`);
      const result = await this.pool.query<{ data: string }>(text, params);
      return toPage(
        result.rows.map((row) => parseRecord(row.data)),
        limit,
      );
    });
  }

  /** Records and their leases in one statement, so a lease never outlives its record. */
  expire(now: number): Promise<number> {
    return this.inflight.run(async () => {
      const result = await this.pool.query<{ n: string }>(
        `WITH gone AS (DELETE FROM ${this.table} WHERE expires_at <= $1 RETURNING id),
           leases AS (DELETE FROM ${leaseTable(this.table)} WHERE id IN (SELECT id FROM gone))
         SELECT COUNT(*) AS n FROM gone`,
        [now],
      );
      for (const side of expireSideSql(this.table, POSTGRES_DIALECT, now)) await this.pool.query(side.text, side.params);
      return Number(result.rows[0]?.n ?? 0);
    });
  }

  putBlob(key: string, data: Buffer, expiresAt: number): Promise<void> {
    return this.inflight.run(async () => {
      const { text, params } = putBlobSql(this.table, POSTGRES_DIALECT, key, data, expiresAt);
      await this.pool.query(text, params);
    });
  }

  readBlob(key: string, offset: number, length: number, now: number): Promise<{ data: Buffer; size: number } | null> {
    return this.inflight.run(async () => {
      const { text, params } = readBlobSql(this.table, POSTGRES_DIALECT, key, offset, length, now);
      return toBlob((await this.pool.query<BlobRow>(text, params)).rows[0]);
    });
  }

  holdUntil(key: string, until: number): Promise<void> {
    return this.inflight.run(async () => {
      const { text, params } = holdUntilSql(this.table, POSTGRES_DIALECT, key, until);
      await this.pool.query(text, params);
    });
  }

  heldUntil(key: string, now: number): Promise<number> {
    return this.inflight.run(async () => {
      const { text, params } = heldUntilSql(this.table, POSTGRES_DIALECT, key, now);
      const row = (await this.pool.query<{ hold_until: string }>(text, params)).rows[0];
      return row ? Number(row.hold_until) : 0;
    });
  }

  private async count(statement: { text: string; params: Array<string | number> }): Promise<number> {
    return (await this.pool.query(statement.text, statement.params)).rowCount ?? 0;
  }

  claimLease(id: string, owner: string, until: number, now: number): Promise<boolean> {
    return this.inflight.run(async () => (await this.count(claimLeaseSql(this.table, (n) => `$${n}`, { id, owner, until }, now))) === 1);
  }

  renewLease(id: string, owner: string, until: number): Promise<boolean> {
    return this.inflight.run(async () => (await this.count(renewLeaseSql(this.table, (n) => `$${n}`, { id, owner, until }))) === 1);
  }

  releaseLease(id: string, owner: string): Promise<void> {
    return this.inflight.run(async () => {
      await this.count(releaseLeaseSql(this.table, (n) => `$${n}`, id, owner));
    });
  }

  expiredLeases(now: number, limit: number): Promise<Lease[]> {
    return this.inflight.run(async () => {
      const { text, params } = expiredLeasesSql(this.table, (n) => `$${n}`, now, Math.max(1, Math.floor(limit)));
      return (await this.pool.query<LeaseRow>(text, params)).rows.map(toLease);
    });
  }

  stats(): Promise<StoreStats> {
    return this.inflight.run(async () => toStats((await this.pool.query<StatsRow>(statsSql(this.table))).rows));
  }

  async close(): Promise<void> {
    await this.inflight.drain();
    this.recent.clear();
    await this.pool.end();
  }
}
