/**
 * An action on an item read back at the item's record of its latest run (lastOperationStarts.ts): Graph's
 * `POST …/searches/{search-id}/microsoft.graph.security.estimateStatistics` → `GET …/searches/{search-id}/lastEstimateStatisticsOperation`.
 * Near misses: a `last…Operation` of another action, a read that needs more than the item's path, and a read whose
 * status is no job's.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const RUN = obj({ id: str(), status: str(['notStarted', 'submissionFailed', 'running', 'succeeded', 'partiallySucceeded', 'failed']) });
const ITEM = '/security/cases/{case-id}/searches/{search-id}';
const path = (...names: string[]) => names.map((n) => createParameter(n, 'path', { required: true }));

const start = (action: string) =>
  createOperation('POST', `${ITEM}/microsoft.graph.security.${action}`, {
    operationId: action,
    parameters: path('case-id', 'search-id'),
    responses: [createResponse('204')],
  });
const read = (segment: string, answer: JsonSchema = RUN, more: Operation['parameters'] = []) =>
  createOperation('GET', `${ITEM}/${segment}`, {
    operationId: `get_${segment}`,
    parameters: [...path('case-id', 'search-id'), ...more],
    responses: [createResponse('200', { schema: answer })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => ({
    start: f.start.map((s) => `${s.op.operationId} ${s.idFrom}`),
    poll: isOperationLink(f.poll)
      ? `${f.poll.op.operationId}(${f.poll.idParam}; ${f.poll.carry.map((c) => `${c.param}←${c.from}`).join(', ')})`
      : null,
  }));

describe('an action read back at its item’s latest run', () => {
  it.each<[string, Operation[], ReturnType<typeof families>]>([
    [
      'estimateStatistics → lastEstimateStatisticsOperation, named by the item’s id',
      [start('estimateStatistics'), read('lastEstimateStatisticsOperation')],
      [
        {
          start: ['estimateStatistics arg:search-id'],
          poll: 'get_lastEstimateStatisticsOperation(search-id; case-id←arg:case-id)',
        },
      ],
    ],
    ['near miss: the latest run of another action', [start('purgeData'), read('lastEstimateStatisticsOperation')], []],
    [
      'near miss: the read needs more than the item’s path',
      [start('estimateStatistics'), read('lastEstimateStatisticsOperation', RUN, [createParameter('$top', 'query', { required: true })])],
      [],
    ],
    [
      'near miss: the read answers no job lifecycle',
      [start('estimateStatistics'), read('lastEstimateStatisticsOperation', obj({ id: str(), kind: str(['a', 'b']) }))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
