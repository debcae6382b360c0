/**
 * The job-store backends an e2e test runs its servers on: SQLite in a fresh temp folder always; Redis and
 * PostgreSQL when TEST_REDIS_URL / TEST_POSTGRES_URL are set, and required (a failing test, not a skip) when
 * CI=true, since .ci/run starts them (scripts/services.sh).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { STORE_KINDS, type StoreKind } from '../../templates/runtime/defaults.js';

export interface StoreBackend {
  name: StoreKind;
  env: string | null;
  /** A store URL, or undefined when the service is not configured here. */
  url(): string | undefined;
}

/**
 * `prefix` names the SQLite temp folder; `namespace` (optional) separates this file's rows in the shared Redis and
 * PostgreSQL stores from another file's that run the same server at the same time.
 */
export function storeBackends(prefix: string, namespace?: string): StoreBackend[] {
  const scoped = (url: string | undefined) => (url && namespace ? `${url}${url.includes('?') ? '&' : '?'}namespace=${namespace}` : url);
  // One per row of the runtime's backend table: a new backend fails to compile here until it has a set-up.
  const byKind: Readonly<Record<StoreKind, Omit<StoreBackend, 'name'>>> = {
    sqlite: { env: null, url: () => join(mkdtempSync(join(tmpdir(), `${prefix}-`)), 'jobs.sqlite') },
    redis: { env: 'TEST_REDIS_URL', url: () => scoped(process.env.TEST_REDIS_URL) },
    postgres: { env: 'TEST_POSTGRES_URL', url: () => scoped(process.env.TEST_POSTGRES_URL) },
  };
  return STORE_KINDS.map((name) => ({ name, ...byKind[name] }));
}

/** Inside the backend's describe: fails under CI when its service is missing, instead of silently skipping. */
export function requireBackendInCi(backend: StoreBackend, storeUrl: string | undefined): void {
  it.runIf(!storeUrl && process.env.CI === 'true')(`${backend.env} is set (CI must run every backend)`, () => {
    expect.fail(`${backend.env} is not set; .ci/run must start the service (scripts/services.sh start)`);
  });
}
