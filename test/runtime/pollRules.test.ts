/**
 * Polls that go wrong end honestly, for every family (issue 15 item 6): what each HTTP code does to a job, a
 * start answered 5xx retried only where a repeat is safe, and a finished job that shows what the upstream said
 * when no result or reason field is known (item 4).
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpMethod, IdempotencySpec } from '../../templates/runtime/definition.js';
import { pollVerdict, unreadableBody } from '../../templates/runtime/jobs/pollVerdict.js';
import { startRetryable } from '../../templates/runtime/jobs/startRetry.js';
import { parseBytes } from '../../templates/runtime/upstream/http.js';
import { definition, family, op } from './defs.js';
import { connect, type Status, structured, textOf } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
beforeAll(async () => {
  api = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
});

describe('pollVerdict: what a poll answer code means for the job', () => {
  const rows: Array<[number, ReturnType<typeof pollVerdict>]> = [
    [200, 'read'],
    [202, 'read'],
    [204, 'read'],
    [303, 'read'],
    [400, 'failed'],
    [401, 'credentials'],
    [403, 'credentials'],
    [404, 'missing'],
    [405, 'failed'],
    [408, 'transient'],
    [409, 'conflict'],
    [410, 'missing'],
    [422, 'failed'],
    [425, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [502, 'transient'],
    [503, 'transient'],
  ];
  it.each(rows)('HTTP %i → %s', (code, verdict) => expect(pollVerdict(code)).toBe(verdict));

  it('a monitor body is unreadable when it is not JSON, binary, or cut at the size cap; empty is readable', () => {
    const body = (text: string, type: string | null, truncated = false) => parseBytes(Buffer.from(text), type, text.length, truncated);
    expect(unreadableBody(body('{"status":"Running"}', 'application/json'))).toBeNull();
    expect(unreadableBody(body('', null))).toBeNull();
    expect(unreadableBody(body('<html>oops</html>', 'text/html'))).toMatch(/not JSON/);
    expect(unreadableBody(body('{"status":', 'application/json'))).toMatch(/not JSON/);
    expect(unreadableBody(body('{"status":"Running"}', 'application/json', true))).toMatch(/size limit/);
    expect(unreadableBody(parseBytes(Buffer.from([0, 1, 2, 255]), 'application/octet-stream', 4, false))).toMatch(/binary/);
  });

  it('a start is repeated only for PUT, DELETE, or with an upstream idempotency key', () => {
    const rows: Array<[HttpMethod, boolean, boolean]> = [
      ['PUT', false, true],
      ['DELETE', false, true],
      ['POST', false, false],
      ['PATCH', false, false],
      ['POST', true, true],
      ['PATCH', true, true],
    ];
    for (const [method, key, safe] of rows) expect(startRetryable(method, key), `${method} key=${key}`).toBe(safe);
  });
});

/** A generic job polled through Location, its state in `state` (no Azure marker). */
function jobDef(path: string, method: HttpMethod = 'POST', idempotency: IdempotencySpec | null = null) {
  return definition(
    [op({ tool: 'start', method, path, role: 'start', input: z.object({ idempotency_key: z.string().optional() }) })],
    [
      family({
        name: 'job',
        tools: { status: 'job_status', cancel: null, result: null },
        starts: [
          { operation: 'start', idFrom: null, pollUrlFrom: ['header:Location'], cancelUrlFrom: null, preferAsync: false, idempotency },
        ],
        poll: { via: 'header:Location' },
        statusField: 'state',
        states: { working: 'running', done: 'succeeded', broken: 'failed' },
      }),
    ],
  );
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function started(path: string, monitor: (res: ServerResponse, n: number) => void, now?: () => number) {
  api.route(`POST ${path}`, (_q, res) => void res.writeHead(202, { location: `${path}/monitor` }).end());
  let n = 0;
  api.route(`GET ${path}/monitor`, (_q, res) => monitor(res, n++));
  const mcp = await connect(jobDef(path), { env: { API_BASE_URL: api.url }, ...(now ? { now } : {}) });
  const jobId = structured<{ job_id: string }>(await mcp.call('start')).job_id;
  const status = async () =>
    structured<Status & { message: string; upstream_document?: unknown }>(await mcp.call('job_status', { job_id: jobId }));
  return { mcp, status, polls: () => n };
}

describe('poll answers that end a job, and those that do not', () => {
  it('a 400 ends the job failed with the body as the reason, whatever the body says', async () => {
    const job = await started('/p400', (res) => json(res, 400, { state: 'working', message: 'bad request id' }));
    try {
      const s = await job.status();
      expect(s).toMatchObject({ state: 'failed', terminal: true, error: { http_status: 400, body: { message: 'bad request id' } } });
      expect(s.message).toContain("See error for the upstream's reason.");
    } finally {
      await job.mcp.close();
    }
  });

  it('5xx and 429 are retried within the call and never terminal', async () => {
    const job = await started('/p503', (res, n) => (n < 3 ? json(res, 503, { error: 'busy' }) : json(res, 200, { state: 'done' })));
    try {
      const first = await job.status();
      expect(first).toMatchObject({ state: 'queued', terminal: false });
      expect(first.message).toContain('HTTP 503');
      expect(job.polls()).toBe(3);
      expect(await job.status()).toMatchObject({ state: 'succeeded' });
    } finally {
      await job.mcp.close();
    }
    const throttled = await started('/p429', (res, n) => (n === 0 ? json(res, 429, {}) : json(res, 200, { state: 'working' })));
    try {
      expect(await throttled.status()).toMatchObject({ state: 'running' });
      expect(throttled.polls()).toBe(2);
    } finally {
      await throttled.mcp.close();
    }
  });

  it('a 409 leaves the state as it was', async () => {
    const job = await started('/p409', (res) => json(res, 409, { error: 'conflict' }));
    try {
      const s = await job.status();
      expect(s).toMatchObject({ state: 'queued', terminal: false });
      expect(job.polls()).toBe(1);
    } finally {
      await job.mcp.close();
    }
  });

  it('a 404 just after the start is replication lag; later it ends the job', async () => {
    let clock = Date.now();
    const job = await started(
      '/p404',
      (res) => json(res, 404, { error: 'NotFound' }),
      () => clock,
    );
    try {
      const young = await job.status();
      expect(young).toMatchObject({ state: 'queued', terminal: false });
      expect(young.message).toContain('does not know this job yet');
      clock += 60_000;
      expect(await job.status()).toMatchObject({ state: 'failed', error: { http_status: 404, body: { error: 'NotFound' } } });
    } finally {
      await job.mcp.close();
    }
  });

  it('a failed job with no error field shows its last document and points at it, not at an absent error', async () => {
    const job = await started('/pdoc', () => undefined);
    api.route('GET /pdoc/monitor', (_q, res) => json(res, 200, { state: 'broken', why: 'disk full' }));
    try {
      const s = await job.status();
      expect(s).toMatchObject({ state: 'failed', upstream_document: { state: 'broken', why: 'disk full' } });
      expect(s).not.toHaveProperty('error');
      expect(s.message).not.toContain('See error');
      expect(s.message).toContain('See upstream_document');
    } finally {
      await job.mcp.close();
    }
  });
});

describe('a start answered 5xx', () => {
  async function start(method: HttpMethod, path: string, idempotency: IdempotencySpec | null = null) {
    let calls = 0;
    api.route(`${method} ${path}`, (_q, res) =>
      ++calls === 1 ? json(res, 503, { error: 'busy' }) : void res.writeHead(202, { location: `${path}/m` }).end(),
    );
    const mcp = await connect(jobDef(path, method, idempotency), { env: { API_BASE_URL: api.url } });
    try {
      return { result: await mcp.call('start'), calls: () => calls };
    } finally {
      await mcp.close();
    }
  }

  it('is sent again for a PUT, and for a POST carrying the upstream idempotency key', async () => {
    const put = await start('PUT', '/s-put');
    expect(put.calls()).toBe(2);
    expect(structured<{ state: string }>(put.result).state).toBe('queued');
    const keyed = await start('POST', '/s-key', { in: 'header', name: 'Idempotency-Key' });
    expect(keyed.calls()).toBe(2);
    expect(api.requests.filter((r) => r.url === '/s-key').map((r) => r.headers['idempotency-key'])).toHaveLength(2);
    const keys = new Set(api.requests.filter((r) => r.url === '/s-key').map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
  });

  it('is sent again with the cookie the 5xx answer set, and so is a poll answered 5xx', async () => {
    const withCookie = (req: { headers: Record<string, string | string[] | undefined> }) =>
      String(req.headers.cookie ?? '').includes('retry=1');
    api.route('PUT /s-cookie', (req, res) =>
      withCookie(req)
        ? void res.writeHead(202, { location: '/s-cookie/m', 'set-cookie': 'retry=; Max-Age=0' }).end()
        : void res.writeHead(500, { 'set-cookie': 'retry=1; Path=/' }).end(),
    );
    api.route('GET /s-cookie/m', (req, res) =>
      withCookie(req) ? json(res, 200, { state: 'done' }) : void res.writeHead(503, { 'set-cookie': 'retry=1; Path=/' }).end(),
    );
    const mcp = await connect(jobDef('/s-cookie', 'PUT'), { env: { API_BASE_URL: api.url } });
    try {
      const job = structured<{ job_id: string; state: string }>(await mcp.call('start'));
      expect(job.state).toBe('queued');
      expect(structured<Status>(await mcp.call('job_status', { job_id: job.job_id })).state).toBe('succeeded');
      const cookies = api.requests.filter((r) => r.url.startsWith('/s-cookie')).map((r) => `${r.method} ${r.headers.cookie ?? '-'}`);
      expect(cookies).toEqual(['PUT -', 'PUT retry=1', 'GET -', 'GET retry=1']);
    } finally {
      await mcp.close();
    }
  });

  it('is never repeated for a POST without a key: its first attempt may have started the work', async () => {
    const post = await start('POST', '/s-post');
    expect(post.calls()).toBe(1);
    expect(post.result.isError).toBe(true);
    expect(textOf(post.result)).toContain('503');
  });
});
