/**
 * Resolution of `$ref`s that the IR resolves (parameters, responses, request bodies, headers, links,
 * path items, security schemes): follow the chain inside the bundled document with the IR toolkit's resolver
 * (model/schemaRefs.ts), report a miss or a loop at the place of use. Schema refs are not resolved here: they stay
 * as written (collectSchemas.ts).
 */

import { UNRESOLVED_REF } from '../load/index.js';
import { isObject } from '../model/jsonPointer.js';
import type { NormalizeContext } from './context.js';

/**
 * `node` found at `usedAt`; returns the object it stands for, or undefined (reported) when the
 * ref is broken or the value is not an object. Most nodes are inline (no `$ref`): they skip the chain.
 */
export function resolveObject(ctx: NormalizeContext, node: unknown, usedAt: string, what: string): Record<string, unknown> | undefined {
  let current = node;
  if (isObject(node) && typeof node.$ref === 'string') {
    const chain = ctx.chainOf(node.$ref);
    if (chain.stop === 'missing') {
      ctx.report('MJG202', `${what} $ref ${chain.stoppedAt} does not resolve`, usedAt);
      return undefined;
    }
    if (chain.stop !== undefined) {
      ctx.report('MJG211', `$ref chain for this ${what} loops at ${chain.stoppedAt}`, usedAt);
      return undefined;
    }
    current = chain.value;
  }
  if (!isObject(current)) {
    ctx.report('MJG205', `${what} is not an object`, usedAt);
    return undefined;
  }
  if (current[UNRESOLVED_REF] !== undefined) return undefined; // reported by load
  return current;
}

const NO_KEYS: readonly string[] = [];

/** Keys of an object-valued section (`responses`, `headers`, `links`) in spec order; non-objects have none. */
export function keysOf(value: unknown): readonly string[] {
  return isObject(value) ? Object.keys(value) : NO_KEYS;
}
