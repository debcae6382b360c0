/**
 * A zod expression as printed, beside the JSON Schema the generated server lists for it: what zod's
 * `toJSONSchema` (draft 2020-12) makes of that expression, in the portable spelling of
 * templates/runtime/core/portableSchema.ts (no `$schema`, `const` as a one-value `enum`, nested `anyOf` flattened,
 * defaults that restate JSON Schema's own left out). Each printer builds both from the same decision, so the tool
 * list ships with the project instead of being converted from zod when a server first lists its tools (1.6 s
 * to build and 1.6 s to convert OpenAI's 288 operations here); test/unit/emit/shippedSchemas.test.ts holds the
 * two equal over the fixtures.
 */
import { ANY_KEYWORD, LIST_KEYWORD, LISTS_KEYWORD, type ListPlace, MAP_KEYWORD } from '../../../templates/runtime/wireSchema.js';
import { call, chain, literal, quote } from '../code.js';
import { EMPTY_OBJECT, UNKNOWN } from './limits.js';

export type JsonNode = { [key: string]: unknown };

export interface Printed {
  code: string;
  json: JsonNode;
  /**
   * zod's input accepts `undefined` (a default, or a union with such a member): an object lists the property as
   * not required even where the contract requires it.
   */
  optional?: boolean;
  /**
   * An input map that also reads `{key, value}` pairs (runtime/core/mapPairs.ts): `finish` wraps the finished
   * schema in the pairs reader, outside `.nullable()` so that zod still lists a required map as required.
   */
  pairs?: 'json' | 'value';
  /**
   * An input union with a list beside object members, also read from its list form `{[list]: […]}`
   * (runtime/core/listForm.ts): `finish` wraps the finished union in that reader, as it wraps a map in its pairs
   * reader. The value is the key the list form uses.
   */
  list?: string;
  /**
   * An input union whose wire merge lifts lists into their list form below it, read there too (listForm.ts
   * mergedListPlaces): `finish` wraps the finished union in that reader, outside its own list reader.
   */
  places?: readonly ListPlace[];
  /** With `pairs`, `list` or `places`, once finished: the schema inside the readers (finishing again starts from it). */
  bare?: { code: string; json: JsonNode };
}

export const UNKNOWN_PRINTED: Printed = { code: UNKNOWN, json: {} };

/**
 * An input value the contract leaves untyped: any value, as before, and also read from its JSON-text wrapper
 * `{json: "…"}` by the runtime's reader (core/anyJson.ts), marked for the wire spelling to list it as typed members
 * (templates/runtime/wireSchema.ts ANY_KEYWORD; zod lists a preprocess as its schema and the mark as meta).
 */
export const ANY_JSON_INPUT: Printed = {
  code: chain(call('z.preprocess', 'anyJson', UNKNOWN), 'meta', `{ ${quote(ANY_KEYWORD)}: true }`),
  json: { [ANY_KEYWORD]: true },
};
export const NULL_PRINTED: Printed = { code: 'z.null()', json: { type: 'null' } };

/**
 * Nodes whose JSON zod lists in a way the generator cannot reproduce without zod: a string format zod checks
 * itself combined with a contract pattern (zod then drops the format and lists its own long regex beside the
 * contract's). A tool holding one ships no JSON Schema and is converted from zod when listed, so what it lists
 * stays exact. GitHub's spec has one such tool in 1,223; OpenAI's none.
 */
const INEXACT = new WeakSet<JsonNode>();
/**
 * Whether any node was ever marked. Until one is, every node is exact, and isExact answers without walking the
 * tree: the walk visited every node of every tool's schemas (1.6 s of Microsoft Graph beta's emit).
 */
let anyInexact = false;

export function markInexact(json: JsonNode): JsonNode {
  INEXACT.add(json);
  anyInexact = true;
  return json;
}

/** Whether every node of `json` is listed exactly as zod would list it. */
export function isExact(json: unknown): boolean {
  if (!anyInexact || typeof json !== 'object' || json === null) return true;
  if (INEXACT.has(json as JsonNode)) return false;
  const values = Array.isArray(json) ? json : Object.values(json);
  return values.every(isExact);
}

