/**
 * Resolution of `$ref`s that the IR resolves (parameters, responses, request bodies, headers, links,
 * path items, security schemes): follow the chain inside the bundled document with the IR toolkit's resolver
 * (model/schemaRefs.ts), report a miss or a loop at the place of use. Schema refs are not resolved here: they stay
 * as written (collectSchemas.ts).
 */

import { UNRESOLVED_REF } from '../load/index.js';
import { isObject } from '../model/jsonPointer.js';
import { followRefs, type RefLookup } from '../model/schemaRefs.js';
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
  const chain = followRefs(node, lookupInDocument(ctx), { maxHops: MAX_CHAIN });
  if (chain.stop === 'missing') {
    ctx.report('MJG202', `${what} $ref ${chain.stoppedAt} does not resolve`, usedAt);
    return undefined;
  }
  if (chain.stop !== undefined) {
    ctx.report('MJG211', `$ref chain for this ${what} loops at ${chain.stoppedAt}`, usedAt);
    return undefined;
  }
  const current = chain.value;
  if (isObject(current) && current[UNRESOLVED_REF] !== undefined) return undefined; // reported by load
  if (!isObject(current)) {
    ctx.report('MJG205', `${what} is not an object`, usedAt);
    return undefined;
  }
  return { value: current, definedAt: chain.refs.at(-1) ?? usedAt };
}

/** Internal refs only: after bundling every followable ref is `#/…`; anything else names nothing here. */
function lookupInDocument(ctx: BuildContext): RefLookup {
  return (ref) => (ref.startsWith('#') ? ctx.lookup(ref) : undefined);
}

/** Entries of an object-valued section (`responses`, `headers`, `links`) in spec order; non-objects → []. */
export function entriesOf(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}
