/**
 * The list query and indexes for the two SQL backends (they differ only in placeholder syntax), and the page split that
 * all three backends share: fetch one row more than asked to know whether a next page exists.
 */
import { decodeCursor, encodeCursor, pageSize } from './recordRules.js';
import type { JobRecord, ListQuery } from './types.js';

export interface ListSql {
  text: string;
  params: Array<string | number>;
  /** Page size actually used (the query fetches one more). */
  limit: number;
}

/**
 * The indexes of both SQL backends: the unique dedupe claim, and one per way the list query walks newest-first
 * (all, by family, by partition), plus the expiry sweep's. Same DDL in SQLite and PostgreSQL.
 */
export function indexSql(table: string): string {
  return `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_key ON ${table} (partition_key, holder_key) WHERE holder_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS ${table}_newest ON ${table} (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS ${table}_family ON ${table} (family, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS ${table}_partition ON ${table} (partition_key, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS ${table}_expires ON ${table} (expires_at);
`;
}

/** `placeholder(n)` renders the n-th (1-based) parameter: `?` for SQLite, `$n` for PostgreSQL. */
export function buildListSql(table: string, query: ListQuery, placeholder: (n: number) => string): ListSql {
  const where: string[] = [];
  const params: Array<string | number> = [];
  const param = (value: string | number): string => {
    params.push(value);
    return placeholder(params.length);
  };
  if (query.family !== undefined) where.push(`family = ${param(query.family)}`);
  if (query.state !== undefined) where.push(`state = ${param(query.state)}`);
  if (query.partition !== undefined) where.push(`partition_key = ${param(query.partition)}`);
  const after = decodeCursor(query.cursor);
  if (after) {
    // Keyset pagination on (created_at, id): stable while records are added or expire between pages.
    const createdAt = param(after.createdAt);
    const createdAtAgain = param(after.createdAt);
    where.push(`(created_at < ${createdAt} OR (created_at = ${createdAtAgain} AND id < ${param(after.id)}))`);
  }
  const limit = pageSize(query.limit);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const text = `SELECT data FROM ${table} ${filter} ORDER BY created_at DESC, id DESC LIMIT ${param(limit + 1)}`;
  return { text, params, limit };
}

/** Cuts the extra row off and turns the last record of the page into the next cursor. */
export function toPage(records: JobRecord[], limit: number): { jobs: JobRecord[]; nextCursor: string | null } {
  const jobs = records.slice(0, limit);
  const last = jobs[jobs.length - 1];
  return { jobs, nextCursor: records.length > limit && last ? encodeCursor(last) : null };
}
