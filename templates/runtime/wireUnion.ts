/**
 * The wire spelling of a union with two or more object members (wireSchema.ts applies it): the objects are ONE
 * object listing every member's properties. LangChain's simplifier (@langchain/mcp-adapters) merges a union's
 * object members property by property with the last member winning (`Object.assign`), so OpenAI's chat message
 * roles, each with its own `content`, reached the model with the last role's content only. Listed as one object,
 * nothing is left for it to overwrite:
 * - a property present in several members with different schemas is their union, united the same way (objects
 *   merged, arrays one array of either items), so nested unions of objects merge too;
 * - `required` is what every member requires (a discriminator's values become one enum, by the union rules);
 * - the description says which members exist and what each needs (`One of: role=system (content: string or
 *   array) | …`).
 * The listing accepts more than the contract (a property of one member beside another's); the server still
 * validates every call with the exact union (zod), and its error names the member the call came closest to
 * (mcp/argumentErrors.ts). Import-free, like wireSchema.ts: both the generator and the runtime apply it.
 */

type Node = { [key: string]: unknown };

/** The rewrites wireSchema applies to a node whose children are already in wire spelling. */
export type Finish = (node: Node) => Node;

/**
 * Where a merge lifted a list into its list form, below the union it merges: property names, `null` for an array's
 * items (`['sampling_params', 'tools', null]`), and the key the form uses there. The server reads the form at
 * exactly these places (runtime/core/listForm.ts listForms), in the value the union validates.
 */
export type ListPlace = readonly [path: readonly (string | null)[], key: string];

/**
 * A merge that lifts lists beside objects into their list form (a union the generator marked, wireSchema.ts
 * LISTS_KEYWORD), at `path` below that union, telling `record` each place it lifted one.
 */
export interface Lift {
  path: readonly (string | null)[];
  record: (place: ListPlace) => void;
}

const below = (lift: Lift | undefined, step: string | null): Lift | undefined =>
  lift && { path: [...lift.path, step], record: lift.record };

/** The keys a list form may use: the first no object at its place has as a property (the merged listing holds both). */
export const LIST_KEYS = ['list', 'list_form', 'as_list'] as const;

/** The list form members made here and by wireSchema.ts, so a merge tells them from a contract object. */
const FORMS = new WeakSet<Node>();

/** `{[key]: list}`, closed: one more object member standing for the list (wireSchema.ts LIST_KEYWORD). */
export function listFormMember(key: string, list: Node, said: readonly string[]): Node {
  const words = [...new Set(said)].join(' ');
  const form = `This value as a list, sent as {"${key}": […]}.`;
  const description = words === '' ? form : `${words}${/[.!?…]$/.test(words) ? '' : '.'} ${form}`;
  const member: Node = { type: 'object', properties: { [key]: { ...list, description } }, required: [key], additionalProperties: false };
  FORMS.add(member);
  return member;
}

