/**
 * The rewrite of the metamorphic corpus test (metamorphicTransforms.ts) that declares path parameters once per path,
 * as many contracts do: a parameter every operation of a path item declares alike (same object, or the same `$ref`)
 * is moved to the path item's `parameters` (OpenAPI: they apply to every operation under the path), ahead of the
 * ones already there. Each operation's parameters are the same; their order is not, so detection must not depend on it.
 * A path item whose operations' parameters a `$ref` points into keeps them as written.
 *
 * Pure: the input is never mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, HTTP_METHODS, isObject, type JsonObject, uriDecoded } from './specWalk.js';

/** A parameter's key: its name and place, through a `$ref` by the ref itself. */
const keyOf = (p: Json): string | null =>
  isObject(p) && typeof p.$ref === 'string' ? p.$ref : isObject(p) && typeof p.name === 'string' ? `${p.in}:${p.name}` : null;

export function pathItemParams(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || !isObject(spec.paths)) return spec;
  // The path items a `$ref` points into, found in one pass (graph-beta has 22,000 paths).
  const pointedInto = new Set<string>();
  for (const m of JSON.stringify(spec).matchAll(/"#\/paths\/([^/"]+)\//g)) pointedInto.add(uriDecoded(m[1]!));
  const paths: JsonObject = {};
  for (const [p, item] of Object.entries(spec.paths)) {
    paths[p] = isObject(item) && !pointedInto.has(escapeSegment(p)) ? hoist(item) : item;
  }
  return { ...spec, paths };
}

function hoist(item: JsonObject): JsonObject {
  const ops = Object.entries(item).filter(([m, op]) => HTTP_METHODS.has(m) && isObject(op)) as Array<[string, JsonObject]>;
  if (ops.length === 0) return item;
  const listOf = (op: JsonObject) => (Array.isArray(op.parameters) ? op.parameters : []);
  const own = new Set((Array.isArray(item.parameters) ? item.parameters : []).map(keyOf));
  // Declared alike by every operation: same key, same text.
  const shared = listOf(ops[0]![1]).filter((param) => {
    const key = keyOf(param);
    if (key === null || own.has(key) || !(isObject(param) && (param.in === 'path' || typeof param.$ref === 'string'))) return false;
    const text = JSON.stringify(param);
    return ops.every(([, op]) => listOf(op).some((q) => keyOf(q) === key && JSON.stringify(q) === text));
  });
  if (shared.length === 0) return item;
  const keys = new Set(shared.map(keyOf));
  const out: JsonObject = { ...item, parameters: [...shared, ...(Array.isArray(item.parameters) ? item.parameters : [])] };
  for (const [m, op] of ops) {
    const rest = listOf(op).filter((q) => !keys.has(keyOf(q)));
    const { parameters: _written, ...others } = op;
    out[m] = rest.length > 0 ? { ...others, parameters: rest } : others;
  }
  return out;
}
