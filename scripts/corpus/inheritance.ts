/**
 * The rewrite of the metamorphic corpus test (metamorphicTransforms.ts) that writes each component schema as class
 * inheritance comes out of code-first generators (springdoc and Jackson subclasses, NestJS entities extending a base,
 * TypeSpec's `extends`): `allOf` of a base schema of its own, referred to, and the members the type adds.
 *
 * - `baseSchemas`: every component object schema with two members or more split in two. Its first members (half,
 *   rounded up, in their written order) go to a new component `<Name>Base` with the `required` they need; the schema
 *   becomes `{allOf: [{$ref: <Name>Base}, {type: 'object', properties: rest, required}]}`, its other keywords
 *   (description, title, discriminator…) kept beside the `allOf`. JSON Schema: a value satisfies every `allOf`
 *   branch, so the members and what they require are the same. A ref into a moved member
 *   (`#/components/schemas/Job/properties/status`) follows it. A schema that composes already (`allOf`, `anyOf`,
 *   `oneOf`) stays as written.
 *
 * Pure: the input is never mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapRefs, uriDecoded } from './specWalk.js';

const COMPOSED = ['allOf', 'anyOf', 'oneOf'];

export function baseSchemas(spec: Json, _ctx: TransformContext): Json {
  if (!isObject(spec)) return spec;
  const v3 = typeof spec.openapi === 'string';
  const home = v3 ? (isObject(spec.components) ? spec.components.schemas : undefined) : spec.definitions;
  if (!isObject(home)) return spec;
  const prefix = v3 ? '#/components/schemas/' : '#/definitions/';
  const schemas: JsonObject = {};
  // Pointer of a moved member as written → its pointer in the rewrite.
  const moved = new Map<string, string>();
  for (const [name, schema] of Object.entries(home)) {
    schemas[name] = schema;
    if (!isObject(schema) || !isObject(schema.properties) || COMPOSED.some((k) => k in schema)) continue;
    const members = Object.keys(schema.properties);
    if (members.length < 2) continue;
    let base = `${name}Base`;
    for (let n = 2; Object.hasOwn(home, base) || Object.hasOwn(schemas, base); n++) base = `${name}Base${n}`;
    const cut = Math.ceil(members.length / 2);
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
    const part = (names: string[]): JsonObject => {
      const out: JsonObject = {
        type: 'object',
        properties: Object.fromEntries(names.map((m) => [m, (schema.properties as JsonObject)[m]!])),
      };
      const needs = names.filter((m) => required.has(m));
      if (needs.length > 0) out.required = needs;
      return out;
    };
    const { properties: _p, required: _r, type: _t, ...rest } = schema;
    schemas[base] = part(members.slice(0, cut));
    schemas[name] = { ...rest, allOf: [{ $ref: `${prefix}${base}` }, part(members.slice(cut))] };
    const from = `${prefix}${escapeSegment(name)}/properties/`;
    for (const [i, m] of members.entries())
      moved.set(
        `${from}${escapeSegment(m)}`,
        i < cut
          ? `${prefix}${escapeSegment(base)}/properties/${escapeSegment(m)}`
          : `${prefix}${escapeSegment(name)}/allOf/1/properties/${escapeSegment(m)}`,
      );
  }
  const out: JsonObject = v3 ? { ...spec, components: { ...(spec.components as JsonObject), schemas } } : { ...spec, definitions: schemas };
  return moved.size === 0 ? out : mapRefs(out, (ref) => follow(ref, moved));
}

/** A ref into a moved member (or below it) → the same place under its new home. */
function follow(ref: string, moved: ReadonlyMap<string, string>): string {
  const segments = ref.split('/');
  // `#/components/schemas/<Name>/properties/<member>` is 6 segments; `#/definitions/<Name>/properties/<member>` 5.
  for (const n of [6, 5]) {
    if (segments.length < n) continue;
    const head = segments
      .slice(0, n)
      .map((s, i) => (i === 0 ? s : escapeSegment(uriDecoded(s).replace(/~1/g, '/').replace(/~0/g, '~'))))
      .join('/');
    const to = moved.get(head);
    if (to !== undefined) return [to, ...segments.slice(n)].join('/');
  }
  return ref;
}
