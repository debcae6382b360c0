/**
 * JSON Schema (as the IR holds it: OpenAPI 2.0/3.0/3.1 flavours) → zod 4 source code.
 *
 * Bounded by construction: a depth limit, a node budget shared by one tool's schemas, and a cap on union
 * sizes keep every tool's schema small enough for the MCP tool list and for tsc (GitHub's schemas nest
 * repositories in users in repositories). Beyond a bound the value becomes `z.unknown()` — honest "anything"
 * rather than a wrong shape. `$ref` cycles are cut the same way.
 */
import type { JsonSchema } from '../../model/ir.js';
import { call, chain, clipText, propertyKey, quote } from '../code.js';
import { isObject, mergeAllOf, refName, resolveRef, type SchemaObject } from './resolve.js';
import { constToZod, defaultFor, enumToZod, numberToZod, stringToZod, type ZodMode } from './scalars.js';

export type { ZodMode } from './scalars.js';

export interface ZodContext {
  schemas: Record<string, JsonSchema>;
  mode: ZodMode;
  /** Object/array nesting allowed below the starting schema. */
  maxDepth: number;
  /** Schema nodes left for this tool; shared across all of its schemas. */
  budget: { remaining: number };
  /** Times the budget cut something in the conversion under way (a cut result depends on the budget left). */
  cuts: number;
  /** Conversions of `$ref` targets shared by every tool of one emit run; see convertRef. */
  cache: ZodCache;
  /** Property descriptions are printed down to this depth (input only). */
  describeDepth: number;
}

export const MAX_UNION_VARIANTS = 12;
export const ENUM_VALUES_PER_NODE = 4;
export const DESCRIPTION_LIMIT = 200;
const UNKNOWN = 'z.unknown()';
const NOT_EXPANDED = 'Any JSON value: this part of the schema is too deep or too large to spell out here.';

/** Printed code and node cost of a `$ref` conversion that the budget did not cut. */
export type ZodCache = Map<string, { code: string; hasDefault: boolean; cost: number }>;

export function createZodContext(
  schemas: Record<string, JsonSchema>,
  mode: ZodMode,
  budget: number,
  cache: ZodCache = new Map(),
): ZodContext {
  return {
    cuts: 0,
    cache,
    schemas,
    mode,
    maxDepth: mode === 'input' ? 6 : 2,
    budget: { remaining: budget },
    describeDepth: mode === 'input' ? 2 : -1,
  };
}

/** Converts `schema`; `stack` holds the refs on the current path (for cycle cutting). */
export function schemaToZod(schema: JsonSchema | undefined, ctx: ZodContext, depth = 0, stack: string[] = []): string {
  return convert(schema, ctx, depth, stack).code;
}

interface Converted {
  code: string;
  /** Ends in `.default(…)`: the property is optional on input already. */
  hasDefault: boolean;
}

const plain = (code: string): Converted => ({ code, hasDefault: false });

function convert(schema: JsonSchema | undefined, ctx: ZodContext, depth: number, stack: string[]): Converted {
  if (schema === undefined || schema === true) return plain(UNKNOWN);
  if (schema === false) return plain('z.never()');
  const resolved = resolveRef(schema, ctx.schemas, stack);
  if (resolved.cycle || resolved.missing) {
    return plain(describeFallback(ctx, `Recursive or unresolved ${refName(resolved.cycle ?? resolved.missing ?? '')}`));
  }
  if (!isObject(resolved.schema)) return plain(resolved.schema ? UNKNOWN : 'z.never()');
  // Siblings next to a `$ref` change the resolved schema, so only a bare `$ref` is cacheable.
  if (resolved.refs.length > 0 && isObject(schema) && Object.keys(schema).length === 1)
    return convertRef(resolved.schema, resolved.refs, ctx, depth, stack);
  return convertResolved(resolved.schema, ctx, depth, stack);
}

/**
 * Big specs reference the same schemas from hundreds of operations (GitHub's `simple-user`). A conversion
 * is a pure function of (target, mode, depth, refs on the path) as long as the budget did not cut it, so
 * such results are reused, charging their node cost, and only when enough budget is left for them:
 * the output is exactly what converting again would print.
 */
