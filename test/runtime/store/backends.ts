/**
 * The three backends the contract suite runs against. Redis and PostgreSQL come from TEST_REDIS_URL /
 * TEST_POSTGRES_URL (`eval "$(scripts/services.sh start)"`). Each suite gets its own namespace (table / key
 * prefix), so runs never see each other's records, and drops it afterwards.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { STORE_KINDS, type StoreKind } from '../../../templates/runtime/defaults.js';

export interface BackendUnderTest {
  name: StoreKind;
  /** Env var that must name the server; null for SQLite. */
  env: string | null;
  /** A fresh store URL in its own namespace, or null when the server is not configured. */
  freshUrl(): string | null;
  /** Removes whatever the URLs handed out created. */
  cleanup(): Promise<void>;
}

function namespace(): string {
  return `t_${randomBytes(5).toString('hex')}`;
}

function withNamespace(base: string, ns: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}namespace=${ns}`;
}

/** A URL in a namespace of its own, remembered in `used` for cleanup; null when the server is not configured. */
function freshNamespacedUrl(base: string | undefined, used: string[]): string | null {
  if (!base) return null;
  const ns = namespace();
  used.push(ns);
  return withNamespace(base, ns);
}

function sqliteBackend(): BackendUnderTest {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    env: null,
    freshUrl() {
      const dir = mkdtempSync(join(tmpdir(), 'jobstore-'));
      dirs.push(dir);
      return `sqlite:${join(dir, 'jobs.sqlite')}`;
    },
    async cleanup() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function redisBackend(): BackendUnderTest {
  const base = process.env.TEST_REDIS_URL;
  const used: string[] = [];
  return {
    name: 'redis',
    env: 'TEST_REDIS_URL',
    freshUrl: () => freshNamespacedUrl(base, used),
    async cleanup() {
      if (!base || used.length === 0) return;
      const { Redis } = await import('ioredis');
      const redis = new Redis(base);
      for (const ns of used.splice(0)) {
        const keys = await redis.keys(`{${ns}}:*`);
        if (keys.length > 0) await redis.del(...keys);
      }
      await redis.quit();
    },
  };
}

function postgresBackend(): BackendUnderTest {
  const base = process.env.TEST_POSTGRES_URL;
  const used: string[] = [];
  return {
    name: 'postgres',
    env: 'TEST_POSTGRES_URL',
    freshUrl: () => freshNamespacedUrl(base, used),
    async cleanup() {
      if (!base || used.length === 0) return;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      for (const ns of used.splice(0)) {
        for (const table of ['jobs', 'jobs_leases', 'jobs_blobs', 'jobs_holds']) await client.query(`DROP TABLE IF EXISTS ${ns}_${table}`);
      }
      await client.end();
    },
  };
}

/** One per row of the runtime's backend table: a new backend fails to compile here until it has a test set-up. */
const UNDER_TEST: Readonly<Record<StoreKind, () => BackendUnderTest>> = {
  sqlite: sqliteBackend,
  redis: redisBackend,
  postgres: postgresBackend,
};

export const BACKENDS: BackendUnderTest[] = STORE_KINDS.map((kind) => UNDER_TEST[kind]());

/**
 * A backend whose server is not configured: in CI that is a failure (a silently skipped backend is an
 * untested one), locally a loud skip.
 */
export function missingServerMessage(backend: BackendUnderTest): string {
  return `${backend.name} store contract tests need ${backend.env}: run  eval "$(scripts/services.sh start)"  first`;
}

/**
 * Inside `describe.each(BACKENDS)`: whether the backend's server is configured. When it is not, the suite gets the one
 * test that says so (a failure in CI, a loud skip locally) and should add nothing else.
 */
export function backendReady(backend: BackendUnderTest): boolean {
  if (backend.env === null || process.env[backend.env]) return true;
  if (process.env.CI) {
    it(`has ${backend.env} (required in CI)`, () => {
      throw new Error(missingServerMessage(backend));
    });
  } else it.skip(missingServerMessage(backend), () => undefined);
  return false;
}
