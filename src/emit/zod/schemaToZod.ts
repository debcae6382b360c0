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
import type { ZodContext } from './context.js';
import { cutToZod } from './cuts.js';
import { ENUM_VALUES_PER_NODE, UNKNOWN } from './limits.js';
import { askedAbout, askedDepth, type Converted, emptyFrame, memoized, type ZodCache } from './memo.js';
import type { ZodMode } from './mode.js';
import { patternVerdict, uncheckedPatternNote } from './patterns.js';
import { NULL_PRINTED, nullableJson, type Printed, readAsList, readAtPlaces, readFromPairs, UNKNOWN_PRINTED, withKeys } from './printed.js';
import { dynamicAnchorOf, dynamicRefCut } from './recursiveRef.js';
import { isObject, resolveRef, type SchemaObject } from './resolve.js';
import { defaultFor, enumToZod } from './scalars.js';
import { codeNamesNote, coreToZod, isNullable, isScalar } from './shapes.js';

export type { ZodContext } from './context.js';
export { DESCRIPTION_LIMIT, ENUM_VALUES_PER_NODE, MAX_UNION_VARIANTS, UNKNOWN } from './limits.js';
export type { Converted, ZodCache } from './memo.js';
export type { ZodMode } from './mode.js';
export type { PrintedProperty } from './properties.js';
export { describe, propertyToZod, schemaToZod } from './properties.js';

export function createZodContext(
  schemas: Record<string, JsonSchema>,
  mode: ZodMode,
  budget: number,
  cache: ZodCache | null = new Map(),
): ZodContext {
  const maxDepth = mode === 'input' ? 6 : 2;
  return {
    cuts: 0,
    cache,
    frame: emptyFrame(),
    schemas,
    mode,
    maxDepth,
    budget: { remaining: budget },
    describeDepth: mode === 'input' ? maxDepth + 1 : -1,
    convert,
  };
}

export const plain = (printed: Printed): Converted => ({ code: printed.code, json: printed.json, hasDefault: false });

const NEVER: Printed = { code: 'z.never()', json: { not: {} } };

export function convert(schema: JsonSchema | undefined, ctx: ZodContext, depth: number, stack: readonly string[]): Converted {
  if (schema === undefined || schema === true) return plain(UNKNOWN_PRINTED);
  if (schema === false) return plain(NEVER);
  if (isObject(schema) && typeof schema.$ref !== 'string') {
    const anchor = dynamicAnchorOf(schema);
    const cut = anchor === undefined ? undefined : dynamicRefCut(anchor, ctx, stack);
    if (cut !== undefined) return cut;
    // Most nodes are inline: nothing to follow, nothing asked about the path.
    return memoized(schema, ctx, depth, stack, undefined, convertResolved);
  }
  const resolved = resolveRef(schema, ctx.schemas, stack);
  askedAbout(ctx.frame, resolved.refs, resolved.cycle ?? resolved.missing);
  if (resolved.cycle) {
    const target = resolveRef({ $ref: resolved.cycle }, ctx.schemas, []).schema;
    return cutToZod(isObject(target) ? target : null, ctx, 'cycle', resolved.cycle);
  }
  if (resolved.missing) return cutToZod(null, ctx, 'missing', resolved.missing);
  const s = resolved.schema;
  if (!isObject(s)) return plain(s ? UNKNOWN_PRINTED : NEVER);
  const { refs } = resolved;
  if (refs.length === 0) return memoized(s, ctx, depth, stack, undefined, convertResolved);
  const ref = refs.at(-1);
  const path = [...stack, ...refs];
  // Siblings next to a `$ref` make a new schema object each time: nothing to reuse.
  return s === ctx.schemas[ref!] ? memoized(s, ctx, depth, path, ref, convertResolved) : convertResolved(s, ctx, depth, path, ref);
}

function convertResolved(s: SchemaObject, ctx: ZodContext, depth: number, path: readonly string[], ref?: string): Converted {
  // Past the bounds only containers are cut: a scalar costs as much as the cut that would replace it.
  const scalar = isScalar(s);
  if (!scalar) {
    const past = depth > ctx.maxDepth;
    askedDepth(ctx.frame, depth, ctx.maxDepth, past);
    if (past) return cutToZod(s, ctx, 'depth', ref);
    if (ctx.budget.remaining <= 0) {
      ctx.cuts += 1;
      return cutToZod(s, ctx, 'budget', ref);
    }
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
  const converted = 'hasDefault' in core ? { ...core, ...finish(s, core, ctx, core.nullable) } : finish(s, core, ctx);
  return withCodeNames(withUncheckedPattern(converted, s, ctx.mode), s, ctx.mode);
}

/** An input's numeric codes the contract names say their names beside its description (shapes.ts codeNamesNote). */
function withCodeNames(converted: Converted, s: SchemaObject, mode: ZodMode): Converted {
  const note = mode === 'input' ? codeNamesNote(s) : null;
  if (note === null) return converted;
  return { ...converted, note: converted.note ? `${converted.note} ${note}` : note };
}

/** A pattern the server cannot check (patterns.ts) still tells the agent what the upstream expects. */
function withUncheckedPattern(converted: Converted, s: SchemaObject, mode: ZodMode): Converted {
  if (mode !== 'input' || typeof s.pattern !== 'string' || patternVerdict(s.pattern) === 'linear') return converted;
  const note = uncheckedPatternNote(s.pattern);
  return { ...converted, note: converted.note ? `${converted.note} ${note}` : note };
}

// The hottest printers below write `x.method(arg)` as template literals, the very text chain()/call() print,
// without their argument arrays: they run once per property of every schema converted.

/**
 * Nullability and (input) default, in that order, on a printed schema; then, for an input map, the pairs reader
 * around both (zod lists `z.preprocess(…).nullable()` as optional, so the reader stays outermost: a finished map
 * keeps its `bare` schema, and finishing it again, as a nullable union's member, starts from that).
 */
export function finish(s: SchemaObject, printed: Printed, ctx: ZodContext, nullable = false): Converted {
  let out = printed.bare?.code ?? printed.code;
  let json = printed.bare?.json ?? printed.json;
  if ((nullable || isNullable(s)) && out !== UNKNOWN && !out.endsWith('.nullable()') && out !== NULL_PRINTED.code) {
    out = `${out}.nullable()`;
    json = nullableJson(json);
  }
  let hasDefault = false;
  if (ctx.mode === 'input') {
    const dflt = defaultFor(s, out);
    if (dflt !== null) {
      out = `${out}.default(${dflt})`;
      json = withKeys(json, { default: s.default });
      hasDefault = true;
    }
  }
  const optional = hasDefault || printed.optional === true;
  const finished: Converted = optional ? { code: out, json, hasDefault, optional: true } : { code: out, json, hasDefault };
  if (printed.places !== undefined) {
    const own = printed.list !== undefined ? readAsList({ code: out, json }, printed.list) : { code: out, json };
    return { ...finished, ...own, ...readAtPlaces(own, printed.places, { code: out, json }) };
  }
  if (printed.list !== undefined) return { ...finished, ...readAsList({ code: out, json }, printed.list) };
  if (printed.pairs === undefined) return finished;
  return { ...finished, ...readFromPairs({ code: out, json }, printed.pairs) };
}
