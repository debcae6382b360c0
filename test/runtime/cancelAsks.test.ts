/**
 * A cancel that requires what the job does not carry (AWS Batch `CancelJob {jobId, reason}`): the family's cancel
 * tool asks the agent for it and sends it with the cancel only; a caller that cannot give it (the shared cancel tool
 * of dynamic mode) is told what is missing and nothing is sent. Batch names no cancelled state ("the job status is
 * updated to FAILED"): a job failed right after an accepted cancel is reported cancelled, with why.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DYNAMIC_TOOLS } from '../../templates/runtime/defaults.js';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, STEPPED_ENV, structured, textOf } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const ops = [
  awsRpcOp('Batch', 'submit_job', 'SubmitJob', 'start', z.object({ body: z.object({ jobName: z.string() }) })),
  awsRpcOp('Batch', 'describe_job', 'DescribeJob', 'tool', z.object({ body: z.object({ jobId: z.string() }) })),
  awsRpcOp('Batch', 'cancel_job', 'CancelJob', 'tool', z.object({ body: z.object({ jobId: z.string(), reason: z.string() }) })),
];
const batch: JobFamilySpec = family({
  name: 'job',
  tools: { status: 'batch_job_status', cancel: 'batch_job_cancel', result: null },
  starts: [{ operation: 'submit_job', idFrom: 'body:jobId', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'describe_job', idParam: 'jobId', idIn: 'body', carry: [] },
  cancel: {
    operation: 'cancel_job',
    idParam: 'jobId',
    idIn: 'body',
    carry: [],
    asks: [{ param: 'reason', in: 'body', arg: 'reason' }],
  },
  cancelInput: z.strictObject({ reason: z.string().describe('Why the job is cancelled.') }),
  statusField: 'status',
  states: { SUBMITTED: 'queued', RUNNING: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed' },
});

const keep = closedAfterEach();

/** A Batch-shaped upstream: a job runs until cancelled, and a cancelled job is FAILED, as Batch records it. */
async function fakeBatch(): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  const jobs = new Map<string, string>();
  up.route('POST /', (req, res) => {
    const body = JSON.parse(req.bodyText) as { jobName?: string; jobId?: string; reason?: unknown };
    const send = (status: number, doc: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    switch (req.headers['x-amz-target']) {
      case 'Batch.SubmitJob': {
        const jobId = `job-${jobs.size + 1}`;
        jobs.set(jobId, 'RUNNING');
        return void send(200, { jobId, jobName: body.jobName });
      }
      case 'Batch.DescribeJob':
        return void send(200, { jobId: body.jobId, status: jobs.get(body.jobId ?? '') ?? 'SUBMITTED' });
      case 'Batch.CancelJob':
        if (typeof body.reason !== 'string') return void send(400, { message: 'reason is required' });
        jobs.set(body.jobId ?? '', 'FAILED');
        return void send(200, {});
      default:
        return void send(400, { __type: 'UnknownOperationException' });
    }
  });
  return up;
}

const cancels = (up: LocalUpstream) =>
  up.requests.filter((r) => r.headers['x-amz-target'] === 'Batch.CancelJob').map((r) => JSON.parse(r.body) as unknown);

