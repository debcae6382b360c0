/**
 * The rewrites of the metamorphic corpus test (metamorphicTransforms.ts) that say a response in another common style.
 * A job is the same job whichever of these a vendor chose, so detection on the rewrite must find the same starts.
 *
 * - `dataEnvelope`: every success response's JSON body wrapped in a `data` member (`{"data": {...}}`: JSON:API, and
 *   the resource responses of Laravel, Stripe-style list wrappers, many vendors' house style), its examples wrapped
 *   alike and every link's `$response.body#/…` expression moved under `/data`. Not on AWS's specs: their protocols
 *   fix the body's shape (an AWS contract is never written so).
 * - `statusName`: every schema property whose name ends in the word `status` (`status`, `Status`, `jobStatus`,
 *   `job_status`) renamed to end in `state` instead, as many vendors call it (Google's `state`, Kubernetes' `phase`
 *   aside), with the schema's `required` and a discriminator's `propertyName`. A property whose new name the same
 *   object already has keeps its name. Parameters keep theirs (a query filter named `status` is the API's surface,
 *   not a body field).
 *
 * Pure: the input is never mutated.
 */
import { isAwsSpec, type Json, type TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapObjects, mapRefs, resolveLocal } from './specWalk.js';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const isSuccess = (code: string) => /^2(?:\d\d|XX)$/i.test(code);
const isJson = (mediaType: string) => /json/i.test(mediaType) || mediaType === '*/*';

/** `{ data: schema }`, required. */
const wrapSchema = (schema: Json): Json => ({ type: 'object', required: ['data'], properties: { data: schema } });

/**
 * A body that is an envelope already (`{data: …}`, or one object member: `{droplet: {…}}`, `{action: {…}}`) stays as
 * written: a vendor wraps its bodies once, and a second wrapper would measure a style nobody writes in.
 */
function isEnvelope(schema: Json, root: JsonObject): boolean {
  const resolved = resolveLocal(root, schema);
  if (!isObject(resolved) || !isObject(resolved.properties)) return false;
  const names = Object.keys(resolved.properties);
  if (names.includes('data')) return true;
  if (names.length !== 1) return false;
  const only = resolveLocal(root, resolved.properties[names[0]!]);
  return isObject(only) && (only.type === 'object' || isObject(only.properties));
}

/** An OpenAPI 3 media type object or a Swagger 2 response, its schema and examples wrapped. */
function wrapMedia(media: JsonObject, root: JsonObject): JsonObject {
  if (media.schema === undefined || isEnvelope(media.schema, root)) return media;
  const out: JsonObject = { ...media };
  out.schema = wrapSchema(media.schema);
  if (media.example !== undefined) out.example = { data: media.example };
  if (isObject(media.examples)) {
    const examples: JsonObject = {};
    for (const [k, ex] of Object.entries(media.examples))
      examples[k] = isObject(ex) && 'value' in ex ? { ...ex, value: { data: ex.value! } } : ex;
    out.examples = examples;
  }
  return out;
}

/** A link's runtime expressions that read the response body, moved under `/data`. */
function moveLinkExpressions(value: Json): Json {
  if (typeof value === 'string') return value.replace(/\$response\.body#\//g, '$response.body#/data/');
  if (Array.isArray(value)) return value.map(moveLinkExpressions);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moveLinkExpressions(v)]));
}

/** A success response wrapped: OpenAPI 3's JSON media types, or Swagger 2's schema and examples. */
function wrapResponse(response: JsonObject, root: JsonObject): JsonObject {
  const out: JsonObject = { ...response };
  const written = response.content;
  if (isObject(written)) {
    const content: JsonObject = {};
    for (const [mt, media] of Object.entries(written)) content[mt] = isJson(mt) && isObject(media) ? wrapMedia(media, root) : media;
    if (Object.keys(content).every((mt) => content[mt] === written[mt])) return response;
    out.content = content;
  } else if (response.schema !== undefined) {
    if (isEnvelope(response.schema, root)) return response;
    out.schema = wrapSchema(response.schema);
    if (isObject(response.examples)) {
      const examples: JsonObject = {};
      for (const [mt, ex] of Object.entries(response.examples)) examples[mt] = isJson(mt) ? { data: ex } : ex;
      out.examples = examples;
    }
  }
  if (isObject(response.links)) out.links = moveLinkExpressions(response.links);
  return out;
}

/** `#/components/responses/X` (OpenAPI 3) or `#/responses/X` (Swagger 2) → [home, name]. */
function sharedResponse(ref: string): [string[], string] | null {
  const m = /^#\/(components\/responses|responses)\/([^/]+)$/.exec(ref);
  return m ? [m[1]!.split('/'), m[2]!.replace(/~1/g, '/').replace(/~0/g, '~')] : null;
}

