/**
 * Convention: the start answers the very representation its poll reads. REST hands back the resource a request
 * made or changed (RFC 9110 §9.3.3: a POST's answer describes its result), and a job API answers the same document
 * at its start and at its read: Probely's `POST /targets/{target_id}/scan_now/` and `GET /targets/{target_id}/scans/{id}/`
 * both answer `Scan`; Einstein's `train` and `retrain` answer `TrainResponse`, read by `GET /train/{modelId}`. One
 * named schema at both ends says they are one thing, where names and paths do not: the poll asks for it by one of
 * the document's own id fields (`id`, `modelId`), or by a parameter named after the document's type.
 *
 * A document is its name, or for an answer written out inline its whole content (SchemaReader.documentKey): a ref
 * means its target, so a code-first contract that inlines every class declares the same documents; a small
 * inline shape is no document. The status must still be a job's or a resource coming up (idFlowJobs.ts weighs the
 * pairing as any other).
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { singular } from '../familyName.js';
import { envelopeMember, houseEnvelopes } from '../read/envelope.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { splitPath, successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { itemIdMatch } from './itemIdentity.js';

/**
 * Reads by the named schema they answer, each with the id input and the document's field that fills it; and the
 * API's house envelope (`{data: …}` on most answers: read/envelope.ts), inside which the document is read.
 */
export interface RepresentationPolls {
  /** `at`: the member of the read's house envelope its document sits in, if any. */
  byDocument: Map<string, Array<{ op: Operation; input: OperationInput; field: string; at?: string }>>;
  wrappers: ReadonlySet<string>;
}

/** The document an answer carries: itself, or what the API's house envelope wraps, with the envelope's member. */
function documentOf(
  reader: SchemaReader,
  op: Operation,
  wrappers: ReadonlySet<string>,
): { schema: JsonSchema | undefined; at: string | null } {
  const body = successSchema(op);
  const member = envelopeMember(reader, body);
  return member !== null && wrappers.has(member) ? { schema: reader.properties(body).get(member), at: member } : { schema: body, at: null };
}

export function representationPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): RepresentationPolls {
  const out: RepresentationPolls = { byDocument: new Map(), wrappers: houseEnvelopes(ops, reader) };
  for (const op of ops) {
    const { schema, at } = documentOf(reader, op, out.wrappers);
    const key = reader.documentKey(schema);
    if (key === undefined || !mayPoll(op)) continue;
    const ref = reader.refName(schema) ?? '';
    const fields = [...reader.properties(schema).keys()].filter(isIdName);
    for (const input of inputsOf(op)) {
      if (!input.required || input.list || input.filter) continue;
      const field = documentIdField(input, fields, ref, keyedCollection(op.path, input));
      if (field === null) continue;
      pushTo(out.byDocument, key, { op, input, field, ...(at !== null ? { at } : {}) });
    }
  }
  return out;
}

/**
 * The document's id field an input asks by: the same name (`id`, `modelId`), or, for a path parameter that names
 * the document's own type (`{video_id}` of `VideoResource`) or the collection it keys the item of (`GET
 * /operations/{operation-id}`: the path says so whatever the schema is called, `Operation` or `S12`), the document's
 * id under its own name (itemIdentity.ts). A parameter named after another thing (`{educationClass-id}` reading a
 * `group`) keys a parent, not the document: a contract that reads one type at many paths (Microsoft Graph) keys most
 * of them by their parent.
 */
export function documentIdField(
  input: OperationInput,
  fields: readonly string[],
  ref: string,
  collection: readonly string[] = [],
): string | null {
  const same = fields.find((f) => norm(f) === norm(input.name));
  if (same !== undefined || input.in !== 'path') return same ?? null;
  const type = new Set(nameTokens(ref.slice(ref.lastIndexOf('/') + 1)).map(singular));
  const noun = nameTokens(input.name).slice(0, -1).map(singular);
  const keyed = new Set(collection);
  const names = (words: ReadonlySet<string>) => words.size > 0 && noun.every((t) => words.has(t));
  if (noun.length === 0 || !(names(type) || names(keyed))) return null;
  const matching = fields.filter((f) => itemIdMatch(f, input.name) > 0);
  return matching.length === 1 ? matching[0]! : null;
}

/**
 * The collection a path parameter keys the item of, singular words (`/operations/{operation-id}` → operation), when
 * the parameter ends the path right after that collection's segment; else none.
 */
export function keyedCollection(path: string, input: OperationInput): string[] {
  if (input.in !== 'path') return [];
  const segments = splitPath(path)
    .pathname.split('/')
    .filter((s) => s !== '');
  const at = segments.indexOf(`{${input.name}}`);
  if (at !== segments.length - 1 || at < 1 || segments[at - 1]!.includes('{')) return [];
  return nameTokens(segments[at - 1]!).map(singular);
}

/**
 * The polls of the document the start answers: none for a small inline answer, and none where the start's
 * own collection has an item read answering that document (`POST /users/{id}/tasks` → `GET /users/{id}/tasks/{task-id}`):
 * that item is the resource convention's to judge, and the same type read at another path (`GET /me/tasks/{task-id}`)
 * is no second opinion on it. An item read answering another document is not what the start handed out: Yandex
 * Cloud's `POST /instances` answers an `Operation`, read at `GET /operations/{operationId}`, not the `Instance` at
 * `GET /instances/{instanceId}`.
 */
export function pollsOfRepresentation(start: Operation, polls: RepresentationPolls, ctx: DetectContext) {
  const { schema, at } = documentOf(ctx.reader, start, polls.wrappers);
  const key = ctx.reader.documentKey(schema);
  if (key === undefined) return [];
  // An answer that extends a document (`allOf: [{$ref: Job}, {…}]`) is that document too (schemaWalk.ts).
  const keys = [key, ...ctx.reader.extendedDocuments(schema)];
  const collection = splitPath(start.path).pathname.replace(/\/$/, '');
  const items = [...ctx.index.under(collection, '/{}', 'GET'), ...ctx.index.under(collection, '/{}/', 'GET')];
  const other = (op: Operation) => !keys.includes(ctx.reader.documentKey(documentOf(ctx.reader, op, polls.wrappers).schema) ?? '');
  if (items.length > 0 && !items.every(other)) return [];
  // The field is the document's; the start answers it at its own place in the body.
  const found = keys.flatMap((k) => polls.byDocument.get(k) ?? []);
  return at === null ? found : found.map((p) => ({ ...p, field: `${at}.${p.field}` }));
}
