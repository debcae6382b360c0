/**
 * Convention: `POST /things` creates an item that REST puts at `/things/{anyName}` (RFC 9110 §9.3.3), and the
 * answer carries the new item's own id, whatever the vendor calls the path variable: Vercel's
 * `POST /v13/deployments` → `{id}` → `GET /v13/deployments/{idOrUrl}`, DigitalOcean's `POST /v2/kubernetes/clusters`
 * → `{kubernetes_cluster: {id}}` → `GET …/clusters/{cluster_id}`, Mist's `POST …/devices/upgrade` → `{id}` →
 * `GET …/devices/upgrade/{upgrade_id}`; Probely-style paths end in a slash (`POST /things/`, `GET /things/{id}/`).
 * itemIdentity.ts matches the answer's field to the parameter by name; this unit takes the answer's one opaque
 * id (`id`, `uuid`, `sid`, `identifier`: the item's own, top level or in the one object the answer wraps it in)
 * when the names say nothing. Two candidate ids, or none, link nothing: the layout alone cannot choose.
 *
 * The same layout read from the other side: an answer field `<thing>_id` names an item of the `<things>` collection
 * (files.com's `POST /file_actions/copy/{path}` → `{file_migration_id, status}` → `GET /file_migrations/{id}`), as
 * REST's foreign keys do. Only when the answer has no id of its own: beside its own `id` it is a reference to
 * another thing (an order's `payment_id`), not the work the start began.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { singular } from '../familyName.js';
import { answerFields } from '../read/envelope.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { pathParams, splitPath, staticSegments, successSchema } from '../read/operationIndex.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { answersStatus, itemIdField } from './itemIdentity.js';

/** Last name tokens of a field that is only an opaque identifier (a `name` or an ARN is another value). */
const OPAQUE_IDS = new Set(['id', 'uuid', 'sid', 'identifier']);

export interface CollectionItem {
  op: Operation;
  input: OperationInput;
  /** The answer's field that fills the item's path parameter (`id`, `kubernetes_cluster.id`). */
  field: string;
}

/** The GET item reads of the collection a POST creates into, each with the answer field that names the item. */
export function collectionItemsOf(
  start: Operation,
  ctx: DetectContext,
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
): CollectionItem[] {
  // As itemIdentity's item read: a create that answers no status beside its id has no lifecycle to follow there.
  if (start.method !== 'POST' || !answersStatus(start, ctx.reader)) return [];
  const collection = splitPath(start.path).pathname.replace(/\/$/, '');
  if (collection === '') return [];
  const reads = [...ctx.index.under(collection, '/{}', 'GET'), ...ctx.index.under(collection, '/{}/', 'GET')];
  const out: CollectionItem[] = [];
  for (const op of reads) {
    if (op === start || !mayPoll(op)) continue;
    const param = pathParams(op.path).at(-1);
    const input = inputsOf(op).find((i) => i.in === 'path' && i.name === param && i.required);
    if (param === undefined || input === undefined) continue;
    const field = itemIdField(start, param, ctx.reader) ?? soleOpaqueId(start, ctx.reader);
    if (field !== null) out.push({ op, input, field });
  }
  return out;
}

/** The answer's one opaque id field, top level, else in the one object property that wraps the item; else null. */
export function soleOpaqueId(start: Operation, reader: SchemaReader): string | null {
  const props = reader.properties(successSchema(start));
  const opaque = (m: Map<string, JsonSchema>) =>
    [...m.keys()].filter((k) => nameTokens(k).length === 1 && OPAQUE_IDS.has(nameTokens(k)[0]!));
  const top = opaque(props);
  if (top.length > 0) return top.length === 1 ? top[0]! : null;
  const wrappers = [...props].filter(([, p]) => reader.typeOf(p) === 'object');
  if (wrappers.length !== 1) return null;
  const [wrapper, schema] = wrappers[0]!;
  const inner = opaque(reader.properties(schema));
  return inner.length === 1 ? `${wrapper}.${inner[0]}` : null;
}

/** Item reads `/{things}/{param}` by the singular noun of their collection (`filemigration`), built once per contract. */
export type NamedCollections = Map<string, Array<{ op: Operation; input: OperationInput }>>;

export function namedCollections(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
): NamedCollections {
  const out: NamedCollections = new Map();
  for (const op of ops) {
    const { pathname } = splitPath(op.path);
    const param = /\/\{([^{}]+)\}\/?$/.exec(pathname)?.[1];
    const segment = staticSegments(op.path).at(-1);
    if (param === undefined || segment === undefined || !pathname.includes(`/${segment}/{${param}}`) || !mayPoll(op)) continue;
    const input = inputsOf(op).find((i) => i.in === 'path' && i.name === param && i.required);
    if (input === undefined) continue;
    const key = singular(norm(segment));
    pushTo(out, key, { op, input });
  }
  return out;
}

/**
 * The item reads an answer's `<thing>_id` field names (top level), when the answer has no opaque id of its own. The
 * item's parameter must be a bare opaque id or that same `<thing>_id`: `{path}` or `{name}` is another key.
 */
export function namedItemsOf(start: Operation, collections: NamedCollections, reader: SchemaReader): CollectionItem[] {
  // The answer's fields, inside an envelope too (`{data: {file_migration_id}}`: read/envelope.ts).
  const fields = answerFields(reader, successSchema(start));
  if (fields.some(({ name }) => nameTokens(name).length === 1 && OPAQUE_IDS.has(nameTokens(name)[0]!))) return [];
  const out: CollectionItem[] = [];
  for (const { name, path } of fields) {
    const tokens = nameTokens(name);
    if (tokens.length < 2 || !OPAQUE_IDS.has(tokens.at(-1)!)) continue;
    const noun = tokens.slice(0, -1).join('');
    for (const { op, input } of collections.get(singular(noun)) ?? []) {
      const own = norm(input.name);
      if (op !== start && (OPAQUE_IDS.has(own) || own === norm(name))) out.push({ op, input, field: path });
    }
  }
  return out;
}
