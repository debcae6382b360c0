/**
 * A Smithy action bound to REST (src/detect/idflow/smithyBinding.ts): in a contract that signs its operations with AWS SigV4,
 * `POST /datasets/{datasetId}/changesets` CreateChangeset → `GET /datasets/{datasetId}/changesets/{changesetId}` is
 * the same asynchronous action as its RPC form, so id flow links the created item's read when its status can end
 * badly, instead of leaving it to the resource convention's weights for CRUD collections.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { ApiModel, Operation } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const SIGV4: ApiModel['securitySchemes'] = [{ key: 'hmac', type: 'awsSigv4', service: 'finspace', region: 'us-east-1' }];

/** The create and the read of one changeset, both under the security `security`. */
function changesets(states: string[], security: string[][]): Operation[] {
  const dataset = createParameter('datasetId', 'path', { required: true });
  return [
    createOperation('POST', '/datasets/{datasetId}/changesets', {
      operationId: 'CreateChangeset',
      parameters: [dataset],
      requestBody: createRequestBody(obj({ sourceParams: str() }, ['sourceParams'])),
      responses: [createResponse('200', { schema: obj({ datasetId: str(), changesetId: str() }) })],
      security,
    }),
    createOperation('GET', '/datasets/{datasetId}/changesets/{changesetId}', {
      operationId: 'GetChangeset',
      parameters: [dataset, createParameter('changesetId', 'path', { required: true })],
      responses: [createResponse('200', { schema: obj({ changesetId: str(), status: str(states) }) })],
      security,
    }),
  ];
}

const detect = (ops: Operation[], signed: boolean) =>
  summarize(detectJobs(createModel(ops, signed ? { securitySchemes: SIGV4, defaultSecurity: [['hmac']] } : {}))).map((f) => [
    f.start,
    f.poll,
  ]);

describe('a Smithy action bound to REST', () => {
  const RUNS = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'STOP_REQUESTED'];

  it('a SigV4-signed create whose item status can fail is a job', () => {
    expect(detect(changesets(RUNS, [['hmac']]), true)).toEqual([[['CreateChangeset'], 'GetChangeset']]);
  });

  it('near miss: the same collection unsigned is a CRUD create, the resource convention’s to judge', () => {
    expect(detect(changesets(RUNS, []), false)).toEqual([]);
  });

  it('near miss: signed, but a status that only runs and completes is no outcome of work', () => {
    expect(detect(changesets(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETE'], [['hmac']]), true)).toEqual([]);
  });
});
