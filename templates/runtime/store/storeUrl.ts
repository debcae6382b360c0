/**
 * Reading the store's environment: which backend JOB_STORE_URL selects, and how long records are kept.
 * Pure functions (no I/O) so every URL form is unit-tested without a database.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SQLITE_FILE, STORE_BACKEND_INFO, STORE_KINDS, type StoreKind } from '../defaults.js';
import { JobStoreError } from './recordRules.js';

export type StoreTarget =
  | { kind: 'sqlite'; path: string; synchronous: 'NORMAL' | 'FULL'; namespace: string | null }
  | { kind: 'redis'; url: string; namespace: string | null }
  | { kind: 'postgres'; url: string; namespace: string | null };

const NAMESPACE = /^[a-z][a-z0-9_]{0,30}$/;

/** URL scheme → backend, from the registry table. */
const BACKEND_OF_SCHEME: ReadonlyMap<string, StoreKind> = new Map(
  STORE_KINDS.flatMap((kind) => STORE_BACKEND_INFO[kind].schemes.map((scheme): [string, StoreKind] => [scheme, kind])),
);

/** The URL with any password replaced, for messages: a store URL often carries credentials. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@');
}

/** Splits off the options this module understands (`namespace`, `synchronous`) and keeps the rest for the driver. */
function splitQuery(url: string): { base: string; own: URLSearchParams } {
  const at = url.indexOf('?');
  if (at < 0) return { base: url, own: new URLSearchParams() };
  const params = new URLSearchParams(url.slice(at + 1));
  const own = new URLSearchParams();
  for (const name of ['namespace', 'synchronous']) {
    const value = params.get(name);
    if (value !== null) own.set(name, value);
    params.delete(name);
  }
  const rest = params.toString();
  return { base: url.slice(0, at) + (rest ? `?${rest}` : ''), own };
}

function readNamespace(own: URLSearchParams, url: string): string | null {
  const namespace = own.get('namespace');
  if (namespace === null) return null;
  if (!NAMESPACE.test(namespace)) {
    throw new JobStoreError('STORE_BAD_URL', `JOB_STORE_URL ${redactUrl(url)}: namespace must match ${NAMESPACE.source}`);
  }
  return namespace;
}

/**
 * Which backend a JOB_STORE_URL selects (the schemes are the registry's, defaults.ts STORE_BACKEND_INFO).
 * Unset or empty: the SQLite file `.mcp-jobs.sqlite` in `cwd`.
 * `sqlite:/abs/path`, `sqlite:///abs/path`, `sqlite:rel/path`, `file:///abs/path`, `file:rel/path` or a
 * plain path: SQLite. `redis://`, `rediss://`: Redis. `postgres://`, `postgresql://`: PostgreSQL.
 * Query options for every backend: `namespace=<name>` (separate table / key prefix); for SQLite also
 * `synchronous=full`.
 */
export function parseStoreUrl(url: string | undefined, cwd: string): StoreTarget {
  const raw = (url ?? '').trim();
  if (raw === '') {
    return { kind: 'sqlite', path: resolve(cwd, DEFAULT_SQLITE_FILE), synchronous: 'NORMAL', namespace: null };
  }
  const { base, own } = splitQuery(raw);
  const namespace = readNamespace(own, raw);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(base)?.[1]?.toLowerCase();
  const kind = scheme === undefined ? undefined : BACKEND_OF_SCHEME.get(scheme);
  if (kind === 'redis' || kind === 'postgres') return { kind, url: base, namespace };
  let path: string;
  if (scheme === 'sqlite') {
    path = base.slice('sqlite:'.length).replace(/^\/\//, '');
  } else if (scheme === 'file') {
    path = base.startsWith('file://') ? fileURLToPath(base) : base.slice('file:'.length);
  } else if (scheme === undefined || scheme.length === 1) {
    path = base; // a plain path (a one-letter "scheme" is a Windows drive)
  } else {
    const examples = STORE_KINDS.map((k) => STORE_BACKEND_INFO[k].example);
    throw new JobStoreError(
      'STORE_BAD_URL',
      `JOB_STORE_URL ${redactUrl(raw)}: unknown scheme "${scheme}:"; use ${examples.slice(0, -1).join(', ')} or ${examples.at(-1)}`,
    );
  }
  const synchronousOption = (own.get('synchronous') ?? 'normal').toUpperCase();
  if (synchronousOption !== 'NORMAL' && synchronousOption !== 'FULL') {
    throw new JobStoreError('STORE_BAD_URL', `JOB_STORE_URL ${redactUrl(raw)}: synchronous must be normal or full`);
  }
  if (path === '') throw new JobStoreError('STORE_BAD_URL', `JOB_STORE_URL ${redactUrl(raw)}: no file path`);
  const resolved = path === ':memory:' || isAbsolute(path) ? path : resolve(cwd, path);
  return { kind: 'sqlite', path: resolved, synchronous: synchronousOption, namespace };
}

/** A positive integer number of milliseconds from an env value, or null when unset/empty. */
export function positiveMs(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) {
    throw new JobStoreError('STORE_BAD_CONFIG', `${name}=${value}: expected a positive whole number of milliseconds`);
  }
  return parsed;
}

/** SQL table for a namespace (default `mcp_jobs`). */
export function tableName(namespace: string | null): string {
  return namespace === null ? 'mcp_jobs' : `${namespace}_jobs`;
}

/** Redis key prefix for a namespace; the braces are a Cluster hash tag keeping all keys in one slot. */
export function redisPrefix(namespace: string | null): string {
  return `{${namespace ?? 'mcp-jobs'}}:`;
}
