/**
 * A cancel that removes the job (GitHub's `DELETE /repos/{owner}/{repo}/import`, "Cancel an import"): once the upstream
 * accepted the cancel, its 404 for the job is where the cancel left it, `cancelled` (store/types.ts `cancelAccepted`,
 * jobs/poll.ts), not a failure, and the cancel tool says cancelled rather than "finished as failed before the cancel
 * took effect". Near misses: a job that vanishes with no cancel asked is failed, and so is one whose cancel the
 * upstream refused. A member of a job over a set is read the same way (jobs/memberPoll.ts, memberCancel.ts). In
 * process, against a local upstream.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, lightsailFamily, lightsailOps, op } from './defs.js';
import { type Connected, connect, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const idParam = [{ arg: 'id', name: 'id', in: 'path' as const, required: true }];
const ops = [
  op({ tool: 'start_import', method: 'POST', path: '/imports', role: 'start', input: z.object({}) }),
  op({ tool: 'get_import', method: 'GET', path: '/imports/{id}', role: 'internal', input: z.object({ id: z.string() }), params: idParam }),
  op({
    tool: 'cancel_import',
    method: 'DELETE',
    path: '/imports/{id}',
    role: 'internal',
    input: z.object({ id: z.string() }),
    params: idParam,
  }),
];
const imports = family({
  name: 'import',
  tools: { status: 'import_status', cancel: 'import_cancel', result: null },
  starts: [{ operation: 'start_import', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_import', idParam: 'id', carry: [] },
  cancel: { operation: 'cancel_import', idParam: 'id', carry: [] },
  states: { importing: 'running', complete: 'succeeded', error: 'failed' },
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

/** An import that runs until deleted (or, with `vanish`, until its first read), then is unknown: 404. */
async function serve(deleteStatus: number, vanish = false): Promise<Connected> {
  upstream = await startLocalUpstream();
  let gone = false;
  let reads = 0;
  const send = (res: import('node:http').ServerResponse, status: number, body?: unknown) =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
  upstream.route('POST /imports', (_req, res) => send(res, 201, { id: 'i1', status: 'importing' }));
  upstream.route('GET /imports/i1', (_req, res) => {
    reads += 1;
    if (vanish && reads > 1) gone = true;
    return gone ? send(res, 404, { message: 'Not Found' }) : send(res, 200, { id: 'i1', status: 'importing' });
  });
  upstream.route('DELETE /imports/i1', (_req, res) => {
    if (deleteStatus < 400) gone = true;
    return deleteStatus === 204 ? void res.writeHead(204).end() : send(res, deleteStatus, { message: 'refused' });
  });
  // The job is old enough that a 404 is no replication lag (poll.ts YOUNG_JOB_MS).
  let now = Date.now();
  conn = await connect(definition(ops, [imports]), { env: { API_BASE_URL: upstream.url }, now: () => (now += 60_000) });
  return conn;
}

const startImport = async (mcp: Connected) => structured<{ job_id: string }>(await mcp.call('start_import', {})).job_id;

describe('a cancel that removes the job', () => {
  it('is cancelled: the upstream accepted the cancel, then no longer knows the job', async () => {
    const mcp = await serve(204);
    const job_id = await startImport(mcp);
    const cancelled = structured<{ outcome: string; state: string }>(await mcp.call('import_cancel', { job_id }));
    expect(cancelled).toMatchObject({ outcome: 'cancelled', state: 'cancelled' });
    expect(structured<{ state: string }>(await mcp.call('import_status', { job_id })).state).toBe('cancelled');
  });

  it('near miss: a job that vanishes with no cancel asked is failed', async () => {
    const mcp = await serve(204, true);
    const job_id = await startImport(mcp);
    structured(await mcp.call('import_status', { job_id }));
    expect(structured<{ state: string }>(await mcp.call('import_status', { job_id })).state).toBe('failed');
  });

  it('near miss: a cancel the upstream refused leaves the job as it was', async () => {
    const mcp = await serve(409);
    const job_id = await startImport(mcp);
    const refused = structured<{ outcome: string; state: string }>(await mcp.call('import_cancel', { job_id }));
    expect(refused).toMatchObject({ outcome: 'not_cancellable', state: 'running' });
  });
});

describe('a cancel that removes a member of a set', () => {
  // A Lightsail-shaped start acting on two things (jobs/memberSet.ts); its cancel removes the operation it is sent for.
  const setOps = lightsailOps(true);

  const operations = lightsailFamily({
    tools: { status: 'operation_status', cancel: 'operation_cancel', result: null },
    cancel: { operation: 'cancel_operation', idParam: 'operationId', idIn: 'body', carry: [] },
  });

  /** Each operation runs until cancelled, then is unknown (400 NotFoundException, as Lightsail answers, or 404). */
  async function serveSet(refuse: string | null): Promise<Connected> {
    upstream = await startLocalUpstream();
    const gone = new Set<string>();
    upstream.route('POST /', (req, res) => {
      const send = (status: number, doc: unknown) =>
        void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
      const body = JSON.parse(req.bodyText) as { instanceNames?: string[]; operationId?: string };
      const id = body.operationId ?? '';
      switch (req.headers['x-amz-target']) {
        case 'Lightsail.CreateInstances':
          return send(200, { operations: (body.instanceNames ?? []).map((n) => ({ id: `op-${n}`, status: 'Started' })) });
        case 'Lightsail.GetOperation':
          return gone.has(id) ? send(404, { message: 'not found' }) : send(200, { operation: { id, status: 'Started' } });
        case 'Lightsail.CancelOperation':
          // A refused member vanishes too, for reasons of its own: its 404 is no cancel's doing.
          gone.add(id);
          return id === refuse ? send(409, { message: 'refused' }) : send(200, {});
        default:
          return send(400, {});
      }
    });
    let now = Date.now();
    conn = await connect(definition(setOps, [operations]), { env: { API_BASE_URL: upstream.url }, now: () => (now += 60_000) });
    return conn;
  }

  const startSet = async (mcp: Connected) =>
    structured<{ job_id: string }>(await mcp.call('create_instances', { body: { instanceNames: ['a', 'b'] } })).job_id;

  it('is cancelled when every member was removed by its accepted cancel', async () => {
    const mcp = await serveSet(null);
    const job_id = await startSet(mcp);
    const cancelled = structured<{ outcome: string; state: string }>(await mcp.call('operation_cancel', { job_id }));
    expect(cancelled).toMatchObject({ outcome: 'cancelled', state: 'cancelled' });
    const status = structured<{ state: string; members: Array<{ id: string; state: string }> }>(
      await mcp.call('operation_status', { job_id }),
    );
    expect(status.members.map((m) => [m.id, m.state])).toEqual([
      ['op-a', 'cancelled'],
      ['op-b', 'cancelled'],
    ]);
  });

  it('near miss: a member whose cancel was refused, then vanished, is failed', async () => {
    const mcp = await serveSet('op-b');
    const job_id = await startSet(mcp);
    const answer = structured<{ outcome: string; state: string }>(await mcp.call('operation_cancel', { job_id }));
    expect(answer).toMatchObject({ outcome: 'already_terminal', state: 'failed' });
    const status = structured<{ members: Array<{ id: string; state: string }> }>(await mcp.call('operation_status', { job_id }));
    expect(status.members.map((m) => [m.id, m.state])).toEqual([
      ['op-a', 'cancelled'],
      ['op-b', 'failed'],
    ]);
  });
});
