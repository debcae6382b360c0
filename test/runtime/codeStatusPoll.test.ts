/**
 * A job whose linked read says how far it is by its HTTP code alone (detect/idflow/codeStatusPoll.ts): Kinsta's
 * `GET /operations/{operation_id}` answers 202 while the operation runs and 200, with what it returns, once it is
 * done. The family's `statusByCode` reads the code as the state, as the monitor protocol does at a URL; without it a
 * 200 with no status says nothing, and the job would never end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, family, op, pathIdOp } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const ops = [
  op({ tool: 'create_site', method: 'POST', path: '/sites', role: 'start' }),
  pathIdOp('get_operation', 'GET', '/operations/{operation_id}', 'operation_id'),
];

function operationFamily(statusByCode: boolean): JobFamilySpec {
  return family({
    name: 'operation',
    starts: [
      {
        operation: 'create_site',
        idFrom: 'body:operation_id',
        pollUrlFrom: [],
        cancelUrlFrom: null,
        preferAsync: false,
        idempotency: null,
      },
    ],
    poll: { operation: 'get_operation', idParam: 'operation_id', carry: [] },
    statusField: null,
    ...(statusByCode ? { statusByCode: true as const } : {}),
  });
}

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

/** The operation answers 202 `runs` times, then 200 with its data. */
async function kinsta(runs: number): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  let polls = 0;
  up.route('POST /sites', (_req, res) => {
    res
      .writeHead(202, { 'content-type': 'application/json' })
      .end('{"operation_id":"sites:add-54fb","message":"Adding site in progress","status":202}');
  });
  up.route('GET /operations/sites%3Aadd-54fb', (_req, res) => {
    polls += 1;
    const done = polls > runs;
    const body = done
      ? { message: 'Successfully finished request', status: 200, data: { idSite: 's-1' } }
      : { message: 'Operation in progress', status: 202 };
    res.writeHead(done ? 200 : 202, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return up;
}

describe('a read whose HTTP code is the state', () => {
  it('runs while the read answers 202 and succeeds at its 200, whose answer is the result', async () => {
    upstream = await kinsta(1);
    conn = await connect(definition(ops, [operationFamily(true)]), { env: { API_BASE_URL: upstream.url } });
    const started = await conn.call('create_site', {});
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    expect((await conn.call('operation_status', { job_id: jobId })).structuredContent).toMatchObject({ state: 'running', terminal: false });
    const done = await conn.call('operation_status', { job_id: jobId });
    expect(done.structuredContent).toMatchObject({ state: 'succeeded', terminal: true });
    expect(JSON.stringify(done.structuredContent)).toContain('s-1');
    expect(upstream.requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual([
      '/operations/sites%3Aadd-54fb',
      '/operations/sites%3Aadd-54fb',
    ]);
  });

  it('near miss: without the flag, a 200 that names no state does not end the job', async () => {
    upstream = await kinsta(0);
    conn = await connect(definition(ops, [operationFamily(false)]), { env: { API_BASE_URL: upstream.url } });
    const started = await conn.call('create_site', {});
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    const status = await conn.call('operation_status', { job_id: jobId });
    expect((status.structuredContent as { state: string }).state).not.toBe('succeeded');
  });
});
