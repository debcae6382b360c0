/**
 * The walks the schema rewrites share (responseStyles.ts, schemaStyles.ts, nameCase.ts): every object of a spec
 * rebuilt bottom-up with its JSON pointer as written, and every `$ref` moved after its target moved. Pure: the input
 * is never mutated.
 */
import type { Json } from './metamorphicTransforms.js';

export type JsonObject = { [key: string]: Json };
export const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
export const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** A ref's segment as a pointer reads it: a fragment may also be URI-encoded (`%7Bdroplet_id%7D`). */
export const uriDecoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The value a local ref (`#/…`) points at in `spec`, its segments unescaped and URI-decoded; undefined if none. */
export function pointAt(spec: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let at: Json | undefined = spec;
  for (const seg of ref.slice(2).split('/')) {
    const key = uriDecoded(seg).replace(/~1/g, '/').replace(/~0/g, '~');
    at = isObject(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

/**
 * Every object of `spec`, children first, passed to `visit` with its pointer as written (`/components/schemas/Job`).
 * A `properties` map is a map of member names, not an object to visit (Azure's member is often called `properties`
 * itself, and its schema's keywords are not members); examples are data, left as written or to `examples`.
 */
export function mapObjects(
  spec: Json,
  visit: (node: JsonObject, pointer: string) => JsonObject,
  examples: (value: Json, key: 'example' | 'examples') => Json = (value) => value,
): Json {
  const walk = (value: Json, pointer: string, key?: string, members = false): Json => {
    if (key === 'example' || key === 'examples') return examples(value, key);
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${pointer}/${i}`));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    if (members) {
      for (const [k, v] of Object.entries(value)) out[k] = walk(v, `${pointer}/${escapeSegment(k)}`);
      return out;
    }
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, `${pointer}/${escapeSegment(k)}`, k, k === 'properties');
    return visit(out, pointer);
  };
  return walk(spec, '');
}

/** Every `$ref` string of `spec` passed through `follow`. */
export function mapRefs(spec: Json, follow: (ref: string) => string): Json {
  const refs = (value: Json, key?: string): Json => {
    if (typeof value === 'string') return key === '$ref' ? follow(value) : value;
    if (Array.isArray(value)) return value.map((v) => refs(v));
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refs(v, k)]));
  };
  return refs(spec);
}

/** A local `$ref` followed through a chain of aliases (a few steps: a cycle ends), else the schema itself. */
export function resolveLocal(spec: Json, schema: Json | undefined): Json | undefined {
  let at = schema;
  for (let k = 0; k < 8 && isObject(at) && typeof at.$ref === 'string'; k++) at = pointAt(spec, at.$ref);
  return at;
}

/** The methods of a path item that are operations (OpenAPI 3's fixed fields; the rest are parameters, servers…). */
export const HTTP_METHODS: ReadonlySet<string> = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `paths` with every operation passed through `f` (with its path and method); everything else as written. */
export function mapOperations(paths: Json | undefined, f: (op: JsonObject, path: string, method: string) => JsonObject): Json | undefined {
  if (!isObject(paths)) return paths;
  const out: JsonObject = {};
  for (const [p, item] of Object.entries(paths)) {
    out[p] = isObject(item)
      ? Object.fromEntries(Object.entries(item).map(([m, op]) => [m, HTTP_METHODS.has(m) && isObject(op) ? f(op, p, m) : op]))
      : item;
  }
  return out;
}
