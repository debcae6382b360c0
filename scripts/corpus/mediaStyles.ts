/**
 * The rewrite of the metamorphic corpus test (metamorphicTransforms.ts) that names the media types as Spring's
 * generators do (springfox for Swagger 2, springdoc for OpenAPI 3, when a controller declares no `produces`): every
 * JSON answer under the wildcard range (`ANSWER`, any media type), every JSON request body under
 * `application/json;charset=UTF-8`. The bodies are the same JSON, so detection must find the same starts. Not on AWS's
 * specs: their protocols fix the media types.
 *
 * Pure: the input is never mutated.
 */
import { isAwsSpec, type Json, type TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapOperations, mapRefs, pointAt } from './specWalk.js';

const ANSWER = '*/*';
const REQUEST = 'application/json;charset=UTF-8';
const isPlainJson = (mediaType: string) => mediaType.toLowerCase() === 'application/json';

/** A `content` map with its `application/json` key renamed, the other keys and their order kept. */
function renameJson(content: Json | undefined, to: string): Json | undefined {
  if (!isObject(content) || Object.hasOwn(content, to)) return content;
  return Object.fromEntries(Object.entries(content).map(([mt, media]) => [isPlainJson(mt) ? to : mt, media]));
}

/** Swagger 2's `produces`/`consumes` list with `application/json` renamed. */
function renameList(list: Json | undefined, to: string): Json | undefined {
  if (!Array.isArray(list) || list.includes(to)) return list;
  return list.map((mt) => (typeof mt === 'string' && isPlainJson(mt) ? to : mt));
}

function answers(responses: Json | undefined): Json | undefined {
  if (!isObject(responses)) return responses;
  const out: JsonObject = {};
  for (const [code, r] of Object.entries(responses))
    out[code] = isObject(r) && r.content !== undefined ? { ...r, content: renameJson(r.content, ANSWER)! } : r;
  return out;
}

function requestBody(body: Json | undefined): Json | undefined {
  return isObject(body) && body.content !== undefined ? { ...body, content: renameJson(body.content, REQUEST)! } : body;
}

function operation(op: JsonObject): JsonObject {
  const out: JsonObject = { ...op };
  if (op.responses !== undefined) out.responses = answers(op.responses)!;
  if (op.requestBody !== undefined) out.requestBody = requestBody(op.requestBody)!;
  if (op.produces !== undefined) out.produces = renameList(op.produces, ANSWER)!;
  if (op.consumes !== undefined) out.consumes = renameList(op.consumes, REQUEST)!;
  return out;
}

export function springMediaTypes(spec: Json, ctx: TransformContext): Json {
  if (isAwsSpec(ctx.file) || !isObject(spec)) return spec;
  const out: JsonObject = { ...spec };
  if (isObject(spec.paths)) out.paths = mapOperations(spec.paths, operation)!;
  if (spec.produces !== undefined) out.produces = renameList(spec.produces, ANSWER)!;
  if (spec.consumes !== undefined) out.consumes = renameList(spec.consumes, REQUEST)!;
  if (isObject(spec.components)) {
    const c: JsonObject = { ...spec.components };
    if (c.responses !== undefined) c.responses = answers(c.responses)!;
    if (isObject(c.requestBodies))
      c.requestBodies = Object.fromEntries(Object.entries(c.requestBodies).map(([k, b]) => [k, requestBody(b)!]));
    out.components = c;
  }
  return mapRefs(out, (ref) => followRename(ref, out));
}

/**
 * A ref into a renamed media type (DigitalOcean refers into `…/responses/200/content/application~1json/schema/…`)
 * follows it: an answer's under `responses`, a request's under `requestBody`/`requestBodies`, if the new pointer
 * resolves in the rewrite.
 */
function followRename(ref: string, spec: JsonObject): string {
  if (!ref.startsWith('#/') || !/\/content\/application~1json(\/|$)/i.test(ref)) return ref;
  const segments = ref.slice(2).split('/');
  for (let i = 1; i < segments.length; i++) {
    if (segments[i - 1] !== 'content' || !isPlainJson(segments[i]!.replace(/~1/g, '/'))) continue;
    const answer = segments.slice(0, i).includes('responses');
    segments[i] = escapeSegment(answer ? ANSWER : REQUEST);
  }
  const moved = `#/${segments.join('/')}`;
  return pointAt(spec, moved) === undefined ? ref : moved;
}
