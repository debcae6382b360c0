/**
 * The printers a caller asks for by schema: a whole schema with its note as the description, and a property of
 * an object (optional unless required, described down to the context's depth). Both recurse through
 * `ctx.convert` (schemaToZod.ts), so shapes.ts can call them without importing the orchestrator.
 */
import type { JsonSchema } from '../../model/ir.js';
import { chain, clipText, quote } from '../code.js';
import type { ZodContext } from './context.js';
import { DESCRIPTION_LIMIT, UNKNOWN } from './limits.js';
import { askedDepth } from './memo.js';
import { ANY_JSON_INPUT, type Printed, withKeys } from './printed.js';
import { descriptionOf } from './resolve.js';

/** Converts `schema`; `stack` holds the refs on the current path (for cycle cutting). */
export function schemaToZod(schema: JsonSchema | undefined, ctx: ZodContext, depth = 0, stack: readonly string[] = []): Printed {
  const converted = ctx.convert(schema, ctx, depth, stack);
  return converted.note ? describe(converted, converted.note) : converted;
}

/**
 * An input value the contract leaves untyped (z.unknown(): no type, a union with such a member, a cut that found
 * none), where it is a value of its own (an argument, a property, an array's items): read from its JSON-text
 * wrapper too and marked (printed.ts ANY_JSON_INPUT). Inside a union or as a map's values it stays z.unknown(): the
 * union then is untyped itself, and a map lists such values as JSON text already (wireSchema.ts mapAsPairs).
 */
export function anyJsonInput<T extends Printed>(printed: T, ctx: ZodContext): T {
  if (ctx.mode !== 'input' || printed.code !== UNKNOWN) return printed;
  ctx.frame.readers.use('anyJson');
  return { ...printed, code: ANY_JSON_INPUT.code, json: ANY_JSON_INPUT.json };
}

/** An array's items: a whole schema (its note as the description), an untyped one read as anyJsonInput. */
export function itemsToZod(schema: JsonSchema | undefined, ctx: ZodContext, depth: number, stack: readonly string[]): Printed {
  const converted = anyJsonInput(ctx.convert(schema, ctx, depth, stack), ctx);
  return converted.note ? describe(converted, converted.note) : converted;
}

/** `.describe(text)`: the description on the outermost node. */
export function describe(printed: Printed, text: string): Printed {
  const described: Printed = { code: chain(printed.code, 'describe', quote(text)), json: withKeys(printed.json, { description: text }) };
  if (printed.optional) described.optional = true;
  return described;
}

/** A property inside an object, with whether the object lists it as required. */
export interface PrintedProperty extends Printed {
  required: boolean;
}

/** A property inside an object: optional unless required (output: always optional, nullable as the contract says). */
export function propertyToZod(
  schema: JsonSchema,
  required: boolean,
  ctx: ZodContext,
  depth: number,
  stack: readonly string[] = [],
  description?: string,
): PrintedProperty {
  const converted = anyJsonInput(ctx.convert(schema, ctx, depth, stack), ctx);
  const out = converted.code;
  if (ctx.mode === 'output') return { code: `${out}.optional()`, json: converted.json, required: false };
  const isRequired = required && !converted.hasDefault && !converted.optional;
  const optional = isRequired || converted.hasDefault ? out : `${out}.optional()`;
  const past = depth > ctx.describeDepth;
  askedDepth(ctx.frame, depth, ctx.describeDepth, past);
  if (past) return { code: optional, json: converted.json, required: isRequired };
  const text = clipText(description ?? descriptionOf(schema, ctx.schemas), DESCRIPTION_LIMIT);
  const full = converted.note ? (text ? `${text}${/[.!?…]$/.test(text) ? '' : '.'} ${converted.note}` : converted.note) : text;
  if (!full) return { code: optional, json: converted.json, required: isRequired };
  return { ...describe({ code: optional, json: converted.json }, full), required: isRequired };
}
