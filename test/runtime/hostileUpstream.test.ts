/**
 * Upstreams that misbehave: poll URLs on foreign origins (SSRF), secrets echoed back, bodies without a
 * Content-Type, binary and huge bodies, 303 redirects and moving Locations while polling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { connect, textOf } from './harness.js';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
let other: LocalUpstream;

beforeAll(async () => {
  api = await startLocalUpstream();
  other = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
  await other?.close();
});

const SECRET = 'sk-live-0123456789abcdef';
const schemes = [{ key: 'bearer', type: 'bearer' as const, env: { token: 'API_TOKEN' } }];

function exportDefinition(startPath: string) {
  const def = definition(
    [op({ tool: 'start_export', method: 'POST', path: startPath, role: 'start', security: [['bearer']] })],
    [
      family({
        name: 'export',
        starts: [
          {
            operation: 'start_export',
            idFrom: null,
            pollUrlFrom: ['header:Location'],
            cancelUrlFrom: null,
            preferAsync: false,
            idempotency: null,
          },
        ],
        poll: { via: 'header:Location' },
        statusField: 'status',
        states: { done: 'succeeded', working: 'running' },
      }),
    ],
  );
  def.securitySchemes = schemes;
  return def;
}

describe('poll URLs on another origin', () => {
  it('are refused with a hint, and nothing is sent there', async () => {
    api.route('POST /export-evil', (_req, res) => void res.writeHead(202, { location: `${other.url}/steal` }).end());
    const mcp = await connect(exportDefinition('/export-evil'), { env: { API_BASE_URL: api.url, API_TOKEN: SECRET } });
    try {
      const start = await mcp.call('start_export', {});
      const jobId = (start.structuredContent as { job_id: string }).job_id;
      const status = await mcp.call('export_status', { job_id: jobId });
      expect(status.isError).toBe(true);
      expect(textOf(status)).toMatch(/not on the upstream's origin[\s\S]*JOB_ALLOWED_ORIGINS/);
      expect(other.requests).toHaveLength(0);
    } finally {
      await mcp.close();
    }
  });

  it('are followed when allowed, without the credentials', async () => {
    api.route('POST /export-blob', (_req, res) => void res.writeHead(202, { location: `${other.url}/status/1` }).end());
    other.route('GET /status/1', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"done"}'));
    const mcp = await connect(exportDefinition('/export-blob'), {
      env: { API_BASE_URL: api.url, API_TOKEN: SECRET, JOB_ALLOWED_ORIGINS: `${other.url}, not a url` },
    });
    try {
      const start = await mcp.call('start_export', {});
      expect(api.requests.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);
      const status = await mcp.call('export_status', { job_id: (start.structuredContent as { job_id: string }).job_id });
      expect(status.structuredContent).toMatchObject({ state: 'succeeded' });
      expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
    } finally {
      await mcp.close();
    }
  });
});

describe('moving targets while polling', () => {
  it('follows a new Location on a 202 poll, then a 303 to the finished resource', async () => {
    api.route('POST /export-move', (_req, res) => void res.writeHead(202, { location: '/poll/a' }).end());
    api.route('GET /poll/a', (_req, res) => void res.writeHead(202, { location: '/poll/b' }).end());
    api.route('GET /poll/b', (_req, res) => void res.writeHead(303, { location: '/exports/9' }).end());
    api.route('GET /exports/9', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":9}'));
    const mcp = await connect(exportDefinition('/export-move'), { env: { API_BASE_URL: api.url, API_TOKEN: SECRET } });
    try {
      const jobId = ((await mcp.call('start_export', {})).structuredContent as { job_id: string }).job_id;
      expect((await mcp.call('export_status', { job_id: jobId })).structuredContent).toMatchObject({ state: 'running' });
      const done = await mcp.call('export_status', { job_id: jobId });
      expect(done.structuredContent).toMatchObject({ state: 'succeeded', result_location: `${api.url}/exports/9` });
      // The poll went to the relative URL resolved against the API, with the token (same origin).
      expect(api.requests.filter((r) => r.url === '/poll/b')).toHaveLength(1);
      expect(api.requests.find((r) => r.url === '/poll/b')!.headers.authorization).toBe(`Bearer ${SECRET}`);
    } finally {
      await mcp.close();
    }
  });
});

describe('a status monitor answering without a status', () => {
  it('retries an HTML 200 a bounded number of times and then fails the job, while Location polling treats 200 as done', async () => {
    const monitorDef = exportDefinition('/export-html');
    monitorDef.families[0]!.starts[0]!.pollUrlFrom = ['header:Operation-Location'];
    monitorDef.families[0]!.poll = { via: 'header:Operation-Location' };
    api.route('POST /export-html', (_req, res) => void res.writeHead(202, { 'operation-location': '/monitor/html' }).end());
    api.route(
      'GET /monitor/html',
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway hiccup</html>'),
    );
    const mcp = await connect(monitorDef, { env: { API_BASE_URL: api.url, API_TOKEN: SECRET } });
    try {
      const jobId = ((await mcp.call('start_export', {})).structuredContent as { job_id: string }).job_id;
      // A hiccup is not an ending: the first status call keeps the state and says why.
      const first = (await mcp.call('export_status', { job_id: jobId })).structuredContent as { state: string; message: string };
      expect(first).toMatchObject({ state: 'queued', terminal: false });
      expect(first.message).toContain('not JSON');
      expect(api.requests.filter((r) => r.url === '/monitor/html')).toHaveLength(2);
      // Still unreadable on the next call: the job ends, with the reason, instead of running forever.
      const ended = (await mcp.call('export_status', { job_id: jobId })).structuredContent as Record<string, unknown>;
      expect(ended).toMatchObject({ state: 'failed', terminal: true, error: { http_status: 200 } });
      expect(JSON.stringify(ended.error)).toContain('3 times in a row');
      expect(ended.message).toContain("See error for the upstream's reason.");
    } finally {
      await mcp.close();
    }
    api.route('POST /export-loc', (_req, res) => void res.writeHead(202, { location: '/loc/1' }).end());
    api.route('GET /loc/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n1,2\n'));
    const loc = await connect(exportDefinition('/export-loc'), { env: { API_BASE_URL: api.url, API_TOKEN: SECRET } });
    try {
      const jobId = ((await loc.call('start_export', {})).structuredContent as { job_id: string }).job_id;
      expect((await loc.call('export_status', { job_id: jobId })).structuredContent).toMatchObject({ state: 'succeeded' });
    } finally {
      await loc.close();
    }
  });
});

describe('secrets and odd bodies in plain tools', () => {
  const ops = [
    op({ tool: 'echo_auth', method: 'GET', path: '/echo-auth', security: [['bearer']] }),
    op({ tool: 'no_type', method: 'GET', path: '/no-type', output: z.object({ a: z.number() }) }),
    op({ tool: 'binary', method: 'GET', path: '/binary' }),
    op({ tool: 'huge', method: 'GET', path: '/huge' }),
  ];
  const def = { ...definition(ops), securitySchemes: schemes };

  it('scrubs a credential the upstream echoes back', async () => {
    api.route(
      'GET /echo-auth',
      (req, res) =>
        void res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `bad token ${req.headers.authorization}` })),
    );
    const mcp = await connect(def, { env: { API_BASE_URL: api.url, API_TOKEN: SECRET } });
    try {
      const result = await mcp.call('echo_auth', {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).not.toContain(SECRET);
      expect(textOf(result)).toMatch(/\[redacted\][\s\S]*check API_TOKEN/);
    } finally {
      await mcp.close();
    }
  });

  it('parses JSON without a Content-Type, previews binary and keeps huge bodies by reference', async () => {
    api.route('GET /no-type', (_req, res) => void res.writeHead(200).end('{"a":1}'));
    api.route(
      'GET /binary',
      (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])),
    );
    api.route('GET /huge', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2_000_000)));
    const mcp = await connect(def, { env: { API_BASE_URL: api.url } });
    try {
      expect((await mcp.call('no_type', {})).structuredContent).toEqual({ a: 1 });
      expect(textOf(await mcp.call('binary', {}))).toMatch(/\[binary body: 8 bytes, image\/png\]/);
      // Above JOB_RESULT_INLINE_MAX_BYTES the body is kept whole beside a call record (jobs/largeAnswer.ts), and
      // the answer names it with a bounded preview (it used to be cut to a 20,000-character preview and lost).
      const huge = await mcp.call('huge', {});
      expect(textOf(huge).length).toBeLessThan(25_000);
      expect(huge.structuredContent).toMatchObject({ mcp_answer: { size_bytes: 2_000_000, truncated: false } });
      expect(textOf(huge)).toContain('is 2000000 bytes of text/plain');
    } finally {
      await mcp.close();
    }
  });

  it('cancels the upstream request when the client cancels its call', async () => {
    let upstreamSawClose = false;
    api.route('GET /hang', (req, res) => {
      res.on('close', () => {
        upstreamSawClose = true;
      });
      void req;
    });
    const hang = definition([op({ tool: 'hang', method: 'GET', path: '/hang' })]);
    const mcp = await connect(hang, { env: { API_BASE_URL: api.url, UPSTREAM_TIMEOUT_MS: '20000' } });
    try {
      const controller = new AbortController();
      const call = mcp.client.callTool({ name: 'hang', arguments: {} }, undefined, { signal: controller.signal });
      await new Promise((r) => setTimeout(r, 150));
      controller.abort();
      await expect(call).rejects.toThrow();
      for (let i = 0; i < 20 && !upstreamSawClose; i++) await new Promise((r) => setTimeout(r, 50));
      expect(upstreamSawClose).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  it('refuses to call an operation whose credentials are not configured', async () => {
    const mcp = await connect(def, { env: { API_BASE_URL: api.url } });
    try {
      const before = api.requests.length;
      const result = await mcp.call('echo_auth', {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('set API_TOKEN');
      expect(api.requests.length).toBe(before);
    } finally {
      await mcp.close();
    }
  });
});
