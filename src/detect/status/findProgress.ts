/**
 * Where a poll response reports a true progress fraction: a fraction or percentage field (top level or one
 * object down in a `metadata` / `progress` / `status` / `stats` object), else counts whose finished keys over their
 * total give the fraction (progressCounts.ts: in an object beside the status, else beside the status itself). Only
 * what the contract declares; nothing is derived from states or timestamps (progress is never invented).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { ProgressSpec } from '../../model/jobs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { PROGRESS_CONTAINERS } from '../read/signalWords.js';
import { isProgressName, nameTokens, PERCENT_TOKENS, progressTokenAt } from './fieldRoles.js';
import { countsOf, isNumber } from './progressCounts.js';

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
    const counts = countsOf(reader, p, saysProgress(reader, name, p));
    if (counts) return { counts: name, ...counts };
  }
  // The counts beside the status itself (`totalJobs`, `completedJobs`): `counts` is then the document's own level.
  const own = countsOf(reader, { type: 'object', properties: Object.fromEntries(props) }, false);
  return own ? { counts: '', ...own } : null;
}

/**
 * An object named for progress, or described as it ("Progress information for an export."); "in progress" names a
 * state, not what the object reports (CloudFormation's drift details: "operations in-progress are not included").
 */
function saysProgress(reader: SchemaReader, name: string, schema: JsonSchema): boolean {
  return progressTokenAt(nameTokens(name)) >= 0 || /(?<!\bin[\s_-]?)\bprogress\b/i.test(reader.description(schema));
}

/**
 * A percentage written as a string (AWS Backup's `PercentDone`, OneNote's `percentComplete`): only where the name
 * or the text says percent, and never an enumeration or a date; the runtime reads `"45.5"` and `"45.5%"`, and
 * nothing from words.
 */
function isPercentString(reader: SchemaReader, name: string, s: JsonSchema | undefined): boolean {
  const r = reader.resolve(s) ?? {};
  if (reader.typeOf(s) !== 'string' || Array.isArray(r['enum']) || (typeof r['format'] === 'string' && /date|time/.test(r['format'])))
    return false;
  return nameTokens(name).some((t) => PERCENT_TOKENS.includes(t)) || /percent|%/i.test(reader.description(s));
}

/** A maximum at or past int32's is the integer type's own bound (`2147483647`, generated), not the scale of the work. */
const TYPE_BOUND = 2 ** 31 - 1;

/**
 * A numeric field named like progress (fieldRoles `isProgressName`: `percent`, `progress`, `percent_complete`,
 * `FullLoadProgressPercent`, not `discount_percent`); its scale from `maximum` (1 or 100; any other maximum short of
 * the type's bound is no fraction), then a percent token in the name or "percent" in the text, then the type (an
 * integer counts in percent).
 */
export function findFractionField(reader: SchemaReader, props: Map<string, JsonSchema>, prefix: string): ProgressSpec | null {
  for (const [name, p] of props) {
    if (!isProgressName(name)) continue;
    // "3/7" strings are not a fraction; a string that says it holds a percentage is (`"45.5"`).
    const percentString = isPercentString(reader, name, p);
    if (!percentString && !isNumber(reader, p)) continue;
    const s = reader.resolve(p) ?? {};
    const max = typeof s['maximum'] === 'number' && s['maximum'] < TYPE_BOUND ? s['maximum'] : undefined;
    if (max !== undefined && max !== 1 && max !== 100) continue;
    const text = reader.description(p).toLowerCase();
    const percent =
      percentString || /percent|%|0\s*(-|to|and)\s*100/.test(text) || nameTokens(name).some((t) => PERCENT_TOKENS.includes(t));
    const scale: 1 | 100 = max === 1 ? 1 : max === 100 || percent || reader.typeOf(p) === 'integer' ? 100 : 1;
    return { field: `${prefix}${name}`, scale };
  }
  return null;
}
