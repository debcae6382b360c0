/**
 * A job cancelled by updating it (JobOperationLinkSpec.sets, detect/updateCancel.ts): Dataflow's `PUT
 * /jobs/{jobId}` with `{"requestedState": "JOB_STATE_CANCELLED"}`, and the same asked at the job's `/status` with
 * the value in the query. The cancel tool sends exactly the value the link sets, and nothing when the job has
 * already finished. In process, against a local Dataflow-shaped upstream.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { connect, STEPPED_ENV, structured } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const jobParam = [{ arg: 'jobId', name: 'jobId', in: 'path' as const, required: true }];
const launch = op({ tool: 'launch_template', method: 'POST', path: '/templates', role: 'start', input: z.object({}) });
const getJob = op({ tool: 'get_job', method: 'GET', path: '/jobs/{jobId}', input: z.object({ jobId: z.string() }), params: jobParam });
const updateJob = op({
  tool: 'update_job',
  method: 'PUT',
  path: '/jobs/{jobId}',
  input: z.object({ jobId: z.string(), body: z.object({ requestedState: z.string().optional() }) }),
  params: jobParam,
  body: { arg: 'body', mediaType: 'application/json', required: true },
});
const updateStatus = op({
  tool: 'update_job_status',
  method: 'POST',
  path: '/jobs/{jobId}/status',
  input: z.object({ jobId: z.string(), requestedJobStatus: z.enum(['Cancelled', 'Ready']) }),
  params: [...jobParam, { arg: 'requestedJobStatus', name: 'requestedJobStatus', in: 'query' as const, required: true }],
});

const dataflowJob = (cancel: JobFamilySpec['cancel']): JobFamilySpec =>
  family({
    name: 'job',
    tools: { status: 'job_status', cancel: 'job_cancel', result: null },
    starts: [
      { operation: 'launch_template', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
    ],
    poll: { operation: 'get_job', idParam: 'jobId', carry: [] },
    cancel,
    statusField: 'currentState',
    states: {
      JOB_STATE_QUEUED: 'queued',
      JOB_STATE_RUNNING: 'running',
      JOB_STATE_DONE: 'succeeded',
      JOB_STATE_FAILED: 'failed',
      JOB_STATE_CANCELLING: 'running',
      JOB_STATE_CANCELLED: 'cancelled',
    },
  });

const keep = closedAfterEach();

/** A job that runs until asked to cancel (by either update), then is CANCELLING once and CANCELLED after; or DONE from the start. */
async function fakeDataflow(done = false): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  let state = done ? 'JOB_STATE_DONE' : 'JOB_STATE_RUNNING';
  const send = (res: import('node:http').ServerResponse, doc: unknown) =>
    void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  const askCancel = () => {
    if (state === 'JOB_STATE_RUNNING') state = 'JOB_STATE_CANCELLING';
  };
  up.route('POST /templates', (_req, res) => send(res, { id: 'j1', currentState: 'JOB_STATE_QUEUED' }));
  up.route('GET /jobs/j1', (_req, res) => {
    const seen = state;
    if (state === 'JOB_STATE_CANCELLING') state = 'JOB_STATE_CANCELLED';
    send(res, { id: 'j1', currentState: seen });
  });
  up.route('PUT /jobs/j1', (req, res) => {
    if ((JSON.parse(req.bodyText) as { requestedState?: string }).requestedState === 'JOB_STATE_CANCELLED') askCancel();
    send(res, { id: 'j1', currentState: state, requestedState: 'JOB_STATE_CANCELLED' });
  });
  up.route('POST /jobs/j1/status', (req, res) => {
    if (new URL(req.url ?? '', 'http://x').searchParams.get('requestedJobStatus') === 'Cancelled') askCancel();
    send(res, {});
  });
  return up;
}

async function run(ops: OperationSpec[], cancel: JobFamilySpec['cancel'], done = false) {
  const upstream = keep(await fakeDataflow(done));
  const conn = keep(
    await connect(definition([launch, getJob, ...ops], [dataflowJob(cancel)]), { env: { API_BASE_URL: upstream.url, ...STEPPED_ENV } }),
  );
  const { job_id } = structured<{ job_id: string }>(await conn.call('launch_template', {}));
  const answer = structured<{ outcome: string; state: string }>(await conn.call('job_cancel', { job_id }));
  const after = structured<{ state: string }>(await conn.call('job_status', { job_id })).state;
  return { upstream, answer, after };
}

/** Dataflow's cancel: the job PUT with `requestedState` set to its cancelled value. */
const putCancel: JobFamilySpec['cancel'] = {
  operation: 'update_job',
  idParam: 'jobId',
  carry: [],
  sets: [{ param: 'requestedState', in: 'body', value: 'JOB_STATE_CANCELLED' }],
};

describe('a cancel that updates the job', () => {
  it('PUTs the cancelled value the link sets, and the job goes on to end cancelled', async () => {
    const { upstream, answer, after } = await run([updateJob], putCancel);
    const puts = upstream.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.url, JSON.parse(r.body)])).toEqual([['/jobs/j1', { requestedState: 'JOB_STATE_CANCELLED' }]]);
    // Dataflow is CANCELLING first: the cancel says so, and the next status read finds it CANCELLED.
    expect(answer).toMatchObject({ outcome: 'cancelling', state: 'running' });
    expect(after).toBe('cancelled');
  });

  it('sends it in the query where the contract takes it there', async () => {
    const { upstream, answer, after } = await run([updateStatus], {
      operation: 'update_job_status',
      idParam: 'jobId',
      carry: [],
      sets: [{ param: 'requestedJobStatus', in: 'query', value: 'Cancelled' }],
    });
    expect(upstream.requests.filter((r) => r.method === 'POST' && r.url?.startsWith('/jobs/')).map((r) => r.url)).toEqual([
      '/jobs/j1/status?requestedJobStatus=Cancelled',
    ]);
    expect(answer).toMatchObject({ outcome: 'cancelling', state: 'running' });
    expect(after).toBe('cancelled');
  });

  it('near miss: a job already done is not updated at all', async () => {
    const { upstream, answer } = await run([updateJob], putCancel, true);
    expect(upstream.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(answer).toMatchObject({ outcome: 'already_terminal', state: 'succeeded' });
  });
});
