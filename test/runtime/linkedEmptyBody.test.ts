/**
 * A linked operation whose contract requires a request body none of whose members is required (AWS IoT
 * `PUT /jobs/{jobId}/cancel` takes `{reasonCode?, comment?}`, found by the corpus run sweep: every cancel
 * failed with "Missing request body"). The job's link fills the path and has nothing for the body, so the runtime
 * sends `{}`, the body that says nothing; a body with a required member it cannot fill still fails, as before.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { connect, structured, textOf } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const jobPath = [{ arg: 'jobId', name: 'jobId', in: 'path' as const, required: true }];
const body = { arg: 'body', mediaType: 'application/json', required: true };

function iotJobs(cancelBody: z.ZodObject) {
  const ops = [
    op({
      tool: 'create_job',
      method: 'PUT',
      path: '/jobs/{jobId}',
      role: 'start',
      input: z.object({ jobId: z.string(), body: z.object({ targets: z.array(z.string()) }) }),
      params: jobPath,
      body,
    }),
    op({ tool: 'describe_job', method: 'GET', path: '/jobs/{jobId}', input: z.object({ jobId: z.string() }), params: jobPath }),
    op({
      tool: 'cancel_job',
      method: 'PUT',
      path: '/jobs/{jobId}/cancel',
      input: z.object({ jobId: z.string(), body: cancelBody }),
      params: jobPath,
      body,
    }),
  ];
  const jobs = family({
    name: 'job',
    tools: { status: 'job_status', cancel: 'job_cancel', result: null },
    starts: [{ operation: 'create_job', idFrom: 'arg:jobId', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
    poll: { operation: 'describe_job', idParam: 'jobId', idIn: 'path', carry: [] },
    cancel: { operation: 'cancel_job', idParam: 'jobId', idIn: 'path', carry: [] },
    statusField: 'job.status',
    states: { IN_PROGRESS: 'running', CANCELED: 'cancelled', COMPLETED: 'succeeded' },
  });
  return definition(ops, [jobs]);
}

const keep = closedAfterEach();

async function upstreamFor(jobId: string) {
  const upstream = keep(await startLocalUpstream());
  const json = (doc: unknown) => JSON.stringify(doc);
  upstream.route(`PUT /jobs/${jobId}`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(json({ jobId }));
  });
  upstream.route(`PUT /jobs/${jobId}/cancel`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(json({ jobId }));
  });
  upstream.route(`GET /jobs/${jobId}`, (_req, res) => {
    const cancelled = upstream.requests.some((r) => r.url.endsWith('/cancel'));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(json({ job: { jobId, status: cancelled ? 'CANCELED' : 'IN_PROGRESS' } }));
  });
  return upstream;
}

describe('a linked call whose required body has no required member', () => {
  it('cancels with the body `{}` and the job ends cancelled', async () => {
    const upstream = await upstreamFor('ota-1');
    const conn = keep(
      await connect(iotJobs(z.object({ reasonCode: z.string().optional(), comment: z.string().optional() })), {
        env: { API_BASE_URL: upstream.url },
      }),
    );
    const started = structured<{ job_id: string }>(await conn.call('create_job', { jobId: 'ota-1', body: { targets: ['arn:thing'] } }));
    const cancelled = await conn.call('job_cancel', { job_id: started.job_id });
    expect(cancelled.isError, textOf(cancelled)).toBeFalsy();
    const sent = upstream.requests.filter((r) => r.url === '/jobs/ota-1/cancel');
    expect(sent.map((r) => [r.method, r.body])).toEqual([['PUT', '{}']]);
    const status = structured<{ state: string }>(await conn.call('job_status', { job_id: started.job_id }));
    expect(status.state).toBe('cancelled');
  });

  it('still refuses to invent a body whose member is required', async () => {
    const upstream = await upstreamFor('ota-2');
    const conn = keep(await connect(iotJobs(z.object({ reasonCode: z.string() })), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('create_job', { jobId: 'ota-2', body: { targets: ['arn:thing'] } }));
    const cancelled = await conn.call('job_cancel', { job_id: started.job_id });
    expect(cancelled.isError).toBe(true);
    expect(textOf(cancelled)).toContain('Missing request body');
    expect(upstream.requests.filter((r) => r.url.endsWith('/cancel'))).toEqual([]);
  });
});
