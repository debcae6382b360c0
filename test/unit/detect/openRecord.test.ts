/**
 * A record people work on until someone closes it (`open`: src/detect/status/openRecord.ts) is no job, by id flow
 * (judgeLifecycle) or by the resource convention (evaluateStart.ts). Rows over factory-built IR, near misses beside.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { openForInput } from '../../../src/detect/status/openRecord.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import { obj, rpc, str } from './rpcSchemas.js';

/** SSM OpsItems: a ticket, its runbook's words beside the ticket's own. */
const TICKET = ['Open', 'InProgress', 'Resolved', 'Pending', 'Cancelling', 'Cancelled', 'Failed', 'CompletedWithSuccess', 'Closed'];
/** fire.com batches of payments: open while taking payments, approved by a person, then processed. */
const BATCH = ['OPEN', 'PENDING_APPROVAL', 'READY_FOR_PROCESSING', 'PROCESSING', 'COMPLETE', 'REJECTED', 'CANCELLED'];
const without = (values: string[], drop: string) => values.filter((v) => v.toLowerCase() !== drop);

describe('a record people work on', () => {
  it.each([
    [TICKET, 'Open'],
    [BATCH, 'OPEN'],
    [['open', 'in-progress', 'closed'], 'open'],
    // Near misses: no `open`, or `open` inside another word.
    [without(TICKET, 'open'), null],
    [['QUEUED', 'RUNNING', 'REOPENED', 'SUCCEEDED', 'FAILED'], null],
    [['OPENING', 'ACTIVE', 'FAILED'], null],
  ])('%j: %s', (values, open) => expect(openForInput(values)).toBe(open));

  it('is no job lifecycle; without `open` the same words are one', () => {
    expect(judgeLifecycle(TICKET).kind).toBeNull();
    expect(judgeLifecycle(without(TICKET, 'open')).kind).toBe('job');
  });

  const ticket = (values: string[]) => [
    rpc('CreateOpsItem', obj({ Title: str() }, ['Title']), obj({ OpsItemId: str() })),
    rpc('GetOpsItem', obj({ OpsItemId: str() }, ['OpsItemId']), obj({ OpsItem: obj({ OpsItemId: str(), Status: str(values) }) })),
  ];
  it('detection, id flow: a ticket opened is no job', () => {
    expect(detectJobs(createModel(ticket(TICKET))).families).toEqual([]);
  });
  it('near miss, id flow: the same words with no `open` are followed', () => {
    expect(detectJobs(createModel(ticket(without(TICKET, 'open')))).families.map((f) => f.statusField)).toEqual(['OpsItem.Status']);
  });

  const batch = (values: string[]) => [
    createOperation('POST', '/v1/batches', {
      operationId: 'createBatchPayment',
      requestBody: createRequestBody(obj({ type: str(), callbackUrl: str() })),
      responses: [createResponse('200', { schema: obj({ batchUuid: str() }) })],
    }),
    createOperation('GET', '/v1/batches/{batchUuid}', {
      operationId: 'getDetailsSingleBatch',
      parameters: [createParameter('batchUuid', 'path', { required: true })],
      responses: [createResponse('200', { schema: obj({ batchUuid: str(), status: str(values) }) })],
    }),
    createOperation('DELETE', '/v1/batches/{batchUuid}', {
      operationId: 'cancelBatchPayment',
      parameters: [createParameter('batchUuid', 'path', { required: true })],
      responses: [createResponse('200', {})],
    }),
  ];
  it('detection, resource convention: a batch still taking payments is no job', () => {
    expect(detectJobs(createModel(batch(BATCH))).families).toEqual([]);
  });
  it('near miss, resource convention: a batch that is only processed is a job', () => {
    expect(detectJobs(createModel(batch(without(BATCH, 'open')))).families.map((f) => f.start[0]!.op.operationId)).toEqual([
      'createBatchPayment',
    ]);
  });
});
