/**
 * The `inlineRefs` rewrite (metamorphicTransforms.ts): every reference to a component schema (OpenAPI 3's
 * `#/components/schemas`, Swagger 2's `#/definitions`) replaced by a copy of the schema it names, as code-first
 * generators emit specs. A ref means its target (OpenAPI 3.0 §Reference Object; keywords beside it overlay the
 * target, as the product reads them: model/schemaRefs.ts), so the copy says the same; what disappears is the
 * shared identity and the schema's name.
 *
 * Refs to a schema on a ref cycle (a tree node, Stripe's expandables) stay refs, since a copy would never end, and so
 * do those schemas in their home. So do the schemas of a discriminator's hierarchy (the base that declares it and
 * every schema that extends it by `allOf`, Bitbucket's `object`): OpenAPI finds the subtypes by those refs and names
 * them by schema name (3.0 Discriminator Object), so there the name is meaning. Discriminator `mapping` targets
 * stay in their home too, since a mapping must name a schema. Every other component schema leaves the document. Copies multiply: a spec whose copy would pass INLINE_LIMIT (Kubernetes' 4 MB
 * grows to 212 MB) is left as written, the size no loader is asked to read. Pure: the input is never mutated.
 */
import { getAtPointer, splitPointer } from '../../src/model/jsonPointer.js';
import type { Json } from './metamorphicTransforms.js';

type JsonObject = { [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Home {
  prefix: string;
  schemas: JsonObject;
}

function homesOf(spec: JsonObject): Home[] {
  const homes: Home[] = [];
  if (isObject(spec.components) && isObject(spec.components.schemas))
    homes.push({ prefix: '#/components/schemas/', schemas: spec.components.schemas });
  if (isObject(spec.definitions)) homes.push({ prefix: '#/definitions/', schemas: spec.definitions });
  return homes;
}

/** `home prefix + name` of the component schema a ref points into (at it or inside it), or undefined. */
function schemaKeyOf(ref: string, homes: readonly Home[]): string | undefined {
  for (const home of homes) {
    if (!ref.startsWith(home.prefix)) continue;
    const segments = splitPointer(ref);
    const name = segments[home.prefix === '#/definitions/' ? 1 : 2];
    return name !== undefined && Object.hasOwn(home.schemas, name) ? home.prefix + name : undefined;
  }
  return undefined;
}

/** Every `$ref` string under `value`, and every discriminator mapping value (a ref too). */
function refsUnder(value: Json, out: string[], key?: string, parentKey?: string): string[] {
  if (Array.isArray(value)) for (const v of value) refsUnder(v, out);
  else if (typeof value === 'string') {
    if (key === '$ref' || parentKey === 'mapping') out.push(value);
  } else if (isObject(value)) for (const [k, v] of Object.entries(value)) refsUnder(v, out, k, key);
  return out;
}

/** The component schemas on a ref cycle (Tarjan's strongly connected components, self-loops included). */
export function cyclicSchemas(homes: readonly Home[]): Set<string> {
  const edges = new Map<string, string[]>();
  for (const home of homes)
    for (const [name, schema] of Object.entries(home.schemas))
      edges.set(
        home.prefix + name,
        refsUnder(schema, [])
          .map((r) => schemaKeyOf(r, homes))
          .filter((k): k is string => k !== undefined),
      );
  const cyclic = new Set<string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) for (const c of component) cyclic.add(c);
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cyclic;
}

/** The largest rewrite written out, in characters of JSON (roughly). */
export const INLINE_LIMIT = 64_000_000;

/** About the length of `value` as JSON text; a shared copy is counted each time it is written, as JSON writes it. */
function textSize(value: Json, memo: WeakMap<object, number>): number {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? value.length + 2 : String(value).length;
  const known = memo.get(value);
  if (known !== undefined) return known;
  let n = 2;
  if (Array.isArray(value)) for (const v of value) n += textSize(v, memo) + 1;
  else for (const [k, v] of Object.entries(value)) n += k.length + 4 + textSize(v, memo);
  memo.set(value, n);
  return n;
}

/** The schemas of discriminator hierarchies: the bases that declare one, and what extends them by `allOf`, transitively. */
export function polymorphicSchemas(homes: readonly Home[]): Set<string> {
  const parents = new Map<string, string[]>();
  const out = new Set<string>();
  for (const home of homes)
    for (const [name, schema] of Object.entries(home.schemas)) {
      if (!isObject(schema)) continue;
      if (isObject(schema.discriminator)) out.add(home.prefix + name);
      const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
      parents.set(
        home.prefix + name,
        allOf
          .flatMap((b) => (isObject(b) && typeof b.$ref === 'string' ? [schemaKeyOf(b.$ref, homes)] : []))
          .filter((k) => k !== undefined),
      );
    }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, ps] of parents)
      if (!out.has(name) && ps.some((p) => out.has(p))) {
        out.add(name);
        grew = true;
      }
  }
  return out;
}

export function inlineRefs(spec: Json): Json {
  if (!isObject(spec)) return spec;
  const homes = homesOf(spec);
  if (homes.length === 0) return spec;
  /** Schemas whose refs stay refs: those on a cycle, and those of a discriminator's hierarchy. */
  const cyclic = new Set([...cyclicSchemas(homes), ...polymorphicSchemas(homes)]);
  /** Component schemas that stay in their home: those, and discriminator mapping targets. */
  const kept = new Set(cyclic);
  const copies = new Map<string, Json>();
  const inlinable = (ref: string) => {
    const key = schemaKeyOf(ref, homes);
    return key !== undefined && !cyclic.has(key);
  };
  // A copy is made once per ref and shared: the rewrite is written out as text, where sharing cannot show.
  const copyOf = (ref: string): Json => {
    let copy = copies.get(ref);
    if (copy === undefined) {
      const target = getAtPointer(spec, ref) as Json | undefined;
      copy = target === undefined ? { $ref: ref } : walk(target);
      copies.set(ref, copy);
    }
    return copy;
  };
  const walk = (value: Json, key?: string, parentKey?: string): Json => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (typeof value === 'string' && parentKey === 'mapping') {
      const target = schemaKeyOf(value, homes);
      if (target !== undefined) kept.add(target);
      return value;
    }
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string' && inlinable(value.$ref)) {
      const { $ref, ...siblings } = value;
      const copy = copyOf($ref);
      if (Object.keys(siblings).length === 0) return copy;
      const overlay = walk(siblings);
      return isObject(copy) ? { ...copy, ...(overlay as JsonObject) } : copy;
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, key);
    return out;
  };
  const out = walk(spec) as JsonObject;
  for (const home of homes) {
    const schemas: JsonObject = {};
    const written =
      home.prefix === '#/definitions/' ? (out.definitions as JsonObject) : ((out.components as JsonObject).schemas as JsonObject);
    for (const [name, schema] of Object.entries(written)) if (kept.has(home.prefix + name)) schemas[name] = schema;
    if (home.prefix === '#/definitions/') out.definitions = schemas;
    else out.components = { ...(out.components as JsonObject), schemas };
  }
  return textSize(out, new WeakMap()) > INLINE_LIMIT ? spec : out;
}
