/**
 * `$ref` resolution and `allOf` merging for the zod printer. Refs point into `ApiModel.schemas` (filled by
 * build); a ref already on the current path is a cycle and is reported instead of followed, so recursive
 * schemas (Stripe, Argo) terminate.
 */
import type { JsonSchema } from '../../model/ir.js';
import { isObject as isJsonObject } from '../../model/jsonPointer.js';

export type SchemaObject = { [key: string]: unknown };

export interface Resolved {
  schema: SchemaObject | boolean;
  /** Refs followed to get here (empty when the schema was inline). */
  refs: string[];
  /** The ref that closed a cycle, or was missing from the model. */
  cycle?: string;
  missing?: string;
}

const MAX_REF_CHAIN = 16;

export function isObject(value: unknown): value is SchemaObject {
  return isJsonObject(value);
}

/** Follow `$ref` (and ref-to-ref chains) until an inline schema; stops at cycles relative to `stack`. */
export function resolveRef(schema: JsonSchema, schemas: Record<string, JsonSchema>, stack: readonly string[]): Resolved {
  let current: JsonSchema = schema;
  const refs: string[] = [];
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (stack.includes(ref) || refs.includes(ref) || refs.length >= MAX_REF_CHAIN) return { schema: {}, refs, cycle: ref };
    const target = schemas[ref];
    if (target === undefined) return { schema: {}, refs, missing: ref };
    refs.push(ref);
    // Siblings of $ref (3.1 allows description/nullable next to it) are kept over the target's.
    const { $ref: _ignored, ...siblings } = current;
    current = Object.keys(siblings).length > 0 && isObject(target) ? { ...target, ...siblings } : target;
  }
  return { schema: current, refs };
}

/** Short human name of a ref: `#/components/schemas/Job` → `Job`. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return decodeURIComponent(last.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function looksLikeObject(s: SchemaObject): boolean {
  return s.type === 'object' || isObject(s.properties) || s.additionalProperties !== undefined || Array.isArray(s.allOf);
}

/**
 * Merge `allOf` parts that are objects into one object schema (properties, required, additionalProperties).
 * Returns null when some part is not an object, so the caller can fall back. Nested allOf is flattened;
 * refs are resolved with the same cycle rule as everywhere else.
 */
export function mergeAllOf(
  schema: SchemaObject,
  schemas: Record<string, JsonSchema>,
  stack: readonly string[],
  depth = 0,
): SchemaObject | null {
  if (depth > 8) return null;
  // Null prototype: a property literally named `__proto__` must stay a property.
  const properties: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const required = new Set<string>();
  let additional: unknown;
  let nullable = false;
  const parts: unknown[] = [{ ...schema, allOf: undefined }, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const part of parts) {
    const resolved = resolveRef(part as JsonSchema, schemas, stack);
    if (resolved.cycle || resolved.missing || !isObject(resolved.schema)) continue;
    let s = resolved.schema;
    if (Array.isArray(s.allOf)) {
      const inner = mergeAllOf(s, schemas, [...stack, ...resolved.refs], depth + 1);
      if (!inner) return null;
      s = inner;
    }
    const hasShape = looksLikeObject(s);
    const hasOtherType = typeof s.type === 'string' && s.type !== 'object';
    if (hasOtherType || (!hasShape && (Array.isArray(s.oneOf) || Array.isArray(s.anyOf) || s.enum))) return null;
    if (isObject(s.properties)) for (const [key, value] of Object.entries(s.properties)) properties[key] = value;
    if (Array.isArray(s.required)) for (const r of s.required) if (typeof r === 'string') required.add(r);
    if (s.additionalProperties !== undefined) additional = s.additionalProperties;
    if (s.nullable === true || s['x-nullable'] === true) nullable = true;
  }
  const merged: SchemaObject = { type: 'object', properties };
  if (required.size > 0) merged.required = [...required];
  if (additional !== undefined) merged.additionalProperties = additional;
  if (nullable) merged.nullable = true;
  if (typeof schema.description === 'string') merged.description = schema.description;
  return merged;
}
