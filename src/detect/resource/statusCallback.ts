/**
 * The start asks where to report the work's progress: a URL input named a callback or webhook (`StatusCallback`,
 * `callback_url`, `webhookUrl`), in its query or its request body. It is the informal form of OpenAPI's own
 * `callbacks` object: an answer that waits for the work needs no address to call back, so the work outlives the
 * call. One more sign of a job beside a lifecycle (evaluateStart.ts), never enough on its own: payments take a
 * webhook too.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { SchemaReader } from '../read/schemaWalk.js';

const CALLBACK_TOKENS: readonly string[] = ['callback', 'webhook'];

export function statusCallbackInput(op: Operation, reader: SchemaReader): string | null {
  for (const p of op.parameters) if (p.in === 'query' && isCallbackUrl(p.name, p.description, reader.formatOf(p.schema))) return p.name;
  for (const c of op.requestBody?.content ?? []) {
    if (!/json|x-www-form-urlencoded|multipart/i.test(c.mediaType)) continue;
    for (const [name, p] of reader.properties(c.schema))
      if (reader.typeOf(p) === 'string' && isCallbackUrl(name, reader.description(p), reader.formatOf(p))) return name;
  }
  return null;
}

/** Named a callback (not its method or its secret) and taking a URL. */
function isCallbackUrl(name: string, description: string | undefined, format: string | undefined): boolean {
  const tokens = nameTokens(name);
  if (!tokens.some((t) => CALLBACK_TOKENS.includes(t))) return false;
  const last = tokens.at(-1)!;
  if (!CALLBACK_TOKENS.includes(last) && last !== 'url' && last !== 'uri') return false;
  return format === 'uri' || format === 'url' || last === 'url' || last === 'uri' || /\b(url|uri)\b/i.test(description ?? '');
}
