/**
 * `$ref` resolution and `allOf` merging for the zod printer. Refs point into `ApiModel.schemas` (filled by
 * normalize) and are followed with the IR toolkit's resolver (model/schemaRefs.ts); a ref already on the current
 * path is a cycle and is reported instead of followed, so recursive schemas (Stripe, Argo) terminate.
 */
import type { JsonSchema } from '../../model/ir.js';
import { isObject } from '../../model/jsonPointer.js';
import { DEFAULT_MAX_REF_HOPS, followRefs, refName, schemasLookup } from '../../model/schemaRefs.js';

export type SchemaObject = { [key: string]: unknown };

export interface Resolved {
  schema: SchemaObject | boolean;
  /** Refs followed to get here (empty when the schema was inline). */
  refs: string[];
  /** The ref that closed a cycle, or was missing from the model. */
  cycle?: string;
  missing?: string;
}

const MAX_REF_CHAIN = DEFAULT_MAX_REF_HOPS;

export { isObject, refName };

/**
 * Follow `$ref` (and ref-to-ref chains) until an inline schema; stops at cycles relative to `stack`. A ref
 * missing from the model, or a chain that loops or runs too long, gives `{}` with the ref named.
 */
export function resolveRef(schema: JsonSchema, schemas: Record<string, JsonSchema>, stack: readonly string[]): Resolved {
  const chain = followRefs(schema, schemasLookup(schemas), { onPath: stack, keepSiblings: true });
  if (chain.stop === 'missing') return { schema: {}, refs: chain.refs, missing: chain.stoppedAt! };
  if (chain.stop !== undefined) return { schema: {}, refs: chain.refs, cycle: chain.stoppedAt! };
  return { schema: chain.value as JsonSchema, refs: chain.refs };
}

const PRESENCE_KEYWORDS = new Set(['required', 'title', 'description', 'anyOf', 'oneOf', 'minProperties', 'maxProperties']);

/** Only presence rules (`required`, property counts), possibly as alternatives: no type, no shape. */
function isPresenceOnly(s: SchemaObject, depth = 0): boolean {
  if (depth > 4 || !Object.keys(s).every((k) => PRESENCE_KEYWORDS.has(k))) return false;
  const alternatives = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  return alternatives.every((a) => isObject(a) && isPresenceOnly(a, depth + 1));
}

function looksLikeObject(s: SchemaObject): boolean {
  return s.type === 'object' || isObject(s.properties) || s.additionalProperties !== undefined || Array.isArray(s.allOf);
}

/**
 * Merge `allOf` parts that are objects into one object schema (properties, required, additionalProperties).
 * Returns null when some part is not an object, so the caller can fall back. Nested allOf is flattened;
 * refs are resolved with the same cycle rule as everywhere else (`onResolved` sees each resolution: the zod memo
 * records which refs' presence on the path the merge depended on).
 */
export function mergeAllOf(
  schema: SchemaObject,
  schemas: Record<string, JsonSchema>,
  stack: readonly string[],
  depth = 0,
  onResolved?: (resolved: Resolved) => void,
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
    onResolved?.(resolved);
    if (resolved.cycle || resolved.missing || !isObject(resolved.schema)) continue;
    let s = resolved.schema;
    if (Array.isArray(s.allOf)) {
      const inner = mergeAllOf(s, schemas, [...stack, ...resolved.refs], depth + 1, onResolved);
      if (!inner) return null;
      s = inner;
    }
    const hasShape = looksLikeObject(s);
    const hasOtherType = typeof s.type === 'string' && s.type !== 'object';
    // `{anyOf: [{required: [a]}, {required: [b]}]}` says which fields must be present, nothing about the shape.
    const presenceOnly = !hasShape && isPresenceOnly(s);
    if (hasOtherType || (!hasShape && !presenceOnly && (Array.isArray(s.oneOf) || Array.isArray(s.anyOf) || s.enum))) return null;
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

/** A union member that only admits null: `{type: 'null'}`, `{enum: [null]}`, `{const: null}`. */
export function isNullSchema(schema: unknown, schemas: Record<string, JsonSchema>): boolean {
  const resolved = resolveRef(schema as JsonSchema, schemas, []);
  const s = resolved.schema;
  if (!isObject(s)) return false;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null')) return true;
  if (s.const === null && s.type === undefined) return true;
  return Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;
}

// Keywords that describe a value without constraining it (OpenAPI's `xml` and `externalDocs`, and `x-` extensions, too).
const ANNOTATION_ONLY = new Set([
  'xml',
  'externalDocs',
  '$comment',
  'default',
  'description',
  'title',
  'nullable',
  'x-nullable',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * The description the contract gives a value: its own, else its `$ref` target's, else that of the one part
 * that carries the type (`anyOf: [{type: X, description}, {type: 'null'}]`, `allOf: [{$ref}]` + siblings).
 */
export function descriptionOf(schema: unknown, schemas: Record<string, JsonSchema>, depth = 0): string | undefined {
  if (!isObject(schema) || depth > MAX_REF_CHAIN) return undefined;
  if (typeof schema.description === 'string' && schema.description.trim() !== '') return schema.description;
  if (typeof schema.$ref === 'string') {
    const resolved = resolveRef(schema, schemas, []);
    return resolved.refs.length > 0 ? descriptionOf(resolved.schema, schemas, depth + 1) : undefined;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    // `allOf: [{$ref: X}, {description, pattern}]`: every part describes this same value, and the inline one
    // beside the reference is this value's own.
    const beside =
      key === 'allOf'
        ? parts.find((p) => isObject(p) && p.$ref === undefined && typeof p.description === 'string' && p.description.trim() !== '')
        : undefined;
    if (isObject(beside)) return beside.description as string;
    const typed = parts.filter((p) => !isNullSchema(p, schemas) && !isAnnotationOnly(p));
    if (typed.length === 1) return descriptionOf(typed[0], schemas, depth + 1);
  }
  return undefined;
}

export function isAnnotationOnly(schema: unknown): boolean {
  return isObject(schema) && Object.keys(schema).every((k) => ANNOTATION_ONLY.has(k) || k.startsWith('x-'));
}

/**
 * `allOf` whose parts are not objects (`allOf: [{$ref: StatusEnum}, {description, nullable}]`, or a type plus a
 * constraint): one schema with every part's keywords, later parts winning. Null when some part is an object or
 * carries a union (those go through mergeAllOf or stay a union).
 */
export function mergeScalarAllOf(
  schema: SchemaObject,
  schemas: Record<string, JsonSchema>,
  stack: readonly string[],
  onResolved?: (resolved: Resolved) => void,
): SchemaObject | null {
  const merged: SchemaObject = { ...schema, allOf: undefined };
  for (const part of schema.allOf as unknown[]) {
    const resolved = resolveRef(part as JsonSchema, schemas, stack);
    onResolved?.(resolved);
    if (resolved.cycle || resolved.missing || !isObject(resolved.schema)) return null;
    const s = resolved.schema;
    if (Array.isArray(s.allOf) || Array.isArray(s.oneOf) || Array.isArray(s.anyOf) || looksLikeObject(s) || s.type === 'array') return null;
    for (const [key, value] of Object.entries(s)) {
      // The outer schema's own annotations (its description) beat those of a referenced part.
      if (ANNOTATION_ONLY.has(key) && merged[key] !== undefined) continue;
      merged[key] = value;
    }
  }
  delete merged.allOf;
  return merged;
}
