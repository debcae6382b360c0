/**
 * A body that carries its resource in an envelope: `{data: {...}, meta, links}` (JSON:API's primary data, Twitter,
 * Asana), `{payment: {...}, errors}` (Square), AWS's output member (`{Job: {...}}`). Rules that read "the answer"
 * read the resource inside, with every path from the body, so a vendor's choice to wrap changes no family.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import { nameTokens } from './nameTokens.js';
import { successSchema } from './operationIndex.js';
import { ReaderMemo } from './readerMemo.js';
import type { SchemaReader } from './schemaWalk.js';
import { CALL_OUTCOME_FIELDS, ENVELOPE_META_FIELDS, inList } from './signalWords.js';

/** Whether a property beside the resource is envelope metadata: its links, errors, or the call's scalar outcome. */
export function isEnvelopeMeta(reader: SchemaReader, name: string, schema: JsonSchema | undefined): boolean {
  return inList(ENVELOPE_META_FIELDS, name) || (inList(CALL_OUTCOME_FIELDS, name) && reader.typeOf(schema) !== 'object');
}

/**
 * The body's only object property beside envelope metadata (the resource), or null when it has any other. Of two
 * objects, one that reports the HTTP call itself by its status code (Mindee's `{api_request: {status, status_code,
 * url}, job}`) is the call's record, and the other the resource.
 */
export function envelopeMember(reader: SchemaReader, schema: JsonSchema | undefined): string | null {
  const objects: Array<[string, JsonSchema]> = [];
  for (const [name, p] of reader.properties(schema)) {
    if (isEnvelopeMeta(reader, name, p)) continue;
    if (reader.typeOf(p) !== 'object') return null;
    objects.push([name, p]);
  }
  if (objects.length === 1) return objects[0]![0];
  const resources = objects.filter(([, p]) => !reportsHttpCall(reader, p));
  return objects.length === 2 && resources.length === 1 ? resources[0]![0] : null;
}

/**
 * An object holding the HTTP status code of the call (`status_code`, `httpStatus`), or a bare integer `code` beside
 * the call's outcome in words (dbt Cloud's `status: {code, is_success, user_message}`): a record of the request.
 */
function reportsHttpCall(reader: SchemaReader, schema: JsonSchema | undefined): boolean {
  const props = reader.properties(schema);
  for (const [name, p] of props) {
    if (HTTP_CODE_FIELD.test(name) && reader.typeOf(p) === 'integer') return true;
  }
  return reader.typeOf(props.get('code')) === 'integer' && [...props.keys()].some((name) => CALL_OUTCOME_FIELD.test(name));
}
const HTTP_CODE_FIELD = /^(?:http_?status(?:_?code)?|status_?code|http_?code)$/i;
/** Words a call's record says how the call went in (`is_success`, `user_message`, `developer_message`, `msg`). */
const CALL_OUTCOME_FIELD = /^(?:is_?)?success(?:ful)?$|message$|^msg$/i;

/**
 * A JSON:API resource object (jsonapi.org v1.1 §7.2): `type`, and the resource's fields in an `attributes` object,
 * beside only what the format defines there (`id`, `lid`, `relationships`, `links`, `meta`).
 */
export function isResourceObject(reader: SchemaReader, schema: JsonSchema | undefined): boolean {
  const props = reader.properties(schema);
  if (!props.has('type') || reader.typeOf(props.get('attributes')) !== 'object') return false;
  for (const name of props.keys()) if (!RESOURCE_OBJECT_MEMBERS.has(name)) return false;
  return true;
}
const RESOURCE_OBJECT_MEMBERS = new Set(['type', 'id', 'lid', 'attributes', 'relationships', 'links', 'meta']);

/**
 * The type a JSON:API resource identifier object names (jsonapi.org v1.1 §7.2.1: `{type, id}`, and `links` and `meta`
 * beside them, nothing else), when its `type` is one value: a single enum value, a const, or its example (VirusTotal's
 * `{data: {type: "analysis", id, links}}`, read at `/analyses/{id}`: idflow/idFlowJobs.ts). Its words, or null.
 */
