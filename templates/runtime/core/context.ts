/** What every tool handler gets: the generated tables, the environment-derived settings and the I/O seams. */

import type { OperationSpec, SecuritySchemeSpec, ServerDefinition } from '../definition.js';
import type { JobStore } from '../store/types.js';
import type { RuntimeConfig } from './config.js';
import type { Lifecycle } from './lifecycle.js';
import type { Observer } from './observe.js';

/** The leases of work running in this process (jobs/leases.ts implements it). */
export interface WorkLeases {
  readonly owner: string;
  readonly leaseMs: number;
  /** The lease to write with a new record. */
  newLease(): { owner: string; until: number };
  holds(id: string): boolean;
  /** Renews the lease of `id` while `work` runs, releases it after. */
  run<T>(id: string, work: () => Promise<T>): Promise<T>;
}

export interface RuntimeContext {
  def: ServerDefinition;
  config: RuntimeConfig;
  /** Null when the definition has no job families (no store is opened then). */
  store: JobStore | null;
  fetch: typeof fetch;
  now(): number;
  operations: Map<string, OperationSpec>;
  lifecycle: Lifecycle;
  /** Credential partition of this server's jobs (a keyed hash of every configured credential). */
  partition: string;
  /** Leases of in-process work; absent: such work holds none (tests, servers without a store). */
  leases?: WorkLeases;
  /** Metrics and log; absent: nothing is reported. */
  observer?: Observer;
  /** A number in [0, 1) for the jitter of poll_after_ms (Math.random in a server); absent: no jitter. */
  random?: () => number;
  /**
   * When the current tool call's upstream round trips must have ended (Date.now() clock; jobs/callBudget.ts):
   * set for cancel and result, absent elsewhere.
   */
  deadline?: number;
}

/** Env var names that can authenticate an operation, for hints after a 401/403. */
export function credentialEnvNames(op: OperationSpec, schemes: SecuritySchemeSpec[]): string[] {
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  const names = new Set<string>();
  for (const alternative of op.security) {
    for (const key of alternative) for (const name of Object.values(byKey.get(key)?.env ?? {})) names.add(name);
  }
  return [...names];
}
