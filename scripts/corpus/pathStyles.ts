/**
 * The rewrites of the metamorphic corpus test (metamorphicTransforms.ts) that move paths, in styles real contracts
 * are written in. Each returns the rewritten spec and where every path went (`originalPath`: rewritten → as
 * written), so that detection on the rewrite is scored against the labels of the original.
 *
 * - `pathPrefix`: every path under a version prefix (`/api/v9/jobs`), servers and basePath left alone; a spec whose
 *   paths already start with a version (`/v2/droplets`, AWS's `/2020-11-20/projects`) gets only `/api` before it.
 * - `trailingSlash`: every path ends with `/` (Django REST framework's style), before a query or fragment
 *   (`/{Bucket}/?uploads`, AWS's `/access-preview/{id}/#analyzerArn`).
 * - `pathCase`: every static segment in the other common case (`check-suites` ↔ `checkSuites`), as vendors spell their
 *   collections; versions, templates, custom methods and AWS's root fragments stay.
 * - `paramNames`: the item's own parameter called `id`, as resource routes name it (Rails, Laravel:
 *   `/jobs/{jobId}` → `/jobs/{id}`, `/jobs/{jobId}/cancel` → `/jobs/{id}/cancel`): the last parameter of a path, when
 *   at most one literal segment follows it. The collection before it still says whose id it is.
 * - `neutralParams`: every path parameter named by its place (`{id1}`, `{id2}`). This one can change meaning: a path
 *   parameter's name is the input member it binds (Smithy `@httpLabel`, AWS's specs), often the only thing that ties
 *   it to the field a start returns; it measures how much rides on those names, and no rule is fixed for it.
 * Both rename in the path, the path item's and operations' `parameters`, link parameters and `$request.path.`
 * expressions.
 *
 * Root fragment paths (`/#Action=X`, `/#X-Amz-Target=…`) are AWS's encoding of an RPC call to the service root,
 * not addresses, and a path whose last segment is a custom method (`/v1/{name}:cancel`, Google AIP-136: the verb
 * ends the URI) would no longer be one with a slash after it: both keep their path under `pathPrefix` and
 * `trailingSlash`. A rewrite that would give two paths one key keeps both as written; every `$ref` and
 * `operationRef` into a moved path item follows it. Pure: the input is never mutated.
 */
import { escapePointerSegment, getAtPointer, splitPointer } from '../../src/model/jsonPointer.js';
import type { Json, TransformContext } from './metamorphicTransforms.js';

