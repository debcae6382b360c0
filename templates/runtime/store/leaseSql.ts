/**
 * Leases and store statistics for the two SQL backends (they differ only in placeholder syntax). A lease row
 * lives in `<table>_leases`, beside the job row: renewing it never touches the job's version, and the
 * table is created on first use like the jobs table, so existing stores need no migration.
 */
import type { CanonicalState } from '../definition.js';
import type { Lease, StoreStats } from './types.js';

export interface Sql {
  text: string;
  params: Array<string | number>;
}

type Placeholder = (n: number) => string;

/** Builds a statement whose parameters are numbered in order of appearance (SQLite `?`, PostgreSQL `$n`). */
function statement(placeholder: Placeholder, build: (param: (value: string | number) => string) => string): Sql {
  const params: Array<string | number> = [];
  const text = build((value) => {
    params.push(value);
    return placeholder(params.length);
  });
  return { text, params };
}

export function leaseTable(table: string): string {
  return `${table}_leases`;
}

export function leaseSchemaSql(table: string): string {
  const leases = leaseTable(table);
  return `CREATE TABLE IF NOT EXISTS ${leases} (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  lease_until BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS ${leases}_until ON ${leases} (lease_until);
`;
}

/**
 * The conditional claim in one statement: insert, or take over a lapsed lease, or refresh our own. The
 * upsert's WHERE is evaluated on the row as it is when the statement gets it (PostgreSQL locks it first), so
 * of two concurrent claimers of a lapsed lease exactly one changes a row.
 */
export function claimLeaseSql(table: string, placeholder: Placeholder, lease: Lease, now: number): Sql {
  const leases = leaseTable(table);
  return statement(
    placeholder,
    (p) => `INSERT INTO ${leases} (id, owner_id, lease_until) VALUES (${p(lease.id)}, ${p(lease.owner)}, ${p(lease.until)})
  ON CONFLICT (id) DO UPDATE SET owner_id = excluded.owner_id, lease_until = excluded.lease_until
  WHERE ${leases}.lease_until <= ${p(now)} OR ${leases}.owner_id = ${p(lease.owner)}`,
  );
}

export function renewLeaseSql(table: string, placeholder: Placeholder, lease: Lease): Sql {
  return statement(
    placeholder,
    (p) => `UPDATE ${leaseTable(table)} SET lease_until = ${p(lease.until)} WHERE id = ${p(lease.id)} AND owner_id = ${p(lease.owner)}`,
  );
}

export function releaseLeaseSql(table: string, placeholder: Placeholder, id: string, owner: string): Sql {
  return statement(placeholder, (p) => `DELETE FROM ${leaseTable(table)} WHERE id = ${p(id)} AND owner_id = ${p(owner)}`);
}

export function expiredLeasesSql(table: string, placeholder: Placeholder, now: number, limit: number): Sql {
  return statement(
    placeholder,
    (p) =>
      `SELECT id, owner_id, lease_until FROM ${leaseTable(table)} WHERE lease_until <= ${p(now)} ORDER BY lease_until, id LIMIT ${p(limit)}`,
  );
}

/** Leases of records about to expire go first (a lease never outlives its record). */
export function expireLeasesSql(table: string, placeholder: Placeholder, now: number): Sql {
  return statement(
    placeholder,
    (p) => `DELETE FROM ${leaseTable(table)} WHERE id IN (SELECT id FROM ${table} WHERE expires_at <= ${p(now)})`,
  );
}

export interface LeaseRow {
  id: string;
  owner_id: string;
  lease_until: number | string;
}

export function toLease(row: LeaseRow): Lease {
  return { id: row.id, owner: row.owner_id, until: Number(row.lease_until) };
}

/** One scan gives both figures: counts per (family, state) and the oldest created_at of each group. */
export function statsSql(table: string): string {
  return `SELECT family, state, COUNT(*) AS n, MIN(created_at) AS oldest FROM ${table} GROUP BY family, state`;
}

export interface StatsRow {
  family: string;
  state: string;
  n: number | string;
  oldest: number | string | null;
}

const ACTIVE: readonly string[] = ['queued', 'running'];

export function toStats(rows: StatsRow[]): StoreStats {
  let oldest: number | null = null;
  const byFamilyState = rows.map((row) => {
    if (ACTIVE.includes(row.state) && row.oldest !== null) {
      const at = Number(row.oldest);
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
    return { family: row.family, state: row.state as CanonicalState, count: Number(row.n) };
  });
  byFamilyState.sort((a, b) => (a.family === b.family ? a.state.localeCompare(b.state) : a.family.localeCompare(b.family)));
  return { byFamilyState, oldestActiveCreatedAt: oldest };
}
