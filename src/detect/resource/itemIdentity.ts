/**
 * Which field of a create's answer fills the path parameter of the item it created, when the two are named
 * differently. REST puts the thing a POST creates at `{collection}/{param}` (RFC 9110 §9.3.3), and the answer carries
 * the new thing's identifier under the vendor's own name for it: `id` for `/exports/{export_id}`, `sid` for Twilio's
 * `/Compositions/{Sid}`, `name` for GitHub's `/user/codespaces/{codespace_name}`, `id` for AWS's
 * `/services/{serviceIdentifier}` ("the ID or ARN of the service"). Id flow uses it only for that item read
 * (idFlowJobs.ts): elsewhere a bare `id` is too common to link by.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';

/** Last name tokens that all name the same opaque identifier of a thing (an ARN or a name is another value). */
const OPAQUE_IDS = new Set(['id', 'uuid', 'identifier', 'sid']);

/** A field name's identifier token (last) and the noun before it: `EnvironmentId` → environment + id. */
function split(name: string): { noun: string; id: string } {
  const tokens = nameTokens(name);
  return { noun: tokens.slice(0, -1).join(' '), id: tokens.at(-1) ?? '' };
}

/**
 * How well an answer field (`id`, `EnvironmentId`, `database.id`) names the item's path parameter
 * (`export_id`, `EnvironmentIdentifier`, `database_cluster_uuid`): 2 the same identifier token, 1 another name of
 * an opaque id, 0 not at all. The field's own noun, if it has one, must be the parameter's; a field one object
 * down (`{database: {id}}`) is the object's id, whose noun the parameter begins with.
 */
export function itemIdMatch(field: string, param: string): number {
  const parts = field.split('.');
  const own = split(parts.at(-1)!);
  const wanted = split(param);
  if (own.id === '' || wanted.id === '') return 0;
  const same = own.id === wanted.id;
  if (!same && !(OPAQUE_IDS.has(own.id) && OPAQUE_IDS.has(wanted.id))) return 0;
  if (own.noun !== '' && own.noun !== wanted.noun) return 0;
  if (own.noun === '' && parts.length > 1) {
    const holder = nameTokens(parts.at(-2)!).join(' ');
    if (wanted.noun !== holder && !wanted.noun.startsWith(`${holder} `)) return 0;
  }
  return same ? 2 : 1;
}

/** The start's answer has a status-named field, at the top or one object down (`{database: {status}}`). */
export function answersStatus(start: Operation, reader: SchemaReader): boolean {
  const isStatus = (name: string) => STATUS_NAME_TOKENS.has(nameTokens(name).at(-1) ?? '');
  for (const [name, p] of reader.properties(successSchema(start))) {
    if (isStatus(name)) return true;
    if (reader.typeOf(p) === 'object' && [...reader.properties(p).keys()].some(isStatus)) return true;
  }
  return false;
}

/** The answer field (top level, else one object down) that best names the created item's path parameter. */
export function itemIdField(start: Operation, param: string, reader: SchemaReader): string | null {
  let best: { field: string; score: number } | null = null;
  const consider = (field: string, depth: number) => {
    const score = itemIdMatch(field, param) * 2 - depth;
    if (score > 0 && (!best || score > best.score)) best = { field, score };
  };
  for (const [name, p] of reader.properties(successSchema(start))) {
    if (reader.typeOf(p) !== 'object') consider(name, 0);
    else for (const [inner, q] of reader.properties(p)) if (reader.typeOf(q) !== 'object') consider(`${name}.${inner}`, 1);
  }
  return (best as { field: string } | null)?.field ?? null;
}
