/**
 * A `List…` that takes the ids it lists asks for those items (src/detect/idflow/listByIds.ts): Cost Explorer's
 * `StartSavingsPlansPurchaseRecommendationGeneration` → `{RecommendationId}`, polled by
 * `ListSavingsPlansPurchaseRecommendationGeneration {RecommendationIds: [id]}` →
 * `GenerationSummaryList: [{RecommendationId, GenerationStatus}]`. Rows over factory-built IR; each near miss
 * fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const GENERATION = obj({ RecommendationId: str(), GenerationStatus: str(['SUCCEEDED', 'PROCESSING', 'FAILED']) });
const start = rpc('StartReportGeneration', obj({}), obj({ RecommendationId: str(), EstimatedCompletionTime: str() }));
const listGenerations = (input: JsonSchema) =>
  rpc('ListReportGeneration', input, obj({ GenerationSummaryList: list(GENERATION), NextPageToken: str() }));

describe('a List asked by the ids it lists', () => {
  it.each<[string, JsonSchema, { idParam: string; itemsAt: string; itemId: string } | null]>([
    [
      'the answered id goes as the only item of the List’s id list',
      obj({ RecommendationIds: list(str()), PageSize: str(), NextPageToken: str() }),
      { idParam: 'RecommendationIds', itemsAt: 'GenerationSummaryList', itemId: 'RecommendationId' },
    ],
    [
      'near miss: a List with no input that asks by id lists everything: the job may be on any page',
      obj({ GenerationStatus: str(), PageSize: str(), NextPageToken: str() }),
      null,
    ],
    [
      'near miss: a single id the List takes is a filter of what it lists, not a list of ids',
      obj({ RecommendationId: str(), NextPageToken: str() }),
      null,
    ],
  ])('%s', (_label, input, expected) => {
    const found = onlyLinkedFamily([start, listGenerations(input)], expected === null ? null : { start: 'StartReportGeneration' });
    if (found === null || expected === null) return;
    const { f, poll } = found;
    expect(f.start[0]!.idFrom).toBe('body:RecommendationId');
    expect({ idParam: poll.idParam, itemsAt: poll.itemsAt, itemId: poll.itemId }).toEqual(expected);
    expect([poll.idIn, poll.idList]).toEqual(['body', true]);
  });
});
