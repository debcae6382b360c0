/**
 * The rewrite of the metamorphic corpus test (metamorphicTransforms.ts) that writes a record with a status as OpenAPI
 * 3's polymorphism and TypeSpec's unions write it: one schema per state, the record `oneOf` of them.
 *
 * - `stateUnions`: every component object schema (not composed already) with a member named for a status or state
 *   whose schema (inline, or a component it refers to) is a string enum of two to MAX_STATES values becomes `oneOf`
 *   of one component per value, `<Name>_<i>`: each the same object with that member fixed to its one value (`enum`
 *   of one, its description kept), and a `discriminator` on the member where the object requires it. A value of the
 *   union is a value of one variant, so the set of records is the same, and so are the member's values. A `$ref`
 *   into another member (`#/components/schemas/Job/properties/id`) follows it to the first variant, where it is the
 *   same; one into the status member to a component `<Name>_<member>` holding the member as written. OpenAPI 3 only
 *   (Swagger 2 has no `oneOf`).
 * - `stateMappings`: the same union, as generators write it that leave the value to the discriminator: each variant
 *   declares the member an open string (described), and the union's `discriminator.mapping` names each value and its
 *   variant (OpenAPI 3's Discriminator Object: a key is a value the member takes). The member stays as optional as
 *   written (OpenAPI asks a discriminator's member to be required; requiring it would change what a request needs).
 *
 * Pure: the input is never mutated.
 */
import type { Json, TransformContext } from './metamorphicTransforms.js';
import { escapeSegment, isObject, type JsonObject, mapRefs, resolveLocal, uriDecoded } from './specWalk.js';

const COMPOSED = ['allOf', 'anyOf', 'oneOf'];
/** A vocabulary is a few words; a longer enum is rewritten as written (and keeps the rewrite's size bounded). */
const MAX_STATES = 16;
const STATE_MEMBER = /status|state|phase/i;

export const stateUnions = (spec: Json, _ctx: TransformContext): Json => unionOfStates(spec, 'fixed');
export const stateMappings = (spec: Json, _ctx: TransformContext): Json => unionOfStates(spec, 'mapped');

/** `fixed`: each variant fixes the member to its value; `mapped`: the member is open and the mapping says its values. */
function unionOfStates(spec: Json, style: 'fixed' | 'mapped'): Json {
  if (!isObject(spec) || !isObject(spec.components) || !isObject(spec.components.schemas)) return spec;
  const home = spec.components.schemas;
  const schemas: JsonObject = {};
  const added: JsonObject = {};
  // `<Name>/properties/<member>` as written → the pointer of the same schema in the rewrite.
  const moved = new Map<string, string>();
  // The members some ref points into (`Name/properties/member`, unescaped).
  const pointed = new Set<string>();
  mapRefs(spec, (ref) => {
    const at = memberOf(ref);
    if (at !== undefined) pointed.add(at);
    return ref;
  });
  const free = (wanted: string) => {
    let name = wanted;
    for (let n = 2; Object.hasOwn(home, name) || Object.hasOwn(added, name); n++) name = `${wanted}_${n}`;
    return name;
  };
  for (const [name, schema] of Object.entries(home)) {
    schemas[name] = schema;
    if (!isObject(schema) || !isObject(schema.properties) || COMPOSED.some((k) => k in schema)) continue;
    const member = Object.keys(schema.properties).find((m) => STATE_MEMBER.test(m) && statesOf(spec, schema.properties as JsonObject, m));
    if (member === undefined) continue;
    const memberSchema = (schema.properties as JsonObject)[member]!;
    const values = statesOf(spec, schema.properties as JsonObject, member)!;
    const description = descriptionOf(spec, memberSchema);
    const { description: ownDescription, title, discriminator: _d, ...body } = schema;
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    const refs: Json[] = [];
    const mapping: JsonObject = {};
    values.forEach((value, i) => {
      const variant = free(`${name}_${i}`);
      if (i === 0)
        for (const m of Object.keys(schema.properties as JsonObject))
          if (m !== member) moved.set(`${name}/properties/${m}`, `${escapeSegment(variant)}/properties/${escapeSegment(m)}`);
      const fixed: JsonObject = style === 'fixed' ? { type: 'string', enum: [value] } : { type: 'string' };
      if (description !== undefined) fixed.description = description;
      added[variant] = { ...body, type: 'object', properties: { ...(schema.properties as JsonObject), [member]: fixed } };
      refs.push({ $ref: `#/components/schemas/${escapeSegment(variant)}` });
      mapping[value] = `#/components/schemas/${escapeSegment(variant)}`;
    });
    const union: JsonObject = { oneOf: refs };
    if (ownDescription !== undefined) union.description = ownDescription;
    if (title !== undefined) union.title = title;
    if (style === 'mapped' || required.includes(member)) union.discriminator = { propertyName: member, mapping };
    schemas[name] = union;
    if (pointed.has(`${name}/properties/${member}`)) {
      const kept = free(`${name}_${member}`);
      added[kept] = memberSchema;
      moved.set(`${name}/properties/${member}`, escapeSegment(kept));
    }
  }
  if (Object.keys(added).length === 0) return spec;
  const out: JsonObject = { ...spec, components: { ...spec.components, schemas: { ...schemas, ...added } } };
  return mapRefs(out, (ref) => follow(ref, moved));
}

