/**
 * Issue 9 item 1, end to end through the runtime: every upstream request (start, plain, poll, cancel,
 * result) follows redirects only inside the allowed origins, drops every credential on an origin change,
 * turns 303 into a body-less GET, keeps the body on 307, stops after a bounded number of hops, never stores
 * a poll redirect as the poll URL and never reads a 303 as a job state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';
import { MemoryJobStore } from '../runtime/memoryStore.js';
import { connectRuntime, HEADER_KEY, hostileDefinition, KEY_ENV, KEY_SCHEMES, leaks, textOf } from './hostile.js';

let api: LocalUpstream;
let evil: LocalUpstream;
let blob: LocalUpstream;

beforeAll(async () => {
  [api, evil, blob] = await Promise.all([startLocalUpstream(), startLocalUpstream(), startLocalUpstream()]);
  evil.route('POST /steal', (_req, res) => void res.writeHead(202, { location: `${evil.url}/poll` }).end());
  evil.route('GET /steal', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"owned":true}'));
});
afterAll(async () => {
  await Promise.all([api?.close(), evil?.close(), blob?.close()]);
});

const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  ((_req: unknown, res: import('node:http').ServerResponse) =>
    void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value))) as Parameters<
    LocalUpstream['route']
  >[1];
const redirect = (status: number, location: string) =>
  ((_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(status, { location }).end()) as Parameters<
    LocalUpstream['route']
  >[1];

/** Every request a host received, with nothing of any credential in it. */
function expectNoCredentials(host: LocalUpstream): void {
  for (const r of host.requests) expect(leaks(JSON.stringify({ url: r.url, headers: r.headers, body: r.body }))).toEqual([]);
}

async function connect(extraEnv: Record<string, string> = {}, poll?: 'header:Location' | 'header:Operation-Location') {
  const store = new MemoryJobStore();
  const mcp = await connectRuntime(hostileDefinition(KEY_SCHEMES, poll), { API_BASE_URL: api.url, ...KEY_ENV, ...extraEnv }, store);
  return { mcp, store };
}

function jobIdOf(result: Awaited<ReturnType<Awaited<ReturnType<typeof connect>>['mcp']['call']>>): string {
  return (result.structuredContent as { job_id: string }).job_id;
}

