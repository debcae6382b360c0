/**
 * `$recursiveRef` (JSON Schema 2019-09) and `$dynamicRef` (2020-12), as OpenAPI 3.1 contracts write recursion
 * without naming the schema: OpenAI's `CompoundFilter` has `$recursiveAnchor: true` and its `filters` items are
 * `oneOf: [ComparisonFilter, {$recursiveRef: '#'}]`. Read as the schema on the current path that carries the
 * matching anchor (the innermost), which is the schema itself here: a component is its own resource in practice,
 * since the OpenAPI document around it is no schema. Being on the path, it is a cycle, and cut as one
 * (cuts.ts): its JSON type kept, its properties named. With no anchored schema on the path the value stays untyped.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { ZodContext } from './context.js';
import { cutToZod } from './cuts.js';
import { askedAbout, type Converted } from './memo.js';
import { isObject, type SchemaObject } from './resolve.js';

/** The anchor a dynamic reference looks for: `true` for `$recursiveRef`, the name for `$dynamicRef: '#name'`. */
export function dynamicAnchorOf(schema: SchemaObject): true | string | undefined {
  if (typeof schema.$recursiveRef === 'string') return true;
  if (typeof schema.$dynamicRef === 'string' && schema.$dynamicRef.startsWith('#')) return schema.$dynamicRef.slice(1);
  return undefined;
}

const carries = (target: JsonSchema | undefined, anchor: true | string): boolean =>
  isObject(target) && (anchor === true ? target.$recursiveAnchor === true : target.$dynamicAnchor === anchor);

// The refs of each schemas table whose target carries an anchor: the memo records the question about each.
const anchoredRefs = new WeakMap<Record<string, JsonSchema>, string[]>();
function anchoredIn(schemas: Record<string, JsonSchema>): string[] {
  let refs = anchoredRefs.get(schemas);
  if (refs === undefined) {
    refs = Object.keys(schemas).filter((ref) => {
      const target = schemas[ref];
      return isObject(target) && (target.$recursiveAnchor === true || typeof target.$dynamicAnchor === 'string');
    });
    anchoredRefs.set(schemas, refs);
  }
  return refs;
}

/** The cut that stands for a dynamic reference on `stack`, or undefined when no schema on it carries the anchor. */
export function dynamicRefCut(anchor: true | string, ctx: ZodContext, stack: readonly string[]): Converted | undefined {
  // Which anchored schemas are on the path decides the answer: a reused conversion must see the same ones.
  askedAbout(ctx.frame, anchoredIn(ctx.schemas));
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    const ref = stack[i]!;
    const target = ctx.schemas[ref];
    if (carries(target, anchor)) return cutToZod(target as SchemaObject, ctx, 'cycle', ref);
  }
  return undefined;
}