/** The list form's key among these objects: one no object but a list form has as a property. */
function formKey(objects: readonly Node[]): string | undefined {
  const taken = new Set(membersOf(objects).flatMap((o) => (FORMS.has(o) || !isNode(o.properties) ? [] : Object.keys(o.properties))));
  return LIST_KEYS.find((key) => !taken.has(key));
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (m: Node): boolean => m.type === 'null' && Object.keys(m).length === 1;
const isObjectMember = (m: Node): boolean => m.type === 'object' && isNode(m.properties) && !('$ref' in m) && !('anyOf' in m);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The members a merged object was made of, so merging it again with other objects merges those members, each
 * said once in the description. Kept beside the node, never in it: the listing is the node's JSON.
 */
const MERGED = new WeakMap<Node, Node[]>();
const membersOf = (objects: readonly Node[]): Node[] => {
  const out: Node[] = [];
  for (const m of objects.flatMap((o) => MERGED.get(o) ?? [o])) if (!out.some((o) => same(o, m))) out.push(m);
  return out;
};

/** `to`, a rewrite's copy of `from`, made of the same members. */
function remember(from: Node, to: Node): Node {
  const members = MERGED.get(from);
  if (members) MERGED.set(to, members);
  return to;
}

/** Texts as one description, each but the last ended as a sentence. */
function sentences(...texts: unknown[]): string {
  const said = texts.filter((d): d is string => typeof d === 'string' && d !== '');
  return said.map((d, i) => (i < said.length - 1 && !/[.!?…:]$/.test(d) ? `${d}.` : d)).join(' ');
}

/** Members past this many needs are summarised as `…` in the description. */
const NEEDS_SHOWN = 3;
/**
 * A union of more objects than this stays a union. Merging compares members pairwise, so its cost grows with the
 * square of their count: a hostile contract's union of 2,000 objects took about a minute to list, 64 take under
 * 0.1 s. OpenAI's widest input union has 27 object members.
 */
const MAX_MERGED_OBJECTS = 64;

/**
 * `{anyOf: [object, object, …]}` as one object. Beside members of other kinds (`string | object | object`, a map
 * listed as pairs, null) the objects are merged among themselves and the others stay members: LangChain drops
 * every member that is not an object whatever the spelling (an outer `type: [object, array]` is an object without
 * properties to OpenAI's strict mode), but the objects' own properties (a `type` tag's values) it no longer
 * overwrites. Any other node is returned as it is.
 */
export function mergeObjectUnion(node: Node, finish: Finish, lift?: Lift): Node {
  const members = node.anyOf;
  if (!Array.isArray(members) || !members.every(isNode)) return node;
  const objects = members.filter(isObjectMember);
  if (objects.length < 2 || objects.length > MAX_MERGED_OBJECTS) return node;
  const { anyOf: _members, ...outer } = node;
  const merged = mergeObjects(membersOf(objects), finish, lift);
  if (objects.length === members.length) {
    const description = sentences(outer.description, merged.description);
    return remember(merged, { ...outer, ...merged, description });
  }
  // The merged object where the first object was, the other members in their order.
  const first = members.indexOf(objects[0]!);
  const rest = members.filter((m) => !objects.includes(m));
  return { ...outer, anyOf: [...rest.slice(0, first), merged, ...rest.slice(first)] };
}

/** Objects as one: every property (united where they differ), required by all, the members said in words. */
function mergeObjects(members: readonly Node[], finish: Finish, lift?: Lift): Node {
  const names: string[] = [];
  for (const m of members) for (const name of Object.keys(m.properties as Node)) if (!names.includes(name)) names.push(name);
  const properties: Node = Object.create(null) as Node;
  for (const name of names) {
    const schemas = members.map((m) => (m.properties as Node)[name]).filter(isNode);
    properties[name] = schemas.every((s) => same(s, schemas[0])) ? schemas[0] : unite(schemas, finish, below(lift, name));
  }
  const requiredBy = members.map((m) => (Array.isArray(m.required) ? (m.required as string[]) : []));
  const required = names.filter((name) => requiredBy.every((r) => r.includes(name)));
  const out: Node = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (members.every((m) => 'additionalProperties' in m && same(m.additionalProperties, members[0]!.additionalProperties)))
    out.additionalProperties = members[0]!.additionalProperties;
  out.description = summary(members);
  MERGED.set(out, [...members]);
  return out;
}

/**
 * Several schemas of one property as one: their members flattened, objects merged, arrays one array. Under a
 * `lift`, an array left beside objects (one member's list where another has an object: LangChain's simplifier
 * would drop it) is one more object member, its list form, merged with the objects, and its place recorded.
 */
function unite(schemas: readonly Node[], finish: Finish, lift?: Lift): Node {
  const flat: Node[] = [];
  const said: string[] = [];
  for (const s of schemas) {
    for (const d of ownWords(s).split(SEPARATOR)) if (d !== '' && !said.includes(d)) said.push(d);
    const { description: _d, ...bare } = s;
    // A union's own `type`/`items` only restate its members (wireSchema typeUnion), recomputed below.
    const { anyOf, type: _t, items: _i, ...rest } = bare;
    if (Array.isArray(anyOf) && anyOf.every(isNode) && Object.keys(rest).length === 0) flat.push(...anyOf);
    else flat.push(...unjoined(remember(s, bare)));
  }
  const objects = flat.filter(isObjectMember);
  const arrays = flat.filter((m) => m.type === 'array' && isNode(m.items));
  const others = flat.filter((m) => !objects.includes(m) && !arrays.includes(m));
  const united: Node[] = [];
  for (const m of others) if (!united.some((u) => same(u, m))) united.push(m);
  const list = arrays.length === 0 ? undefined : arrays.length === 1 ? arrays[0]! : uniteArrays(arrays, finish, lift);
  const key = lift && list && objects.length > 0 ? formKey(objects) : undefined;
  if (key !== undefined) {
    const { description: listWords, ...bare } = list!;
    objects.push(listFormMember(key, bare, typeof listWords === 'string' ? [listWords] : []));
    lift!.record([lift!.path, key]);
  } else if (list) united.push(list);
  const originals = membersOf(objects);
  if (originals.length > 0) united.push(objects.length === 1 ? objects[0]! : finished(mergeObjects(originals, finish, lift), finish));
  // Null last, as zod lists a nullable union.
  united.sort((a, b) => Number(isNull(a)) - Number(isNull(b)));
  const description = joinWords(said);
  if (united.length === 1) {
    const only = united[0]!;
    // A merged object keeps its summary of members after the property's own words.
    const words = sentences(description, only.description);
    return finished(remember(only, { ...only, ...(words ? { description: words } : {}) }), finish);
  }
  return finished(mergeObjectUnion({ anyOf: united, ...(description ? { description } : {}) }, finish), finish);
}

/** A schema's description without the summary of members a merged object ends with (it is said anew). */
function ownWords(schema: Node): string {
  const said = typeof schema.description === 'string' ? schema.description : '';
  const members = MERGED.get(schema);
  const summed = members ? summary(members) : undefined;
  return summed && said.endsWith(summed) ? said.slice(0, -summed.length).trimEnd() : said;
}

/** Between the members' own descriptions of one property. */
const SEPARATOR = ' | ';

/**
 * The members' descriptions of one property, each once; words they all begin with are said once
 * (`The role of the messages author, in this case \`system\`. | \`user\`.`).
 */
function joinWords(said: readonly string[]): string {
  if (said.length < 2) return said[0] ?? '';
  let common = said[0]!;
  for (const d of said) while (!d.startsWith(common)) common = common.slice(0, -1);
  // Back to a word boundary where every rest starts with a word of its own (else `part. | part. Always …`
  // would read as one); a shared start shorter than a few words is not worth saying apart.
  const firstWord = (d: string) => d.slice(common.length).split(' ')[0];
  common = common.slice(0, common.lastIndexOf(' ') + 1);
  while (common.length >= 20 && new Set(said.map(firstWord)).size < said.length)
    common = common.slice(0, common.lastIndexOf(' ', common.length - 2) + 1);
  if (common.length < 20) return said.join(SEPARATOR);
  return common + said.map((d) => d.slice(common.length)).join(SEPARATOR);
}

/** A nullable value joined as `type: [X, 'null']` (wireSchema joinNullable) as its two members again. */
function unjoined(schema: Node): Node[] {
  const types = schema.type;
  if (!Array.isArray(types) || types.length !== 2 || !types.includes('null')) return [schema];
  const type = types.find((t) => t !== 'null');
  const member: Node = { ...schema, type };
  if (Array.isArray(schema.enum)) member.enum = schema.enum.filter((v) => v !== null);
  return [member, { type: 'null' }];
}

/** `finish(node)`, still known as made of node's members. */
export function finished(node: Node, finish: Finish): Node {
  return remember(node, finish(node));
}

/** Arrays as one array of either items; keywords all of them share are kept. */
export function uniteArrays(arrays: readonly Node[], finish: Finish, lift?: Lift): Node {
  const first = arrays[0]!;
  const out: Node = { type: 'array' };
  for (const [key, value] of Object.entries(first))
    if (key !== 'items' && key !== 'description' && key !== 'type' && arrays.every((a) => same(a[key], value))) out[key] = value;
  const items = arrays.map((a) => a.items as Node);
  out.items = items.every((i) => same(i, items[0])) ? items[0] : unite(items, finish, below(lift, null));
  return finish(out);
}

/**
 * `One of: role=system (content: string or array) | role=user (…)`: each member named by the discriminator
 * (a property every member has with one string value of its own), then what else it requires.
 */
function summary(members: readonly Node[]): string {
  const tag = discriminator(members);
  const parts = members.map((m) => {
    const props = m.properties as Node;
    const needs = (Array.isArray(m.required) ? (m.required as string[]) : []).filter((n) => n !== tag && isNode(props[n]));
    const shown = needs.slice(0, NEEDS_SHOWN).map((n) => `${n}: ${typeWords(props[n] as Node)}`);
    if (needs.length > NEEDS_SHOWN) shown.push('…');
    const named = tag ? `${tag}=${String(((props[tag] as Node).enum as unknown[])[0])}` : '';
    const need = shown.length > 0 ? `(${shown.join(', ')})` : tag ? '' : `(${Object.keys(props).join(', ') || 'no properties'})`;
    return [named, need].filter((p) => p !== '').join(' ');
  });
  return `One of: ${parts.join(' | ')}.`;
}

function discriminator(members: readonly Node[]): string | undefined {
  const first = members[0]!;
  for (const name of Object.keys(first.properties as Node)) {
    const values = members.map((m) => {
      const p = (m.properties as Node)[name];
      return isNode(p) && Array.isArray(p.enum) && p.enum.length === 1 && typeof p.enum[0] === 'string' ? p.enum[0] : undefined;
    });
    if (values.every((v) => v !== undefined) && new Set(values).size === values.length) return name;
  }
  return undefined;
}

/** A property's type as words: `string`, `string or array`, `"auto"` for a one-value enum. */
function typeWords(schema: Node): string {
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return JSON.stringify(schema.enum[0]);
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  const fromMembers = Array.isArray(schema.anyOf)
    ? schema.anyOf.filter(isNode).map((m) => (typeof m.type === 'string' ? m.type : 'value'))
    : [];
  const words = [...new Set((types.length > 0 ? types : fromMembers).filter((t): t is string => typeof t === 'string' && t !== 'null'))];
  return words.length > 0 ? words.join(' or ') : 'value';
}
