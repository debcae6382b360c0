/**
 * A job over a set is bounded in every store (templates/runtime/jobs/memberSet.ts): a start that lists more members
 * than JOB_MEMBERS_MAX has its first ones followed, and the record keeps only those, with how many were left out and
 * the first and last of their ids. The start, the status, the succeeded note and the cancel all say the rest are not
 * followed; nothing polls or cancels them. Run against SQLite, Redis and PostgreSQL (`scripts/services.sh start`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_MEMBERS_MAX } from '../../templates/runtime/defaults.js';
import { openStore } from '../../templates/runtime/store/index.js';
import { awsRpcOp, definition, lightsailFamily } from './defs.js';
import { connect, structured, textOf } from './harness.js';
import { closedAfterEach, sendAwsJson, startLocalUpstream } from './localUpstream.js';
import { BACKENDS, backendReady } from './store/backends.js';

const ops = [
  awsRpcOp('Lightsail', 'create_instances', 'CreateInstances', 'start', z.object({ body: z.object({ count: z.number().int() }) })),
  awsRpcOp('Lightsail', 'get_operation', 'GetOperation', 'tool', z.object({ body: z.object({ operationId: z.string() }) })),
  awsRpcOp('Lightsail', 'cancel_operation', 'CancelOperation', 'tool', z.object({ body: z.object({ operationId: z.string() }) })),
];
const operation = lightsailFamily({
  cancel: { operation: 'cancel_operation', idParam: 'operationId', idIn: 'body', carry: [] },
  tools: { status: 'operation_status', cancel: 'operation_cancel', result: null },
});

/** `count` operations `op-0` … (each listed twice: one member each), each in `status` when asked, with a big document. */
async function fakeLightsail(keep: ReturnType<typeof closedAfterEach>, status: string) {
  const up = keep(await startLocalUpstream());
  up.route('POST /', (req, res) => {
    const body = JSON.parse(req.bodyText) as { count?: number; operationId?: string };
    const target = req.headers['x-amz-target'];
    if (target === 'Lightsail.CreateInstances') {
      const ids = Array.from({ length: body.count ?? 0 }, (_, n) => `op-${n}`);
      return sendAwsJson(res, { operations: [...ids, ...ids].map((id) => ({ id, status: 'Started' })) });
    }
    sendAwsJson(res, { operation: { id: body.operationId, status, log: 'x'.repeat(20_000) } });
  });
  return up;
}

const asked = (requests: Array<{ headers: Record<string, unknown>; body: string }>, action: string) =>
  requests
    .filter((r) => r.headers['x-amz-target'] === `Lightsail.${action}`)
    .map((r) => (JSON.parse(r.body) as { operationId: string }).operationId);

type Status = { job_id: string; state: string; terminal: boolean; upstream_status: string | null; message: string; members?: unknown[] };

describe.each(BACKENDS)('a start listing more members than JOB_MEMBERS_MAX: $name', (backend) => {
  if (!backendReady(backend)) return;
  afterAll(() => backend.cleanup());
  const keep = closedAfterEach();
  const open = async (env: Record<string, string>, status = 'Succeeded') => {
    const upstream = await fakeLightsail(keep, status);
    const store = keep(await openStore(backend.freshUrl() as string));
    const conn = keep(await connect(definition(ops, [operation]), { store, env: { API_BASE_URL: upstream.url, ...env } }));
    return { upstream, store, conn };
  };

  it('follows the first JOB_MEMBERS_MAX, keeps only those, and says the rest are not followed', async () => {
    const { upstream, store, conn } = await open({ JOB_MEMBERS_MAX: '3' });
    const start = await conn.call('create_instances', { body: { count: 8 } });
    const started = structured<Status>(start);
    const notFollowed = '5 more listed by the start are not followed (op-3 … op-7)';
    expect(textOf(start)).toContain(notFollowed);
    const stored = await store.get(started.job_id);
    expect(stored?.members?.map((m) => m.id)).toEqual(['op-0', 'op-1', 'op-2']);
    expect(stored?.membersNotFollowed).toEqual({ count: 5, first: 'op-3', last: 'op-7' });

    const done = structured<Status>(await conn.call('operation_status', { job_id: started.job_id }));
    expect(done).toMatchObject({ state: 'succeeded', terminal: true });
    expect(done.members).toHaveLength(3);
    expect(done.upstream_status).toContain(notFollowed);
    expect(done.message).toContain(`All 3 followed members succeeded; result lists each member's document; ${notFollowed}`);
    // Only the followed members were asked; the record read back still holds the three and the count of the rest.
    expect(asked(upstream.requests, 'GetOperation')).toEqual(['op-0', 'op-1', 'op-2']);
    const after = await store.get(started.job_id);
    expect(after?.members?.map((m) => m.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(after?.membersNotFollowed?.count).toBe(5);
  });

  it('bounds the record by default: thousands listed, a hundred kept, each with its document', async () => {
    const { store, conn } = await open({});
    const { job_id } = structured<Status>(await conn.call('create_instances', { body: { count: 5000 } }));
    for (let i = 0; i < 7; i++) await conn.call('operation_status', { job_id });
    const record = await store.get(job_id);
    expect(record?.members).toHaveLength(DEFAULT_MEMBERS_MAX);
    expect(record?.members?.filter((m) => m.document !== undefined)).toHaveLength(DEFAULT_MEMBERS_MAX);
    expect(record?.membersNotFollowed).toEqual({ count: 5000 - DEFAULT_MEMBERS_MAX, first: `op-${DEFAULT_MEMBERS_MAX}`, last: 'op-4999' });
    expect(JSON.stringify(record).length).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('cancels only the members it follows, and says the others were sent no cancel', async () => {
    const { upstream, conn } = await open({ JOB_MEMBERS_MAX: '2' }, 'Started');
    const { job_id } = structured<Status>(await conn.call('create_instances', { body: { count: 4 } }));
    const answer = structured<{ message: string }>(await conn.call('operation_cancel', { job_id }));
    expect(answer.message).toContain('The 2 members the job does not follow (op-2 … op-3) were sent no cancel.');
    expect(asked(upstream.requests, 'CancelOperation')).toEqual(['op-0', 'op-1']);
  });
});