function convertRef(s: SchemaObject, refs: string[], ctx: ZodContext, depth: number, stack: string[]): Converted {
  const path = [...stack, ...refs];
  const key = `${ctx.mode}\u0000${ctx.maxDepth}\u0000${depth}\u0000${path.join('\u0000')}`;
  const cached = ctx.cache.get(key);
  if (cached && ctx.budget.remaining >= cached.cost) {
    ctx.budget.remaining -= cached.cost;
    return { code: cached.code, hasDefault: cached.hasDefault };
  }
  const before = ctx.budget.remaining;
  const cutsBefore = ctx.cuts;
  const converted = convertResolved(s, ctx, depth, path);
  if (ctx.cuts === cutsBefore) ctx.cache.set(key, { ...converted, cost: before - ctx.budget.remaining });
  return converted;
}

function convertResolved(s: SchemaObject, ctx: ZodContext, depth: number, path: string[]): Converted {
  // Past the bounds only containers are cut: a scalar costs as much as the z.unknown() that would replace it.
  if (depth > ctx.maxDepth && !isScalar(s)) return plain(describeFallback(ctx, NOT_EXPANDED));
  if (ctx.budget.remaining <= 0 && !isScalar(s)) {
    ctx.cuts += 1;
    return plain(describeFallback(ctx, NOT_EXPANDED));
  }
  ctx.budget.remaining -= 1;
  // Long enums (Stripe's 300 merchant categories) cost in proportion; past the budget they print as their base type.
  if (Array.isArray(s.enum) && s.enum.length > ENUM_VALUES_PER_NODE) {
    const cost = Math.floor(s.enum.length / ENUM_VALUES_PER_NODE);
    if (ctx.budget.remaining < cost) {
      ctx.cuts += 1;
      return finish(s, enumToZod(s.enum, 'output'), ctx);
    }
    ctx.budget.remaining -= cost;
  }
  return finish(s, coreToZod(s, ctx, depth, path), ctx);
}

/** Nullability and (input) default, in that order, on a printed schema. */
function finish(s: SchemaObject, printed: string, ctx: ZodContext): Converted {
  let out = printed;
  if (isNullable(s) && out !== UNKNOWN && !out.endsWith('.nullable()')) out = chain(out, 'nullable');
  if (ctx.mode === 'input') {
    const dflt = defaultFor(s, out);
    if (dflt !== null) return { code: chain(out, 'default', dflt), hasDefault: true };
  }
  return plain(out);
}

function describeFallback(ctx: ZodContext, text: string): string {
  return ctx.mode === 'input' ? chain(UNKNOWN, 'describe', quote(text)) : UNKNOWN;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isScalar(s: SchemaObject): boolean {
  if (Array.isArray(s.enum) || s.const !== undefined) return true;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.length > 0 && types.every((t) => typeof t === 'string' && SCALAR_TYPES.has(t));
}

function isNullable(s: SchemaObject): boolean {
  return (
    s.nullable === true ||
    s['x-nullable'] === true ||
    (Array.isArray(s.type) && s.type.includes('null')) ||
    (Array.isArray(s.enum) && s.enum.includes(null))
  );
}

function coreToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: string[]): string {
  if (Array.isArray(s.allOf)) {
    const merged = mergeAllOf(s, ctx.schemas, stack);
    if (merged) return objectToZod(merged, ctx, depth, stack);
    if (s.allOf.length === 1) return schemaToZod(s.allOf[0] as JsonSchema, ctx, depth, stack);
    return UNKNOWN;
  }
  const variants = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (variants) {
    const union = unionToZod(variants as JsonSchema[], ctx, depth, stack);
    // Constraint-only variants (`oneOf: [{required: [a]}, {required: [b]}]`) say nothing about shape; the
    // schema's own type and properties still do.
    if (union !== UNKNOWN || (s.type === undefined && !isObject(s.properties))) return union;
    return coreToZod({ ...s, oneOf: undefined, anyOf: undefined }, ctx, depth, stack);
  }
  if (Array.isArray(s.enum)) return enumToZod(s.enum, ctx.mode);
  if (s.const !== undefined) return constToZod(s.const, ctx.mode);
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (types.length > 1) {
    const parts = [...new Set(types)].map((t) => typeToZod(t, s, ctx, depth, stack));
    return parts.includes(UNKNOWN) ? UNKNOWN : call('z.union', `[${parts.join(', ')}]`);
  }
  if (types.length === 0 && Array.isArray(s.type) && s.type.includes('null')) return 'z.null()';
  return typeToZod(types[0] ?? inferType(s), s, ctx, depth, stack);
}

