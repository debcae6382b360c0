/**
 * A cancel of many that answers 200 and lists the job among what it could not stop (Glue `BatchStopJobRun`:
 * `{"SuccessfulSubmissions": [], "Errors": [{"JobRunId": …, "ErrorDetail": …}]}`) refused the cancel: the cancel
 * tool says `not_cancellable` with the upstream's reason, and nothing marks the job as cancelled. Near misses: the job
 * among the successful submissions, and an error list naming another run, are accepted cancels. In process, against
 * a local Glue-shaped upstream.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { refusedInAnswer } from '../../templates/runtime/jobs/cancelRefused.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, STEPPED_ENV, structured, textOf } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const ops = [
  awsRpcOp('AWSGlue', 'start_job_run', 'StartJobRun', 'start', z.object({ body: z.object({ JobName: z.string() }) })),
  awsRpcOp('AWSGlue', 'get_job_run', 'GetJobRun', 'tool', z.object({ body: z.object({ JobName: z.string(), RunId: z.string() }) })),
  awsRpcOp(
    'AWSGlue',
    'batch_stop_job_run',
    'BatchStopJobRun',
    'tool',
    z.object({ body: z.object({ JobName: z.string(), JobRunIds: z.array(z.string()) }) }),
  ),
];
const glue: JobFamilySpec = family({
  name: 'job_run',
  tools: { status: 'job_run_status', cancel: 'job_run_cancel', result: null },
  starts: [
    { operation: 'start_job_run', idFrom: 'body:JobRunId', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: { operation: 'get_job_run', idParam: 'RunId', idIn: 'body', carry: [{ param: 'JobName', from: 'arg:body.JobName', in: 'body' }] },
  cancel: {
    operation: 'batch_stop_job_run',
    idParam: 'JobRunIds',
    idIn: 'body',
    idList: true,
    carry: [{ param: 'JobName', from: 'arg:body.JobName', in: 'body' }],
  },
  statusField: 'JobRun.JobRunState',
  states: { STARTING: 'queued', RUNNING: 'running', STOPPING: 'running', STOPPED: 'cancelled', SUCCEEDED: 'succeeded', FAILED: 'failed' },
});

const keep = closedAfterEach();

/**
 * A Glue-shaped upstream whose runs go on until stopped. `answer` says how BatchStopJobRun answers: `stop` lists the
 * run as submitted and stops it, `refuse` lists it under Errors and leaves it running, `other` stops it and lists
 * another run under Errors.
 */
async function fakeGlue(answer: 'stop' | 'refuse' | 'other'): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  const runs = new Map<string, string>();
  up.route('POST /', (req, res) => {
    const body = JSON.parse(req.bodyText) as { JobName?: string; RunId?: string; JobRunIds?: string[] };
    const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
    switch (req.headers['x-amz-target']) {
      case 'AWSGlue.StartJobRun': {
        const JobRunId = `jr_${runs.size + 1}`;
        runs.set(JobRunId, 'RUNNING');
        return void send({ JobRunId });
      }
      case 'AWSGlue.GetJobRun':
        return void send({ JobRun: { Id: body.RunId, JobName: body.JobName, JobRunState: runs.get(body.RunId ?? '') } });
      case 'AWSGlue.BatchStopJobRun': {
        const [JobRunId = ''] = body.JobRunIds ?? [];
        const error = (id: string) => ({
          JobName: body.JobName,
          JobRunId: id,
          ErrorDetail: { ErrorCode: 'InvalidInputException', ErrorMessage: `Job run ${id} cannot be stopped in its state` },
        });
        if (answer === 'refuse') return void send({ SuccessfulSubmissions: [], Errors: [error(JobRunId)] });
        runs.set(JobRunId, 'STOPPED');
        return void send({
          SuccessfulSubmissions: [{ JobName: body.JobName, JobRunId }],
          Errors: answer === 'other' ? [error('jr_other')] : [],
        });
      }
      default:
        return void res.writeHead(400).end();
    }
  });
  return up;
}

async function startAndCancel(answer: 'stop' | 'refuse' | 'other') {
  const upstream = keep(await fakeGlue(answer));
  const conn = keep(await connect(definition(ops, [glue]), { env: { API_BASE_URL: upstream.url, ...STEPPED_ENV } }));
  const { job_id } = structured<{ job_id: string }>(await conn.call('start_job_run', { body: { JobName: 'nightly' } }));
  const result = await conn.call('job_run_cancel', { job_id });
  const sent = upstream.requests.filter((r) => r.headers['x-amz-target'] === 'AWSGlue.BatchStopJobRun');
  return { conn, job_id, result, sent };
}

describe('a cancel of many that lists the job among its errors', () => {
  it('is not_cancellable, with the reason the upstream gave, and the job runs on', async () => {
    const { conn, job_id, result, sent } = await startAndCancel('refuse');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ JobName: 'nightly', JobRunIds: ['jr_1'] }]);
    expect(structured(result)).toMatchObject({ outcome: 'not_cancellable', state: 'running' });
    expect(textOf(result)).toContain('lists the job under `Errors`');
    expect(textOf(result)).toContain('Job run jr_1 cannot be stopped in its state');
    expect(structured<{ state: string }>(await conn.call('job_run_status', { job_id })).state).toBe('running');
  });

  it('near miss: the job among the successful submissions is cancelled', async () => {
    const { result } = await startAndCancel('stop');
    expect(structured(result)).toMatchObject({ outcome: 'cancelled', state: 'cancelled' });
  });

  it('near miss: an error list that names another run is no refusal of this one', async () => {
    const { result } = await startAndCancel('other');
    expect(structured(result)).toMatchObject({ outcome: 'cancelled', state: 'cancelled' });
  });
});

describe('which 2xx answers list the job as refused', () => {
  const id = 'jr_1';
  it.each([
    ['Glue Errors', { SuccessfulSubmissions: [], Errors: [{ JobRunId: id }] }, 'Errors'],
    [
      'ElastiCache UnprocessedUpdateActions',
      { UnprocessedUpdateActions: [{ ReplicationGroupId: id, ErrorType: 'x' }] },
      'UnprocessedUpdateActions',
    ],
    ['EventBridge FailedEntries', { FailedEntryCount: 1, FailedEntries: [{ Id: id }] }, 'FailedEntries'],
    ['ECS failures', { failures: [{ arn: id, reason: 'MISSING' }] }, 'failures'],
    ['a list of the ids themselves', { unsuccessful: [id] }, 'unsuccessful'],
  ])('%s', (_name, json, list) => {
    expect(refusedInAnswer(json, id)?.list).toBe(list);
  });

  it.each([
    ['the job among the successes', { SuccessfulSubmissions: [{ JobRunId: id }], Errors: [] }],
    ['another id among the errors', { Errors: [{ JobRunId: 'jr_2' }] }],
    ['a count, not a list', { FailedEntryCount: 1 }],
    ['an id only inside the error detail', { Errors: [{ ErrorDetail: { JobRunId: id } }] }],
    ['an error word not at the start of the name', { processingErrors: [{ JobRunId: id }] }],
    ['no object', [{ JobRunId: id }]],
  ])('near miss: %s', (_name, json) => {
    expect(refusedInAnswer(json, id)).toBeUndefined();
  });
});
