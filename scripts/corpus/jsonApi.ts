/**
 * The rewrite of the metamorphic corpus test (metamorphicTransforms.ts) that says every JSON body as a JSON:API
 * document (jsonapi.org, v1.1 §7): the primary data under `data` as a resource object, its `id` and `type` beside an
 * `attributes` object that holds every other member; a list as `data: [resource…]`; a request body the same way (a
 * resource object to create or update). Examples move alike, and link expressions that read a body
 * (`$response.body#/id` → `#/data/id`, `#/status` → `#/data/attributes/status`).
 *
 * A body that is an envelope already (`data`, or one object member, dataEnvelope's rule) and a schema that lists no
 * members stay as written. A component schema a body uses gets its resource form as a component of its own
 * (`JobResource`, its members' refs kept), so other uses of the schema see it unchanged. Not
 * on AWS's specs: their protocols fix the body.
 *
 * Pure: the input is never mutated.
 */
import { isAwsSpec, type Json, type TransformContext } from './metamorphicTransforms.js';
import { isObject, type JsonObject, mapOperations, resolveLocal } from './specWalk.js';

const isSuccess = (code: string) => /^2(?:\d\d|XX)$/i.test(code);
const isJson = (mediaType: string) => /json/i.test(mediaType) || mediaType === '*/*';

/** A schema's object form (through refs), or null when it lists no members. */
function objectOf(schema: Json | undefined, spec: JsonObject): JsonObject | null {
  const at = resolveLocal(spec, schema);
  return isObject(at) && isObject(at.properties) ? at : null;
}

function arrayItems(schema: Json | undefined, spec: JsonObject): Json | undefined {
  const at = resolveLocal(spec, schema);
  return isObject(at) && at.type === 'array' ? at.items : undefined;
}

/** A resource object: `{type, id, attributes: {every other member}}`; null when the schema lists no members. */
function resourceOf(schema: Json | undefined, spec: JsonObject): JsonObject | null {
  const o = objectOf(schema, spec);
  if (o === null) return null;
  const members = o.properties as JsonObject;
  const required = Array.isArray(o.required) ? o.required.filter((r): r is string => typeof r === 'string') : [];
  const { id, ...rest } = members;
  const attributes: JsonObject = { type: 'object', properties: rest };
  const restRequired = required.filter((r) => r !== 'id');
  if (restRequired.length > 0) attributes.required = restRequired;
  const out: JsonObject = {
    type: 'object',
    required: ['type', ...(id !== undefined && required.includes('id') ? ['id'] : []), 'attributes'],
    properties: { type: { type: 'string' }, ...(id !== undefined ? { id } : {}), attributes },
  };
  if (typeof o.description === 'string') out.description = o.description;
  return out;
}

/**
 * The resource object for a use of `schema`: a component schema's as a component of its own (`JobResource`, once, as
 * JSON:API contracts name them), referred to, so that two bodies of one document stay one document; else inline.
 */
function resourceUse(schema: Json | undefined, spec: JsonObject, made: JsonObject): Json | null {
  const ref = isObject(schema) && typeof schema.$ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref) : null;
  if (ref === null) return resourceOf(schema, spec);
  const home = isObject(spec.components) && isObject(spec.components.schemas) ? spec.components.schemas : {};
  let name = `${ref[1]}Resource`;
  for (let n = 2; Object.hasOwn(home, name) && !Object.hasOwn(made, name); n++) name = `${ref[1]}Resource${n}`;
  if (!Object.hasOwn(made, name)) {
    const resource = resourceOf(schema, spec);
    if (resource === null) return null;
    made[name] = resource;
  }
  return { $ref: `#/components/schemas/${name}` };
}

/** `{data: resource}` or `{data: [resource]}` for a body schema; null to leave it. */
function documentOf(schema: Json | undefined, spec: JsonObject, made: JsonObject): JsonObject | null {
  const o = objectOf(schema, spec);
  // An envelope already (`{data: …}`, or one object member: `{droplet: {…}}`): a vendor wraps its bodies once.
  if (o !== null) {
    const names = Object.keys(o.properties as JsonObject);
    if (names.includes('data') || (names.length === 1 && objectOf((o.properties as JsonObject)[names[0]!], spec) !== null)) return null;
  }
  const items = arrayItems(schema, spec);
  const data = items !== undefined ? resourceUse(items, spec, made) : resourceUse(schema, spec, made);
  if (data === null) return null;
  return { type: 'object', required: ['data'], properties: { data: items !== undefined ? { type: 'array', items: data } : data } };
}

