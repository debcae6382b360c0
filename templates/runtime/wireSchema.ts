/**
 * The wire spelling of a tool's JSON Schema: the last rewrite before tools/list, shaped so that what agent
 * frameworks and model providers do to a schema keeps every parameter and its type (measured with the real
 * converters by test/frameworks/). Both sides apply it: the generator to the JSON Schemas it ships
 * (src/emit/emitTools.ts) and the runtime to a schema converted from zod (mcp/toolRegistry.ts objectSchema), so
 * the two stay equal (test/unit/emit/shippedSchemas.test.ts). It imports only wireUnion.ts, import-free like
 * defaults.ts, for that reason.
 *
 * Every rewrite keeps what the server accepts (zod still validates, with the contract's own checks); what
 * moves is only how a client reads it:
 * - a nullable value is `type: [X, 'null']`, not `anyOf: [X, {type: 'null'}]`: LangChain's simplifier
 *   (@langchain/mcp-adapters) drops every `anyOf` member that is not an object, so a nullable string reached
 *   the model as `{}`; a type array it leaves alone, and @ai-sdk/google turns it into Gemini's `nullable`;
 * - a union of one type with that bare type among its members (`string | 'a' | 'b'`) is that type, the known
 *   values said in the description; a union of enums of one type is one enum;
 * - `format` stays only where OpenAI's strict mode and Gemini both accept it (`date-time` on a string); any
 *   other format (uri, binary, int64, …) is said in the description;
 * - keywords outside OpenAI's strict subset (`minLength`, `maxLength`, `default`, …) are said in the
 *   description, which every provider passes on;
 * - a free-form map the server also reads from pairs (MAP_KEYWORD) is listed as a list of `{key, value}` pairs;
 * - a union of typed members, none an object, says their types and its arrays' items at its own level too;
 * - an enum of numbers or booleans is its type with the values in words (numbers bounded by minimum and maximum);
 * - a union whose members are all objects is one object listing every member's properties (wireUnion.ts);
 * - a list beside object members of a union (LIST_KEYWORD) is one more object member holding it: `{list: […]}`;
 * - an untyped value (ANY_KEYWORD) is a string, number, boolean, null, or `{json: "<JSON text>"}`.
 */

import { type Finish, finished, type Lift, type ListPlace, listFormMember, mergeObjectUnion, uniteArrays } from './wireUnion.js';

/** The list form's keys and places, for the generator (which reaches the runtime only through this file). */
export { LIST_KEYS, type ListPlace } from './wireUnion.js';

type Node = { [key: string]: unknown };

/**
 * The mark a generated tool's zod puts on a free-form map it also reads from `{key, value}` pairs
 * (runtime/core/mapPairs.ts): `'value'` for typed values, `'json'` for values of any JSON sent as JSON text.
 * Only a marked map is listed as pairs: the server accepts pairs exactly there.
 */
export const MAP_KEYWORD = 'x-mcp-jobgen-map';

/**
 * The mark a generated tool's zod puts on a union with a list (an array, or a map listed as pairs) beside object
 * members, which it also reads from the list form `{[key]: […]}` (runtime/core/listForm.ts); the value is the key,
 * `list` unless a member's property has that name. Only a marked union is lifted: the server reads the form there.
 */
export const LIST_KEYWORD = 'x-mcp-jobgen-list';

/**
 * The mark a generated tool's zod puts on an input union whose wire spelling lifts lists into their list form below
 * it, where merging its members puts one member's list beside another's object (OpenAI's eval data sources: a
 * message `content` that is `string | array` in one, `string | part | …` in another), and which reads that form at
 * exactly those places (runtime/core/listForm.ts listForms, src/emit/zod/listForm.ts). Only under a marked union is
 * a list beside objects lifted in a merge: the server reads the form there.
 */
export const LISTS_KEYWORD = 'x-mcp-jobgen-lists';

