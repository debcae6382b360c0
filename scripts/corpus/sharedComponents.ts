/**
 * The `sharedComponents` rewrite of the metamorphic corpus test (metamorphicTransforms.ts): every parameter, response
 * and request body an operation writes inline moved to the components and referred to, as large contracts and their
 * bundlers write them (OpenAPI 3's `components.parameters`/`responses`/`requestBodies`; Swagger 2's top-level
 * `parameters` and `responses`, whose body parameters are parameters too). A job is the same job wherever its
 * parts are written, so detection on the rewrite must find the same starts.
 *
 * Each moved object is named after its operation (its operationId, else its method and path) and its place
 * (`getJob.jobId`, `getJob.200`), made unique; a ref already written stays, and a ref into a moved object
 * (`#/paths/~1v2~1jobs/get/responses/200/content/…`, as DigitalOcean writes) follows it. Pure: the input is never
 * mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapRefs, uriDecoded } from './specWalk.js';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function sharedComponents(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec) || !isObject(spec.paths)) return spec;
  const v3 = typeof spec.openapi === 'string';
  const homes = {
    parameters: { ...(v3 ? componentsOf(spec, 'parameters') : ownMap(spec, 'parameters')) },
    responses: { ...(v3 ? componentsOf(spec, 'responses') : ownMap(spec, 'responses')) },
    requestBodies: { ...(v3 ? componentsOf(spec, 'requestBodies') : {}) },
  };
  // The pointer each moved object had (as written) → the one it has now.
  const moved = new Map<string, string>();
  const refTo = (home: keyof typeof homes, wanted: string, value: Json, from: string): Json => {
    let name = wanted.replace(/[^A-Za-z0-9._-]/g, '_');
    for (let n = 2; Object.hasOwn(homes[home], name); n++) name = `${wanted.replace(/[^A-Za-z0-9._-]/g, '_')}_${n}`;
    homes[home][name] = value;
    const to = v3 ? `/components/${home}/${name}` : `/${home}/${name}`;
    moved.set(from, to);
    return { $ref: `#${to}` };
  };
  const shareParameters = (owner: string, at: string, list: Json | undefined): Json | undefined =>
    Array.isArray(list)
      ? list.map((p, i) =>
          isObject(p) && typeof p.$ref !== 'string'
            ? refTo('parameters', `${owner}.${String(p.name ?? 'body')}`, p, `${at}/parameters/${i}`)
            : p,
        )
      : list;

  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) {
      paths[path] = item;
      continue;
    }
    const outItem: JsonObject = { ...item };
    const itemAt = `/paths/${escapeSegment(path)}`;
    if (item.parameters !== undefined) outItem.parameters = shareParameters(`path${path}`, itemAt, item.parameters)!;
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isObject(op)) continue;
      const owner = typeof op.operationId === 'string' ? op.operationId : `${method}${path}`;
      const outOp: JsonObject = { ...op };
      const opAt = `${itemAt}/${method}`;
      if (op.parameters !== undefined) outOp.parameters = shareParameters(owner, opAt, op.parameters)!;
      if (v3 && isObject(op.requestBody) && typeof op.requestBody.$ref !== 'string')
        outOp.requestBody = refTo('requestBodies', owner, op.requestBody, `${opAt}/requestBody`);
      if (isObject(op.responses)) {
        const responses: JsonObject = {};
        for (const [code, r] of Object.entries(op.responses))
          responses[code] =
            isObject(r) && typeof r.$ref !== 'string'
              ? refTo('responses', `${owner}.${code}`, r, `${opAt}/responses/${escapeSegment(code)}`)
              : r;
        outOp.responses = responses;
      }
      outItem[method] = outOp;
    }
    paths[path] = outItem;
  }
  const out: JsonObject = { ...spec, paths };
  if (v3) {
    const components: JsonObject = { ...(isObject(spec.components) ? spec.components : {}) };
    for (const [home, map] of Object.entries(homes)) if (Object.keys(map).length > 0) components[home] = map;
    out.components = components;
  } else {
    if (Object.keys(homes.parameters).length > 0) out.parameters = homes.parameters;
    if (Object.keys(homes.responses).length > 0) out.responses = homes.responses;
  }
  return moved.size === 0 ? out : mapRefs(out, (ref) => followMoved(ref, moved));
}

/** A ref into a moved object, from its new place: the segments read as a pointer (a fragment may be URI-encoded). */
function followMoved(ref: string, moved: ReadonlyMap<string, string>): string {
  if (!ref.startsWith('#/paths/')) return ref;
  const segments = ref.slice(1).split('/').slice(1);
  let asWritten = '';
  for (let i = 0; i < segments.length; i++) {
    asWritten += `/${uriDecoded(segments[i]!)}`;
    const to = moved.get(asWritten);
    if (to !== undefined) return `#${[to, ...segments.slice(i + 1)].join('/')}`;
  }
  return ref;
}

function componentsOf(spec: JsonObject, home: string): JsonObject {
  const components = spec.components;
  return isObject(components) && isObject(components[home]) ? components[home] : {};
}

function ownMap(spec: JsonObject, home: string): JsonObject {
  return isObject(spec[home]) ? spec[home] : {};
}
