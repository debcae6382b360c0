/**
 * `METHOD /path`: how users (config `rename`, `--include`, `x-mcp-jobgen` overrides) and every stage name an
 * operation that may have no operationId. The path is exactly as the spec writes it; the method upper-case.
 */
export function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}