/**
 * The mark a generated tool's zod puts on an input value the contract leaves untyped (any JSON), which it also
 * reads from the JSON-text wrapper `{json: "…"}` (runtime/core/anyJson.ts). Only a marked value is listed as the
 * typed members of anyMembers: the server opens the wrapper exactly there.
 */
export const ANY_KEYWORD = 'x-mcp-jobgen-any';

/** How a map lists its values of any JSON: the providers' subsets have no "any value", so JSON text. */
const JSON_TEXT_VALUE: Node = { type: 'string', description: 'The value as JSON text (a text that is not JSON is taken as a string).' };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const KEPT_FORMATS: Readonly<Record<string, readonly string[]>> = { string: ['date-time'] };

/** Keywords a member may not carry into a joined nullable: they would change meaning outside the member's type. */
const UNJOINABLE = ['anyOf', 'oneOf', 'allOf', 'not', '$ref', 'const'];

/**
 * The wire copy of `schema` (the input is not changed). Unions of objects are merged in inputs only (wireUnion.ts):
 * what a model reads to build a call; an output schema stays lean and exact (docs/SCHEMAS.md).
 */
export function wireSchema(schema: unknown, io: 'input' | 'output' = 'input', record?: (place: ListPlace) => void): unknown {
  if (!isNode(schema)) return schema;
  const wire = (value: unknown) => wireSchema(value, io);
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'items' || key === 'additionalProperties' || key === 'not' || key === 'contains') out[key] = wire(value);
    else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') && Array.isArray(value))
      out[key] = value.map(wire);
    else if ((key === 'properties' || key === 'patternProperties' || key === '$defs') && isNode(value)) {
      const map: Node = Object.create(null) as Node;
      for (const [name, sub] of Object.entries(value)) if (name !== PROTO) map[name] = wire(sub);
      out[key] = map;
    } else out[key] = value;
  }
  if (isNode(schema.properties) && Object.hasOwn(schema.properties, PROTO)) unlistProto(out, io);
  if (io === 'output') return finish(out);
  const marked = LISTS_KEYWORD in out;
  if (marked) delete out[LISTS_KEYWORD];
  const lift: Lift | undefined = record || marked ? { path: [], record: record ?? (() => undefined) } : undefined;
  return finished(mergeObjectUnion(uniteLists(listAsMember(out), lift), finishInput, lift), finishInput);
}

/**
 * Where the wire spelling of `schema` (an input union), marked LISTS_KEYWORD, lifts a list into its list form: the
 * places the generator's reader for that union must read it back at (src/emit/zod/listForm.ts).
 */
export function listPlaces(schema: unknown): ListPlace[] {
  const places: ListPlace[] = [];
  wireSchema(schema, 'input', (place) => places.push(place));
  return places;
}

/**
 * A marked union with no object member and several lists (OpenAI's grader `content`: a string, a map listed as
 * pairs, or a list of strings and maps) as one list of either items, when those items put a list beside an object
 * (a pair beside a list of pairs): that list is then in its list form (wireUnion.ts unite). typeUnion says the
 * members' items at the union's own level, which LangChain's simplifier keeps; with the lists apart, its items
 * held a list beside an object, which it drops.
 */
function uniteLists(node: Node, lift: Lift | undefined): Node {
  const members = node.anyOf;
  if (lift === undefined || !Array.isArray(members) || !members.every(isNode) || members.some((m) => m.type === 'object')) return node;
  const lists = members.filter((m) => m.type === 'array' && isNode(m.items));
  if (lists.length < 2) return node;
  const places: ListPlace[] = [];
  const list = uniteArrays(lists, finishInput, { path: lift.path, record: (place) => places.push(place) });
  if (places.length === 0) return node;
  for (const place of places) lift.record(place);
  const first = members.indexOf(lists[0]!);
  const rest = members.filter((m) => !lists.includes(m));
  return { ...node, anyOf: [...rest.slice(0, first), list, ...rest.slice(first)] };
}

