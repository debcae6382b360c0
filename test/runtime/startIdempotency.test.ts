/**
 * Idempotent starts through the job tools: concurrent identical starts make one upstream call (on the
 * in-memory store and on the real SQLite store), an unknown outcome is recorded and re-sent only with the same
 * upstream key, and a refused start frees its key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalArgs, credentialPartition, dedupeKeyFor, hashInputs } from '../../templates/runtime/core/idempotency.js';
import { openStore } from '../../templates/runtime/store/index.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition, batchOps } from './defs.js';
import type { Connected } from './harness.js';
import { connect, textOf } from './harness.js';
import { MemoryJobStore } from './memoryStore.js';
import { makeRecord } from './store/makeRecord.js';

let upstream: FakeUpstream;
let dir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  dir = mkdtempSync(join(tmpdir(), 'runtime-idem-'));
});
afterAll(async () => {
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

// A start's request has the background timeout (it outlives the start tool's wait): both short here.
const env = () => ({ API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '400', JOB_BACKGROUND_TIMEOUT_MS: '400' });
// The concurrency cases test dedupe, not timeouts: 50 calls on a loaded 2-core CI machine can take longer than 400 ms.
const roomyEnv = () => ({ ...env(), UPSTREAM_TIMEOUT_MS: '10000', JOB_BACKGROUND_TIMEOUT_MS: '10000' });
const batch = (file: string) => ({ body: { input_file_id: file, endpoint: '/v1/chat/completions', completion_window: '24h' } });

async function fiftyAtOnce(mcp: Connected, file: string): Promise<void> {
  const before = upstream.count('POST /batches');
  const results = await Promise.all(Array.from({ length: 50 }, () => mcp.call('create_batch', batch(file))));
  for (const r of results) expect(r.isError, textOf(r)).toBeFalsy();
  const ids = new Set(results.map((r) => (r.structuredContent as { job_id: string }).job_id));
  expect(ids.size).toBe(1);
  expect(results.filter((r) => (r.structuredContent as { deduplicated: boolean }).deduplicated)).toHaveLength(49);
  expect(upstream.count('POST /batches') - before).toBe(1);
}

describe('concurrent identical starts', () => {
  it('make one upstream call on the in-memory store', async () => {
    const store = new MemoryJobStore();
    store.writeDelayMs = 5;
    const mcp = await connect(allJobsDefinition(), { env: roomyEnv(), store });
    try {
      await fiftyAtOnce(mcp, 'file-50-memory');
    } finally {
      await mcp.close();
    }
  });

  it('make one upstream call on the SQLite store', async () => {
    const store = await openStore(`sqlite:${join(dir, 'jobs.sqlite')}`);
    const mcp = await connect(allJobsDefinition(), { env: roomyEnv(), store: store as MemoryJobStore });
    try {
      await fiftyAtOnce(mcp, 'file-50-sqlite');
    } finally {
      await mcp.close();
      await store.close();
    }
  });
});

describe('unknown outcome', () => {
  it('records the job as unknown and re-sends with the same upstream key on retry', async () => {
    const mcp = await connect(allJobsDefinition(), { env: env() });
    try {
      upstream.inject('POST /batches', { delayMs: 3_000, times: 1 });
      const first = await mcp.call('create_batch', { ...batch('file-unknown'), idempotency_key: 'agent-key-7' });
      expect(first.isError).toBe(true);
      expect(textOf(first)).toMatch(/unknown whether the job exists[\s\S]*same upstream idempotency key/);
      const record = [...mcp.store.records.values()].find((r) => r.dedupeKey?.includes('agent-key-7'))!;
      expect(record.phase).toBe('unknown');
      const status = await mcp.call('batch_status', { job_id: record.id });
      expect(status.isError).toBe(true);
      expect(textOf(status)).toContain('unknown whether the job exists');

      const retry = await mcp.call('create_batch', { ...batch('file-unknown'), idempotency_key: 'agent-key-7' });
      const started = retry.structuredContent as { job_id: string; deduplicated: boolean };
      expect(retry.isError, textOf(retry)).toBeFalsy();
      expect(started.job_id).toBe(record.id);
      const sent = upstream.log.filter((r) => r.method === 'POST' && r.path === '/batches').slice(-2);
      expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['agent-key-7', 'agent-key-7']);
      expect(mcp.store.records.get(record.id)!.phase).toBe('accepted');
    } finally {
      await mcp.close();
    }
  });

  it('without an agent key, a same-arguments retry re-sends the same derived upstream key', async () => {
    const mcp = await connect(allJobsDefinition(), { env: env() });
    try {
      upstream.inject('POST /batches', { delayMs: 3_000, times: 1 });
      expect((await mcp.call('create_batch', batch('file-unknown-derived'))).isError).toBe(true);
      const retry = await mcp.call('create_batch', batch('file-unknown-derived'));
      expect(retry.isError, textOf(retry)).toBeFalsy();
      const sent = upstream.log.filter((r) => r.method === 'POST' && r.path === '/batches').slice(-2);
      const keys = sent.map((r) => r.headers['idempotency-key']);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await mcp.close();
    }
  });

  it('without an upstream idempotency parameter, reports that work may have started instead of re-sending', async () => {
    const mcp = await connect(allJobsDefinition(), { env: env() });
    try {
      upstream.inject('POST /predictions', { delayMs: 3_000, times: 1 });
      const args = { body: { version: 'v9', input: { unknown: true } } };
      const first = await mcp.call('create_prediction', args);
      expect(first.isError).toBe(true);
      const before = upstream.count('POST /predictions');
      const retry: CallToolResult = await mcp.call('create_prediction', args);
      expect(retry.isError).toBe(true);
      expect(textOf(retry)).toMatch(/may have started work[\s\S]*not re-sent automatically/);
      expect(upstream.count('POST /predictions')).toBe(before);
    } finally {
      await mcp.close();
    }
  });
});

describe('a start still in flight', () => {
  it('is waited for by status, reported plainly by cancel, and joined by an identical start', async () => {
    const mcp = await connect(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '3000' } });
    try {
      upstream.inject('POST /batches', { delayMs: 700, times: 1, status: 200, body: { id: 'batch_slow', status: 'validating' } });
      const first = mcp.call('create_batch', batch('file-in-flight'));
      await new Promise((r) => setTimeout(r, 150));
      const pending = [...mcp.store.records.values()].find((r) => r.phase === 'pending')!;
      expect(pending).toBeDefined();
      const cancel = await mcp.call('batch_cancel', { job_id: pending.id });
      expect(cancel.structuredContent).toMatchObject({ outcome: 'not_cancellable' });
      const [joined, status] = await Promise.all([
        mcp.call('create_batch', batch('file-in-flight')),
        mcp.call('batch_status', { job_id: pending.id, wait_ms: 400 }),
      ]);
      expect(joined.structuredContent).toMatchObject({ job_id: pending.id, deduplicated: true });
      expect(status.isError, textOf(status)).toBeFalsy();
      expect((await first).structuredContent).toMatchObject({ job_id: pending.id, upstream_status: 'validating' });
    } finally {
      await mcp.close();
    }
  });
});

describe('a slow upstream start', () => {
  it('returns the handle within JOB_START_WAIT_MS; the outcome lands in the record, also across shutdown', async () => {
    const mcp = await connect(allJobsDefinition(), { env: { ...env(), UPSTREAM_TIMEOUT_MS: '5000', JOB_START_WAIT_MS: '300' } });
    upstream.inject('POST /batches', { delayMs: 1200, times: 1, status: 200, body: { id: 'batch_slow2', status: 'in_progress' } });
    // No wall-clock bound: `upstream_status: null` and the text below can only hold if the tool answered before
    // the upstream did (1200 ms later), which is what JOB_START_WAIT_MS promises.
    const start = await mcp.call('create_batch', batch('file-slow-start'));
    expect(start.isError, textOf(start)).toBeFalsy();
    expect(start.structuredContent).toMatchObject({ state: 'queued', upstream_status: null, deduplicated: false });
    expect(textOf(start)).toMatch(/not answered the start yet/);
    const jobId = (start.structuredContent as { job_id: string }).job_id;
    const status = await mcp.call('batch_status', { job_id: jobId });
    expect(textOf(status)).toMatch(/being started/);
    // Closing drains the background start: its outcome is recorded before the store would close.
    await mcp.close();
    expect(mcp.store.records.get(jobId)).toMatchObject({ phase: 'accepted', upstreamId: 'batch_slow2', upstreamStatus: 'in_progress' });
  });
});

describe('a start whose server died mid-call', () => {
  it('is treated as unknown: status says so, and a retry re-sends with the recorded upstream key', async () => {
    const mcp = await connect(allJobsDefinition(), { env: env() });
    try {
      const input = { ...batch('file-crashed'), idempotency_key: 'crash-key' };
      const args = canonicalArgs(input, batchOps[0]!.input);
      const inputHash = hashInputs('batch', 'create_batch', args);
      const longAgo = Date.now() - 120_000;
      // What a server killed between claiming the record and hearing from the upstream leaves behind.
      await mcp.store.create(
        makeRecord({
          id: 'job_crashed',
          phase: 'pending',
          upstreamStatus: null,
          upstreamId: null,
          pathParams: {},
          inputHash,
          partition: credentialPartition({}),
          dedupeKey: dedupeKeyFor('crash-key', inputHash),
          dedupeUntil: Date.now() + 3_600_000,
          upstreamIdempotencyKey: 'crash-key',
          args,
          createdAt: longAgo,
          expiresAt: Date.now() + 3_600_000,
        }),
        Date.now(),
      );
      const status = await mcp.call('batch_status', { job_id: 'job_crashed' });
      expect(textOf(status)).toContain('unknown whether the job exists');
      const retry = await mcp.call('create_batch', input);
      expect(retry.isError, textOf(retry)).toBeFalsy();
      expect(retry.structuredContent).toMatchObject({ job_id: 'job_crashed', deduplicated: false });
      expect(upstream.log.filter((r) => r.path === '/batches' && r.method === 'POST').at(-1)!.headers['idempotency-key']).toBe('crash-key');
    } finally {
      await mcp.close();
    }
  });
});

describe('refused starts', () => {
  it('are not dedupe targets: fixing nothing and retrying reaches the upstream again', async () => {
    const mcp = await connect(allJobsDefinition(), { env: env() });
    try {
      upstream.inject('POST /batches', { status: 400, body: { error: { message: 'quota' } }, times: 1 });
      const first = await mcp.call('create_batch', batch('file-refused'));
      expect(first.isError).toBe(true);
      expect(textOf(first)).toMatch(/HTTP 400[\s\S]*quota/);
      const second = await mcp.call('create_batch', batch('file-refused'));
      expect(second.isError, textOf(second)).toBeFalsy();
      expect((second.structuredContent as { deduplicated: boolean }).deduplicated).toBe(false);
    } finally {
      await mcp.close();
    }
  });
});
