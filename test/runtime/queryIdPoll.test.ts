/**
 * A job polled with its id in the QUERY (`GET /runs/get?run_id=…`, Databricks style): detection links the poll
 * with `idParam` naming a query parameter, and the runtime must send the job id there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const runId = [{ arg: 'run_id', name: 'run_id', in: 'query' as const, required: true }];
const ops = [
  op({
    tool: 'run_now',
    method: 'POST',
    path: '/jobs/run-now',
    role: 'start',
    input: z.object({ body: z.object({ job_id: z.number() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({ tool: 'get_run', method: 'GET', path: '/jobs/runs/get', role: 'tool', input: z.object({ run_id: z.number() }), params: runId }),
];
const runFamily = family({
  name: 'run',
  starts: [{ operation: 'run_now', idFrom: 'body:run_id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_run', idParam: 'run_id', carry: [] },
  statusField: 'state.life_cycle_state',
  states: { PENDING: 'queued', RUNNING: 'running', TERMINATED: 'succeeded', INTERNAL_ERROR: 'failed' },
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

describe('poll with the job id in a query parameter', () => {
  it('sends the id from the start answer as ?run_id= and reads the nested state', async () => {
    upstream = await startLocalUpstream();
    upstream.route('POST /jobs/run-now', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"run_id":455}');
    });
    upstream.route('GET /jobs/runs/get', (req, res) => {
      const id = new URL(req.url ?? '', 'http://x').searchParams.get('run_id');
      if (id !== '455') return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"run_id missing"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"run_id":455,"state":{"life_cycle_state":"TERMINATED"}}');
    });
    conn = await connect(definition(ops, [runFamily]), { env: { API_BASE_URL: upstream.url } });

    const started = await conn.call('run_now', { body: { job_id: 7 } });
    expect(started.isError).toBeFalsy();
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    const status = await conn.call('run_status', { job_id: jobId });
    expect(status.isError).toBeFalsy();
    expect(status.structuredContent).toMatchObject({ state: 'succeeded', terminal: true, upstream_status: 'TERMINATED' });
    expect(upstream.requests.some((r) => r.method === 'GET' && r.url === '/jobs/runs/get?run_id=455')).toBe(true);
  });
});
