/**
 * A DELETE on the job whose operation is named for a cancel verb is the job's cancel, whatever it answers
 * (src/detect/resource/findCompanions.ts): EMR Serverless `DELETE /applications/{applicationId}/jobruns/{jobRunId}`
 * is `CancelJobRun` and answers only the two ids; the corpus run sweep found its job runs without a cancel. A DELETE
 * named for deleting stays no cancel, and so does a cancel-named one on a job that can never end cancelled.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const RUN_STATES = ['SUBMITTED', 'PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLING', 'CANCELLED'];
const IDS: JsonSchema = obj({ applicationId: str(), jobRunId: str() }, ['applicationId', 'jobRunId']);

function jobRuns(deleteId: string, states: string[]) {
  const run = obj({ jobRun: obj({ applicationId: str(), jobRunId: str(), state: str(states) }) });
  return createModel([
    createOperation('POST', '/applications/{applicationId}/jobruns', {
      operationId: 'StartJobRun',
      requestBody: createRequestBody(obj({ clientToken: str(), executionRoleArn: str() }, ['clientToken', 'executionRoleArn'])),
      // Accepted: the job exists whatever its cancel, so each row is about the cancel alone.
      responses: [createResponse('202', { schema: IDS })],
    }),
    createOperation('GET', '/applications/{applicationId}/jobruns/{jobRunId}', {
      operationId: 'GetJobRun',
      responses: [createResponse('200', { schema: run })],
    }),
    createOperation('DELETE', '/applications/{applicationId}/jobruns/{jobRunId}', {
      operationId: deleteId,
      responses: [createResponse('200', { schema: IDS })],
    }),
  ]);
}

describe('a DELETE on the job named for a cancel verb', () => {
  it.each([
    ['CancelJobRun, a job that can end cancelled: the cancel', 'CancelJobRun', RUN_STATES, 'CancelJobRun'],
    ['StopJobRun, likewise', 'StopJobRun', RUN_STATES, 'StopJobRun'],
    ['DeleteJobRun: deletes, no cancel', 'DeleteJobRun', RUN_STATES, null],
    ['CancelJobRun on a job that never ends cancelled: no cancel', 'CancelJobRun', ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED'], null],
  ])('%s', (_label, deleteId, states, cancel) => {
    expect(summarize(detectJobs(jobRuns(deleteId, states)))).toMatchObject([{ start: ['StartJobRun'], poll: 'GetJobRun', cancel }]);
  });
});
