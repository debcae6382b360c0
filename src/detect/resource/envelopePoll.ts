/**
 * Convention: a resource wrapped in its type's name, the JSON root element (`{"action": {"id": 42, "status":
 * "running"}}`), as Hetzner Cloud, DigitalOcean, Airbyte and Rails-style APIs answer. A start that answers
 * `{action: {id}}` hands out the id of an `action`; an operation that requires a bare `id`, lives under that noun's
 * collection (`GET /actions/{id}`, `POST /v1/jobs/get`) and answers the same envelope reads that action, whatever
 * either operation is called (a shared `action` poll serves every start that answers one). The data links them
 * where names cannot: `createImage` and `getAction` share no noun, and many such specs name no operation at all.
 *
 * The status must be the envelope's own (`action.status`): a read that answers the envelope beside another status
 * says nothing about the enveloped thing.
 */

import type { JsonSchema, Operation } from '../../model/ir.js';
import { singular } from '../familyName.js';
import { pushTo } from '../read/multiMap.js';
import { staticSegments, successSchema } from '../read/operationIndex.js';
import { norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/**
 * The ids a server assigns (`id`, `uuid`): a `name` the client chose is linked already by the request that names it
 * (idFlowJobs.ts).
 */
const ASSIGNED_IDS = new Set(['id', 'uuid']);

/**
 * The envelope `field` (`action.id`, the start's answer) names, when `poll` reads the enveloped thing by that id:
 * its required `input` is the same bare id, one of its path's static segments is the envelope's noun (`actions`,
 * `jobs`), and its answer wraps the same id in the same envelope. Null otherwise.
 */
export function envelopeRead(field: string, poll: Operation, input: OperationInput, reader: SchemaReader): string | null {
  const parts = field.split('.');
  if (parts.length !== 2) return null;
  const [envelope, id] = parts as [string, string];
  if (!ASSIGNED_IDS.has(norm(id)) || norm(input.name) !== norm(id) || !input.required || input.list) return null;
  const noun = singular(norm(envelope));
  if (!staticSegments(poll.path).some((s) => singular(norm(s)) === noun)) return null;
  const wrapped = reader.properties(successSchema(poll)).get(envelope);
  if (wrapped === undefined || reader.typeOf(wrapped) !== 'object') return null;
  return reader.properties(wrapped).has(id) ? envelope : null;
}

/**
 * The start's envelope holds the record the poll's does (`{action: Action}` both): the same fields, or the one's all
 * among the other's (a start may answer only the handle, `{action: {id}}`). One envelope name may wrap two things:
 * Square's `CreateCheckout` answers a `checkout` that is a payment link, `GetTerminalCheckout` a `checkout` that
 * is a card reader's, neither's fields within the other's. With the id asked as `{checkout_id}` no rule weighed
 * them; asked as `{id}`, the envelope must still say they are one thing.
 */
export function sameEnvelopedRecord(reader: SchemaReader, field: string, startAnswer: JsonSchema | undefined, poll: Operation): boolean {
  const envelope = field.split('.')[0]!;
  const fields = (answer: JsonSchema | undefined) => [...reader.properties(reader.properties(answer).get(envelope)).keys()];
  const [own, read] = [fields(startAnswer), fields(successSchema(poll))];
  const within = (a: string[], b: string[]) => a.every((f) => b.includes(f));
  return within(own, read) || within(read, own);
}

/**
 * Polls that may read an envelope, by the envelope field they would take (`action.id`): each operation that
 * requires a bare id and answers an object property holding that id. Built once per contract, since a start's
 * id-named polls are filed by noun and `createImage`'s would never reach `getAction`'s.
 */
export function envelopePolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): Map<string, Array<{ op: Operation; input: OperationInput }>> {
  const out = new Map<string, Array<{ op: Operation; input: OperationInput }>>();
  for (const op of ops) {
    const bare = inputsOf(op).filter((i) => i.required && !i.list && ASSIGNED_IDS.has(norm(i.name)));
    if (bare.length === 0 || !mayPoll(op)) continue;
    for (const [envelope, schema] of reader.properties(successSchema(op))) {
      if (reader.typeOf(schema) !== 'object') continue;
      const inner = reader.properties(schema);
      for (const input of bare) {
        const key = `${envelope}.${input.name}`;
        if (!inner.has(input.name) || envelopeRead(key, op, input, reader) === null) continue;
        pushTo(out, key, { op, input });
      }
    }
  }
  return out;
}
