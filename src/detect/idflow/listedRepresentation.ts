/**
 * Convention: a start that makes several things at once answers the very list document its read answers, and the
 * read asks for the items by their ids. Shutterstock's `POST /v2/ai/audio/renders` and `GET /v2/ai/audio/renders
 * ?id=…` both answer `AudioRendersListResults {audio_renders: [{id, status, …}]}`: one named schema at both ends
 * says they are one thing (sameRepresentation.ts), and the read's required input named as the items' id says it
 * reads those items. The job is the set of the listed items (memberSets.ts): each item's id is polled, and the job
 * ends when every one has ended.
 *
 * Only a declared document (named, or inline and whole: SchemaReader.documentKey) with one list of objects that carry
 * an id field counts, and only a required input named as
 * that field: a list beside another (`Successful`, `Failed`) is a batch's outcome, an optional id is a filter.
 */
import type { Operation } from '../../model/ir.js';
import type { MemberSet } from '../../model/jobs.js';
import type { DetectContext } from '../detectTypes.js';
import { pushTo } from '../read/multiMap.js';
import { successSchema } from '../read/operationIndex.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';

/** Reads by the named list document they answer, with the id input and the listed items' id field. */
export type ListedRepresentationPolls = Map<string, Array<{ op: Operation; input: OperationInput; field: string; members: MemberSet }>>;

/** The one list of id-carrying objects a named document holds: `audio_renders[].id`; else null. */
function listedIds(reader: SchemaReader, op: Operation): { itemsAt: string; ids: string[] } | null {
  const lists: Array<{ itemsAt: string; ids: string[] }> = [];
  for (const [name, p] of reader.properties(successSchema(op))) {
    if (reader.typeOf(p) !== 'array') continue;
    const item = reader.itemsOf(p);
    if (reader.typeOf(item) !== 'object') continue;
    const ids = [...reader.properties(item)].filter(([f, q]) => isIdName(f) && reader.typeOf(q) !== 'object').map(([f]) => f);
    if (ids.length > 0) lists.push({ itemsAt: name, ids });
  }
  return lists.length === 1 ? lists[0]! : null;
}

export function listedRepresentationPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): ListedRepresentationPolls {
  const out: ListedRepresentationPolls = new Map();
  for (const op of ops) {
    const key = reader.documentKey(successSchema(op));
    if (key === undefined || !mayPoll(op)) continue;
    const listed = listedIds(reader, op);
    if (listed === null) continue;
    for (const input of inputsOf(op)) {
      const itemId = input.required ? listed.ids.find((f) => norm(f) === norm(input.name)) : undefined;
      if (itemId === undefined) continue;
      pushTo(out, key, { op, input, field: `${listed.itemsAt}.0.${itemId}`, members: { itemsAt: listed.itemsAt, itemId } });
    }
  }
  return out;
}

/** The reads of the list document the start answers. */
export function pollsOfListedRepresentation(start: Operation, polls: ListedRepresentationPolls, ctx: DetectContext) {
  const key = ctx.reader.documentKey(successSchema(start));
  return key === undefined ? [] : (polls.get(key) ?? []).filter((p) => p.op !== start);
}
