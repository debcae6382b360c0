/**
 * A cancel that removes the job (GitHub's `DELETE /repos/{owner}/{repo}/import`, "Cancel an import"): once the upstream
 * accepted the cancel, its 404 for the job is where the cancel left it, `cancelled` (store/types.ts `cancelAccepted`,
 * jobs/poll.ts), not a failure, and the cancel tool says cancelled rather than "finished as failed before the cancel
 * took effect". Near misses: a job that vanishes with no cancel asked is failed, and so is one whose cancel the
 * upstream refused. In process, against a local upstream.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
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
