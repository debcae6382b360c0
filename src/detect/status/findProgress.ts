/**
 * Where a poll response reports a true progress fraction: a fraction or percentage field (top level or one
 * object down in a `metadata` / `progress` / `status` / `stats` object), else a counts object whose finished keys over its total give the fraction. Only what
 * the contract declares; nothing is derived from states or timestamps (progress is never invented).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { ProgressSpec } from '../../model/jobs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { COUNTS_ENDED_KEYS, COUNTS_SUCCESS_KEYS, COUNTS_TOTAL_KEYS, inList, PROGRESS_CONTAINERS } from '../read/signalWords.js';
import { matchesRule, nameTokens, PERCENT_TOKENS, PROGRESS_RULE } from './fieldRoles.js';

export function findProgress(reader: SchemaReader, props: Map<string, JsonSchema>): ProgressSpec | null {
  const direct = findFractionField(reader, props, '');
  if (direct) return direct;
  // One object down, in objects named for it (`metadata`, `progress`, `status`, `stats`, `job_metadata`).
  for (const [container, inner] of props) {
    if (!nameTokens(container).some((t) => PROGRESS_CONTAINERS.includes(t)) || reader.typeOf(inner) !== 'object') continue;
    const nested = findFractionField(reader, reader.properties(inner), `${container}.`);
    if (nested) return nested;
  }
  for (const [name, p] of props) {
    if (reader.typeOf(p) !== 'object') continue;
    const counts = countsOf(reader, p);
    if (counts) return { counts: name, ...counts };
  }
  return null;
}

function isNumber(reader: SchemaReader, s: JsonSchema | undefined): boolean {
  const t = reader.typeOf(s);
  return t === 'number' || t === 'integer';
}

/**
 * A numeric field named like progress (fieldRoles PROGRESS_RULE: `percent`, `progress`, `percent_complete`, not
 * `discount_percent`); its scale from `maximum` (1 or 100; any other maximum is no fraction), then a percent
 * token in the name or "percent" in the text, then the type (an integer counts in percent).
 */
export function findFractionField(reader: SchemaReader, props: Map<string, JsonSchema>, prefix: string): ProgressSpec | null {
  for (const [name, p] of props) {
    if (!matchesRule(PROGRESS_RULE, name) || !isNumber(reader, p)) continue; // "3/7" strings are not a fraction
    const s = reader.resolve(p) ?? {};
    const max = typeof s['maximum'] === 'number' ? s['maximum'] : undefined;
    if (max !== undefined && max !== 1 && max !== 100) continue;
    const text = reader.description(p).toLowerCase();
    const percent = /percent|%|0\s*(-|to|and)\s*100/.test(text) || nameTokens(name).some((t) => PERCENT_TOKENS.includes(t));
    const scale: 1 | 100 = max === 1 ? 1 : max === 100 || percent || reader.typeOf(p) === 'integer' ? 100 : 1;
    return { field: `${prefix}${name}`, scale };
  }
  return null;
}

/** `{total, completed, failed, …}` with numeric values: finished keys in the object's own order. */
function countsOf(reader: SchemaReader, schema: JsonSchema): { done: string[]; total: string } | null {
  const props = reader.properties(schema);
  const numeric = [...props].filter(([, p]) => isNumber(reader, p)).map(([n]) => n);
  const total = numeric.find((n) => inList(COUNTS_TOTAL_KEYS, n));
  if (total === undefined || !numeric.some((n) => inList(COUNTS_SUCCESS_KEYS, n))) return null;
  const done = numeric.filter((n) => inList(COUNTS_SUCCESS_KEYS, n) || inList(COUNTS_ENDED_KEYS, n));
  return { done, total };
}
