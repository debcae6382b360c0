/**
 * The watcher in a real process: runMain over the compiled runtime (dist/templates/runtime) with a SQLite store,
 * one job started and never asked about. The watcher polls it on its own (the test waits for that poll, not for a
 * time); on SIGTERM the process exits 0 and leaves no watch lease in the store: the watcher was stopped, and its
 * leases released, before the store closed.
 */

import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWatchLease } from '../../templates/runtime/jobs/watcher.js';
import { openStore } from '../../templates/runtime/store/index.js';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';
import { batchMainSource, prepareRuntimeDir, startRuntimeProcess } from './runtimeProcess.js';

const root = process.cwd();
const dir = join(root, '.tmp', `runtime-sigterm-watcher-${process.pid}`);
const storeUrl = `sqlite:${join(dir, 'jobs.sqlite')}`;
let upstream: LocalUpstream;
let child: ChildProcess | undefined;
let polls = 0;
let polled: () => void = () => undefined;
const firstPoll = new Promise<void>((resolve) => {
  polled = resolve;
});

beforeAll(async () => {
  await prepareRuntimeDir(dir, batchMainSource({ name: 'sigterm-watcher-test' }));
  upstream = await startLocalUpstream();
  upstream.route('POST /batches', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b1","status":"validating"}');
  });
  upstream.route('GET /batches/b1', (_req, res) => {
    polls += 1;
    polled();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b1","status":"in_progress"}');
  });
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runMain with the watcher', () => {
  it('polls a job nobody asks about, and on SIGTERM stops the watcher and releases its lease before the store closes', async () => {
    const running = await startRuntimeProcess(dir, {
      API_BASE_URL: upstream.url,
      JOB_STORE_URL: storeUrl,
      JOB_WATCH_INTERVAL_MS: '250',
      LOG_LEVEL: 'silent',
    });
    child = running.child;
    const { url, exited } = running;
    const client = new Client({ name: 'sigterm-watcher', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const started = (await client.callTool({ name: 'create_batch', arguments: {} })) as CallToolResult;
    expect(started.isError, JSON.stringify(started)).toBeFalsy();
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    await client.close();
    // No status call: the watcher's own poll.
    await firstPoll;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(polls).toBeGreaterThan(0);

    const store = await openStore(storeUrl);
    try {
      expect((await store.get(jobId))?.state).toBe('running');
      const leases = await store.expiredLeases(Number.MAX_SAFE_INTEGER, 100);
      expect(leases.filter((lease) => isWatchLease(lease.id))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