/** An example value as a JSON:API document. */
function exampleOf(value: Json): Json {
  const one = (v: Json): Json => {
    if (!isObject(v)) return v;
    const { id, ...rest } = v;
    return { type: 'resource', ...(id !== undefined ? { id } : {}), attributes: rest };
  };
  return { data: Array.isArray(value) ? value.map(one) : one(value) };
}

function mediaOf(media: JsonObject, spec: JsonObject, made: JsonObject): JsonObject {
  const doc = documentOf(media.schema, spec, made);
  if (doc === null) return media;
  const out: JsonObject = { ...media, schema: doc };
  if (media.example !== undefined) out.example = exampleOf(media.example);
  if (isObject(media.examples))
    out.examples = Object.fromEntries(
      Object.entries(media.examples).map(([k, ex]) => [k, isObject(ex) && 'value' in ex ? { ...ex, value: exampleOf(ex.value!) } : ex]),
    );
  return out;
}

function contentOf(content: Json | undefined, spec: JsonObject, made: JsonObject): Json | undefined {
  if (!isObject(content)) return content;
  return Object.fromEntries(Object.entries(content).map(([mt, m]) => [mt, isJson(mt) && isObject(m) ? mediaOf(m, spec, made) : m]));
}

/** A runtime expression reading a body, moved to where the member now sits. */
function moveExpression(text: string): string {
  return text.replace(/\$(response|request)\.body#\/([^/\s}]+)/g, (_m, side: string, first: string) =>
    first === 'id' ? `$${side}.body#/data/id` : `$${side}.body#/data/attributes/${first}`,
  );
}
function moveLinks(value: Json): Json {
  if (typeof value === 'string') return moveExpression(value);
  if (Array.isArray(value)) return value.map(moveLinks);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moveLinks(v)]));
}

function operationOf(op: JsonObject, spec: JsonObject, made: JsonObject): JsonObject {
  const out: JsonObject = { ...op };
  if (isObject(op.requestBody) && op.requestBody.content !== undefined)
    out.requestBody = { ...op.requestBody, content: contentOf(op.requestBody.content, spec, made)! };
  if (isObject(op.responses)) {
    const responses: JsonObject = {};
    for (const [code, r] of Object.entries(op.responses)) {
      if (!isSuccess(code) || !isObject(r) || r.content === undefined) {
        responses[code] = r;
        continue;
      }
      const answer: JsonObject = { ...r, content: contentOf(r.content, spec, made)! };
      if (r.links !== undefined) answer.links = moveLinks(r.links);
      responses[code] = answer;
    }
    out.responses = responses;
  }
  return out;
}

export function jsonApi(spec: Json, ctx: TransformContext): Json {
  if (isAwsSpec(ctx.file) || !isObject(spec) || !isObject(spec.paths) || typeof spec.openapi !== 'string') return spec;
  // The resource components made, by name.
  const made: JsonObject = {};
  const paths = mapOperations(spec.paths, (op) => operationOf(op, spec, made))!;
  const out: JsonObject = { ...spec, paths };
  if (isObject(spec.components)) {
    const c: JsonObject = { ...spec.components };
    if (isObject(c.responses))
      c.responses = Object.fromEntries(
        Object.entries(c.responses).map(([k, r]) => [
          k,
          isObject(r) && r.content !== undefined ? { ...r, content: contentOf(r.content, spec, made)! } : r,
        ]),
      );
    if (isObject(c.requestBodies))
      c.requestBodies = Object.fromEntries(
        Object.entries(c.requestBodies).map(([k, b]) => [
          k,
          isObject(b) && b.content !== undefined ? { ...b, content: contentOf(b.content, spec, made)! } : b,
        ]),
      );
    out.components = c;
  }
  if (Object.keys(made).length > 0) {
    const c = isObject(out.components) ? out.components : {};
    out.components = { ...c, schemas: { ...(isObject(c.schemas) ? c.schemas : {}), ...made } };
  }
  return out;
}