function inferType(s: SchemaObject): string {
  if (isObject(s.properties) || s.additionalProperties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  return 'any';
}

function typeToZod(type: string, s: SchemaObject, ctx: ZodContext, depth: number, stack: string[]): string {
  switch (type) {
    case 'string':
      return stringToZod(s, ctx.mode);
    case 'integer':
      return numberToZod(s, true, ctx.mode);
    case 'number':
      return numberToZod(s, false, ctx.mode);
    case 'boolean':
      return 'z.boolean()';
    case 'file':
      // Swagger 2 form uploads: the tool takes the file content as a (base64) string.
      return ctx.mode === 'input' ? "z.string().describe('File content, base64-encoded.')" : UNKNOWN;
    case 'array':
      return arrayToZod(s, ctx, depth, stack);
    case 'object':
      return objectToZod(s, ctx, depth, stack);
    default:
      return UNKNOWN;
  }
}

function unionToZod(variants: JsonSchema[], ctx: ZodContext, depth: number, stack: string[]): string {
  if (variants.length === 0) return UNKNOWN;
  if (variants.length > MAX_UNION_VARIANTS) return UNKNOWN;
  const parts = [...new Set(variants.map((v) => schemaToZod(v, ctx, depth, stack)))];
  // One unknown member makes the whole union accept anything; say so plainly.
  if (parts.includes(UNKNOWN) || parts.some((p) => p.startsWith('z.unknown()'))) return UNKNOWN;
  return parts.length === 1 ? parts[0]! : call('z.union', `[${parts.join(', ')}]`);
}

function arrayToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: string[]): string {
  const items = Array.isArray(s.items) ? UNKNOWN : schemaToZod(s.items as JsonSchema | undefined, ctx, depth + 1, stack);
  let out = call('z.array', items);
  if (ctx.mode === 'input') {
    if (typeof s.minItems === 'number' && s.minItems > 0) out = chain(out, 'min', String(s.minItems));
    if (typeof s.maxItems === 'number') out = chain(out, 'max', String(s.maxItems));
  }
  return out;
}

function objectToZod(s: SchemaObject, ctx: ZodContext, depth: number, stack: string[]): string {
  const properties = isObject(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
  const skip = ctx.mode === 'input' ? 'readOnly' : 'writeOnly';
  const entries: string[] = [];
  for (const [name, prop] of Object.entries(properties)) {
    if (isObject(prop) && prop[skip] === true) continue;
    entries.push(`${propertyKey(name)}: ${propertyToZod(prop as JsonSchema, required.has(name), ctx, depth + 1, stack)}`);
  }
  const additional = s.additionalProperties;
  if (entries.length === 0) {
    if (additional === false) return ctx.mode === 'input' ? 'z.object({})' : 'z.looseObject({})';
    const values = isObject(additional) ? schemaToZod(additional, ctx, depth + 1, stack) : UNKNOWN;
    return call('z.record', 'z.string()', values);
  }
  const shape = `{ ${entries.join(', ')} }`;
  if (ctx.mode === 'output') return call('z.looseObject', shape);
  if (isObject(additional) && Object.keys(additional).length > 0) {
    return chain(call('z.object', shape), 'catchall', schemaToZod(additional, ctx, depth + 1, stack));
  }
  // The contract allows unknown keys unless it says otherwise; passing them on is what the API expects.
  return additional === false ? call('z.object', shape) : call('z.looseObject', shape);
}

/** A property inside an object: optional unless required (output: always optional and null-tolerant). */
export function propertyToZod(
  schema: JsonSchema,
  required: boolean,
  ctx: ZodContext,
  depth: number,
  stack: string[] = [],
  description?: string,
): string {
  const converted = convert(schema, ctx, depth, stack);
  let out = converted.code;
  if (ctx.mode === 'output') {
    if (out.endsWith('.nullable()')) out = out.slice(0, -'.nullable()'.length);
    return chain(out, 'nullish');
  }
  if (!required && !converted.hasDefault) out = chain(out, 'optional');
  const text = description ?? (isObject(schema) && typeof schema.description === 'string' ? schema.description : undefined);
  if (text && depth <= ctx.describeDepth) {
    const clipped = clipText(text, DESCRIPTION_LIMIT);
    if (clipped) out = chain(out, 'describe', quote(clipped));
  }
  return out;
}