/**
 * The one property name no listing may hold. The AI SDK's MCP client parses every message with secure-json-parse,
 * which refuses a whole message holding an own `__proto__` key anywhere; the refusal goes to its error hook, and the
 * request it answered is never settled: one output field named `__proto__` (a contract's response body may have
 * one) left `tools/list` waiting for ever, every tool of the server with it (issue 25). The property stays what the
 * server accepts and returns (zod checks it, by its own name); only the listing leaves it out.
 */
const PROTO = '__proto__';

/**
 * A node whose `__proto__` property was left out: out of `required` too; an output stops closing its object
 * (a client checking structuredContent against the listing must still take the field); an input, closed for
 * OpenAI's strict mode, says the name in words.
 */
function unlistProto(node: Node, io: 'input' | 'output'): void {
  const required = Array.isArray(node.required) && node.required.includes(PROTO);
  if (Array.isArray(node.required)) {
    const rest = node.required.filter((name) => name !== PROTO);
    if (rest.length > 0) node.required = rest;
    else delete node.required;
  }
  if (io === 'output') {
    if (node.additionalProperties === false) delete node.additionalProperties;
    return;
  }
  const takes = required ? 'Also needs' : 'Also takes';
  const said = `${takes} the property "${PROTO}" (not listed: some MCP clients refuse a schema naming it).`;
  node.description = sentences(typeof node.description === 'string' ? node.description : '', said);
}

/**
 * A marked union's list members (arrays, and maps already listed as pairs) as one object member `{[key]: list}`
 * where the first of them was. LangChain's simplifier keeps only a union's object members (merged: wireUnion.ts),
 * so a list beside objects never reached a model behind it: OpenAI's grader `content` (`string | part | array of
 * parts`), and every object a size cut reached in a union of objects (listed as pairs). An outer `type: [object,
 * array]` would keep both for LangChain but is an object without properties to OpenAI's strict mode. The list
 * itself stays accepted (listForm reads either). A member that is itself a union (a nested marked one, already
 * lifted and merged) gives its members, so that its objects merge with these.
 */
function listAsMember(node: Node): Node {
  const key = node[LIST_KEYWORD];
  if (key === undefined) return node;
  const { [LIST_KEYWORD]: _key, ...outer } = node;
  if (typeof key !== 'string' || !Array.isArray(outer.anyOf) || !outer.anyOf.every(isNode)) return outer;
  const members = outer.anyOf.flatMap((m) => (isBareUnion(m) ? m.anyOf : [m]));
  const lists = members.filter((m) => m.type === 'array');
  if (lists.length === 0) return { ...outer, anyOf: members };
  const said = lists.map((m) => m.description).filter((d): d is string => typeof d === 'string');
  const bare = lists.map(({ description: _d, ...m }) => m);
  const form = listFormMember(key, bare.length === 1 ? bare[0]! : finishInput({ anyOf: bare }), said);
  const first = members.indexOf(lists[0]!);
  const rest = members.filter((m) => !lists.includes(m));
  return { ...outer, anyOf: [...rest.slice(0, first), form, ...rest.slice(first)] };
}

/**
 * A member that only joins members (`{anyOf, description?}`, with the `type` and `items` typeUnion says its members
 * imply): its members are the union's own.
 */
const BARE_UNION_KEYS = new Set(['anyOf', 'description', 'type', 'items']);
const isBareUnion = (m: Node): m is Node & { anyOf: Node[] } =>
  Array.isArray(m.anyOf) && m.anyOf.every(isNode) && Object.keys(m).every((k) => BARE_UNION_KEYS.has(k));

/** The rewrites of one node whose children are already in wire spelling; `merge` also merges unions of objects. */
function finish(node: Node, merge?: Finish): Node {
  return sayInWords(typeUnion(mapAsPairs(valuesInWords(joinNullable(subsumeUnion(anyMembers(node))))), merge));
}