/** `json` with `extra` added (a new object: printed nodes are shared through the memo and never changed). */
export function withKeys(json: JsonNode, extra: JsonNode): JsonNode {
  const out = { ...json, ...extra };
  return INEXACT.has(json) ? markInexact(out) : out;
}

/** `.nullable()`: zod's `anyOf: [X, {type: 'null'}]`, an inner bare `anyOf` flattened into it. */
export function nullableJson(json: JsonNode): JsonNode {
  const keys = Object.keys(json);
  const members = keys.length === 1 && Array.isArray(json.anyOf) ? json.anyOf : [json];
  return { anyOf: [...members, { type: 'null' }] };
}

/** `z.union([...])`: `anyOf` of the members, a member that is a bare `anyOf` flattened. */
export function unionJson(members: readonly JsonNode[]): JsonNode {
  const flat: JsonNode[] = [];
  for (const member of members) {
    if (Object.keys(member).length === 1 && Array.isArray(member.anyOf)) flat.push(...(member.anyOf as JsonNode[]));
    else flat.push(member);
  }
  return { anyOf: flat };
}

/** An object whose properties are not spelled out (none declared, or cut): it keeps its JSON type. */
export const EMPTY_OBJECT_PRINTED: Printed = { code: EMPTY_OBJECT, json: { type: 'object' } };

/**
 * A map that also reads `{key, value}` pairs: the runtime's reader (core/mapPairs.ts) before the map's own schema,
 * and the mark the wire spelling lists it by (templates/runtime/wireSchema.ts MAP_KEYWORD; zod lists a preprocess
 * as its schema and the mark as meta). Values of no type are sent as JSON text (`pairs.json`). Keeps the schema
 * inside as `bare`, for finishing again (schemaToZod.ts finish).
 */
export function readFromPairs(bare: { code: string; json: JsonNode }, kind: 'json' | 'value'): Printed {
  const reader = kind === 'json' ? 'pairs.json' : 'pairs.values';
  return {
    code: chain(call('z.preprocess', reader, bare.code), 'meta', `{ ${quote(MAP_KEYWORD)}: ${quote(kind)} }`),
    json: withKeys(bare.json, { [MAP_KEYWORD]: kind }),
    pairs: kind,
    bare,
  };
}

/**
 * A union read from its list form too: the runtime's reader (core/listForm.ts) before the union, and the mark the
 * wire spelling lifts the list members by (templates/runtime/wireSchema.ts LIST_KEYWORD). Keeps the union as `bare`.
 */
export function readAsList(bare: { code: string; json: JsonNode }, key: string): Printed {
  return {
    code: chain(call('z.preprocess', call('listForm', quote(key)), bare.code), 'meta', `{ ${quote(LIST_KEYWORD)}: ${quote(key)} }`),
    json: withKeys(bare.json, { [LIST_KEYWORD]: key }),
    list: key,
    bare,
  };
}

/**
 * A union read from the list form at the places below it where its wire merge lifts lists (listForm.ts
 * mergedListPlaces), and the mark the wire spelling lifts them by (templates/runtime/wireSchema.ts LISTS_KEYWORD).
 * `inner` is the union with its other readers; `bare` the union without any.
 */
export function readAtPlaces(
  inner: { code: string; json: JsonNode },
  places: readonly ListPlace[],
  bare: { code: string; json: JsonNode },
): Printed {
  return {
    code: chain(call('z.preprocess', call('listForm', literal(places)), inner.code), 'meta', `{ ${quote(LISTS_KEYWORD)}: true }`),
    json: withKeys(inner.json, { [LISTS_KEYWORD]: true }),
    places,
    bare,
  };
}

/** An input object whose properties are not spelled out (cut): any object, read from JSON-text pairs too. */
export const CUT_OBJECT_INPUT: Printed = readFromPairs({ code: 'z.record(z.string(), z.unknown())', json: { type: 'object' } }, 'json');
