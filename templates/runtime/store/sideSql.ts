/**
 * The side tables of the two SQL backends: `<table>_blobs` (large results kept by reference, read by byte
 * range) and `<table>_holds` (an upstream credential's rate-limit pause, shared by replicas). Like the lease
 * table they are created on first use beside the jobs table, so existing stores need no migration, and they
 * differ between SQLite and PostgreSQL only in the binary column type, the larger-of function and placeholders.
 */
export interface SqlDialect {
  placeholder: (n: number) => string;
  /** `BLOB` (SQLite) or `BYTEA` (PostgreSQL). */
  binary: string;
  /** `max` (SQLite's two-argument scalar) or `GREATEST` (PostgreSQL). */
  larger: string;
}

export const SQLITE_DIALECT: SqlDialect = { placeholder: () => '?', binary: 'BLOB', larger: 'max' };
export const POSTGRES_DIALECT: SqlDialect = { placeholder: (n) => `$${n}`, binary: 'BYTEA', larger: 'GREATEST' };

type Value = string | number | Buffer;

function statement(dialect: SqlDialect, build: (param: (value: Value) => string) => string): { text: string; params: Value[] } {
  const params: Value[] = [];
  const text = build((value) => {
    params.push(value);
    return dialect.placeholder(params.length);
  });
  return { text, params };
}

const blobs = (table: string): string => `${table}_blobs`;
const holds = (table: string): string => `${table}_holds`;

export function sideSchemaSql(table: string, dialect: SqlDialect): string {
  return `CREATE TABLE IF NOT EXISTS ${blobs(table)} (
  id TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL,
  size BIGINT NOT NULL,
  data ${dialect.binary} NOT NULL
);
CREATE INDEX IF NOT EXISTS ${blobs(table)}_expires ON ${blobs(table)} (expires_at);
CREATE TABLE IF NOT EXISTS ${holds(table)} (
  id TEXT PRIMARY KEY,
  hold_until BIGINT NOT NULL
);
`;
}

export function putBlobSql(table: string, dialect: SqlDialect, key: string, data: Buffer, expiresAt: number) {
  return statement(
    dialect,
    (p) => `INSERT INTO ${blobs(table)} (id, expires_at, size, data) VALUES (${p(key)}, ${p(expiresAt)}, ${p(data.length)}, ${p(data)})
  ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at, size = excluded.size, data = excluded.data`,
  );
}

/** SQLite's substr and PostgreSQL's substring both count bytes on binary values, from 1. */
export function readBlobSql(table: string, dialect: SqlDialect, key: string, offset: number, length: number, now: number) {
  return statement(dialect, (p) => {
    // Parameters in order of appearance (SQLite's `?` are positional).
    const part =
      dialect.binary === 'BYTEA'
        ? `substring(data from ${p(offset + 1)} for ${p(length)})`
        : `substr(data, ${p(offset + 1)}, ${p(length)})`;
    return `SELECT size, ${part} AS part FROM ${blobs(table)} WHERE id = ${p(key)} AND expires_at > ${p(now)}`;
  });
}

export interface BlobRow {
  size: number | string;
  part: Buffer | Uint8Array | null;
}

export function toBlob(row: BlobRow | undefined): { data: Buffer; size: number } | null {
  if (!row) return null;
  return { data: row.part ? Buffer.from(row.part) : Buffer.alloc(0), size: Number(row.size) };
}

export function holdUntilSql(table: string, dialect: SqlDialect, key: string, until: number) {
  return statement(
    dialect,
    (p) => `INSERT INTO ${holds(table)} (id, hold_until) VALUES (${p(key)}, ${p(until)})
  ON CONFLICT (id) DO UPDATE SET hold_until = ${dialect.larger}(${holds(table)}.hold_until, excluded.hold_until)`,
  );
}

export function heldUntilSql(table: string, dialect: SqlDialect, key: string, now: number) {
  return statement(dialect, (p) => `SELECT hold_until FROM ${holds(table)} WHERE id = ${p(key)} AND hold_until > ${p(now)}`);
}

/** Lapsed blobs and holds go with the retention sweep. */
export function expireSideSql(table: string, dialect: SqlDialect, now: number): Array<{ text: string; params: Value[] }> {
  return [
    statement(dialect, (p) => `DELETE FROM ${blobs(table)} WHERE expires_at <= ${p(now)}`),
    statement(dialect, (p) => `DELETE FROM ${holds(table)} WHERE hold_until <= ${p(now)}`),
  ];
}
