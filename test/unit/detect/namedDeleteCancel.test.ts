/**
 * A DELETE on the job whose operation is named for a cancel verb is the job's cancel, whatever it answers
 * (src/detect/resource/findCompanions.ts): EMR Serverless `DELETE /applications/{applicationId}/jobruns/{jobRunId}`
 * is `CancelJobRun` and answers only the two ids; the corpus run sweep found its job runs without a cancel. A DELETE
 * named for deleting stays no cancel, and so does a cancel-named one on a job that can never end cancelled. A POST
 * on the job is read the same way (AWS Backup's `StopBackupJob` at `POST /backup-jobs/{backupJobId}`).
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

/** AWS Backup: `StopBackupJob` is a POST on the job item itself, `POST /backup-jobs/{backupJobId}`. */
function backupJobs(postId: string, states: string[]) {
  const job = obj({ BackupJobId: str(), State: str(states) });
  return createModel([
    createOperation('PUT', '/backup-jobs', {
      operationId: 'StartBackupJob',
      requestBody: createRequestBody(obj({ BackupVaultName: str() }, ['BackupVaultName'])),
      responses: [createResponse('200', { schema: obj({ BackupJobId: str() }) })],
    }),
    createOperation('GET', '/backup-jobs/{backupJobId}', {
      operationId: 'DescribeBackupJob',
      responses: [createResponse('200', { schema: job })],
    }),
    createOperation('POST', '/backup-jobs/{backupJobId}', { operationId: postId, responses: [createResponse('200')] }),
  ]);
}

describe('a POST on the job named for a cancel verb', () => {
  const BACKUP_STATES = ['CREATED', 'PENDING', 'RUNNING', 'ABORTING', 'ABORTED', 'COMPLETED', 'FAILED'];
  it.each([
    ['StopBackupJob, a job that can end cancelled: the cancel', 'StopBackupJob', BACKUP_STATES, 'StopBackupJob'],
    ['UpdateBackupJob: another verb, no cancel', 'UpdateBackupJob', BACKUP_STATES, null],
    ['StopBackupJob on a job that never ends cancelled: no cancel', 'StopBackupJob', ['CREATED', 'RUNNING', 'COMPLETED', 'FAILED'], null],
  ])('%s', (_label, postId, states, cancel) => {
    expect(summarize(detectJobs(backupJobs(postId, states)))).toMatchObject([
      { start: ['StartBackupJob'], poll: 'DescribeBackupJob', cancel },
    ]);
  });
});
