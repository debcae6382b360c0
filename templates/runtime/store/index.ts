/**
 * Opens the job store that JOB_STORE_URL selects (see storeUrl.ts for the URL forms). Drivers are imported on
 * demand, so a server on the SQLite default never loads ioredis or pg (optional dependencies: drivers.ts says
 * what to install when one is missing), and one on Redis/PostgreSQL does not need better-sqlite3's native addon.
 */

import { importDriver } from './drivers.js';
import type { StoreTarget } from './storeUrl.js';
import { parseStoreUrl, redactUrl, redisPrefix, tableName } from './storeUrl.js';
import { sweepInterval as defaultSweepInterval, withSweeper } from './sweeper.js';
import type { JobStore } from './types.js';

export { DEFAULT_RETENTION_MS, DEFAULT_SQLITE_FILE } from '../defaults.js';
export { isDedupeTarget, JobStoreError } from './recordRules.js';
export type { StoreTarget } from './storeUrl.js';
export { parseStoreUrl, positiveMs } from './storeUrl.js';
export type * from './types.js';

export interface OpenStoreOptions {
  /** Drives the background expiry sweep (a tenth of it, 1 s to 10 min). Default: no sweep. */
  retentionMs?: number;
  /** Overrides the sweep interval; 0 disables the sweep. */
  sweepIntervalMs?: number;
  /** Base for a relative SQLite path; default process.cwd(). */
  cwd?: string;
  /** Called when a background sweep fails (the next tick retries). Default: ignore. */
  onSweepError?: (error: unknown) => void;
  /** The clock the sweep compares expiresAt with; pass the server's own clock (tests fake it). Default Date.now. */
  now?: () => number;
}

async function createBackend(target: StoreTarget): Promise<JobStore> {
  switch (target.kind) {
    case 'sqlite': {
      const { default: Database } = await importDriver('sqlite', () => import('better-sqlite3'));
      const { SqliteJobStore } = await import('./sqlite.js');
      return new SqliteJobStore(Database, { path: target.path, synchronous: target.synchronous, table: tableName(target.namespace) });
    }
    case 'redis': {
      const { Redis } = await importDriver('redis', () => import('ioredis'));
      const { RedisJobStore } = await import('./redis.js');
      // lazyConnect: init() connects, so a wrong URL fails at startup with a clear error, not on the first call.
      const client = new Redis(target.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
      return new RedisJobStore(client, redisPrefix(target.namespace));
    }
    case 'postgres': {
      const { default: pg } = await importDriver('postgres', () => import('pg'));
      const { PostgresJobStore } = await import('./postgres.js');
      // A connect timeout, because a blackholed address would otherwise hang startup forever.
      const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
      return new PostgresJobStore(pool, tableName(target.namespace));
    }
  }
}

/**
 * Opens and initialises the store for `url` (normally process.env.JOB_STORE_URL). Unset → SQLite file
 * `./.mcp-jobs.sqlite`. Fails with a JobStoreError (code STORE_BAD_URL / STORE_DRIVER_MISSING) or the
 * driver's connection error, with any password in the URL redacted.
 */
export async function openStore(url: string | undefined, options: OpenStoreOptions = {}): Promise<JobStore> {
  const target = parseStoreUrl(url, options.cwd ?? process.cwd());
  const store = await createBackend(target);
  try {
    await store.init();
  } catch (error) {
    await store.close().catch(() => undefined);
    const where = target.kind === 'sqlite' ? target.path : redactUrl(target.url);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`job store ${target.kind} at ${where} could not be opened: ${reason}`, { cause: error });
  }
  const interval = options.sweepIntervalMs ?? (options.retentionMs ? defaultSweepInterval(options.retentionMs) : 0);
  if (interval <= 0) return store;
  return withSweeper(store, interval, options.onSweepError ?? (() => undefined), options.now ?? Date.now);
}
