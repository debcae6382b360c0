/**
 * Which input unions are also read from a list form (templates/runtime/core/listForm.ts): those with a list (an
 * array, or a map the wire spelling lists as pairs) beside an object member. LangChain's simplifier keeps only a
 * union's object members, so the wire spelling lists the list as one more object member, `{list: […]}`
 * (templates/runtime/wireSchema.ts LIST_KEYWORD), and the server reads that form back.
 */
import { LIST_KEYWORD, MAP_KEYWORD } from '../../../templates/runtime/wireSchema.js';
import type { JsonNode } from './printed.js';

/** The list form's key: the first of these no object member has as a property (the merged listing holds both). */
const LIST_KEYS = ['list', 'list_form', 'as_list'] as const;

const isNode = (value: unknown): value is JsonNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A member joining members (a described union, or a marked one): its members count as the union's own. */
function membersOf(json: JsonNode): JsonNode[] {
  if (!Array.isArray(json.anyOf) || !json.anyOf.every(isNode)) return [json];
  const own = Object.keys(json).every((k) => k === 'anyOf' || k === 'description' || k === LIST_KEYWORD);
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
