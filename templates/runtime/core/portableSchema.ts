/**
 * The JSON Schema an agent's client reads, made portable: what zod prints is valid JSON Schema 2020-12 but
 * carries forms some providers reject or mis-handle (Gemini's OpenAPI-subset function declarations, OpenAI's
 * structured-output subset): a `$schema` URI, `type` arrays (zod folds `anyOf` of bare types into them),
 * `const`, `additionalProperties: {}` and `propertyNames: {type: 'string'}` that restate the defaults, the
 * ±(2^53 - 1) bounds zod adds to every integer, and the long regexes it adds beside a format it checks.
 * Each rewrite keeps the meaning (the same values pass), so validation is unchanged. Pure and allocation-light:
 * it runs once per process over the whole tool list.
 */
import { z } from 'zod';

export type JsonObject = { [key: string]: unknown };

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Keywords that apply to one instance type only: a `type` array is split into `anyOf` branches that take them. */
const KEYWORDS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

/** The regex zod writes beside each format it validates itself; a contract's own pattern is never one of these. */
const ZOD_FORMAT_PATTERNS: ReadonlySet<string> = new Set(
  [z.iso.datetime({ offset: true }), z.iso.date(), z.email(), z.guid(), z.ipv4(), z.ipv6()]
    .map((s) => (z.toJSONSchema(s) as JsonObject).pattern)
    .filter((p): p is string => typeof p === 'string'),
);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const;
const SUBSCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/** A portable copy of `schema` (the input is not changed). */
export function portableJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return portableNode(rest);
}

function portableNode(node: unknown): unknown {
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if ((SUBSCHEMA_KEYS as readonly string[]).includes(key)) out[key] = portableNode(value);
    else if ((SUBSCHEMA_LIST_KEYS as readonly string[]).includes(key) && Array.isArray(value)) out[key] = value.map(portableNode);
    else if ((SUBSCHEMA_MAP_KEYS as readonly string[]).includes(key) && isObject(value)) {
      const map: JsonObject = Object.create(null) as JsonObject;
      for (const [name, sub] of Object.entries(value)) map[name] = portableNode(sub);
      out[key] = map;
    } else out[key] = value;
  }
  dropDefaults(out);
  if (out.const !== undefined && out.enum === undefined) {
    out.enum = [out.const];
    delete out.const;
  }
  flattenAnyOf(out);
  return Array.isArray(out.type) ? splitTypeArray(out, out.type) : out;
}

/** Keywords that restate what JSON Schema assumes anyway. */
function dropDefaults(node: JsonObject): void {
  const extra = node.additionalProperties;
  if (extra === true || (isObject(extra) && Object.keys(extra).length === 0)) delete node.additionalProperties;
  if (isObject(node.properties) && Object.keys(node.properties).length === 0) delete node.properties;
  const names = node.propertyNames;
  if (isObject(names) && names.type === 'string' && Object.keys(names).length === 1) delete node.propertyNames;
  if (node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'))) {
    if (node.minimum === -MAX_SAFE) delete node.minimum;
    if (node.maximum === MAX_SAFE) delete node.maximum;
  }
  if (typeof node.pattern === 'string' && typeof node.format === 'string' && ZOD_FORMAT_PATTERNS.has(node.pattern)) delete node.pattern;
}

/** `anyOf: [{anyOf: [a, b]}, c]` → `anyOf: [a, b, c]` when the inner node says nothing else. */
function flattenAnyOf(node: JsonObject): void {
  if (!Array.isArray(node.anyOf)) return;
  const members: unknown[] = [];
  for (const member of node.anyOf) {
    if (isObject(member) && Array.isArray(member.anyOf) && Object.keys(member).length === 1) members.push(...member.anyOf);
    else members.push(member);
  }
  node.anyOf = members;
}

/** `{type: ['string', 'null'], maxLength: 5, description}` → `{anyOf: [{type: 'string', maxLength: 5}, {type: 'null'}], description}`. */
function splitTypeArray(node: JsonObject, types: unknown[]): JsonObject {
  const names = types.filter((t): t is string => typeof t === 'string');
  if (names.length === 1) return { ...node, type: names[0] };
  const shared: JsonObject = {};
  const branches: JsonObject[] = names.map((type) => ({ type }));
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    const owners = names.filter((t) => KEYWORDS_BY_TYPE[t]?.includes(key));
    if (owners.length === 0) shared[key] = value;
    else for (const owner of owners) branches[names.indexOf(owner)]![key] = value;
  }
  // An enum lists values of several types; each branch keeps the values of its own type.
  if (Array.isArray(shared.enum)) {
    const values = shared.enum;
    delete shared.enum;
    for (const branch of branches) {
      const own = values.filter((v) => matchesType(v, branch.type as string));
      if (branch.type !== 'null') branch.enum = own;
    }
  }
  const kept = branches.filter((b) => !Array.isArray(b.enum) || b.enum.length > 0);
  if (!Array.isArray(shared.anyOf)) return { ...shared, anyOf: kept };
  // Both a type array and an anyOf: the value must satisfy both, which allOf says without merging them.
  const { anyOf, ...others } = shared;
  return { ...others, allOf: [{ anyOf }, { anyOf: kept }] };
}

function matchesType(value: unknown, type: string): boolean {
  if (type === 'null') return value === null;
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return isObject(value);
  return typeof value === type;
}
