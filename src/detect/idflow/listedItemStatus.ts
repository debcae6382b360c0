/**
 * The status of a job read in a list is that list's items' own (issue 24). SMS `GetReplicationRuns
 * {replicationJobId}` answers the job the runs belong to and the runs: `{replicationJob: {state},
 * replicationRunList: [{replicationRunId, state}]}`. The shallowest status of the answer (`replicationJob.state`)
 * is the parent's; the run `StartOnDemandReplicationRun` answered is the item of `replicationRunList` whose
 * `replicationRunId` is its id, so its status is read in those items (`replicationRunList.0.state`).
 *
 * Used for a poll that picks the job out of a list (scopeListPoll.ts, nestedRecordList.ts): the list is known,
 * so the status is looked for only there.
 */
import type { JsonSchema } from '../../model/ir.js';
import { type SchemaReader, schemaAtPath } from '../read/schemaWalk.js';
import { findStatusByMeaning, type StatusByMeaning } from '../status/statusByMeaning.js';

export function listedItemStatus(
  reader: SchemaReader,
  answer: JsonSchema | undefined,
  itemsAt: string,
): StatusByMeaning | { rejected: string } {
  const items = reader.itemsOf(schemaAtPath(reader, answer, itemsAt));
  const found = findStatusByMeaning(reader, items);
  if ('rejected' in found) return { rejected: `the \`${itemsAt}\` items: ${found.rejected}` };
  return { ...found, field: `${itemsAt}.0.${found.field}`, depth: found.depth + itemsAt.split('.').length, inList: true };
}
