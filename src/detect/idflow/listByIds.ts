/**
 * Convention: a List that takes the ids it lists asks for those items (issue 24). Cost Explorer's
 * `ListSavingsPlansPurchaseRecommendationGeneration {RecommendationIds?: [id]}` answers
 * `GenerationSummaryList: [{RecommendationId, GenerationStatus}]`: sent the one id the start answered
 * (`StartSavingsPlansPurchaseRecommendationGeneration` → `{RecommendationId}`), it reads that one job, as a
 * `Describe…` of many ids does (`DescribeExportTasks {exportIds}`). Id flow (idFlowJobs.ts) files no `List…` as a
 * poll, since a list of everything (or of a scope: scopeListPoll.ts) is no read of one item; its list of ids (or
 * filter by id: filterInputs.ts) is, and only those inputs are filed. The pairing rules then require the listed
 * items to carry the status, read from the item whose id was sent (JobOperationLink idList, itemsAt, itemId).
 */
import type { Operation } from '../../model/ir.js';
import type { OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';

/** The inputs of a `List…` read that ask for items by their ids: a list of ids, or an AWS filter by id. */
export function idListInputs(op: Operation, name: OperationName | null, inputs: readonly OperationInput[]): OperationInput[] {
  if (name?.verb !== 'list' || (op.method !== 'GET' && op.method !== 'POST')) return [];
  return inputs.filter((i) => i.list !== undefined || i.filter !== undefined);
}
