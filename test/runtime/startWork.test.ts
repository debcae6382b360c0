/**
 * The work a start carries in its server (issue 10): its request runs under a lease with the background
 * timeout, a start answered with a finished job returns its outcome at once, a start whose server died is
 * re-sent by the recovery scan when its upstream key makes that safe and ends interrupted (naming the
 * family's list tool) when not, staleness respects the lease, and the status view shows attempts, the last
 * error and a stall (counted once). In process, against a local upstream the test answers by hand.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRuntimeConfig } from '../../templates/runtime/core/config.js';
import type { RuntimeContext } from '../../templates/runtime/core/context.js';
import { Lifecycle } from '../../templates/runtime/core/lifecycle.js';
import { NOOP_OBSERVER } from '../../templates/runtime/core/observe.js';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { LeaseKeeper } from '../../templates/runtime/jobs/leases.js';
import { RecoveryScanner } from '../../templates/runtime/jobs/recovery.js';
import { findHint } from '../../templates/runtime/jobs/serverWork.js';
import { resumeStart, startJob } from '../../templates/runtime/jobs/start.js';
import { isStalePending } from '../../templates/runtime/jobs/startResult.js';
import { jobStatus } from '../../templates/runtime/jobs/status.js';
import type { JobRecord } from '../../templates/runtime/store/types.js';
import { batchFamily, batchOps, definition, family, op } from './defs.js';
import { heldRoute, type LocalUpstream, startLocalUpstream } from './localUpstream.js';
import { MemoryJobStore } from './memoryStore.js';

const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

// A start without an upstream idempotency key, on an API that lists its renders.
const renderOps: OperationSpec[] = [
  op({
    tool: 'create_render',
    method: 'POST',
    path: '/renders',
    role: 'start',
    input: z.object({ body: z.object({ scene: z.string() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'get_render',
    method: 'GET',
    path: '/renders/{id}',
    role: 'internal',
    input: z.object({ id: z.string() }),
    params: [{ arg: 'id', name: 'id', in: 'path', required: true }],
  }),
];
const renderFamily: JobFamilySpec = family({
  name: 'render',
  starts: [{ operation: 'create_render', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_render', idParam: 'id', carry: [] },
  states: { running: 'running', done: 'succeeded' },
  listTool: 'list_renders',
});
const timedBatch: JobFamilySpec = { ...batchFamily, expectedDurationMs: 1_000 };

let upstream: LocalUpstream;
let store: MemoryJobStore;
let ctx: RuntimeContext;
let keeper: LeaseKeeper;
let clockShift = 0;
/** Every context a test made (beforeEach's and any it replaced it with): each is drained and its keeper stopped. */
let made: Array<{ context: RuntimeContext; keeper: LeaseKeeper }> = [];

function makeContext(env: Record<string, string> = {}): RuntimeContext {
  const def = definition([...batchOps, ...renderOps], [timedBatch, renderFamily]);
  const context: RuntimeContext = {
    def,
    config: readRuntimeConfig(def, { API_BASE_URL: upstream.url, JOB_START_WAIT_MS: '0', ...env }),
    store,
    fetch: globalThis.fetch,
    now: () => Date.now() + clockShift,
    operations: new Map(def.operations.map((o: OperationSpec) => [o.tool, o])),
    lifecycle: new Lifecycle(),
    partition: 'anonymous',
  };
  keeper = new LeaseKeeper(store, { leaseMs: 15_000, now: context.now, owner: 'r_test' });
  context.leases = keeper;
  made.push({ context, keeper });
  return context;
}

const batchArgs = { body: { input_file_id: 'f1', endpoint: '/v1/x', completion_window: '24h' } };
const startBatch = (c: RuntimeContext, args: Record<string, unknown> = batchArgs) =>
  startJob(c, timedBatch, timedBatch.starts[0]!, batchOps[0]!, args);
const startRender = (c: RuntimeContext, args: Record<string, unknown>) =>
  startJob(c, renderFamily, renderFamily.starts[0]!, renderOps[0]!, args);
const only = (): JobRecord => [...store.records.values()][0]!;

beforeEach(async () => {
  clockShift = 0;
  upstream = await startLocalUpstream();
  store = new MemoryJobStore();
  ctx = makeContext();
});
afterEach(async () => {
  for (const { context, keeper: k } of made) {
    await context.lifecycle.drain(2000);
    await k.stop();
  }
  made = [];
  await upstream.close();
});

