/**
 * Opens the job store that JOB_STORE_URL selects (see storeUrl.ts for the URL forms, backends.ts for how each
 * backend opens; drivers.ts says what to install when a driver is missing).
 */

import { createBackend } from './backends.js';
import { parseStoreUrl, redactUrl } from './storeUrl.js';
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
