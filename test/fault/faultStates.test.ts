/**
 * Issue 9 item 4: faults end in the state that says what happened. A request that never left is
 * `rejected` (dedupe key free, start and status agree); an answer over the size cap, unparseable, badly
 * encoded or 10,000 levels deep is never `succeeded` and never crashes anything; a slow drip is a timeout;
 * a start orphaned by a dead server says so and, without an idempotency key, names the list tool.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialPartition, hashInputs } from '../../templates/runtime/core/idempotency.js';
import type { JobRecord } from '../../templates/runtime/store/types.js';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';
import { MemoryJobStore } from '../runtime/memoryStore.js';
import { makeRecord } from '../runtime/store/makeRecord.js';
import { connectRuntime, hostileDefinition, KEY_ENV, KEY_SCHEMES, textOf } from './hostile.js';

let api: LocalUpstream;
let closedPort: number;
beforeAll(async () => {
  api = await startLocalUpstream();
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await api?.close();
});

type Status = { job_id: string; state: string; terminal: boolean; error?: Record<string, unknown> };
const def = () => hostileDefinition(KEY_SCHEMES);
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

async function run(env: Record<string, string>, store = new MemoryJobStore()) {
  const mcp = await connectRuntime(def(), { ...KEY_ENV, ...env }, store);
  return { mcp, store, records: () => [...store.records.values()] };
}

describe('a request that was never sent is rejected, not unknown', () => {
  it.each([
    ['connection refused', () => `http://127.0.0.1:${closedPort}`, /ECONNREFUSED/],
    ['DNS failure', () => 'http://no-such-host.invalid', /ENOTFOUND|EAI_AGAIN/],
    ["fetch's blocked port", () => 'http://127.0.0.1:6000', /bad port/],
  ])('%s: rejected, key released, start and status agree, an identical retry is new work', async (_label, baseUrl, cause) => {
    const store = new MemoryJobStore();
    const down = await run({ API_BASE_URL: baseUrl() }, store);
    let jobId: string;
    try {
      const start = await down.mcp.call('start_export', { body: { note: 'same' } });
      expect(start.isError).toBe(true);
      expect(textOf(start)).toMatch(cause);
      expect(textOf(start)).toMatch(/not sent[\s\S]*Hint: Nothing reached the upstream/);
      const [record] = down.records();
      expect(record).toMatchObject({ phase: 'rejected', state: 'failed', dedupeKey: null, error: { reason: 'not_sent' } });
      jobId = record!.id;
      const status = await down.mcp.call('export_status', { job_id: jobId });
      expect(status.structuredContent).toMatchObject({ state: 'failed', terminal: true, error: { reason: 'not_sent' } });
      expect(JSON.stringify(status.structuredContent)).toMatch(/Nothing reached the upstream/);
    } finally {
      await down.mcp.close();
    }
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/m/retry' }).end());
    const up = await run({ API_BASE_URL: api.url }, store);
    try {
      const retry = await up.mcp.call('start_export', { body: { note: 'same' } });
      expect(retry.structuredContent).toMatchObject({ deduplicated: false });
      expect((retry.structuredContent as Status).job_id).not.toBe(jobId);
    } finally {
      await up.mcp.close();
    }
  });

  it('a header value that cannot be encoded: refused before anything is claimed', async () => {
    const before = api.requests.length;
    const { mcp, records } = await run({ API_BASE_URL: api.url, HDR_KEY: 'ключ-0123456789' });
    try {
      const start = await mcp.call('start_export', {});
      expect(start.isError).toBe(true);
      expect(textOf(start)).toMatch(/not sent: the value of header "x-api-key" cannot be sent[\s\S]*No job was created/);
      expect(records()).toHaveLength(0);
      expect(api.requests.length).toBe(before);
    } finally {
      await mcp.close();
    }
  });
});

describe('answers that cannot be read whole are never "succeeded"', () => {
  const big = `{"status":"done","pad":"${'p'.repeat(9 * 1024 * 1024)}"}`;
  const rows: Array<[string, Record<string, string>, () => string, string, RegExp]> = [
    ['over the 8 MiB cap', { 'content-type': 'application/json' }, () => big, 'oversize', /larger than the 8388608 bytes the server reads/],
    ['declared JSON that does not parse', { 'content-type': 'application/json' }, () => '{"status":"done",', 'unparseable', /invalid JSON/],
    [
      'JSON 10,000 levels deep',
      { 'content-type': 'application/json' },
      () => `{"status":"done","d":${deep(10_000)}}`,
      'unparseable',
      /deeper than 256 levels/,
    ],
    [
      'a gzip Content-Encoding that is not gzip',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      () => 'not gzip at all',
      'unparseable',
      /could not be read/,
    ],
  ];
  it.each(rows)('start answered 200 %s, nothing to poll: failed with the reason', async (_label, headers, body, reason, message) => {
    api.route('POST /export', (_req, res) => void res.writeHead(200, headers).end(body()));
    const { mcp, records } = await run({ API_BASE_URL: api.url });
    try {
      const start = await mcp.call('start_export', {});
      expect(start.structuredContent).toMatchObject({ state: 'failed', terminal: true });
      const status = await mcp.call('export_status', { job_id: (start.structuredContent as Status).job_id });
      expect(status.structuredContent).toMatchObject({ state: 'failed', error: { reason } });
      expect((status.structuredContent as Status).error!.message).toMatch(message);
      expect(records()[0]).toMatchObject({ phase: 'accepted', state: 'failed' });
    } finally {
      await mcp.close();
    }
  });

  it('a well-encoded gzip body is read as usual (the encoding check is not a false alarm)', async () => {
    api.route(
      'POST /export',
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"status":"done"}')),
    );
    const { mcp } = await run({ API_BASE_URL: api.url });
    try {
      expect((await mcp.call('start_export', {})).structuredContent).toMatchObject({ state: 'succeeded' });
    } finally {
      await mcp.close();
    }
  });

  it('an oversize 202 that still names its monitor is tracked, not failed and not succeeded', async () => {
    api.route(
      'POST /export',
      (_req, res) => void res.writeHead(202, { 'content-type': 'application/json', 'operation-location': '/m/big' }).end(big),
    );
    api.route('GET /m/big', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"working"}'));
    const { mcp, records } = await run({ API_BASE_URL: api.url });
    try {
      const start = await mcp.call('start_export', {});
      expect(start.structuredContent).toMatchObject({ state: 'queued', terminal: false });
      expect(records()[0]!.snapshot).toEqual({ body_problem: expect.stringMatching(/larger than/) });
      const status = await mcp.call('export_status', { job_id: (start.structuredContent as Status).job_id });
      expect(status.structuredContent).toMatchObject({ state: 'running' });
    } finally {
      await mcp.close();
    }
  });

  it('a 10,000-deep monitor document does not crash the status tool', async () => {
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/m/deep' }).end());
    api.route(
      'GET /m/deep',
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"status":"working","d":${deep(10_000)}}`),
    );
    const { mcp } = await run({ API_BASE_URL: api.url });
    try {
      const start = await mcp.call('start_export', {});
      const status = await mcp.call('export_status', { job_id: (start.structuredContent as Status).job_id });
      expect(textOf(status)).not.toMatch(/call stack/);
      expect(status.structuredContent).toMatchObject({ terminal: false });
    } finally {
      await mcp.close();
    }
  });
});

describe('hostile arguments and slow answers', () => {
  it('10,000-deep arguments get a clear error from start and plain tools; nothing is sent or stored', async () => {
    const before = api.requests.length;
    const { mcp, records } = await run({ API_BASE_URL: api.url });
    try {
      const body = { note: 'x', nested: JSON.parse(deep(10_000)) };
      for (const tool of ['start_export', 'call_plain']) {
        const result = await mcp.call(tool, { body });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/nested deeper than 256 levels/);
      }
      expect(records()).toHaveLength(0);
      expect(api.requests.length).toBe(before);
    } finally {
      await mcp.close();
    }
  });

  it('a body that drips past the timeout is a timeout with an honest message (the status line did arrive)', async () => {
    api.route('POST /export', (_req, res) => {
      res.writeHead(202, { 'content-type': 'application/json' });
      res.write('{"status":');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const { mcp, records } = await run({
      API_BASE_URL: api.url,
      UPSTREAM_TIMEOUT_MS: '400',
      JOB_BACKGROUND_TIMEOUT_MS: '400',
      JOB_START_WAIT_MS: '3000',
    });
    try {
      const start = await mcp.call('start_export', {});
      expect(start.isError).toBe(true);
      expect(textOf(start)).toMatch(/answered HTTP 202 but its body did not arrive within 400 ms/);
      expect(records()[0]).toMatchObject({ phase: 'unknown' });
    } finally {
      await mcp.close();
    }
  });
});

describe('a start orphaned by a dead server (kill -9 mid-start)', () => {
  // What a server killed between claiming the record and hearing from the upstream leaves behind.
  const orphan = (id: string, upstreamIdempotencyKey: string | null): JobRecord =>
    makeRecord({
      id,
      family: 'export',
      operation: 'start_export',
      phase: 'pending',
      upstreamStatus: null,
      upstreamId: null,
      pathParams: {},
      inputHash: hashInputs('export', 'start_export', {}),
      partition: credentialPartition(KEY_ENV),
      dedupeKey: `h:${hashInputs('export', 'start_export', {})}`,
      dedupeUntil: Date.now() + 3_600_000,
      upstreamIdempotencyKey,
      args: {},
      createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
      expiresAt: Date.now() + 3_600_000,
    });

  it('without an idempotency key: start, status, cancel and result say the same, name the list tool, send nothing', async () => {
    const d = hostileDefinition(KEY_SCHEMES, 'header:Operation-Location', { listTool: 'list_exports' });
    const store = new MemoryJobStore();
    // The record a killed server leaves behind: pending, claimed long ago, in this server's partition.
    await store.create(orphan('job_orphan', null), Date.now());
    const before = api.requests.length;
    const mcp = await connectRuntime(d, { API_BASE_URL: api.url, ...KEY_ENV }, store);
    try {
      const texts = [textOf(await mcp.call('start_export', {}))];
      for (const tool of ['export_status', 'export_cancel', 'export_result'])
        texts.push(textOf(await mcp.call(tool, { job_id: 'job_orphan' })));
      expect(api.requests.length).toBe(before);
      for (const text of texts) {
        expect(text).toContain('was interrupted: the server stopped before the upstream answered');
        expect(text).toContain('not re-sent automatically');
        expect(text).toContain('Look for it with list_exports (a job created around 2026-01-02T03:04:05.000Z');
      }
      expect(new Set(texts).size).toBe(1);
    } finally {
      await mcp.close();
    }
  });

  it('with an upstream idempotency key: status says a retry re-sends safely, and the retry does', async () => {
    const d = hostileDefinition(KEY_SCHEMES, 'header:Operation-Location', { listTool: 'list_exports' });
    d.families[0]!.starts[0]!.idempotency = { in: 'header', name: 'Idempotency-Key' };
    const store = new MemoryJobStore();
    await store.create(orphan('job_orphan_keyed', 'key-0001'), Date.now());
    api.route('POST /export', (_req, res) => void res.writeHead(202, { 'operation-location': '/m/keyed' }).end());
    const mcp = await connectRuntime(d, { API_BASE_URL: api.url, ...KEY_ENV }, store);
    try {
      const status = await mcp.call('export_status', { job_id: 'job_orphan_keyed' });
      expect(textOf(status)).toMatch(/was interrupted[\s\S]*Call start_export again with the same arguments[\s\S]*at most once/);
      const retry = await mcp.call('start_export', {});
      expect(retry.structuredContent).toMatchObject({ job_id: 'job_orphan_keyed', state: 'queued' });
      expect(api.requests.at(-1)!.headers['idempotency-key']).toBe('key-0001');
    } finally {
      await mcp.close();
    }
  });
});
