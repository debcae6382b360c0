/**
 * A job read as one record of a list in its parent's read (src/detect/idflow/recordListPoll.ts), its status that
 * list's items' own (listedItemStatus.ts): IoT Analytics `StartPipelineReprocessing` → `DescribePipeline`'s
 * `pipeline.reprocessingSummaries[]`, SMS `StartOnDemandReplicationRun` → `GetReplicationRuns`'
 * `replicationRunList[]` beside the replication job's own `state`.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const RUN = ['RUNNING', 'SUCCEEDED', 'CANCELLED', 'FAILED'];
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const pipelineName = createParameter('pipelineName', 'path', { required: true, schema: str() });

const startReprocessing = createOperation('POST', '/pipelines/{pipelineName}/reprocessing', {
  operationId: 'StartPipelineReprocessing',
  parameters: [pipelineName],
  requestBody: createRequestBody(obj({ startTime: str() })),
  responses: [createResponse('200', { schema: obj({ reprocessingId: str() }) })],
});
const describePipeline = (
  summary: JsonSchema,
  listName = 'reprocessingSummaries',
  path = '/pipelines/{pipelineName}',
  params = [pipelineName],
) =>
  createOperation('GET', path, {
    operationId: 'DescribePipeline',
    parameters: params,
    responses: [createResponse('200', { schema: obj({ pipeline: obj({ name: str(), [listName]: list(summary) }) }) })],
  });
const summary = obj({ id: str(), status: str(RUN), creationTime: str() });

const startRun = rpc(
  'StartOnDemandReplicationRun',
  obj({ replicationJobId: str() }, ['replicationJobId']),
  obj({ replicationRunId: str() }),
);
const getRuns = (runs: JsonSchema) =>
  rpc(
    'GetReplicationRuns',
    obj({ replicationJobId: str(), nextToken: str() }, ['replicationJobId']),
    obj({
      replicationJob: obj({ state: str(['PENDING', 'ACTIVE', 'FAILED', 'DELETING', 'DELETED', 'COMPLETED']) }),
      replicationRunList: list(runs),
    }),
  );

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return {
      start: f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','),
      poll: poll ? `${poll.op.operationId}(${poll.idIn}: ${poll.itemsAt}[${poll.itemId}])` : null,
      carry: poll ? poll.carry.map((c) => `${c.param}<-${c.from}`) : [],
      status: f.statusField,
    };
  });

describe('a job read as one record of a list in its parent’s read', () => {
  it.each<[string, Operation[], ReturnType<typeof families>]>([
    [
      'StartPipelineReprocessing → DescribePipeline: `pipeline.reprocessingSummaries[]` by its bare `id`',
      [startReprocessing, describePipeline(summary)],
      [
        {
          start: 'StartPipelineReprocessing<-body:reprocessingId',
          poll: 'DescribePipeline(item: pipeline.reprocessingSummaries[id])',
          carry: ['pipelineName<-arg:pipelineName'],
          status: 'pipeline.reprocessingSummaries.0.status',
        },
      ],
    ],
    [
      'StartOnDemandReplicationRun → GetReplicationRuns: the runs’ status, not the replication job’s beside them',
      [startRun, getRuns(obj({ replicationRunId: str(), state: str(['PENDING', 'RUNNING', 'FAILED', 'COMPLETED']) }))],
      [
        {
          start: 'StartOnDemandReplicationRun<-body:replicationRunId',
          poll: 'GetReplicationRuns(item: replicationRunList[replicationRunId])',
          carry: ['replicationJobId<-arg:body.replicationJobId'],
          status: 'replicationRunList.0.state',
        },
      ],
    ],
    [
      'near miss: a list named for another thing (`channelMessages`) holds no reprocessing',
      [startReprocessing, describePipeline(summary, 'activities')],
      [],
    ],
    [
      'near miss: a read with a word of its own (`DescribePipelineRuns`) reads another thing than the reprocessing',
      [
        startReprocessing,
        createOperation('GET', '/pipelines/{pipelineName}/runs', {
          operationId: 'DescribePipelineRuns',
          parameters: [pipelineName],
          responses: [createResponse('200', { schema: obj({ reprocessingSummaries: list(summary) }) })],
        }),
      ],
      [],
    ],
    [
      'near miss: items carrying another thing’s id (`channelId`) are not the job’s records',
      [startReprocessing, describePipeline(obj({ channelId: str(), status: str(RUN) }))],
      [],
    ],
    [
      'near miss: a read of no one parent (no id required) lists everything of a kind',
      [
        startReprocessing,
        describePipeline(summary, 'reprocessingSummaries', '/pipeline', [createParameter('pipelineName', 'query', { schema: str() })]),
      ],
      [],
    ],
    [
      'near miss: the items answer no status of their own; the parent’s beside them is not the run’s',
      [startRun, getRuns(obj({ replicationRunId: str(), description: str() }))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});

/**
 * A REST collection's own list is no parent's record list when the collection has an item read: GOV.UK Pay
 * `POST /v1/payments/{paymentId}/refunds` (no operationIds, named by its path) → `GET …/refunds`, beside
 * `GET …/refunds/{refundId}`, which the resource convention judges (a refund, no job).
 */
describe('a REST collection’s own list', () => {
  const paymentId = () => createParameter('paymentId', 'path', { required: true, schema: str() });
  const refund = obj({ refund_id: str(), amount: str(), status: str(['submitted', 'success', 'error']) });
  const submit = createOperation('POST', '/v1/payments/{paymentId}/refunds', {
    parameters: [paymentId()],
    requestBody: createRequestBody(obj({ amount: str() })),
    responses: [createResponse('200', { schema: refund })],
  });
  const listRefunds = createOperation('GET', '/v1/payments/{paymentId}/refunds', {
    parameters: [paymentId()],
    responses: [createResponse('200', { schema: obj({ payment_id: str(), _embedded: obj({ refunds: list(refund) }) }) })],
  });
  const getRefund = createOperation('GET', '/v1/payments/{paymentId}/refunds/{refundId}', {
    parameters: [paymentId(), createParameter('refundId', 'path', { required: true, schema: str() })],
    responses: [createResponse('200', { schema: refund })],
  });
  const polls = (ops: Operation[]) =>
    detectJobs(createModel(ops)).families.map((f) => (isOperationLink(f.poll) ? `${f.poll.op.method} ${f.poll.op.path}` : null));
  it('is the poll when the collection has no item read', () => {
    expect(polls([submit, listRefunds])).toEqual(['GET /v1/payments/{paymentId}/refunds']);
  });
  it('is not, beside an item read of the collection', () => {
    expect(polls([submit, listRefunds, getRefund])).toEqual([]);
  });
});