describe('start and plain requests redirected to a foreign origin', () => {
  it.each([301, 302, 307, 308])('start answered %i to a foreign origin: refused, nothing sent there, rejected', async (status) => {
    evil.requests.length = 0;
    api.route('POST /export', redirect(status, `${evil.url}/steal`));
    const { mcp, store } = await connect();
    try {
      const result = await mcp.call('start_export', { body: { note: 'payload' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`redirect to ${evil.url}: it is not an allowed origin`);
      expect(textOf(result)).toContain('JOB_ALLOWED_ORIGINS');
      expect(evil.requests).toHaveLength(0);
      const [record] = [...store.records.values()];
      expect(record).toMatchObject({ phase: 'rejected', state: 'failed', dedupeKey: null, error: { reason: 'redirect_refused' } });
    } finally {
      await mcp.close();
    }
  });

  it('start answered 303 to a foreign origin: refused, and the outcome is unknown (the upstream did act on it)', async () => {
    evil.requests.length = 0;
    api.route('POST /export', redirect(303, `${evil.url}/steal`));
    const { mcp, store } = await connect();
    try {
      const result = await mcp.call('start_export', {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/redirect that was not followed[\s\S]*unknown whether the job exists/);
      expect(evil.requests).toHaveLength(0);
      expect([...store.records.values()][0]).toMatchObject({ phase: 'unknown' });
    } finally {
      await mcp.close();
    }
  });

  it.each([302, 307])('plain tool answered %i to a foreign origin: refused, nothing sent there', async (status) => {
    evil.requests.length = 0;
    api.route('POST /plain', redirect(status, `${evil.url}/steal`));
    const { mcp } = await connect();
    try {
      const result = await mcp.call('call_plain', { body: { note: 'payload' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(evil.url);
      expect(textOf(result)).not.toContain('owned');
      expect(evil.requests).toHaveLength(0);
    } finally {
      await mcp.close();
    }
  });
});

describe('redirects inside the allowed origins', () => {
  it('303 after a start POST: followed as a GET without body, and the job lives at the URL it pointed to', async () => {
    api.requests.length = 0;
    api.route('POST /export', redirect(303, '/jobs/1'));
    api.route('GET /jobs/1', json(200, { status: 'working' }));
    const { mcp, store } = await connect();
    try {
      const start = await mcp.call('start_export', { body: { note: 'payload' } });
      expect(start.structuredContent).toMatchObject({ state: 'running', terminal: false });
      const followed = api.requests.find((r) => r.url.startsWith('/jobs/1'))!;
      expect(followed).toMatchObject({ method: 'GET', body: '' });
      expect(followed.headers['content-type']).toBeUndefined();
      expect(followed.headers['x-api-key']).toBe(HEADER_KEY);
      expect([...store.records.values()][0]!.pollUrl).toMatch(/\/jobs\/1/);
    } finally {
      await mcp.close();
    }
  });

  it('307 to an allowed foreign origin: method and body kept, every credential dropped', async () => {
    blob.requests.length = 0;
    api.route('POST /plain', redirect(307, `${blob.url}/upload?sig=abc`));
    blob.route('POST /upload', json(200, { stored: true }));
    const { mcp } = await connect({ JOB_ALLOWED_ORIGINS: blob.url });
    try {
      const result = await mcp.call('call_plain', { body: { note: 'payload' } });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(blob.requests).toHaveLength(1);
      expect(blob.requests[0]).toMatchObject({ method: 'POST', body: '{"note":"payload"}', url: '/upload?sig=abc' });
      expectNoCredentials(blob);
      expect(blob.requests[0]!.headers.cookie).toBeUndefined();
    } finally {
      await mcp.close();
    }
  });

  it('a redirect loop ends after a bounded number of hops with a clear error', async () => {
    api.requests.length = 0;
    api.route('POST /plain', redirect(307, '/loop'));
    api.route('POST /loop', redirect(307, '/loop'));
    const { mcp } = await connect();
    try {
      const result = await mcp.call('call_plain', {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/redirected more than 5 times/);
      expect(api.requests.filter((r) => r.url.startsWith('/loop'))).toHaveLength(5);
    } finally {
      await mcp.close();
    }
  });
});

describe('poll, cancel and result requests', () => {
  it('a monitor answering 307 is followed each time; the stored poll URL never changes', async () => {
    api.requests.length = 0;
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/monitor/1' }).end());
    api.route('GET /monitor/1', redirect(307, '/monitor/moved'));
    api.route('GET /monitor/moved', json(200, { status: 'working' }));
    const { mcp, store } = await connect();
    try {
      const jobId = jobIdOf(await mcp.call('start_export', {}));
      for (let i = 0; i < 2; i++)
        expect((await mcp.call('export_status', { job_id: jobId })).structuredContent).toMatchObject({ state: 'running' });
      expect(store.records.get(jobId)!.pollUrl).toBe(`${api.url}/monitor/1`);
      expect(api.requests.filter((r) => r.url.split('?')[0] === '/monitor/1')).toHaveLength(2);
    } finally {
      await mcp.close();
    }
  });

  it('a monitor answering 303 is "see other": the document there decides, never the status code', async () => {
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/monitor/2' }).end());
    api.route('GET /monitor/2', redirect(303, '/elsewhere/2'));
    api.route('GET /elsewhere/2', json(200, { status: 'working' }));
    const { mcp } = await connect();
    try {
      const jobId = jobIdOf(await mcp.call('start_export', {}));
      const status = await mcp.call('export_status', { job_id: jobId });
      expect(status.structuredContent).toMatchObject({ state: 'running', terminal: false });
    } finally {
      await mcp.close();
    }
  });

  it('a monitor redirecting to a foreign origin: a clear error naming it, nothing sent there', async () => {
    evil.requests.length = 0;
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/monitor/3' }).end());
    api.route('GET /monitor/3', redirect(302, `${evil.url}/steal`));
    const { mcp } = await connect();
    try {
      const jobId = jobIdOf(await mcp.call('start_export', {}));
      const status = await mcp.call('export_status', { job_id: jobId });
      expect(status.isError).toBe(true);
      expect(textOf(status)).toMatch(
        new RegExp(`status check of job ${jobId} failed: .*${evil.url.replace(/[.:/]/g, '\\$&')}[\\s\\S]*JOB_ALLOWED_ORIGINS`),
      );
      expect(evil.requests).toHaveLength(0);
    } finally {
      await mcp.close();
    }
  });

  it('a cancel URL and a result URL redirecting to a foreign origin: refused, nothing sent there', async () => {
    evil.requests.length = 0;
    api.route(
      'POST /export',
      (_req, res) =>
        void res.writeHead(202, { 'operation-location': '/monitor/4', 'x-cancel-url': '/cancel/4', location: '/result/4' }).end(),
    );
    api.route('GET /monitor/4', json(200, { status: 'working' }));
    api.route('POST /cancel/4', redirect(307, `${evil.url}/steal`));
    const { mcp } = await connect();
    try {
      const jobId = jobIdOf(await mcp.call('start_export', {}));
      const cancel = await mcp.call('export_cancel', { job_id: jobId });
      expect(textOf(cancel)).toContain(`redirect to ${evil.url}`);
      api.route('GET /monitor/4', json(200, { status: 'done' }));
      api.route('GET /result/4', redirect(302, `${evil.url}/steal`));
      const result = await mcp.call('export_result', { job_id: jobId });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`redirect to ${evil.url}`);
      expect(evil.requests).toHaveLength(0);
    } finally {
      await mcp.close();
    }
  });

  it('an allowed result host gets the redirected GET without any credential', async () => {
    blob.requests.length = 0;
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/monitor/5', location: '/result/5' }).end());
    api.route('GET /monitor/5', json(200, { status: 'done' }));
    api.route('GET /result/5', redirect(302, `${blob.url}/file/5?sig=s`));
    blob.route('GET /file/5', json(200, { rows: 5 }));
    const { mcp } = await connect({ JOB_ALLOWED_ORIGINS: blob.url });
    try {
      const jobId = jobIdOf(await mcp.call('start_export', {}));
      const result = await mcp.call('export_result', { job_id: jobId });
      expect(result.structuredContent, textOf(result)).toMatchObject({ result: { rows: 5 }, result_location: `${blob.url}/file/5?sig=s` });
      expectNoCredentials(blob);
    } finally {
      await mcp.close();
    }
  });
});
