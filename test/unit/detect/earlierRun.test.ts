/**
 * What dates a finished answer's run, for a job started again (src/detect/status/earlierRun.ts): a time beside the
 * status named for the run's end alone (`completed_at`, `EndTime`, `completedDateTime`), else its start. Near misses:
 * a time that dates another thing (`EventEndTime` of a replay, `EvaluationEndTimestamp`), a planned one, a status
 * picked out of a list. And the family: a re-run below the job's item carries it, a start that makes a new job alone
 * does not.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { earlierRunTime } from '../../../src/detect/status/earlierRun.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';

const time: JsonSchema = { type: 'string', format: 'date-time' };
const reader = new SchemaReader(createModel([]));

describe('earlierRunTime', () => {
  it.each([
    [
      'GitHub: completed_at',
      obj({ status: str(['queued', 'completed']), started_at: time, completed_at: time }),
      'status',
      { field: 'completed_at', of: 'end' },
    ],
    [
      'AWS: EndTime beside a nested status',
      obj({ Job: obj({ Status: str(), StartTime: time, EndTime: time }) }),
      'Job.Status',
      { field: 'Job.EndTime', of: 'end' },
    ],
    ['Graph: completedDateTime', obj({ status: str(), completedDateTime: time }), 'status', { field: 'completedDateTime', of: 'end' }],
    [
      'a start time where no end is listed',
      obj({ status: str(), startedAt: { type: 'integer' } }),
      'status',
      { field: 'startedAt', of: 'start' },
    ],
    ['near miss: an end that dates other things', obj({ Status: str(), EventEndTime: time, EvaluationEndTimestamp: time }), 'Status', null],
    ['near miss: a time planned', obj({ status: str(), scheduled_start_time: time }), 'status', null],
    ['near miss: an end that is no time', obj({ status: str(), completed: { type: 'boolean' } }), 'status', null],
    [
      'near miss: a status picked out of a list',
      obj({ jobs: { type: 'array', items: obj({ status: str(), completed_at: time }) } }),
      'jobs.0.status',
      null,
    ],
  ])('%s', (_, schema, statusField, expected) => {
    expect(earlierRunTime(reader, schema, statusField)).toEqual(expected);
  });
});

describe('a family started again', () => {
  const job = obj({
    id: str(),
    status: str(['queued', 'in_progress', 'completed']),
    conclusion: str(['success', 'failure']),
    completed_at: time,
  });
  const jobParam = createParameter('job_id', 'path', { required: true, schema: str() });
  const read = createOperation('GET', '/jobs/{job_id}', {
    operationId: 'getJob',
    parameters: [jobParam],
    responses: [createResponse('200', { schema: job })],
  });
  const rerun = createOperation('POST', '/jobs/{job_id}/rerun', {
    operationId: 'rerunJob',
    parameters: [jobParam],
    responses: [createResponse('201', { schema: obj({}) })],
  });
  const create = createOperation('POST', '/jobs', { operationId: 'createJob', responses: [createResponse('201', { schema: job })] });

  it('a re-run below the job’s item carries what dates the run', () => {
    const families = detectJobs(createModel([read, rerun])).families;
    expect(families.map((f) => [f.start.map((s) => s.op.operationId), f.earlierRun])).toEqual([
      [['rerunJob'], { field: 'completed_at', of: 'end' }],
    ]);
  });

  it('near miss: a start that makes a new job does not', () => {
    const families = detectJobs(createModel([create, read])).families;
    expect(families.map((f) => [f.start.map((s) => s.op.operationId), f.earlierRun])).toEqual([[['createJob'], undefined]]);
  });
});
