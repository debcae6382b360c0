/**
 * Status values a schema lists as a `pattern` instead of an `enum`: AWS specs converted from Smithy write some
 * enums so (Elastic Transcoder's `JobStatus`: `(^Submitted$)|(^Progressing$)|(^Complete$)|…`). Shared by both
 * status readers (analyzeStatusSchema.ts for the resource convention, statusByMeaning.ts for id flow).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The values a `pattern` allows when it is nothing but anchored literals (Elastic Transcoder's `JobStatus`:
 * `(^Submitted$)|(^Progressing$)|(^Complete$)|…`): an enum written as a pattern, read as one. The schema or
 * one `allOf` branch (a `$ref` beside a description) holds it. Any other pattern (`^[a-z]+$`) lists nothing.
 */
export function patternValues(reader: SchemaReader, schema: JsonSchema | undefined): string[] | null {
  const own = reader.resolve(schema);
  const branches = Array.isArray(own?.['allOf']) ? (own['allOf'] as JsonSchema[]).slice(0, 8) : [];
  for (const s of [own, ...branches.map((b) => reader.resolve(b))]) {
    const pattern = s?.['pattern'];
    if (typeof pattern !== 'string' || pattern.length > 2000) continue;
    const values = pattern.split('|').map((alt) => /^\(?\^([A-Za-z][A-Za-z0-9_-]*)\$\)?$/.exec(alt)?.[1]);
    if (values.length >= 2 && values.every((v) => v !== undefined)) return [...new Set(values as string[])];
  }
  return null;
}
