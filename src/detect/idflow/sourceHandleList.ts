/**
 * Convention: a handle the start answers, read in the list of the source the start acted on (issue 24). SQS
 * `StartMessageMoveTask {SourceArn, DestinationArn?}` answers `{TaskHandle}`; no read takes the handle, but
 * `ListMessageMoveTasks {SourceArn}` answers `Results: [{TaskHandle, Status, SourceArn, …}]`, the move tasks of
 * that source queue, each under the very handle the start handed out; `CancelMessageMoveTask {TaskHandle}` stops it.
 *
 * A handle (Smithy's `…Handle` members: `TaskHandle`) names no noun of its own the way an id does (`OperationId`),
 * so the plain id flow and the scope list (scopeListPoll.ts), which file ids by their noun, never see it. What links
 * the two is the data, read with three guards:
 *
 * - the list requires an id, and every id it requires the start requires too, under the same name (`SourceArn`):
 *   the list reads the source's jobs, and the start names that source; a list of everything of a kind is no read of
 *   one job, and a scope the start does not name (or names only optionally) is another thing's;
 * - its items carry the handle under the very name the start answers it (`TaskHandle` ↔ `Results.0.TaskHandle`),
 *   a name of two words at least (a bare `Handle` says nothing of whose it is);
 * - the handle's noun ends both names (`task`: `StartMessageMoveTask`, `ListMessageMoveTasks`), as rpcNounHead.ts
 *   asks of an RPC pair.
 *
 * The runtime sends the source (a companion input) and picks the job out of the list by the handle (JobOperationLink
 * idIn `item`, itemsAt, itemId: jobs/listedAnswer.ts), as for a scope's list; an item read still wins (pollTieBreak.ts).
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNoun, type OperationName, READ_VERBS } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import type { AnsweredCandidate } from './answeredCandidate.js';
import { sharedHead } from './rpcNounHead.js';
import type { ListedItem } from './scopeListPoll.js';

/** A handle's name: two words at least, the last `handle` (`TaskHandle`). */
export function isNamedHandle(field: string): boolean {
  const tokens = nameTokens(field);
  return tokens.length >= 2 && tokens.at(-1) === 'handle';
}

/** List reads by the normalised handle their items carry (`taskhandle`), with the scope ids they require. */
export type HandleLists = Map<string, Array<{ op: Operation; scope: string[] } & ListedItem>>;

/** Reads (`List|Describe|Get…`) requiring an id and listing items that carry a named handle. */
export function handleLists(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): HandleLists {
  const out: HandleLists = new Map();
  for (const op of ops) {
    const name = nameOf(op);
    if (!canRead(op) || !name || !READ_VERBS.includes(name.verb)) continue;
    const scope = inputsOf(op)
      .filter((i) => i.required && isIdName(i.name))
      .map((i) => norm(i.name));
    if (scope.length === 0) continue;
    for (const [field, schema] of reader.properties(successSchema(op))) {
      if (reader.typeOf(schema) !== 'array') continue;
      for (const [prop, p] of reader.properties(reader.itemsOf(schema)))
        if (isNamedHandle(prop) && reader.typeOf(p) === 'string') pushTo(out, norm(prop), { op, scope, itemsAt: field, itemId: prop });
    }
  }
  return out;
}

/**
 * A list read holding the job whose handle the start answers at `field`; its `input` stands for the handle in the
 * pairing rules: required, never sent (the runtime matches it in the list).
 */
export type HandleListCandidate = AnsweredCandidate & { listed: ListedItem };

/** The source lists holding the job the start hands a handle out for; nothing when it answers none. */
export function handleListCandidates(
  start: Operation,
  name: OperationName | null,
  lists: HandleLists,
  inputsOf: (op: Operation) => OperationInput[],
  nameOf: (op: Operation) => OperationName | null,
  reader: SchemaReader,
): HandleListCandidate[] {
  if (lists.size === 0 || !name) return [];
  const inputs = inputsOf(start);
  const required = new Set(inputs.filter((i) => i.required).map((i) => norm(i.name)));
  const out: HandleListCandidate[] = [];
  for (const [field, p] of reader.properties(successSchema(start))) {
    if (!isNamedHandle(field) || reader.typeOf(p) !== 'string') continue;
    // A handle the start is given names a call that exists already.
    if (inputs.some((i) => norm(i.name) === norm(field))) continue;
    const noun = idNoun(field);
    for (const { op, scope, itemsAt, itemId } of lists.get(norm(field)) ?? []) {
      if (op === start || !scope.every((s) => required.has(s)) || !sharedHead(noun, name, nameOf(op))) continue;
      const input: OperationInput = { name: itemId, in: 'body', required: true };
      out.push({ poll: op, input, idFrom: `body:${field}`, flow: 'answer', field, noun, bare: false, listed: { itemsAt, itemId } });
    }
  }
  return out;
}
