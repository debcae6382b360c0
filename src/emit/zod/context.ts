/**
 * The state one conversion threads through the zod printers. Its own module so that the printers of one
 * shape (shapes.ts, cuts.ts, properties.ts) read it without importing the orchestrator (schemaToZod.ts):
 * the recursion back into a whole schema goes through `ctx.convert`, which createZodContext sets.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { Converted, MemoFrame, ZodCache } from './memo.js';
import type { ZodMode } from './mode.js';

/** Converts one schema under `ctx` at `depth`; `stack` holds the refs on the current path (for cycle cutting). */
export type Convert = (schema: JsonSchema | undefined, ctx: ZodContext, depth: number, stack: readonly string[]) => Converted;

export interface ZodContext {
  schemas: Record<string, JsonSchema>;
  mode: ZodMode;
  /** Object/array nesting allowed below the starting schema. */
  maxDepth: number;
  /** Schema nodes left for this tool; shared across all of its schemas. */
  budget: { remaining: number };
  /** Times the budget cut something in the conversion under way (a cut result depends on the budget left). */
  cuts: number;
  /** Conversions shared by every tool of one emit run (memo.ts); null converts everything afresh. */
  cache: ZodCache | null;
  /** What the conversion under way has asked about its situation (memo.ts). */
  frame: MemoFrame;
  /** Property descriptions are printed down to this depth (input only). */
  describeDepth: number;
  /** The whole-schema conversion (schemaToZod.ts), for the printers of one shape to recurse through. */
  convert: Convert;
}