/**
 * A marked untyped value (ANY_KEYWORD) as the members that spell any JSON: a string, a number, a boolean, null, or
 * an object or array as its JSON text in `{json: "…"}`. OpenAI's strict mode refuses a subschema without `type`
 * (`{}`), and with it every model call of an agent holding the tool; a bare string of JSON text would make the
 * string `"123"` and the number 123 one argument, so scalars travel as themselves and only containers are wrapped.
 * `null` is a member of its own, as the other scalars are (measured: no converter's count moves either way).
 * LangChain's simplifier keeps the wrapper (an object member) and drops the scalars, which hold no path below.
 */
function anyMembers(node: Node): Node {
  if (node[ANY_KEYWORD] === undefined) return node;
  const { [ANY_KEYWORD]: _mark, ...rest } = node;
  const wrapper: Node = {
    type: 'object',
    properties: { json: { type: 'string', description: 'any JSON value (object, array, …) as JSON text' } },
    required: ['json'],
    additionalProperties: false,
  };
  return { ...rest, anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, wrapper] };
}

/** An input node's rewrites (wireUnion.ts applies them to what it unites). */
const finishInput: Finish = (node) => finish(node, finishInput);

/**
 * An enum of numbers or booleans (OpenAI's realtime audio `rate`, always 24000) is listed as its type, the values
 * said in words and, for numbers, bounded by `minimum` and `maximum` (exact for one value). @ai-sdk/google writes
 * every such enum as `format: 'enum'` with the values as strings, and Gemini's schema subset gives that format
 * to strings only; minimum and maximum every provider's subset takes (that converter drops them, leaving a valid
 * bare number). zod still checks the values themselves.
 */
