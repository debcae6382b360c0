import { splitPointer } from './jsonPointer.js';

/**
 * `METHOD /path`: how users (config `rename`, `--include`, `x-mcp-jobgen` overrides) and every stage name an
 * operation that may have no operationId. The path is exactly as the spec writes it; the method upper-case.
 */
export function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

/** Orders operations by key, by code point: a choice that must not rest on the order a contract lists them in. */
export function byOperationKey(a: { method: string; path: string }, b: { method: string; path: string }): number {
  const ka = operationKey(a);
  const kb = operationKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The `{name}`s of a path template, in order (`/jobs/{id}/runs/{run}?beta=true` → `id`, `run`); a query part has none. */
export function pathTemplateNames(path: string): string[] {
  const pathPart = path.split('?')[0]!;
  return [...pathPart.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
}

/**
 * The operation key (`operationKey`) a link's `operationRef` names in this document (`#/paths/~1jobs~1{id}/get`,
 * percent-encoded or not): OpenAPI's other way to name a link's target, the only one for an operation without an
 * operationId. A reference into another document, or to anything but an operation, names none here.
 */
export function operationRefKey(ref: string): string | null {
  if (!ref.startsWith('#')) return null;
  const [home, path, method, ...rest] = splitPointer(ref);
  if (home !== 'paths' || path === undefined || method === undefined || rest.length > 0) return null;
  return operationKey({ method, path });
}