type JsonObject = { [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface PathRewrite {
  spec: Json;
  /** Rewritten path → the path as written, for every path that moved. */
  originalPath: Map<string, string>;
}
export type PathTransform = (spec: Json, ctx: TransformContext) => PathRewrite;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A path that is AWS's RPC encoding (`/#Action=`) at the service root. */
const isRootFragment = (p: string) => p.startsWith('/#');

/** The path part of a key and the rest from its query or fragment (`/{Bucket}?uploads`, `/x/{id}#analyzerArn`). */
function splitAddress(p: string): [string, string] {
  const cut = p.search(/[?#]/);
  return cut < 0 ? [p, ''] : [p.slice(0, cut), p.slice(cut)];
}

/** A path that is AWS's RPC encoding, or ends in a custom method (`…/{name}:cancel`). */
const keepsItsEnd = (p: string) => isRootFragment(p) || /:[A-Za-z][A-Za-z0-9]*$/.test(splitAddress(p)[0]);

/**
 * Each path renamed by `rename` (a path item may be rewritten too); a rename onto a key another path also takes
 * keeps both as written. `operationRef` pointers into a moved path follow it.
 */
function movePaths(
  spec: Json,
  rename: (path: string) => string,
  rewriteItem: (path: string, item: JsonObject, moved: string) => JsonObject = (_p, item) => item,
): PathRewrite {
  const originalPath = new Map<string, string>();
  if (!isObject(spec) || !isObject(spec.paths)) return { spec, originalPath };
  const proposed = new Map(Object.keys(spec.paths).map((p) => [p, rename(p)] as const));
  const claims = new Map<string, number>();
  for (const to of proposed.values()) claims.set(to, (claims.get(to) ?? 0) + 1);
  const target = (p: string) => {
    const to = proposed.get(p)!;
    return claims.get(to) === 1 ? to : p;
  };
  const paths: JsonObject = {};
  const forward = new Map<string, string>();
  for (const [p, item] of Object.entries(spec.paths)) {
    const to = target(p);
    if (Object.hasOwn(paths, to)) return { spec, originalPath: new Map() };
    paths[to] = isObject(item) && to !== p ? rewriteItem(p, item, to) : item;
    if (to !== p) {
      originalPath.set(to, p);
      forward.set(p, to);
    }
  }
  return { spec: followPathRefs({ ...spec, paths }, forward), originalPath };
}

/** Every `$ref` and `operationRef` (`#/paths/~1jobs~1{id}/get`) into a moved path rewritten to its new key. */
function followPathRefs(spec: Json, forward: Map<string, string>): Json {
  const walk = (value: Json, key?: string): Json => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (typeof value === 'string' && (key === 'operationRef' || key === '$ref') && value.startsWith('#/paths/')) {
      const [, p, ...rest] = splitPointer(value);
      const to = p === undefined ? undefined : forward.get(p);
      return to === undefined ? value : `#/paths/${[to, ...rest].map(escapePointerSegment).join('/')}`;
    }
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, k);
    return out;
  };
  return forward.size === 0 ? spec : walk(spec);
}

export const VERSION_PREFIX = '/api/v9';

/** A version segment: `v2`, `v1beta1`, or a date (`2020-11-20`, AWS's API versions). */
const VERSION = /^(v\d+[a-z0-9]*|\d{4}-\d{2}-\d{2})$/i;

export const pathPrefix: PathTransform = (spec) => {
  const keys = isObject(spec) && isObject(spec.paths) ? Object.keys(spec.paths) : [];
  const versioned = keys.some((p) => VERSION.test(p.split('/')[1] ?? ''));
  const prefix = versioned ? '/api' : VERSION_PREFIX;
  return movePaths(spec, (p) => (isRootFragment(p) ? p : prefix + p));
};

export const trailingSlash: PathTransform = (spec) =>
  movePaths(spec, (p) => {
    const [address, rest] = splitAddress(p);
    return keepsItsEnd(p) || address.endsWith('/') ? p : `${address}/${rest}`;
  });

/**
 * A static path segment in the other common case: a kebab or snake one camelCase (`check-suites` → `checkSuites`,
 * `event_source_mappings` → `eventSourceMappings`), a camelCase one kebab (`mailFolders` → `mail-folders`); a plain
 * word, a version (`v2`, `2015-03-31`), a template, a custom method (`:cancel`) and anything not word-like
 * (`Microsoft.Compute`) stay.
 */
export function segmentInOtherCase(segment: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(segment) || VERSION.test(segment)) return segment;
  if (/[-_]/.test(segment)) {
    const words = segment.split(/[-_]/);
    if (words.some((w) => w === '')) return segment;
    return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  }
  if (!/[a-z][A-Z]/.test(segment)) return segment;
  return segment.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `pathCase`: every static segment of a path's address in the other case (AWS's root fragments stay). */
export const pathCase: PathTransform = (spec) =>
  movePaths(spec, (p) => {
    if (isRootFragment(p)) return p;
    const [address, rest] = splitAddress(p);
    return address.split('/').map(segmentInOtherCase).join('/') + rest;
  });

/** `{name}` templates of a path, greedy (`{Key+}`) and reserved (`{+name}`) forms included: [whole, name]. */
const TEMPLATE = /\{(\+?)([^{}+]+)(\+?)\}/g;

/** A path's parameter names in order of appearance, each once. */
export const templateNames = (p: string) => [...new Set([...p.matchAll(TEMPLATE)].map((m) => m[2]!))];

/** A path's renames for `paramNames`: its last parameter → `id` when at most one literal segment follows it. */
function itemIdRenames(p: string): Map<string, string> {
  const names = templateNames(p);
  const last = names[names.length - 1];
  if (last === undefined || names.includes('id')) return new Map();
  const after = p
    .slice(p.lastIndexOf('}') + 1)
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');
  return after.length <= 1 && !after.some((s) => s.includes('{')) ? new Map([[last, 'id']]) : new Map();
}

/** A path's renames for `neutralParams`: every parameter by its place, `id1`, `id2`, …. */
const placeRenames = (p: string) => new Map(templateNames(p).map((name, i) => [name, `id${i + 1}`]));

export const paramNames: PathTransform = (spec) => renameParams(spec, itemIdRenames);
export const neutralParams: PathTransform = (spec) => renameParams(spec, placeRenames);

function renameParams(spec: Json, renamesOf: (path: string) => Map<string, string>): PathRewrite {
  if (!isObject(spec) || !isObject(spec.paths)) return { spec, originalPath: new Map() };
  const renames = new Map(Object.keys(spec.paths).map((p) => [p, renamesOf(p)] as const));
  const renamePath = (p: string) =>
    p.replace(TEMPLATE, (whole, pre: string, name: string, post: string) => {
      const to = renames.get(p)?.get(name);
      return to === undefined ? whole : `{${pre}${to}${post}}`;
    });
  const moved = movePaths(spec, renamePath, (p, item) => renameInItem(spec, item, renames.get(p)!));
  const byOperationId = new Map<string, Map<string, string>>();
  for (const from of moved.originalPath.values()) {
    const item = spec.paths[from];
    if (isObject(item))
      for (const m of HTTP_METHODS) {
        const op = item[m];
        if (isObject(op) && typeof op.operationId === 'string') byOperationId.set(op.operationId, renames.get(from)!);
      }
  }
  // Links name their target's parameters: follow the target's renames (by operationId; an operationRef was moved).
  const byRef = new Map([...moved.originalPath].map(([to, from]) => [to, renames.get(from)!] as const));
  return { spec: renameLinkParameters(moved.spec, byOperationId, byRef), originalPath: moved.originalPath };
}

/** A path item with its path parameters renamed: in `parameters` (a ref'd one copied in) and `$request.path.` expressions. */
function renameInItem(spec: Json, item: JsonObject, renames: Map<string, string>): JsonObject {
  const renameParameters = (list: Json | undefined): Json | undefined => {
    if (!Array.isArray(list)) return list;
    return list.map((entry) => {
      const param = isObject(entry) && typeof entry.$ref === 'string' ? (getAtPointer(spec, entry.$ref) as Json | undefined) : entry;
      if (!isObject(param) || param.in !== 'path' || typeof param.name !== 'string') return entry;
      const to = renames.get(param.name);
      return to === undefined ? entry : { ...param, name: to };
    });
  };
  const expressions = (value: Json): Json => {
    if (typeof value === 'string')
      return value.replace(/\$request\.path\.([A-Za-z0-9_.-]+)/g, (whole, name: string) => {
        const to = renames.get(name);
        return to === undefined ? whole : `$request.path.${to}`;
      });
    if (Array.isArray(value)) return value.map(expressions);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = expressions(v);
    return out;
  };
  const out: JsonObject = { ...item };
  if (item.parameters !== undefined) out.parameters = renameParameters(item.parameters)!;
  for (const m of HTTP_METHODS) {
    const op = item[m];
    if (!isObject(op)) continue;
    const renamed = expressions(op) as JsonObject;
    if (op.parameters !== undefined) renamed.parameters = renameParameters(op.parameters)!;
    out[m] = renamed;
  }
  return out;
}

/** Link Objects' `parameters` keys (`jobId`, `path.jobId`) renamed as their target operation's path parameters were. */
function renameLinkParameters(spec: Json, byOperationId: Map<string, Map<string, string>>, byPath: Map<string, Map<string, string>>): Json {
  const targetRenames = (link: JsonObject) => {
    if (typeof link.operationId === 'string') return byOperationId.get(link.operationId);
    if (typeof link.operationRef === 'string' && link.operationRef.startsWith('#/paths/'))
      return byPath.get(splitPointer(link.operationRef)[1] ?? '');
    return undefined;
  };
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v);
    const renames = isObject(out.parameters) ? targetRenames(out) : undefined;
    if (renames !== undefined && isObject(out.parameters)) {
      const parameters: JsonObject = {};
      for (const [name, v] of Object.entries(out.parameters)) {
        const bare = name.startsWith('path.') ? name.slice(5) : name;
        const to = renames.get(bare);
        parameters[to === undefined ? name : name === bare ? to : `path.${to}`] = v;
      }
      out.parameters = parameters;
    }
    return out;
  };
  return walk(spec);
}
