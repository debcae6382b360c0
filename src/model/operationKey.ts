/**
 * `METHOD /path`: how users (config `rename`, `--include`, `x-mcp-jobgen` overrides) and every stage name an
 * operation that may have no operationId. The path is exactly as the spec writes it; the method upper-case.
 */
export function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

/** The `{name}`s of a path template, in order (`/jobs/{id}/runs/{run}?beta=true` → `id`, `run`); a query part has none. */
export function pathTemplateNames(path: string): string[] {
  const pathPart = path.split('?')[0]!;
  return [...pathPart.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
}
