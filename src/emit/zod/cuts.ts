/**
 * What a bound cuts, said exactly. A container past the depth limit, the tool's node budget, a `$ref` cycle or
 * the union cap keeps its JSON type (an object stays an object, an array an array) and, in input schemas, a note
 * naming the schema, why it was cut and what was left out, so an agent knows what it may send. Only a schema
 * that has no type at all becomes z.unknown().
 */

import type { ZodContext } from './context.js';
import { MAX_UNION_VARIANTS } from './limits.js';
import type { Converted } from './memo.js';
import { CUT_OBJECT_INPUT, EMPTY_OBJECT_PRINTED, type Printed, UNKNOWN_PRINTED, unionJson } from './printed.js';
import { isObject, refName, resolveRef, type SchemaObject } from './resolve.js';

export type CutReason = 'depth' | 'budget' | 'cycle' | 'missing' | 'variants';

/** Every cut note starts with this, so tools and tests can tell a documented cut from a lost type. */
export const CUT_MARK = 'Not spelled out here';

const REASONS: Readonly<Record<CutReason, string>> = {
  depth: 'nested deeper than this tool schema goes',
  budget: "this tool's schema size limit was reached",
  cycle: 'it contains itself',
  missing: 'its $ref does not resolve',
  variants: `more than ${MAX_UNION_VARIANTS} alternatives`,
};

const LISTED_NAMES = 8;

type BaseType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | null;

const CODE_OF: Readonly<Record<NonNullable<BaseType>, Printed>> = {
  object: EMPTY_OBJECT_PRINTED,
  array: arrayOf(UNKNOWN_PRINTED),
  string: { code: 'z.string()', json: { type: 'string' } },
  number: { code: 'z.number()', json: { type: 'number' } },
  integer: { code: 'z.int()', json: { type: 'integer' } },
  boolean: { code: 'z.boolean()', json: { type: 'boolean' } },
};

function arrayOf(items: Printed): Printed {
  return { code: `z.array(${items.code})`, json: { type: 'array', items: items.json } };
}

/** The JSON type a schema certainly has, without converting it; null when it has none or several. */
export function baseTypeOf(s: SchemaObject | null, ctx: ZodContext, depth = 0): BaseType {
  if (s === null || depth > 4) return null;
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => typeof t === 'string' && t !== 'null');
  // Only the JSON types (and Swagger's `file`): a contract's odd `type` (`{id}`, `constructor`) has no base type.
  if (types.length === 1)
    return types[0] === 'file' ? 'string' : Object.hasOwn(CODE_OF, types[0] as string) ? (types[0] as BaseType) : null;
  if (types.length > 1) return null;
  if (isObject(s.properties) || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  const parts = Array.isArray(s.allOf) ? s.allOf : Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (!parts) return null;
  const found = new Set<BaseType>();
  for (const part of parts) {
    const resolved = resolveRef(part as SchemaObject, ctx.schemas, []);
    if (!isObject(resolved.schema)) continue;
    if (resolved.schema.type === 'null') continue;
    found.add(baseTypeOf(resolved.schema, ctx, depth + 1));
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * The printed form of a base type; in input mode a cut object is a map read from `{key, value}` pairs too (the
 * providers' schema subsets take no object without named properties: templates/runtime/wireSchema.ts).
 */
function codeOf(base: NonNullable<BaseType>, ctx: ZodContext): Printed {
  if (base !== 'object' || ctx.mode !== 'input') return CODE_OF[base];
  ctx.frame.usesPairs = true;
  return CUT_OBJECT_INPUT;
}

/** The cut form of `s` (null when the schema itself is missing): its base type, plus a note in input mode. */
export function cutToZod(s: SchemaObject | null, ctx: ZodContext, reason: CutReason, ref?: string): Converted {
  const base = baseTypeOf(s, ctx);
  const printed = base === 'array' ? arrayOf(itemsCode(s!, ctx)) : base ? codeOf(base, ctx) : (unionOfBases(s, ctx) ?? UNKNOWN_PRINTED);
  if (ctx.mode === 'output') return { ...printed, hasDefault: false };
  const subject = ref ? `schema ${refName(ref)}` : base === 'array' ? 'the items' : base === 'object' ? 'this object' : 'this value';
  return { ...printed, hasDefault: false, note: `${CUT_MARK} (${subject}: ${REASONS[reason]})${s ? listing(s, ctx) : ''}.` };
}

/** A cut union whose members have different types keeps them as a union of those types (`string | object`). */
function unionOfBases(s: SchemaObject | null, ctx: ZodContext): Printed | null {
  const members = s && (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null);
  if (!members) return null;
  const codes = new Map<string, Printed>();
  for (const member of members) {
    const resolved = resolveRef(member as SchemaObject, ctx.schemas, []).schema;
    if (!isObject(resolved) || resolved.type === 'null') continue;
    const base = baseTypeOf(resolved, ctx);
    if (base === null) return null;
    const printed = base === 'array' ? arrayOf(itemsCode(resolved, ctx)) : codeOf(base, ctx);
    if (!codes.has(printed.code)) codes.set(printed.code, printed);
  }
  const parts = [...codes.values()];
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return { code: `z.union([${parts.map((p) => p.code).join(', ')}])`, json: unionJson(parts.map((p) => p.json)) };
}

/** The items of a cut array keep their type too, one level down (`z.array(z.looseObject({}))`). */
function itemsCode(s: SchemaObject, ctx: ZodContext): Printed {
  if (s.items === undefined || Array.isArray(s.items)) return UNKNOWN_PRINTED;
  const items = resolveRef(s.items as SchemaObject, ctx.schemas, []).schema;
  const base = isObject(items) ? baseTypeOf(items, ctx) : null;
  return base && base !== 'array' ? codeOf(base, ctx) : UNKNOWN_PRINTED;
}

/** `; properties: a, b, … and 12 more` or `; one of: A, B, …`: the names an agent needs to know what exists. */
function listing(s: SchemaObject, ctx: ZodContext): string {
  const properties = isObject(s.properties) ? Object.keys(s.properties) : [];
  if (properties.length > 0) return `; properties: ${names(properties)}`;
  const variants = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (variants) {
    const labels = variants.map((v) =>
      isObject(v) && typeof v.$ref === 'string' ? refName(v.$ref) : isObject(v) && typeof v.type === 'string' ? v.type : '…',
    );
    return `; one of ${variants.length}: ${names(labels)}`;
  }
  if (isObject(s.items) && typeof s.items.$ref === 'string') return `; items: ${refName(s.items.$ref)}`;
  const resolvedItems = s.items !== undefined ? resolveRef(s.items as SchemaObject, ctx.schemas, []) : null;
  if (resolvedItems && isObject(resolvedItems.schema) && isObject(resolvedItems.schema.properties)) {
    return `; item properties: ${names(Object.keys(resolvedItems.schema.properties))}`;
  }
  return '';
}

function names(list: string[]): string {
  const unique = [...new Set(list)];
  const shown = unique.slice(0, LISTED_NAMES).join(', ');
  return unique.length > LISTED_NAMES ? `${shown} and ${unique.length - LISTED_NAMES} more` : shown;
}
