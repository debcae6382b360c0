/**
 * Which input unions are also read from a list form (templates/runtime/core/listForm.ts): those with a list (an
 * array, or a map the wire spelling lists as pairs) beside an object member. LangChain's simplifier keeps only a
 * union's object members, so the wire spelling lists the list as one more object member, `{list: […]}`
 * (templates/runtime/wireSchema.ts LIST_KEYWORD), and the server reads that form back.
 */
import { LIST_KEYS, LIST_KEYWORD, LISTS_KEYWORD, type ListPlace, listPlaces, MAP_KEYWORD } from '../../../templates/runtime/wireSchema.js';
import type { JsonNode } from './printed.js';

const isNode = (value: unknown): value is JsonNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A member joining members (a described union, or a marked one): its members count as the union's own. */
function membersOf(json: JsonNode): JsonNode[] {
  if (!Array.isArray(json.anyOf) || !json.anyOf.every(isNode)) return [json];
  const own = Object.keys(json).every((k) => k === 'anyOf' || k === 'description' || k === LIST_KEYWORD || k === LISTS_KEYWORD);
  return own ? json.anyOf.flatMap(membersOf) : [json];
}

const isMap = (m: JsonNode): boolean => m[MAP_KEYWORD] !== undefined;

/** The key of the list form of a union of these members, or undefined when it has no list beside an object. */
export function listFormKey(members: readonly JsonNode[]): string | undefined {
  const flat = members.flatMap(membersOf);
  const objects = flat.filter((m) => m.type === 'object' && !isMap(m));
  if (objects.length === 0 || !flat.some((m) => m.type === 'array' || isMap(m))) return undefined;
  const taken = new Set(objects.flatMap((o) => (isNode(o.properties) ? Object.keys(o.properties) : [])));
  return LIST_KEYS.find((key) => !taken.has(key));
}

/**
 * The places below an input union where the wire merge of its members puts one member's list beside another
 * member's object, each with the key its list form uses there (deepest first, as the reader takes them), or
 * undefined when there is none. The merge unites a property the members spell differently (OpenAI's eval data
 * sources: a message `content` that is `string | array of parts` in one, `string | part | …` in another; a tool that
 * is an object in one and a map a cut left, listed as pairs, in another), and typeUnion says at a union's own level
 * the items of all its lists (a map's pairs beside a list of maps): LangChain's simplifier drops the list there. No
 * contract union marks such a place, so the union is marked (LISTS_KEYWORD), its wire spelling lifts those lists
 * into their list form, and its reader (runtime/core/listForm.ts) reads them back at exactly these places. `json` is
 * the union as printed (with its own LIST_KEYWORD mark, if any); only a union whose merge can do this is wired.
 */
export function mergedListPlaces(json: JsonNode): ListPlace[] | undefined {
  const flat = membersOf(json);
  const objects = flat.filter((m) => m.type === 'object' && !isMap(m)).length;
  const lists = flat.filter((m) => m.type === 'array' || isMap(m)).length;
  if (objects < 2 && (objects > 0 || lists < 2)) return undefined;
  const seen = new Map<string, ListPlace>();
  for (const place of listPlaces({ ...json, [LISTS_KEYWORD]: true })) seen.set(JSON.stringify(place), place);
  if (seen.size === 0) return undefined;
  return [...seen.values()].sort((a, b) => b[0].length - a[0].length);
}
