/**
 * The store registry: how each backend of defaults.ts's STORE_BACKEND_INFO is opened. Drivers are imported on
 * demand, so a server on the SQLite default never loads ioredis or pg, and one on Redis/PostgreSQL does not need
 * better-sqlite3's native addon. Keyed by StoreKind: a backend added to the table fails to compile here until
 * it says how it opens.
 */

import type { StoreKind } from '../defaults.js';
import { importDriver } from './drivers.js';
import { redisPrefix, type StoreTarget, tableName } from './storeUrl.js';
import type { JobStore } from './types.js';

type TargetOf<K extends StoreKind> = Extract<StoreTarget, { kind: K }>;

export const STORE_BACKENDS: { readonly [K in StoreKind]: (target: TargetOf<K>) => Promise<JobStore> } = {
  async sqlite(target) {
    const { default: Database } = await importDriver('sqlite', () => import('better-sqlite3'));
    const { SqliteJobStore } = await import('./sqlite.js');
    return new SqliteJobStore(Database, { path: target.path, synchronous: target.synchronous, table: tableName(target.namespace) });
  },
  async redis(target) {
    const { Redis } = await importDriver('redis', () => import('ioredis'));
    const { RedisJobStore } = await import('./redis.js');
    // lazyConnect: init() connects, so a wrong URL fails at startup with a clear error, not on the first call.
    const client = new Redis(target.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    return new RedisJobStore(client, redisPrefix(target.namespace));
  },
  async postgres(target) {
    const { default: pg } = await importDriver('postgres', () => import('pg'));
    const { PostgresJobStore } = await import('./postgres.js');
    // A connect timeout, because a blackholed address would otherwise hang startup forever.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    return new PostgresJobStore(pool, tableName(target.namespace));
  },
};

/** Opens (without initialising) the backend the target names. */
export function createBackend<K extends StoreKind>(target: TargetOf<K>): Promise<JobStore> {
  // TypeScript cannot correlate the key with the target's union member; the mapped type above guarantees it.
  const open = STORE_BACKENDS[target.kind as K] as (target: TargetOf<K>) => Promise<JobStore>;
  return open(target);
}