describe('a start under a lease', () => {
  it('holds the lease while its request runs and releases it once the answer is recorded', async () => {
    const held = heldRoute(upstream, 'POST /batches', () => ({ id: 'b1', status: 'validating' }));
    const started = await startBatch(ctx);
    expect(started.structuredContent).toMatchObject({ state: 'queued', terminal: false });
    const id = (started.structuredContent as { job_id: string }).job_id;
    expect(store.leases.get(id)).toMatchObject({ owner: 'r_test' });
    expect(keeper.holds(id)).toBe(true);
    expect(only()).toMatchObject({ phase: 'pending', attempts: 1 });
    await held.release();
    await ctx.lifecycle.drain(2000);
    expect(only()).toMatchObject({ phase: 'accepted', upstreamId: 'b1', attempts: 1 });
    expect(store.leases.size).toBe(0);
    expect(keeper.holds(id)).toBe(false);
  });

  it('sends with the background timeout: a start slower than UPSTREAM_TIMEOUT_MS still lands its answer', async () => {
    ctx = makeContext({ UPSTREAM_TIMEOUT_MS: '100', JOB_BACKGROUND_TIMEOUT_MS: '10000' });
    const held = heldRoute(upstream, 'POST /batches', () => ({ id: 'b-slow', status: 'in_progress' }));
    await startBatch(ctx);
    // Well past the foreground timeout before the upstream answers.
    await new Promise((r) => setTimeout(r, 400));
    await held.release();
    await ctx.lifecycle.drain(2000);
    expect(only()).toMatchObject({ phase: 'accepted', state: 'running', upstreamId: 'b-slow' });
  });

  it('without a lease keeper keeps UPSTREAM_TIMEOUT_MS (nothing would recover a longer send)', async () => {
    ctx = makeContext({ UPSTREAM_TIMEOUT_MS: '100', JOB_BACKGROUND_TIMEOUT_MS: '10000' });
    ctx.leases = undefined;
    const held = heldRoute(upstream, 'POST /batches', () => ({ id: 'b-late', status: 'in_progress' }));
    await startBatch(ctx);
    await ctx.lifecycle.drain(3000);
    expect(only()).toMatchObject({ phase: 'unknown' });
    expect(only().attempts).toBeUndefined();
    await held.release();
  });
});

describe('a start answered with a finished job', () => {
  it('returns the result in the start output', async () => {
    upstream.route(
      'POST /batches',
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b2","status":"completed","output":{"rows":3}}'),
    );
    const started = await startBatch(makeContext({ JOB_START_WAIT_MS: '5000' }));
    expect(started.isError).toBeFalsy();
    expect(started.structuredContent).toMatchObject({
      state: 'succeeded',
      terminal: true,
      poll_after_ms: 0,
      result: { id: 'b2', status: 'completed', output: { rows: 3 } },
    });
    expect(textOf(started)).toContain('It already succeeded: the result is in result.');
  });

  it('returns the error of a job that had already failed', async () => {
    upstream.route(
      'POST /batches',
      (_req, res) =>
        void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"id":"b3","status":"failed","errors":{"data":[{"code":"invalid_file"}]}}'),
    );
    const started = await startBatch(makeContext({ JOB_START_WAIT_MS: '5000' }));
    expect(started.structuredContent).toMatchObject({ state: 'failed', terminal: true, error: { data: [{ code: 'invalid_file' }] } });
    expect(started.structuredContent).not.toHaveProperty('result');
    expect(textOf(started)).toContain('It already failed: see error');
  });
});