function valuesInWords(node: Node): Node {
  if (!Array.isArray(node.enum)) return node;
  const values = node.enum.filter((v) => v !== null);
  const numbers = values.every((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0 || !(numbers || values.every((v) => typeof v === 'boolean'))) return node;
  const { enum: _values, ...out } = node;
  // Untyped, the enum was its type: it says it now.
  if (out.type === undefined) {
    const type = numbers ? 'number' : 'boolean';
    out.type = values.length < node.enum.length ? [type, 'null'] : type;
  }
  if (numbers) Object.assign(out, { minimum: Math.min(...values), maximum: Math.max(...values) });
  const words = `Allowed values: ${values.map(String).join(', ')}.`;
  return { ...out, description: sentences(typeof out.description === 'string' ? out.description : '', words) };
}

/**
 * A union whose members are typed, none an object (`string | array`, `string | number | null`, two kinds of
 * array), also says at its own level what the members imply: `type` is every member's type, and `items` the
 * array members' items. Both are implied by the union, so nothing the server accepts changes. LangChain's simplifier keeps only the object
 * members of an `anyOf` and drops the rest: with no object member it kept nothing, and `body.content` of OpenAI's
 * messages (`string | array of parts`) reached the model as `{}`. It leaves the outer `type` and `items` alone.
 * The members stay, for every other reader: @ai-sdk/google rebuilds Gemini's `anyOf` from them (a type array alone
 * becomes bare `{type}` members with no `items`). A union with an object member is left as it is: LangChain keeps
 * that member, and a `type` naming `object` at the union's level would be an object without properties to OpenAI's
 * strict mode.
 */
function typeUnion(node: Node, merge?: Finish): Node {
  const members = node.anyOf;
  if (!Array.isArray(members) || !members.every(isNode) || 'type' in node || '$ref' in node) return node;
  const types: string[] = [];
  for (const member of members) {
    const own = typeof member.type === 'string' ? [member.type] : Array.isArray(member.type) ? member.type : undefined;
    if (own === undefined || '$ref' in member || !own.every((t): t is string => typeof t === 'string')) return node;
    for (const t of own) if (!types.includes(t)) types.push(t);
  }
  const valued = types.filter((t) => t !== 'null');
  if (valued.length === 0 || valued.includes('object')) return node;
  const nullable = types.includes('null');
  const out: Node = { ...node, type: valued.length === 1 && !nullable ? valued[0] : nullable ? [...valued, 'null'] : valued };
  const itemSchemas = members.filter((m) => isNode(m.items)).map((m) => m.items as Node);
  const arrays = members.filter((m) => m.type === 'array' || (Array.isArray(m.type) && m.type.includes('array')));
  // Every array member says what its items are (else any item is allowed, and nothing is implied).
  if (!('items' in node) && itemSchemas.length > 0 && itemSchemas.length === arrays.length) {
    // Items that are a bare union (or one this rewrite decorated) give their members: `{anyOf: [a, b]}` is a or b.
    const bare = (s: Node): s is Node & { anyOf: Node[] } =>
      Array.isArray(s.anyOf) && JSON.stringify(typeUnion({ anyOf: s.anyOf })) === JSON.stringify(s);
    const flat = itemSchemas.flatMap((s) => (bare(s) ? s.anyOf : [s]));
    const distinct = flat.filter((s, i) => flat.findIndex((o) => JSON.stringify(o) === JSON.stringify(s)) === i);
    const union = { anyOf: distinct };
    out.items = distinct.length === 1 ? distinct[0] : typeUnion(merge ? mergeObjectUnion(union, merge) : union, merge);
  }
  return out;
}

/** `{anyOf: [X, {type: 'null'}], …}` → `{…, …X, type: [X.type, 'null']}` when X has one type and nothing clashes. */
function joinNullable(node: Node): Node {
  const members = node.anyOf;
  if (!Array.isArray(members) || members.length !== 2) return node;
  const nullAt = members.findIndex((m) => isNode(m) && m.type === 'null' && Object.keys(m).length === 1);
  const member = members[1 - nullAt];
  // An object stays `anyOf: [object, null]`: LangChain keeps object members, and the OpenAI Agents SDK's strict
  // conversion closes only objects whose `type` is exactly 'object'.
  if (nullAt < 0 || !isNode(member) || typeof member.type !== 'string' || member.type === 'null' || member.type === 'object') return node;
  const { anyOf: _members, ...outer } = node;
  const clash = Object.keys(member).some((key) => key !== 'description' && key in outer);
  if (UNJOINABLE.some((key) => key in member) || clash) return node;
  const joined: Node = { ...outer, ...member, type: [member.type, 'null'] };
  if (Array.isArray(member.enum) && !member.enum.includes(null)) joined.enum = [...member.enum, null];
  // Both described (the member's may be words this file added): the value's description says both.
  if (typeof outer.description === 'string' && typeof member.description === 'string')
    joined.description = sentences(outer.description, member.description);
  return joined;
}

/**
 * `anyOf` members of one type where one member is that bare type (`string`, or any of these strings): the bare
 * member accepts every value the others do, so the union is that type, and the others' enum values are said in
 * words. OpenAI's `model` parameters read like this; LangChain's simplifier dropped the union whole.
 */
function subsumeUnion(node: Node): Node {
  if (!Array.isArray(node.anyOf) || !node.anyOf.every(isNode)) return node;
  const members = node.anyOf.filter((m) => !(m.type === 'null' && Object.keys(m).length === 1));
  const nullable = members.length < node.anyOf.length;
  if (members.length < 2) return node;
  const type = members[0]!.type;
  if (typeof type !== 'string' || !members.every((m) => m.type === type)) return node;
  if (!members.every((m) => Object.keys(m).every((key) => key === 'type' || key === 'enum' || key === 'description'))) return node;
  const { anyOf: _members, ...outer } = node;
  const known = members.flatMap((m) => (Array.isArray(m.enum) ? m.enum : []));
  // No bare member (one without an enum, described or not): every member is an enum of that type, and the union
  // is one enum of all their values.
  if (members.every((m) => Array.isArray(m.enum))) {
    const values = [...new Set(nullable ? [...known, null] : known)];
    const said = members.map((m) => m.description).filter((d): d is string => typeof d === 'string');
    const description = [outer.description, ...said].filter((d): d is string => typeof d === 'string' && d !== '').reduce(sentences, '');
    return { ...outer, type: nullable ? [type, 'null'] : type, enum: values, ...(description !== '' ? { description } : {}) };
  }
  const words = known.length > 0 ? `Known values: ${known.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}.` : '';
  const said = members.map((m) => m.description).filter((d): d is string => typeof d === 'string');
  const description = [outer.description, ...said, words]
    .filter((d): d is string => typeof d === 'string' && d !== '')
    .reduce(sentences, '');
  return { ...outer, type: nullable ? [type, 'null'] : type, ...(description !== '' ? { description } : {}) };
}

/** Two texts as one description, the first ended as a sentence. */
function sentences(first: string, second: string): string {
  if (first === '') return second;
  if (second === '') return first;
  return `${first}${/[.!?…]$/.test(first) ? '' : '.'} ${second}`;
}

/**
 * A marked map (`{type: 'object', additionalProperties: V}`) as the list of pairs its zod also reads: OpenAI's
 * strict mode and Gemini take no object without named properties, and each pair names its two.
 */
function mapAsPairs(node: Node): Node {
  const kind = node[MAP_KEYWORD];
  if (kind === undefined) return node;
  const { [MAP_KEYWORD]: _kind, anyOf, ...outer } = node;
  // A nullable map (`anyOf: [map, null]`, as an object it was not joined) is a nullable list of pairs.
  const members = Array.isArray(anyOf) ? anyOf.filter(isNode) : [];
  const map = members.find((m) => m.type === 'object');
  const nullable = map !== undefined && members.length === 2 && members.some((m) => m.type === 'null');
  if (anyOf !== undefined && !nullable) return node;
  const { additionalProperties, propertyNames: _names, type: _type, ...rest } = { ...outer, ...(map ?? {}) };
  const value =
    kind === 'value' && isNode(additionalProperties) && Object.keys(additionalProperties).length > 0
      ? additionalProperties
      : JSON_TEXT_VALUE;
  const items = { type: 'object', properties: { key: { type: 'string' }, value }, required: ['key', 'value'], additionalProperties: false };
  const said = [outer.description, map?.description].filter((d): d is string => typeof d === 'string').reduce(sentences, '');
  return {
    ...rest,
    type: nullable ? ['array', 'null'] : 'array',
    items,
    description: sentences(said, 'A map, sent as a list of {key, value} pairs.'),
  };
}

/** Keywords a client may refuse, moved into the description as words (in this order). */
function sayInWords(node: Node): Node {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const notes: string[] = [];
  const format = node.format;
  if (typeof format === 'string' && !types.some((t) => typeof t === 'string' && KEPT_FORMATS[t]?.includes(format))) {
    notes.push(`Format: ${format}.`);
    delete node.format;
  }
  const length = lengthWords(node.minLength, node.maxLength, 'characters');
  if (length) notes.push(length);
  delete node.minLength;
  delete node.maxLength;
  const count = lengthWords(node.minProperties, node.maxProperties, 'properties');
  if (count) notes.push(count);
  delete node.minProperties;
  delete node.maxProperties;
  if (node.uniqueItems === true) notes.push('Items are unique.');
  delete node.uniqueItems;
  if (node.default !== undefined) {
    notes.push(`Default: ${JSON.stringify(node.default)}.`);
    delete node.default;
  }
  if (notes.length === 0) return node;
  const said = typeof node.description === 'string' ? node.description : '';
  return { ...node, description: sentences(said, notes.join(' ')) };
}

function lengthWords(min: unknown, max: unknown, unit: string): string | undefined {
  const low = typeof min === 'number' && min > 0 ? min : undefined;
  const high = typeof max === 'number' ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? `Exactly ${low} ${unit}.` : `${low} to ${high} ${unit}.`;
  if (low !== undefined) return `At least ${low} ${unit}.`;
  if (high !== undefined) return `At most ${high} ${unit}.`;
  return undefined;
}