const HOME = '#/components/schemas/';

const segmentName = (seg: string) => uriDecoded(seg).replace(/~1/g, '/').replace(/~0/g, '~');

/** `Name/properties/member` (unescaped) of a ref into a component schema's member or below it; else undefined. */
function memberOf(ref: string): string | undefined {
  if (!ref.startsWith(HOME)) return undefined;
  const segments = ref.slice(HOME.length).split('/');
  if (segments.length < 3 || segments[1] !== 'properties') return undefined;
  return `${segmentName(segments[0]!)}/properties/${segmentName(segments[2]!)}`;
}

/** A ref into a rewritten record's member (or below it) → the same schema in the rewrite. */
function follow(ref: string, moved: ReadonlyMap<string, string>): string {
  const at = memberOf(ref);
  const to = at === undefined ? undefined : moved.get(at);
  return to === undefined ? ref : [`${HOME}${to}`, ...ref.slice(HOME.length).split('/').slice(3)].join('/');
}

/** The member's string values when its schema (or the component it refers to) is an enum of a few strings only. */
function statesOf(spec: Json, properties: JsonObject, member: string): string[] | undefined {
  const schema = enumHolder(spec, properties[member]);
  if (!isObject(schema) || !Array.isArray(schema.enum)) return undefined;
  const values = schema.enum;
  if (values.length < 2 || values.length > MAX_STATES || !values.every((v) => typeof v === 'string')) return undefined;
  return [...new Set(values as string[])];
}

/** The schema holding a member's enum: its own, its ref's, or (AWS's `allOf: [{$ref: JobStatus}, {description}]`) a branch's. */
function enumHolder(spec: Json, schema: Json | undefined): Json | undefined {
  const at = resolveLocal(spec, schema);
  if (!isObject(at) || Array.isArray(at.enum) || !Array.isArray(at.allOf)) return at;
  return at.allOf.map((b) => resolveLocal(spec, b)).find((b) => isObject(b) && Array.isArray(b.enum));
}

/** The member's own description, else its ref's or its `allOf` branches'. */
function descriptionOf(spec: Json, schema: Json): string | undefined {
  if (isObject(schema) && typeof schema.description === 'string') return schema.description;
  const target = resolveLocal(spec, schema);
  if (isObject(target) && typeof target.description === 'string') return target.description;
  const branches = isObject(target) && Array.isArray(target.allOf) ? target.allOf : [];
  const described = branches.map((b) => resolveLocal(spec, b)).filter((b) => isObject(b) && typeof b.description === 'string');
  return described.length > 0 ? described.map((b) => (b as JsonObject).description as string).join(' ') : undefined;
}
