/**
 * Resolution of `$ref`s that the IR resolves (parameters, responses, request bodies, headers, links,
 * path items, security schemes): follow the chain inside the bundled document, report a miss or a loop
 * at the place of use. Schema refs are not resolved here: they stay as written (collect-schemas.ts).
 */

import { UNRESOLVED_REF } from '../load/index.js';
import { isObject } from '../model/jsonPointer.js';
import type { BuildContext } from './context.js';

const MAX_CHAIN = 32;

export interface Resolved {
  value: Record<string, unknown>;
  /** Where the definition itself lives (the last ref's target), for reading its own nested refs. */
  definedAt: string;
}

/**
 * `node` found at `usedAt`; returns the object it stands for, or undefined (reported) when the
 * ref is broken or the value is not an object.
 */
export function resolveObject(ctx: BuildContext, node: unknown, usedAt: string, what: string): Resolved | undefined {
  let current = node;
  let definedAt = usedAt;
  const seen = new Set<string>();
  for (let i = 0; isObject(current) && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref;
    if (seen.has(ref) || i >= MAX_CHAIN) {
      ctx.report('MJG211', `$ref chain for this ${what} loops at ${ref}`, usedAt);
      return undefined;
    }
    seen.add(ref);
    const target = ref.startsWith('#') ? ctx.lookup(ref) : undefined;
    if (target === undefined) {
      ctx.report('MJG202', `${what} $ref ${ref} does not resolve`, usedAt);
      return undefined;
    }
    current = target;
    definedAt = ref;
  }
  if (isObject(current) && current[UNRESOLVED_REF] !== undefined) return undefined; // reported by load
  if (!isObject(current)) {
    ctx.report('MJG205', `${what} is not an object`, usedAt);
    return undefined;
  }
  return { value: current, definedAt };
}

/** Entries of an object-valued section (`responses`, `headers`, `links`) in spec order; non-objects → []. */
export function entriesOf(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}
