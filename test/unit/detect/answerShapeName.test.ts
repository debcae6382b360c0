/**
 * A family named by its poll's answer schema is named by the poll's noun where that schema is named for the poll's
 * own answer (answerShapeName.ts): AWS's `DescribeBackupJobOutput`, `GetJobRunResponse`, Azure's
 * `DatabaseAccountGetResults`. Near misses: a schema named for a thing, for another operation, or with a word that
 * is no answer's.
 */
import { describe, expect, it } from 'vitest';
import { answerShapeNoun } from '../../../src/detect/answerShapeName.js';
import { detectJobs } from '../../../src/detect/index.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import { obj, str } from './rpcSchemas.js';

const opNamed = (operationId: string) =>
  operationId.includes('_')
    ? createOperation('GET', '/databaseAccounts/{accountName}', { operationId })
    : createOperation('POST', `/#X-Amz-Target=Svc.${operationId}`, { operationId });

describe("a schema named for an operation's answer", () => {
  it.each<[string, string, string | null]>([
    ['DescribeBackupJobOutput', 'DescribeBackupJob', 'backup_job'],
    ['GetJobRunResponse', 'GetJobRun', 'job_run'],
    ['GetSpeechSynthesisTaskOutput', 'GetSpeechSynthesisTask', 'speech_synthesis_task'],
    ['DatabaseAccountGetResults', 'DatabaseAccounts_Get', 'database_account'],
    ['CassandraKeyspaceGetResults', 'CassandraResources_GetCassandraKeyspace', 'cassandra_keyspace'],
    ['CassandraKeyspaceGetResults', 'CassandraResources_GetCassandraTable', null],
    // The operation's noun ends in a decoration word, dropped as from a schema's name.
    ['GetInstanceOnboardingJobStatusResponse', 'GetInstanceOnboardingJobStatus', 'instance_onboarding_job'],
    ['near miss: a thing', 'DescribeBackupJob', null],
    ['DescribeCopyJobOutput', 'DescribeBackupJob', null],
    ['DescribeBackupJobDetails', 'DescribeBackupJob', null],
  ])('%s of %s → %s', (schema, operationId, expected) => {
    expect(answerShapeNoun(schema === 'near miss: a thing' ? 'BackupJob' : schema, opNamed(operationId))).toBe(expected);
  });

  it('names the family and its tools by the noun, not by the answer', () => {
    // AWS Backup's job resource: `PUT /backup-jobs` makes what `GET /backup-jobs/{backupJobId}` reads.
    const JOB = obj({ BackupJobId: str(), State: str(['CREATED', 'RUNNING', 'COMPLETED', 'FAILED', 'ABORTED']) });
    const model = (answer: string) =>
      createModel(
        [
          createOperation('PUT', '/backup-jobs', {
            operationId: 'StartBackupJob',
            responses: [createResponse('200', { schema: obj({ BackupJobId: str() }) })],
          }),
          createOperation('GET', '/backup-jobs/{backupJobId}', {
            operationId: 'DescribeBackupJob',
            responses: [createResponse('200', { schema: createSchemaRef(answer) })],
          }),
        ],
        { schemas: componentSchemas({ [answer]: JOB }) },
      );
    expect(detectJobs(model('DescribeBackupJobOutput')).families.map((f) => f.name)).toEqual(['backup_job']);
    // Near miss: a schema named for a thing keeps naming the family.
    expect(detectJobs(model('VaultJob')).families.map((f) => f.name)).toEqual(['vault_job']);
  });
});
