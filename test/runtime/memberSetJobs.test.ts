/**
 * A job over a set (templates/runtime/jobs/memberSet.ts): a Lightsail-shaped start acting on two instances answers
 * `operations: [{id}, {id}]`; the one job the agent holds follows both members through `GetOperation {operationId}`
 * and ends only when both ended: succeeded when both succeeded, failed (naming the member) when one failed. Its
 * progress is members ended / members, its members are shown and kept in the store, and without a cancel operation
 * the cancel tool says the members keep running.
 */
import { describe, expect, it } from 'vitest';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, lightsailFamily, lightsailOps } from './defs.js';
import { connect, structured, textOf } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const ops = lightsailOps();
const operation: JobFamilySpec = lightsailFamily();

/** What each test opens (its upstream, its MCP connection), closed after it. */
const keep = closedAfterEach();

/** Lightsail on `POST /`: one operation per instance, each answering the next status of its own list per poll. */
async function fakeLightsail(statuses: Record<string, string[]>): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  const seen = new Map<string, number>();
  up.route('POST /', (req, res) => {
    const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
    const body = JSON.parse(req.bodyText) as { instanceNames?: string[]; operationId?: string };
    const doc = (id: string, status: string) => ({
      id,
      resourceName: id.slice(3),
      status,
      ...(status === 'Failed' ? { errorDetails: `${id} ran out of capacity` } : {}),
    });
    if (req.headers['x-amz-target'] === 'Lightsail.CreateInstances') {
      return void send({ operations: (body.instanceNames ?? []).map((name) => doc(`op-${name}`, 'Started')) });
    }
    const id = body.operationId ?? '';
    const list = statuses[id];
    if (req.headers['x-amz-target'] !== 'Lightsail.GetOperation' || !list) {
      return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"__type":"NotFoundException"}');
    }
    const n = Math.min(seen.get(id) ?? 0, list.length - 1);
    seen.set(id, n + 1);
    send({ operation: doc(id, list[n]!) });
  });
  return up;
}

type Status = {
  job_id: string;
  state: string;
  terminal: boolean;
  progress: number | null;
  upstream_id?: string | null;
  members?: Array<{ id: string; state: string; upstream_status: string | null }>;
  result?: { members: Array<{ id: string; document?: unknown }> };
  error?: { message: string; members: Array<{ id: string; error: unknown }> };
};

describe('a job over a set: one job, one member per thing the start acted on', () => {
  it('runs a two-member job to its end: terminal only when both ended, progress by members', async () => {
    const upstream = keep(await fakeLightsail({ 'op-a': ['Succeeded'], 'op-b': ['Started', 'Succeeded'] }));
    const conn = keep(await connect(definition(ops, [operation]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<Status>(await conn.call('create_instances', { body: { instanceNames: ['a', 'b'] } }));
    expect(started.state).toBe('queued');
    const stored = await conn.store.get(started.job_id);
    expect(stored?.protocol).toBe('member-set');
    expect(stored?.members?.map((m) => [m.id, m.state])).toEqual([
      ['op-a', 'queued'],
      ['op-b', 'queued'],
    ]);

    const first = structured<Status>(await conn.call('operation_status', { job_id: started.job_id }));
    expect(first).toMatchObject({ state: 'running', terminal: false, progress: 0.5, upstream_id: null });
    expect(first.members).toEqual([
      { id: 'op-a', state: 'succeeded', upstream_status: 'Succeeded' },
      { id: 'op-b', state: 'running', upstream_status: 'Started' },
    ]);

    const second = await conn.call('operation_status', { job_id: started.job_id });
    const done = structured<Status>(second);
    expect(done).toMatchObject({ state: 'succeeded', terminal: true, progress: 1 });
    expect(done.result?.members.map((m) => m.id)).toEqual(['op-a', 'op-b']);
    expect(textOf(second)).toContain('All 2 members succeeded');
    // Each member was asked by its own id; a member that ended was not asked again.
    const asked = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'Lightsail.GetOperation')
      .map((r) => (JSON.parse(r.body) as { operationId: string }).operationId);
    expect(asked).toEqual(['op-a', 'op-b', 'op-b']);
    // The members are kept in the store: the record read back holds their ended states.
    expect((await conn.store.get(started.job_id))?.members?.map((m) => m.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('fails when one member failed, once every member ended, and names it', async () => {
    const upstream = keep(await fakeLightsail({ 'op-a': ['Started', 'Succeeded'], 'op-b': ['Failed'] }));
    const conn = keep(await connect(definition(ops, [operation]), { env: { API_BASE_URL: upstream.url } }));
    const { job_id } = structured<Status>(await conn.call('create_instances', { body: { instanceNames: ['a', 'b'] } }));
    // op-b failed at once, but op-a still runs: the job is not terminal yet.
    expect(structured<Status>(await conn.call('operation_status', { job_id }))).toMatchObject({ state: 'running', progress: 0.5 });
    const ended = structured<Status>(await conn.call('operation_status', { job_id }));
    expect(ended).toMatchObject({ state: 'failed', terminal: true, progress: 1 });
    expect(ended.error?.message).toContain('1 of 2 members did not succeed (op-b: failed)');
    expect(ended.error?.members).toEqual([{ id: 'op-b', state: 'failed', upstream_status: 'Failed', error: 'op-b ran out of capacity' }]);
  });

  it('says the members keep running when the API offers no cancel, and sends nothing', async () => {
    const upstream = keep(await fakeLightsail({ 'op-a': ['Started'], 'op-b': ['Started'] }));
    const conn = keep(
      await connect(definition(ops, [{ ...operation, tools: { ...operation.tools, cancel: 'operation_cancel' } }]), {
        env: { API_BASE_URL: upstream.url },
      }),
    );
    const { job_id } = structured<Status>(await conn.call('create_instances', { body: { instanceNames: ['a', 'b'] } }));
    const answer = structured<{ outcome: string; message: string }>(await conn.call('operation_cancel', { job_id }));
    expect(answer.outcome).toBe('not_cancellable');
    expect(answer.message).toContain('the 2 still running (op-a, op-b) keep running');
    expect(upstream.requests.filter((r) => r.headers['x-amz-target'] === 'Lightsail.CreateInstances')).toHaveLength(1);
  });
});