export function identifierType(reader: SchemaReader, props: Map<string, JsonSchema>): string[] | null {
  const type = props.get('type');
  if (type === undefined || !props.has('id') || [...props.keys()].some((f) => !IDENTIFIER_MEMBERS.has(f))) return null;
  const resolved = reader.resolve(type);
  const values =
    reader.enumValues(type) ??
    (resolved?.const !== undefined ? [resolved.const] : resolved?.example !== undefined ? [resolved.example] : []);
  const [value] = values;
  if (values.length !== 1 || typeof value !== 'string' || !/^[A-Za-z][A-Za-z_-]{2,40}$/.test(value)) return null;
  return [...nameTokens(value)];
}
export const IDENTIFIER_MEMBERS = new Set(['type', 'id', 'links', 'meta']);

/** One member of an object as a reader of the resource sees it: its name and its path from the object (`attributes.sid`). */
export interface ResourceMember {
  name: string;
  at: string;
  schema: JsonSchema;
}

/**
 * An object's members, and, when it is a JSON:API resource object, the fields its `attributes` hold, where the format
 * puts them (`{type, id, attributes: {sid}}`: `type`, `id`, `attributes`, `attributes.sid`).
 */
export function resourceMembers(reader: SchemaReader, schema: JsonSchema | undefined): ResourceMember[] {
  const props = reader.properties(schema);
  const own = [...props].map(([name, s]) => ({ name, at: name, schema: s }));
  if (!isResourceObject(reader, schema)) return own;
  const fields = [...reader.properties(props.get('attributes'))];
  return [...own, ...fields.map(([name, s]) => ({ name, at: `attributes.${name}`, schema: s }))];
}

export interface AnswerField {
  /** The field's own name (`status_url`). */
  name: string;
  /** Its dotted path from the body (`data.status_url` in an envelope, else the name). */
  path: string;
  schema: JsonSchema;
}

/**
 * The fields of an answer: its top-level properties, or, when the body is an envelope, the resource's inside it
 * (an envelope has no scalar of its own to lose).
 */
export function answerFields(reader: SchemaReader, schema: JsonSchema | undefined): AnswerField[] {
  const member = envelopeMember(reader, schema);
  if (member === null) return [...reader.properties(schema)].map(([name, s]) => ({ name, path: name, schema: s }));
  return resourceMembers(reader, reader.properties(schema).get(member)).map((m) => ({
    name: m.name,
    path: `${member}.${m.at}`,
    schema: m.schema,
  }));
}

/**
 * The member names this API wraps most of its answers in (`data` of JSON:API's `{data, meta}`, Twitter's `{data,
 * errors}`): the envelope member of more than half of the operations that answer an object. Such a name is the
 * API's house style, not a record's name: SSO's `AccountAssignmentCreationStatus` is answered by the two operations
 * of its request, `data` by nearly every one.
 */
export function houseEnvelopes(ops: readonly Operation[], reader: SchemaReader): ReadonlySet<string> {
  return HOUSE.get(reader, ops, () => countHouseEnvelopes(ops, reader));
}

/** Once per operation list: the status-record, record-shape and same-document rules each ask of the same list. */
const HOUSE = new ReaderMemo<readonly Operation[], ReadonlySet<string>>();

function countHouseEnvelopes(ops: readonly Operation[], reader: SchemaReader): ReadonlySet<string> {
  const counts = new Map<string, number>();
  let answering = 0;
  for (const op of ops) {
    const schema = successSchema(op);
    if (reader.typeOf(schema) !== 'object') continue;
    answering += 1;
    const member = envelopeMember(reader, schema);
    if (member !== null) counts.set(member, (counts.get(member) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => answering >= 4 && n * 2 > answering).map(([name]) => name));
}
