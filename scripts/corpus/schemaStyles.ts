/**
 * The rewrites of the metamorphic corpus test (metamorphicTransforms.ts) that write schemas as code-first generators
 * do. A job is the same job however its schemas are spelled, so detection on the rewrite must find the same starts.
 *
 * - `refWrap`: every schema `$ref` (`#/components/schemas/…`, `#/definitions/…`) written as `{allOf: [{$ref}]}`, its
 *   sibling keywords (a description beside the ref) moved onto the wrapper: the OpenAPI 3.0 way to describe or make
 *   nullable a referenced schema (NestJS, springdoc, FastAPI with pydantic 1). A ref that is itself a branch of
 *   `allOf`/`anyOf`/`oneOf` stays: a generator wraps a use, not a composition.
 * - `nullableUnion`: every optional property of an OpenAPI 3 schema (one its object does not list in `required`) made
 *   nullable as generators write an `Optional` field (pydantic 2, OpenAPI 3.1's form, which 3.0 readers meet in
 *   practice): `{anyOf: [P, {type: 'null'}]}`, the property's description, title, default and example on the wrapper,
 *   and a ref described beside it (`allOf: [{$ref}, {description}]`) one ref with its prose on the wrapper. Swagger 2
 *   has no such form (`x-nullable` is a vendor's) and is left as written.
 *
 * Pure: the input is never mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapObjects, mapRefs, uriDecoded } from './specWalk.js';

const isSchemaRef = (ref: Json | undefined): boolean =>
  typeof ref === 'string' && (ref.startsWith('#/components/schemas/') || ref.startsWith('#/definitions/'));
const COMPOSITIONS = new Set(['allOf', 'anyOf', 'oneOf']);

export function refWrap(spec: Json, _ctx: TransformContext): Json {
  // `members`: the value is a `properties` map, whose keys are member names, not keywords.
  const walk = (value: Json, key?: string, inComposition = false, members = false): Json => {
    if (Array.isArray(value)) return value.map((v) => walk(v, undefined, key !== undefined && COMPOSITIONS.has(key)));
    if (!isObject(value)) return value;
    // Examples are data, not schemas.
    if (key === 'example' || key === 'examples') return value;
    const out: JsonObject = {};
    if (members) {
      for (const [k, v] of Object.entries(value)) out[k] = walk(v);
      return out;
    }
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, false, k === 'properties');
    if (inComposition || !isSchemaRef(out.$ref)) return out;
    const { $ref, ...siblings } = out;
    return { ...siblings, allOf: [{ $ref: $ref! }] };
  };
  return walk(spec);
}

/** Keywords that say what a property is to a reader, kept on the nullable wrapper as generators put them. */
const WRAPPER_KEYS = new Set(['description', 'title', 'default', 'example']);
const isMetaOnly = (v: Json): boolean => isObject(v) && Object.keys(v).every((k) => WRAPPER_KEYS.has(k));

/** Where an optional property's schema went: under `anyOf/0`, from `allOf/<k>` when a described ref was collapsed. */
interface Moved {
  collapsed: number | null;
}

/**
 * `P` as a generator writes an `Optional[P]` field: `{anyOf: [core, {type: 'null'}], description, …}`, the prose on the
 * wrapper. A ref described beside it (AWS's `allOf: [{$ref}, {description}]`) is one ref and its prose to a generator.
 */
function optional(prop: Json): { schema: Json; moved: Moved | null } {
  if (!isObject(prop)) return { schema: prop, moved: null };
  const meta: JsonObject = {};
  let core: JsonObject = {};
  let collapsed: number | null = null;
  for (const [k, v] of Object.entries(prop)) (WRAPPER_KEYS.has(k) && !('$ref' in prop) ? meta : core)[k] = v;
  const all = core.allOf;
  if (Array.isArray(all) && Object.keys(core).length === 1) {
    const refs = all.filter((b) => isObject(b) && typeof b.$ref === 'string');
    if (refs.length === 1 && all.every((b) => b === refs[0] || isMetaOnly(b))) {
      for (const b of all) if (b !== refs[0]) Object.assign(meta, b);
      collapsed = all.indexOf(refs[0]!);
      core = refs[0] as JsonObject;
    }
  }
  return { schema: { ...meta, anyOf: [core, { type: 'null' }] }, moved: { collapsed } };
}

export function nullableUnion(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || typeof spec.openapi !== 'string') return spec;
  // The pointer (as written) of every property made optional, and where its schema went.
  const moved = new Map<string, Moved>();
  const visit = (out: JsonObject, pointer: string): JsonObject => {
    if (!isObject(out.properties)) return out;
    const required = new Set(Array.isArray(out.required) ? out.required.filter((r) => typeof r === 'string') : []);
    const props: JsonObject = {};
    for (const [name, p] of Object.entries(out.properties)) {
      if (required.has(name)) {
        props[name] = p;
        continue;
      }
      const made = optional(p);
      props[name] = made.schema;
      if (made.moved) moved.set(`${pointer}/properties/${escapeSegment(name)}`, made.moved);
    }
    out.properties = props;
    return out;
  };
  const rewritten = mapObjects(spec, visit);
  // A ref into an optional property's schema (`…/properties/resources/items/properties/urn`) follows it under `anyOf/0`.
  const follow = (ref: string): string => {
    if (!ref.startsWith('#/')) return ref;
    const segments = ref.slice(2).split('/');
    let asWritten = '';
    let out = '';
    for (let i = 0; i < segments.length; i++) {
      asWritten += `/${uriDecoded(segments[i]!)}`;
      out += `/${segments[i]}`;
      const m = moved.get(asWritten);
      if (m === undefined || i === segments.length - 1) continue;
      out += '/anyOf/0';
      if (m.collapsed !== null && segments[i + 1] === 'allOf' && segments[i + 2] === String(m.collapsed)) {
        asWritten += `/allOf/${m.collapsed}`;
        i += 2;
      }
    }
    return `#${out}`;
  };
  return moved.size === 0 ? rewritten : mapRefs(rewritten, follow);
}

