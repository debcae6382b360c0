/**
 * A job polled with its id in the QUERY (`GET /runs/get?run_id=…`, Databricks style): detection links the poll
 * with `idParam` naming a query parameter, and the runtime must send the job id there. Its cancel takes the same id
 * in a JSON body as a number (`POST /runs/cancel {"run_id": 455}`): the runtime sends the number the id spells.
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
  op({
    tool: 'cancel_run',
    method: 'POST',
    path: '/jobs/runs/cancel',
    role: 'tool',
    input: z.object({ body: z.object({ run_id: z.number() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
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

/** Runs whose cancel takes the id as a JSON number; the upstream refuses a run_id that is not one. */
async function cancellableRuns(answeredId: string): Promise<{ up: LocalUpstream; cancelled: unknown[] }> {
  const up = await startLocalUpstream();
  const cancelled: unknown[] = [];
  up.route('POST /jobs/run-now', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"run_id":${answeredId}}`);
  });
  up.route('GET /jobs/runs/get', (_req, res) => {
    const state = cancelled.length > 0 ? 'TERMINATED' : 'RUNNING';
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"state":{"life_cycle_state":"${state}"}}`);
  });
  up.route('POST /jobs/runs/cancel', (req, res) => {
    const body = JSON.parse(req.bodyText) as { run_id?: unknown };
    cancelled.push(body.run_id);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return { up, cancelled };
}

const cancellable = family({
  ...runFamily,
  tools: { status: 'run_status', cancel: 'run_cancel', result: null },
  cancel: { operation: 'cancel_run', idParam: 'run_id', idIn: 'body', idNumeric: true, carry: [] },
});

describe('poll with the job id in a query parameter', () => {
  it('cancels by the body field as the number the answered id spells', async () => {
    const { up, cancelled } = await cancellableRuns('455');
    upstream = up;
    conn = await connect(definition(ops, [cancellable]), { env: { API_BASE_URL: up.url } });
    const started = await conn.call('run_now', { body: { job_id: 7 } });
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    const cancel = await conn.call('run_cancel', { job_id: jobId });
    expect(cancel.isError, JSON.stringify(cancel.content)).toBeFalsy();
    expect(cancelled).toEqual([455]);
  });

  it('keeps an id too long for a JSON number as text rather than round it', async () => {
    // 2^63 - 1: as a JavaScript number it would be sent as 9223372036854775807 rounded to …808.
    const { up, cancelled } = await cancellableRuns('"9223372036854775807"');
    upstream = up;
    conn = await connect(definition(ops, [cancellable]), { env: { API_BASE_URL: up.url } });
    const started = await conn.call('run_now', { body: { job_id: 7 } });
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    await conn.call('run_cancel', { job_id: jobId });
    expect(cancelled).toEqual(['9223372036854775807']);
  });

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
