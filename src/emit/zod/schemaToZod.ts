/**
 * JSON Schema (as the IR holds it: OpenAPI 2.0/3.0/3.1 flavours) → zod 4 source code.
 *
 * Input schemas are faithful: every type, enum, format, default and description the contract gives is printed,
 * nullable forms included (3.0 `nullable`, Swagger `x-nullable`, 3.1 type arrays and `anyOf`/`oneOf` with a
 * `null` member). Output schemas are lean: base types, the contract's own nullability, everything optional.
 *
 * Bounded by construction: a depth limit, a node budget shared by one tool's schemas, and a cap on union
 * sizes keep every tool's schema small enough for the MCP tool list and for tsc (GitHub's schemas nest
 * repositories in users in repositories). A container past a bound keeps its type and, in input schemas,
 * says exactly what was left out (cuts.ts); `$ref` cycles are cut the same way.
 */
import type { JsonSchema } from '../../model/ir.js';
import { chain, clipText, quote } from '../code.js';
import { cutToZod } from './cuts.js';
import { DESCRIPTION_LIMIT, ENUM_VALUES_PER_NODE, UNKNOWN } from './limits.js';
import { descriptionOf, isObject, resolveRef, type SchemaObject } from './resolve.js';
import { defaultFor, enumToZod } from './scalars.js';
import { coreToZod, isNullable, isScalar } from './shapes.js';

export type { ZodMode } from './scalars.js';

import type { ZodMode } from './scalars.js';

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

export { DESCRIPTION_LIMIT, ENUM_VALUES_PER_NODE, MAX_UNION_VARIANTS, UNKNOWN } from './limits.js';

/**
 * Printed code and node cost of a `$ref` conversion: one the budget did not cut (reused whenever enough budget is
 * left), or one it cut (`cuts` > 0: reused only with exactly the budget it started with).
 */
export type ZodCache = Map<string, Converted & { cost: number; cuts?: number }>;

export function createZodContext(
  schemas: Record<string, JsonSchema>,
  mode: ZodMode,
  budget: number,
  cache: ZodCache = new Map(),
): ZodContext {
  const maxDepth = mode === 'input' ? 6 : 2;
  return { cuts: 0, cache, schemas, mode, maxDepth, budget: { remaining: budget }, describeDepth: mode === 'input' ? maxDepth + 1 : -1 };
}

export interface Converted {
  code: string;
  /** Ends in `.default(…)`: the property is optional on input already. */
  hasDefault: boolean;
  /** What a bound left out (input only); printed as, or appended to, the description. */
  note?: string;
}

export const plain = (code: string): Converted => ({ code, hasDefault: false });

/** Converts `schema`; `stack` holds the refs on the current path (for cycle cutting). */
export function schemaToZod(schema: JsonSchema | undefined, ctx: ZodContext, depth = 0, stack: string[] = []): string {
  const converted = convert(schema, ctx, depth, stack);
  return converted.note ? chain(converted.code, 'describe', quote(converted.note)) : converted.code;
}

export function convert(schema: JsonSchema | undefined, ctx: ZodContext, depth: number, stack: string[]): Converted {
  if (schema === undefined || schema === true) return plain(UNKNOWN);
  if (schema === false) return plain('z.never()');
  const resolved = resolveRef(schema, ctx.schemas, stack);
  if (resolved.cycle) {
    const target = resolveRef({ $ref: resolved.cycle }, ctx.schemas, []).schema;
    return cutToZod(isObject(target) ? target : null, ctx, 'cycle', resolved.cycle);
  }
  if (resolved.missing) return cutToZod(null, ctx, 'missing', resolved.missing);
  if (!isObject(resolved.schema)) return plain(resolved.schema ? UNKNOWN : 'z.never()');
  // Siblings next to a `$ref` change the resolved schema, so only a bare `$ref` is cacheable.
  if (resolved.refs.length > 0 && isObject(schema) && Object.keys(schema).length === 1)
    return convertRef(resolved.schema, resolved.refs, ctx, depth, stack);
  return convertResolved(resolved.schema, ctx, depth, [...stack, ...resolved.refs], resolved.refs.at(-1));
}

/**
 * Big specs reference the same schemas from hundreds of operations (GitHub's `simple-user`). A conversion
 * is a pure function of (target, mode, depth, refs on the path) as long as the budget did not cut it, so
 * such results are reused, charging their node cost, and only when enough budget is left for them:
 * the output is exactly what converting again would print. A conversion the budget cut is a pure function of
 * the same and the budget it started with: GitHub's big answers (`full-repository`, `pull-request`) start every
 * tool's output schema with the same budget and are cut the same way each time, so those are reused for exactly
 * that budget, charging their cost and their cuts (which keep the conversions around them from being cached
 * as uncut).
 */