describe('recovery of a start whose server died', () => {
  /** What kill -9 right after the claim leaves: a pending record whose lease lapsed, never sent. */
  async function orphan(start: (c: RuntimeContext) => Promise<CallToolResult>): Promise<string> {
    const dead = makeContext();
    const deadKeeper = new LeaseKeeper(store, { leaseMs: 1, now: () => Date.now() - 60_000, owner: 'r_dead' });
    dead.leases = {
      owner: 'r_dead',
      leaseMs: 1,
      newLease: () => deadKeeper.newLease(),
      holds: () => false,
      run: (_id, work) => new Promise(() => void work),
    };
    ctx = makeContext();
    const handle = await start(dead);
    return (handle.structuredContent as { job_id: string }).job_id;
  }

  it('re-sends a start that carries an upstream key, with the same key, once', async () => {
    const keys: string[] = [];
    upstream.route('POST /batches', (req, res) => {
      keys.push(String(req.headers['idempotency-key']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b4","status":"in_progress"}');
    });
    const id = await orphan((c) => startBatch(c));
    const scanner = new RecoveryScanner(ctx, keeper, { resumeStart });
    expect(await scanner.scanOnce()).toMatchObject({ claimed: 1, resent: 1, interrupted: 0 });
    await ctx.lifecycle.drain(2000);
    expect(store.records.get(id)).toMatchObject({ phase: 'accepted', state: 'running', upstreamId: 'b4', attempts: 2 });
    expect(keys).toEqual([store.records.get(id)!.upstreamIdempotencyKey]);
    expect(store.leases.size).toBe(0);
  });

  it('ends a POST without a key interrupted, names the list tool, and a blind retry is told, not sent', async () => {
    const id = await orphan((c) => startRender(c, { body: { scene: 'dusk' } }));
    const scanner = new RecoveryScanner(ctx, keeper, { resumeStart, findHint: (record) => findHint(ctx, record) });
    expect(await scanner.scanOnce()).toMatchObject({ claimed: 1, resent: 0, interrupted: 1 });
    const record = store.records.get(id)!;
    expect(record).toMatchObject({ phase: 'interrupted', state: 'failed', error: { reason: 'interrupted' } });
    expect(record.lastError).toMatch(/^interrupted: may have run upstream/);
    expect(record.lastError).toMatch(/look for it with list_renders: a job created around \d{4}-/);

    const status = await jobStatus(ctx, renderFamily, { job_id: id });
    expect(status.structuredContent).toMatchObject({ state: 'failed', terminal: true, attempts: 1, last_error: record.lastError });
    expect((status.structuredContent as { message: string }).message).toBe(`Job ${id} failed: ${record.lastError}`);

    const retry = await startRender(ctx, { body: { scene: 'dusk' } });
    expect(retry.isError).toBe(true);
    expect(textOf(retry)).toContain(`An identical start (job ${id}) was interrupted: it may have run upstream`);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('isStalePending', () => {
  const base = { phase: 'pending', updatedAt: 0 } as JobRecord;
  // UPSTREAM_TIMEOUT_MS 1 s, JOB_BACKGROUND_TIMEOUT_MS 60 s, JOB_LEASE_MS 15 s, slack 5 s.
  it.each([
    ['an old record (no attempts), past one upstream timeout', {}, 6_001, true],
    ['an old record, within one upstream timeout', {}, 5_999, false],
    ['a leased start, long past the upstream timeout', { attempts: 1 }, 60_000, false],
    ['a leased start, past its send timeout plus two leases', { attempts: 1 }, 95_001, true],
    ['an accepted job', { phase: 'accepted', attempts: 1 }, 10_000_000, false],
  ] as const)('%s → %s', (_what, fields, now, stale) => {
    const c = makeContext({ UPSTREAM_TIMEOUT_MS: '1000', JOB_BACKGROUND_TIMEOUT_MS: '60000', JOB_LEASE_MS: '15000' });
    c.now = () => now;
    expect(isStalePending(c, { ...base, ...fields } as JobRecord)).toBe(stale);
  });
});

describe('the status view of a stalled job', () => {
  it('flags a job whose status has not moved for far longer than expected, and counts it once', async () => {
    upstream.route(
      'POST /batches',
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b5","status":"in_progress"}'),
    );
    upstream.route(
      'GET /batches/b5',
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"b5","status":"in_progress"}'),
    );
    let counted = 0;
    ctx.observer = { ...NOOP_OBSERVER, stalled: () => void counted++ };
    const started = await startBatch(makeContext({ JOB_START_WAIT_MS: '5000' }));
    const id = (started.structuredContent as { job_id: string }).job_id;
    const fresh = await jobStatus(ctx, timedBatch, { job_id: id });
    expect(fresh.structuredContent).toMatchObject({ state: 'running', stalled: false, attempts: 1, last_error: null });

    // Expected 1 s; unchanged for 10 min (the stall threshold is max(3 × expected, expected + 5 min)).
    clockShift = 10 * 60_000;
    const late = await jobStatus(ctx, timedBatch, { job_id: id });
    expect(late.structuredContent).toMatchObject({ state: 'running', stalled: true });
    expect((late.structuredContent as { message: string }).message).toMatch(/Stalled: the status has stayed "in_progress" for 10 min/);
    await jobStatus(ctx, timedBatch, { job_id: id });
    expect(counted).toBe(1);
    expect(store.records.get(id)!.stalledAt).toBeGreaterThan(0);
  });
});