/**
 * `enumOneOf`: every string enum said as OpenAPI 3.1 and JSON Schema let a contract describe each value, `oneOf` of
 * `const`s (`{type: 'string', oneOf: [{const: 'RUNNING'}, …]}`); the values' order kept. OpenAPI 3 only.
 */
export function enumOneOf(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || typeof spec.openapi !== 'string') return spec;
  return mapObjects(spec, (node) => {
    if (!Array.isArray(node.enum) || node.enum.length === 0 || !node.enum.every((v) => typeof v === 'string')) return node;
    const { enum: values, ...rest } = node;
    return { ...rest, oneOf: values.map((v) => ({ const: v })) };
  });
}

/**
 * `enumRefs`: every inline string enum of a member moved to a component schema of its own and referred to, as
 * generators name each enum type (`JobStatus`); the member's prose stays beside the ref in an `allOf`.
 */
export function enumRefs(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec)) return spec;
  const v3 = typeof spec.openapi === 'string';
  const homeOf = (s: JsonObject): JsonObject => {
    const home = v3 ? (isObject(s.components) ? s.components.schemas : undefined) : s.definitions;
    return isObject(home) ? home : {};
  };
  const written = homeOf(spec);
  const prefix = v3 ? '#/components/schemas/' : '#/definitions/';
  const enums: JsonObject = {};
  let n = 0;
  const rewritten = mapObjects(spec, (node) => {
    if (!isObject(node.properties)) return node;
    const props: JsonObject = {};
    for (const [name, p] of Object.entries(node.properties)) {
      if (!isObject(p) || !Array.isArray(p.enum) || !p.enum.every((v) => typeof v === 'string') || '$ref' in p) {
        props[name] = p;
        continue;
      }
      const { description, ...enumSchema } = p;
      let key = `Enum${++n}`;
      while (Object.hasOwn(written, key)) key = `Enum${++n}`;
      enums[key] = enumSchema;
      props[name] = description === undefined ? { $ref: `${prefix}${key}` } : { allOf: [{ $ref: `${prefix}${key}` }], description };
    }
    return { ...node, properties: props };
  });
  if (n === 0 || !isObject(rewritten)) return rewritten;
  const schemas = { ...homeOf(rewritten), ...enums };
  if (v3) return { ...rewritten, components: { ...(isObject(rewritten.components) ? rewritten.components : {}), schemas } };
  return { ...rewritten, definitions: schemas };
}

/**
 * `typeNull`: the contract as OpenAPI 3.1 (JSON Schema 2020-12) writes nullable members, the form zod-to-openapi,
 * TypeSpec and Fastify emit for 3.1: every optional member with a `type` says `type: [T, 'null']` (an enum lists
 * `null` among its values, as JSON Schema asks for the null to validate), 3.0's `nullable: true` becomes the same type
 * array, and the document says `openapi: 3.1.0`. A member without a `type` (a ref, a composition) is left to
 * `nullableUnion`'s form. OpenAPI 3 only.
 */
export function typeNull(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || typeof spec.openapi !== 'string') return spec;
  const nullable = (p: JsonObject): JsonObject => {
    if (typeof p.type !== 'string' || p.type === 'null') return p;
    const { nullable: _written, ...rest } = p;
    const out: JsonObject = { ...rest, type: [p.type, 'null'] };
    if (Array.isArray(p.enum) && !p.enum.includes(null)) out.enum = [...p.enum, null];
    return out;
  };
  const rewritten = mapObjects(spec, (node) => {
    const out = node.nullable === true ? nullable(node) : node;
    if (!isObject(out.properties)) return out;
    const required = new Set(Array.isArray(out.required) ? out.required.filter((r) => typeof r === 'string') : []);
    const props: JsonObject = {};
    for (const [name, p] of Object.entries(out.properties)) props[name] = required.has(name) || !isObject(p) ? p : nullable(p);
    return { ...out, properties: props };
  });
  return isObject(rewritten) ? { ...rewritten, openapi: '3.1.0' } : rewritten;
}

/**
 * `untypedObjects`: `type: object` left out wherever a schema lists its members (`properties`) or a map's
 * (`additionalProperties`), and `type: array` beside `items`, as Azure's specs and hand-written contracts often do:
 * the keywords say what the value is, and generators read them so.
 */
export function untypedObjects(spec: Json, _ctx: TransformContext): Json {
  return mapObjects(spec, (node) => {
    const listsMembers = isObject(node.properties) || isObject(node.additionalProperties);
    if (!((node.type === 'object' && listsMembers) || (node.type === 'array' && isObject(node.items)))) return node;
    const { type: _written, ...rest } = node;
    return rest;
  });
}

/**
 * `noRequired`: every schema's `required` list dropped, as many hand-written contracts never declare one (path
 * parameters stay required: OpenAPI requires them). This one can change meaning (a member a poll needs reads as
 * optional); measured apart, like `noDescriptions`. Not on AWS's specs, which always declare them.
 */
export function noRequired(spec: Json, ctx: TransformContext): Json {
  if (ctx.file.startsWith('amazonaws.com/')) return spec;
  return mapObjects(spec, (node) => {
    if (!Array.isArray(node.required) || node.in !== undefined) return node;
    const { required: _written, ...rest } = node;
    return rest;
  });
}