function convertRef(s: SchemaObject, refs: string[], ctx: ZodContext, depth: number, stack: string[]): Converted {
  const path = [...stack, ...refs];
  const key = `${ctx.mode}\u0000${ctx.maxDepth}\u0000${depth}\u0000${path.join('\u0000')}`;
  const cached = ctx.cache.get(key);
  if (cached && ctx.budget.remaining >= cached.cost) {
    ctx.budget.remaining -= cached.cost;
    const { cost: _cost, ...converted } = cached;
    return converted;
  }
  const before = ctx.budget.remaining;
  const cutKey = `${key}\u0000budget ${before}`;
  const cut = ctx.cache.get(cutKey);
  if (cut) {
    ctx.budget.remaining -= cut.cost;
    ctx.cuts += cut.cuts ?? 0;
    const { cost: _cost, cuts: _cuts, ...converted } = cut;
    return converted;
  }
  const cutsBefore = ctx.cuts;
  const converted = convertResolved(s, ctx, depth, path, refs.at(-1));
  const cost = before - ctx.budget.remaining;
  if (ctx.cuts === cutsBefore) ctx.cache.set(key, { ...converted, cost });
  else ctx.cache.set(cutKey, { ...converted, cost, cuts: ctx.cuts - cutsBefore });
  return converted;
}

function convertResolved(s: SchemaObject, ctx: ZodContext, depth: number, path: string[], ref?: string): Converted {
  // Past the bounds only containers are cut: a scalar costs as much as the cut that would replace it.
  if (depth > ctx.maxDepth && !isScalar(s)) return cutToZod(s, ctx, 'depth', ref);
  if (ctx.budget.remaining <= 0 && !isScalar(s)) {
    ctx.cuts += 1;
    return cutToZod(s, ctx, 'budget', ref);
  }
  ctx.budget.remaining -= 1;
  // Long enums (Stripe's 300 merchant categories) cost in proportion; past the budget they print as their base type.
  if (Array.isArray(s.enum) && s.enum.length > ENUM_VALUES_PER_NODE) {
    const cost = Math.floor(s.enum.length / ENUM_VALUES_PER_NODE);
    if (ctx.budget.remaining < cost) {
      ctx.cuts += 1;
      const converted = finish(s, enumToZod(s.enum, 'output'), ctx);
      return ctx.mode === 'input'
        ? { ...converted, note: `One of ${s.enum.length} values (not listed: this tool's schema size limit).` }
        : converted;
    }
    ctx.budget.remaining -= cost;
  }
  const core = coreToZod(s, ctx, depth, path);
  return typeof core === 'string' ? finish(s, core, ctx) : { ...core, ...finish(s, core.code, ctx, core.nullable) };
}

/** Nullability and (input) default, in that order, on a printed schema. */
export function finish(s: SchemaObject, printed: string, ctx: ZodContext, nullable = false): Converted {
  let out = printed;
  if ((nullable || isNullable(s)) && out !== UNKNOWN && !out.endsWith('.nullable()') && out !== 'z.null()') out = chain(out, 'nullable');
  if (ctx.mode === 'input') {
    const dflt = defaultFor(s, out);
    if (dflt !== null) return { code: chain(out, 'default', dflt), hasDefault: true };
  }
  return plain(out);
}

/** A property inside an object: optional unless required (output: always optional, nullable as the contract says). */
export function propertyToZod(
  schema: JsonSchema,
  required: boolean,
  ctx: ZodContext,
  depth: number,
  stack: string[] = [],
  description?: string,
): string {
  const converted = convert(schema, ctx, depth, stack);
  const out = converted.code;
  if (ctx.mode === 'output') return chain(out, 'optional');
  const optional = !required && !converted.hasDefault ? chain(out, 'optional') : out;
  if (depth > ctx.describeDepth) return optional;
  const text = clipText(description ?? descriptionOf(schema, ctx.schemas), DESCRIPTION_LIMIT);
  const full = converted.note ? (text ? `${text}${/[.!?…]$/.test(text) ? '' : '.'} ${converted.note}` : converted.note) : text;
  return full ? chain(optional, 'describe', quote(full)) : optional;
}