export function dataEnvelope(spec: Json, ctx: TransformContext): Json {
  if (isAwsSpec(ctx.file) || !isObject(spec) || !isObject(spec.paths)) return spec;
  // Shared responses a success code refers to, wrapped once where they are defined.
  const shared = new Set<string>();
  const paths: JsonObject = {};
  for (const [p, item] of Object.entries(spec.paths)) {
    if (!isObject(item)) {
      paths[p] = item;
      continue;
    }
    const outItem: JsonObject = {};
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isObject(op) || !isObject(op.responses)) {
        outItem[method] = op;
        continue;
      }
      const responses: JsonObject = {};
      for (const [code, response] of Object.entries(op.responses)) {
        if (!isSuccess(code) || !isObject(response)) responses[code] = response;
        else if (typeof response.$ref === 'string') {
          const at = sharedResponse(response.$ref);
          if (at) shared.add(JSON.stringify(at));
          responses[code] = response;
        } else responses[code] = wrapResponse(response, spec);
      }
      outItem[method] = { ...op, responses };
    }
    paths[p] = outItem;
  }
  const out: JsonObject = { ...spec, paths };
  for (const key of shared) {
    const [home, name] = JSON.parse(key) as [string[], string];
    const parent = home.length === 2 ? (isObject(out[home[0]!]) ? (out[home[0]!] as JsonObject)[home[1]!] : undefined) : out[home[0]!];
    if (!isObject(parent) || !isObject(parent[name])) continue;
    const responses = { ...parent, [name]: wrapResponse(parent[name] as JsonObject, spec) };
    if (home.length === 2) out[home[0]!] = { ...(out[home[0]!] as JsonObject), [home[1]!]: responses };
    else out[home[0]!] = responses;
  }
  return out;
}

/** `status` → `state`, `Status` → `State`, `jobStatus` → `jobState`, `job_status` → `job_state`; else null. */
export function stateNameOf(name: string): string | null {
  const m = /^(.*?)(status|Status|STATUS)$/.exec(name);
  if (!m) return null;
  const [, head, word] = m as unknown as [string, string, 'status' | 'Status' | 'STATUS'];
  // The word `status` at a word's start only: `jobstatus` and `Substatus` are other words to a reader.
  const wordStart = head === '' || /[_-]$/.test(head) || (word === 'Status' && /[a-z0-9]$/.test(head));
  return wordStart ? head + { status: 'state', Status: 'State', STATUS: 'STATE' }[word] : null;
}

/**
 * Every schema object's properties renamed by `to` (null: kept), walking the whole document, with the schema's
 * `required` and a discriminator's `propertyName`; a `$ref` into a renamed property
 * (`#/components/schemas/Job/properties/status`) follows it. A property whose new name the same object already has,
 * or another of its properties takes, keeps its name. Examples' objects are not schemas and are left to the caller
 * (`examples`: rename their keys too, or leave them).
 */
export function renameProperties(
  spec: Json,
  to: (name: string) => string | null,
  examples?: (value: Json, key: 'example' | 'examples') => Json,
): Json {
  // Old pointer → new pointer of every renamed property.
  const moved = new Map<string, string>();
  const visit = (out: JsonObject, pointer: string): JsonObject => {
    // A schema's `properties` is the one renamed.
    if (!isObject(out.properties)) return out;
    const props = out.properties;
    const renames = freeRenames(Object.keys(props), to);
    if (renames.size === 0) return out;
    for (const [from, name] of renames)
      moved.set(`${pointer}/properties/${escapeSegment(from)}`, `${pointer}/properties/${escapeSegment(name)}`);
    out.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [renames.get(k) ?? k, v]));
    if (Array.isArray(out.required)) out.required = out.required.map((r) => (typeof r === 'string' ? (renames.get(r) ?? r) : r));
    if (isObject(out.discriminator) && typeof out.discriminator.propertyName === 'string')
      out.discriminator = {
        ...out.discriminator,
        propertyName: renames.get(out.discriminator.propertyName) ?? out.discriminator.propertyName,
      };
    return out;
  };
  const renamed = mapObjects(spec, visit, examples);
  if (moved.size === 0) return renamed;
  // A ref's fragment, moved segment by segment from the longest renamed prefix (a property inside a renamed one too).
  return mapRefs(renamed, (ref) => {
    if (!ref.startsWith('#/')) return ref;
    const segments = ref.slice(1).split('/');
    let out = '';
    for (const seg of segments.slice(1)) {
      const next = `${out}/${seg}`;
      out = moved.get(next) ?? next;
    }
    return `#${out}`;
  });
}

/** The renames of one object's keys onto a name no key has and no other rename takes. */
export function freeRenames(names: readonly string[], to: (name: string) => string | null): Map<string, string> {
  const written = new Set(names);
  const renames = new Map<string, string>();
  const claims = new Map<string, number>();
  for (const name of names) {
    const next = to(name);
    if (next === null || written.has(next)) continue;
    renames.set(name, next);
    claims.set(next, (claims.get(next) ?? 0) + 1);
  }
  for (const [from, next] of renames) if (claims.get(next)! > 1) renames.delete(from);
  return renames;
}

/** Every schema object's status-named properties renamed to state. Parameters and examples keep theirs. */
export const statusName = (spec: Json, _ctx: TransformContext): Json => renameProperties(spec, stateNameOf);
