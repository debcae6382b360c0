/**
 * The IR toolkit's one `$ref` resolver: follow a chain of `$ref`s (a ref to a ref to …) through a lookup until a
 * value that is not a ref, and say how the chain ended. Every stage resolves with it and keeps its own policy on
 * top: normalize reports a broken chain at the place of use (resolveObject), detect reads a broken one as "not
 * known" (SchemaReader), emit prints it as a documented cut (zod/resolve.ts) and passes the refs already on its
 * conversion path (`onPath`) so recursive schemas (Stripe, Argo) stop there instead of unrolling.
 */
import type { ApiModel, JsonSchema } from './ir.js';
import { isObject, unescapePointerSegment } from './jsonPointer.js';

/** The value a ref names, or undefined when it names nothing. */
export type RefLookup = (ref: string) => unknown;

/** Why a chain did not reach a value: it came back to a ref already followed (or on the caller's path), a ref names nothing, or it is too long. */
export type RefStop = 'cycle' | 'missing' | 'too-long';

export interface RefChain {
  /** What the chain leads to: the node itself when it is no ref; undefined when the chain stopped. */
  value: unknown;
  /** The refs followed to get there, in order; empty when the node was inline. */
  refs: string[];
  stop?: RefStop;
  /** The ref the chain stopped at. */
  stoppedAt?: string;
}

export interface FollowOptions {
  /** Most refs followed in one chain (default 16): ref-to-ref chains in real specs are two or three long. */
  maxHops?: number;
  /** Refs the caller is already expanding: meeting one is a cycle. */
  onPath?: readonly string[];
  /**
   * Keep keywords written beside a `$ref` (OpenAPI 3.1 and JSON Schema 2020-12 allow `description`, `nullable`
   * and more next to it) over the target's: the result is then a shallow copy, never the target itself.
   */
  keepSiblings?: boolean;
}

export const DEFAULT_MAX_REF_HOPS = 16;

export function followRefs(node: unknown, lookup: RefLookup, options: FollowOptions = {}): RefChain {
  const maxHops = options.maxHops ?? DEFAULT_MAX_REF_HOPS;
  const refs: string[] = [];
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (refs.includes(ref) || options.onPath?.includes(ref)) return { value: undefined, refs, stop: 'cycle', stoppedAt: ref };
    if (refs.length >= maxHops) return { value: undefined, refs, stop: 'too-long', stoppedAt: ref };
    const target = lookup(ref);
    if (target === undefined) return { value: undefined, refs, stop: 'missing', stoppedAt: ref };
    refs.push(ref);
    current = options.keepSiblings && isObject(target) && hasSiblings(current) ? withSiblings(current, target) : target;
  }
  return { value: current, refs };
}

function hasSiblings(node: Record<string, unknown>): boolean {
  for (const key in node) if (key !== '$ref') return true;
  return false;
}

function withSiblings(node: Record<string, unknown>, target: Record<string, unknown>): Record<string, unknown> {
  const { $ref: _followed, ...siblings } = node;
  return { ...target, ...siblings };
}

/**
 * How detect and emit look refs up in the IR: `ApiModel.schemas` (what operations reach), then, when asked,
 * `namedSchemas` (every schema the document names, reached or not). Own properties only, so a ref ending in
 * `__proto__` or `constructor` names nothing.
 */
export function modelLookup(model: Pick<ApiModel, 'schemas' | 'namedSchemas'>, withNamed = false): RefLookup {
  const { schemas, namedSchemas } = model;
  if (!withNamed || namedSchemas === undefined) return (ref) => (Object.hasOwn(schemas, ref) ? schemas[ref] : undefined);
  return (ref) => (Object.hasOwn(schemas, ref) ? schemas[ref] : Object.hasOwn(namedSchemas, ref) ? namedSchemas[ref] : undefined);
}

// One lookup per schemas table: emit's printer and the parameter readers ask it of nearly every schema node.
const tableLookups = new WeakMap<Record<string, JsonSchema>, RefLookup>();

/** `modelLookup` over one schemas table (`ApiModel.schemas`), made once per table. */
export function schemasLookup(schemas: Record<string, JsonSchema>): RefLookup {
  let lookup = tableLookups.get(schemas);
  if (lookup === undefined) {
    lookup = modelLookup({ schemas });
    tableLookups.set(schemas, lookup);
  }
  return lookup;
}

/** The schema a node stands for after its refs (a boolean schema included), or undefined when the chain stopped. */
export function resolveSchema(node: JsonSchema | undefined, lookup: RefLookup, options?: FollowOptions): JsonSchema | undefined {
  const { value } = followRefs(node, lookup, options);
  return isObject(value) || typeof value === 'boolean' ? (value as JsonSchema) : undefined;
}

/**
 * The short name a ref gives its target: its last pointer segment, unescaped and percent-decoded
 * (`#/components/schemas/Job` → `Job`, `#/definitions/a~1b` → `a/b`). Malformed percent-encoding stays as written.
 */
export function refName(ref: string): string {
  const last = unescapePointerSegment(ref.slice(ref.lastIndexOf('/') + 1));
  if (!last.includes('%')) return last;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