describe('a cancel that asks the agent for what the API requires', () => {
  it('lists the asked input on the cancel tool, required, with its own description', async () => {
    const upstream = keep(await fakeBatch());
    const conn = keep(await connect(definition(ops, [batch]), { env: { API_BASE_URL: upstream.url, ...STEPPED_ENV } }));
    const tool = (await conn.client.listTools()).tools.find((t) => t.name === 'batch_job_cancel')!;
    expect(tool.inputSchema.required).toEqual(['job_id', 'reason']);
    expect((tool.inputSchema.properties as Record<string, { description?: string }>).reason?.description).toBe('Why the job is cancelled.');
    expect(tool.description).toContain('and reason, which the API');
  });

  it('sends the value with the cancel, and reads a FAILED after the accepted cancel as its doing', async () => {
    const upstream = keep(await fakeBatch());
    const conn = keep(await connect(definition(ops, [batch]), { env: { API_BASE_URL: upstream.url, ...STEPPED_ENV } }));
    const { job_id } = structured<{ job_id: string }>(await conn.call('submit_job', { body: { jobName: 'nightly' } }));
    const answer = await conn.call('batch_job_cancel', { job_id, reason: 'superseded by a newer run' });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(cancels(upstream)).toEqual([{ jobId: 'job-1', reason: 'superseded by a newer run' }]);
    const view = structured<{ outcome: string; state: string; message: string }>(answer);
    expect(view).toMatchObject({ outcome: 'cancelled', state: 'failed' });
    expect(view.message).toContain('names no cancelled state');
  });

  it('refuses a cancel without it before anything is sent', async () => {
    const upstream = keep(await fakeBatch());
    const conn = keep(await connect(definition(ops, [batch]), { env: { API_BASE_URL: upstream.url, ...STEPPED_ENV } }));
    const { job_id } = structured<{ job_id: string }>(await conn.call('submit_job', { body: { jobName: 'nightly' } }));
    const answer = await conn.call('batch_job_cancel', { job_id });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toContain('reason');
    expect(cancels(upstream)).toEqual([]);
  });

  it('the shared cancel tool, which asks for nothing but the job, says what is missing and which tool asks it', async () => {
    const upstream = keep(await fakeBatch());
    const env = { API_BASE_URL: upstream.url, MCP_TOOL_MODE: 'dynamic', ...STEPPED_ENV };
    const conn = keep(await connect(definition(ops, [batch]), { env }));
    const { job_id } = structured<{ job_id: string }>(
      await conn.call(DYNAMIC_TOOLS.call, { name: 'submit_job', arguments: { body: { jobName: 'nightly' } } }),
    );
    const answer = structured<{ outcome: string; state: string; message: string }>(await conn.call(DYNAMIC_TOOLS.cancel, { job_id }));
    expect(answer.outcome).toBe('not_cancellable');
    expect(answer.message).toContain('requires `reason`');
    expect(answer.message).toContain('Call batch_job_cancel with job_id and `reason`');
    expect(cancels(upstream)).toEqual([]);
    // The family's own tool stays callable by name in dynamic mode, and asks for it.
    const done = structured<{ outcome: string }>(await conn.call('batch_job_cancel', { job_id, reason: 'not needed' }));
    expect(done.outcome).toBe('cancelled');
    expect(cancels(upstream)).toEqual([{ jobId: 'job-1', reason: 'not needed' }]);
  });

  it('the shared cancel tool takes them as `inputs`, checked as the family tool checks them', async () => {
    const upstream = keep(await fakeBatch());
    const env = { API_BASE_URL: upstream.url, MCP_TOOL_MODE: 'dynamic', ...STEPPED_ENV };
    const conn = keep(await connect(definition(ops, [batch]), { env }));
    const listed = (await conn.client.listTools()).tools.find((t) => t.name === DYNAMIC_TOOLS.cancel)!;
    expect(Object.keys(listed.inputSchema.properties ?? {})).toEqual(['job_id', 'inputs']);
    const { job_id } = structured<{ job_id: string }>(
      await conn.call(DYNAMIC_TOOLS.call, { name: 'submit_job', arguments: { body: { jobName: 'nightly' } } }),
    );
    const misspelt = await conn.call(DYNAMIC_TOOLS.cancel, { job_id, inputs: { reasn: 'typo' } });
    expect(misspelt.isError).toBe(true);
    expect(textOf(misspelt)).toContain('Invalid inputs for cancelling');
    expect(cancels(upstream)).toEqual([]);
    const done = structured<{ outcome: string }>(await conn.call(DYNAMIC_TOOLS.cancel, { job_id, inputs: { reason: 'no longer needed' } }));
    expect(done.outcome).toBe('cancelled');
    expect(cancels(upstream)).toEqual([{ jobId: 'job-1', reason: 'no longer needed' }]);
  });
});
