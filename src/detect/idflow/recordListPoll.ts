/**
 * Convention: a job read as one record of a list in its parent's read, the list named for the job (issue 24).
 * IoT Analytics `StartPipelineReprocessing` (`POST /pipelines/{pipelineName}/reprocessing`) answers
 * `reprocessingId`, and no read takes it; `DescribePipeline` (`GET /pipelines/{pipelineName}`) answers
 * `pipeline.reprocessingSummaries: [{id, status, creationTime}]`, the records of that pipeline's reprocessings.
 * What links them is the data, REST or RPC alike:
 *
 * - the read names nothing the start does not (`DescribePipeline`), and requires an id: it reads one parent, which the start must supply (idFlowJobs' companions); a read of
 *   everything of a kind is no read of one job (the job may be on any of its pages);
 * - a list at its top or one object down is named for the job: its name begins with the words the answered id
 *   names (`reprocessingId` → `reprocessingSummaries`; `replicationRunId` → `replicationRunList`);
 * - its items carry the id, bare (`id`: the list's own things) or under the very name the start answers it;
 * - the status is those items' own (listedItemStatus.ts), not the parent's beside them.
 *
 * A read that asks for the job by its id still beats such a list (pollTieBreak.ts, idFlowJobs' score). The
 * runtime sends the parent's id only and picks the job out of the list by `itemId` (JobOperationLink idIn `item`,
 * jobs/listedAnswer.ts), as for a scope's list (scopeListPoll.ts).
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { nameTokens } from '../read/nameTokens.js';
import { successSchema } from '../read/operationIndex.js';
import { BARE_IDS, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNoun, type OperationName, singular } from '../read/operationNames.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';
import type { ListedCandidate, ListedItem } from './scopeListPoll.js';

/** Lists of records in reads of one parent, filed by each leading run of their name's words (`reprocessing`). */
export type RecordLists = Map<string, Array<{ op: Operation } & ListedItem>>;

export function recordLists(
  ops: readonly Operation[],
  canRead: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): RecordLists {
  const out: RecordLists = new Map();
  for (const op of ops) {
    if (!canRead(op) || !inputsOf(op).some((i) => i.required && isIdName(i.name))) continue;
    const answer = successSchema(op);
    const lists: Array<[string, string]> = [];
    for (const [field, p] of reader.properties(answer)) {
      const type = reader.typeOf(p);
      if (type === 'array') lists.push([field, field]);
      else if (type === 'object')
        for (const [inner, q] of reader.properties(p)) if (reader.typeOf(q) === 'array') lists.push([`${field}.${inner}`, inner]);
    }
    for (const [at, own] of lists) {
      const items = reader.itemsOf(schemaAtPath(reader, answer, at));
      const words = nameTokens(own).map(singular);
      for (const [prop, q] of reader.properties(items)) {
        if (!isIdName(prop) || reader.typeOf(q) !== 'string') continue;
        for (let k = 1; k <= words.length; k++) pushTo(out, words.slice(0, k).join(' '), { op, itemsAt: at, itemId: prop });
      }
    }
  }
  return out;
}

/**
 * The record lists that hold the job the start answers at `field`: named for the id's noun, their items carrying
 * it bare or under that very name. The id is a specific one at the answer's top (`reprocessingId`; a bare `id`,
 * or `site.id` one object down, names no record list), and the start names that thing itself
 * (`StartPipelineReprocessing` → `reprocessing`): else the id is of something the start only refers to.
 */
export function recordListCandidates(
  field: string,
  start: OperationName | null,
  lists: RecordLists,
  nameOf: (op: Operation) => OperationName | null,
): ListedCandidate[] {
  const noun = idNoun(field);
  if (!start || noun.length === 0 || field.includes('.') || !noun.every((w) => start.noun.includes(w))) return [];
  const answered = norm(field.split('.').at(-1)!);
  // The read names nothing the start does not (`DescribePipeline` for `StartPipelineReprocessing`): a word of its
  // own reads another thing (`DescribeMaintenanceWindowExecutions` lists a window's runs, `ListSharedEndpoints`
  // others' endpoints, `Get all refunds…` everything of the payment).
  const own = new Set([start.verb, ...start.noun]);
  return (lists.get(noun.join(' ')) ?? [])
    .filter(({ op }) => nameOf(op)?.noun.every((w) => own.has(w)) === true)
    .filter(({ itemId }) => BARE_IDS.has(norm(itemId)) || norm(itemId) === answered)
    .map(({ op, itemsAt, itemId }) => ({ poll: op, itemsAt, itemId, noun, input: { name: itemId, in: 'body' as const, required: true } }));
}
