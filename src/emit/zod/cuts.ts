/**
 * What a bound cuts, said exactly. A container past the depth limit, the tool's node budget, a `$ref` cycle or
 * the union cap keeps its JSON type (an object stays an object, an array an array) and, in input schemas, a note
 * naming the schema, why it was cut and what was left out, so an agent knows what it may send. Only a schema
 * that has no type at all becomes z.unknown().
 */

import type { ZodContext } from './context.js';
import { MAX_UNION_VARIANTS, UNKNOWN } from './limits.js';
import { mergedListPlaces } from './listForm.js';
import type { Converted } from './memo.js';
import {
  CUT_OBJECT_INPUT,
  EMPTY_OBJECT_PRINTED,
  nullableJson,
  type Printed,
  readAtPlaces,
  readFromPairs,
  UNKNOWN_PRINTED,
  unionJson,
} from './printed.js';
import { anyJsonInput } from './properties.js';
import { isNullSchema, isObject, refName, resolveRef, type SchemaObject } from './resolve.js';

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

/** A cut array; items the cut left untyped are any value, read as properties.ts anyJsonInput (inputs). */
function cutArray(items: Printed, ctx: ZodContext): Printed {
  return arrayOf(anyJsonInput(items, ctx));
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
  ctx.frame.readers.use('pairs');
  return CUT_OBJECT_INPUT;
}

/** The cut form of `s` (null when the schema itself is missing): its base type, plus a note in input mode. */
export function cutToZod(s: SchemaObject | null, ctx: ZodContext, reason: CutReason, ref?: string): Converted {
  const base = baseTypeOf(s, ctx);
  const typed =
    base === 'array'
      ? cutArray(itemsCode(arrayPart(s!, ctx), ctx), ctx)
      : base
        ? codeOf(base, ctx)
        : (unionOfBases(s, ctx) ?? UNKNOWN_PRINTED);
  const nullable = s !== null && admitsNull(s, ctx) ? nullableOf(typed) : typed;
  if (ctx.mode === 'output') return { ...nullable, hasDefault: false };
  // A union of the members' types (`string | map | array of (string | map)`) may put a list beside an object on
  // the wire, as a merge does (listForm.ts): read there in its list form too.
  const places = base === null && typed.json.anyOf !== undefined ? mergedListPlaces(typed.json) : undefined;
  if (places !== undefined) ctx.frame.readers.use('lists');
  const printed = places === undefined ? nullable : { ...nullable, ...readAtPlaces(nullable, places, nullable) };
  const subject = ref ? `schema ${refName(ref)}` : base === 'array' ? 'the items' : base === 'object' ? 'this object' : 'this value';
  return { ...printed, hasDefault: false, note: `${CUT_MARK} (${subject}: ${REASONS[reason]})${s ? listing(s, ctx) : ''}.` };
}

/** The contract's null stays allowed where a cut stands: `nullable`, a type array with null, a null member. */
function admitsNull(s: SchemaObject, ctx: ZodContext): boolean {
  if (s.nullable === true || s['x-nullable'] === true || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  return membersOf(s)?.some((m) => isNullSchema(m, ctx.schemas)) ?? false;
}

/** `.nullable()` on a cut's printed type, inside a pairs reader (as schemaToZod.ts finish does). */
function nullableOf(printed: Printed): Printed {
  if (printed.code === UNKNOWN) return printed;
  const bare = printed.bare ?? printed;
  const nullable = { code: `${bare.code}.nullable()`, json: nullableJson(bare.json) };
  return printed.pairs === undefined ? { ...printed, ...nullable } : readFromPairs(nullable, printed.pairs);
}

/**
 * A cut union whose members have different types keeps them as a union of those types (`string | object`); a
 * member that is itself a union (a `$ref` to one) gives its members' types.
 */
function unionOfBases(s: SchemaObject | null, ctx: ZodContext, nested = false): Printed | null {
  const codes = new Map<string, Printed>();
  if (!s || !addMemberBases(s, ctx, codes, 0, nested)) return null;
  const parts = [...codes.values()];
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const union = { code: `z.union([${parts.map((p) => p.code).join(', ')}])`, json: unionJson(parts.map((p) => p.json)) };
  // As shapes.ts unionToZod: zod lists a union with a map read from pairs as accepting undefined.
  return parts.some((p) => p.pairs !== undefined) ? { ...union, optional: true } : union;
}

const membersOf = (s: SchemaObject): unknown[] | null => (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null);

/** Adds the printed base type of each member of union `s` to `codes`; false when some member has none. */
function addMemberBases(s: SchemaObject, ctx: ZodContext, codes: Map<string, Printed>, depth: number, nested: boolean): boolean {
  const members = membersOf(s);
  if (!members || depth > 4) return false;
  for (const member of members) {
    const resolved = resolveRef(member as SchemaObject, ctx.schemas, []).schema;
    if (!isObject(resolved) || resolved.type === 'null') continue;
    const base = baseTypeOf(resolved, ctx);
    if (base === null) {
      if (!addMemberBases(resolved, ctx, codes, depth + 1, nested)) return false;
      continue;
    }
    const printed = base === 'array' ? cutArray(itemsCode(arrayPart(resolved, ctx), ctx, nested), ctx) : codeOf(base, ctx);
    if (!codes.has(printed.code)) codes.set(printed.code, printed);
  }
  return true;
}

/**
 * The schema that says what a cut array holds: the array itself, or the one array member of a union whose only
 * type is array (`anyOf: [{type: array, items}, {type: null}]`).
 */
function arrayPart(s: SchemaObject, ctx: ZodContext): SchemaObject {
  const members = s.items === undefined ? membersOf(s) : null;
  if (!members) return s;
  const arrays = members
    .map((m) => resolveRef(m as SchemaObject, ctx.schemas, []).schema)
    .filter((m): m is SchemaObject => isObject(m) && baseTypeOf(m, ctx) === 'array');
  return arrays.length === 1 ? arrays[0]! : s;
}

/** Arrays of arrays a cut follows down to their items' type (argo's `steps`: a list of lists of steps). */
const MAX_NESTED_ARRAYS = 4;

/**
 * The items of a cut array keep their type too, one level down (`z.array(z.looseObject({}))`), through items that
 * are arrays themselves (`z.array(z.array(…))`: left untyped, OpenAI's strict mode refused the whole tool); items
 * that are a union of different types keep those types, their own arrays' items left untyped.
 */
function itemsCode(s: SchemaObject, ctx: ZodContext, nested = false, level = 0): Printed {
  if (s.items === undefined || Array.isArray(s.items)) return UNKNOWN_PRINTED;
  const items = resolveRef(s.items as SchemaObject, ctx.schemas, []).schema;
  if (!isObject(items)) return UNKNOWN_PRINTED;
  const base = baseTypeOf(items, ctx);
  if (base === null) return nested ? UNKNOWN_PRINTED : (unionOfBases(items, ctx, true) ?? UNKNOWN_PRINTED);
  if (base !== 'array') return codeOf(base, ctx);
  return nested || level >= MAX_NESTED_ARRAYS ? UNKNOWN_PRINTED : cutArray(itemsCode(arrayPart(items, ctx), ctx, false, level + 1), ctx);
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
