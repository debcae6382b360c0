/**
 * Async promotion of slow plain calls, in process against a local upstream whose answers the test releases
 * by hand (no sleeps, no timing assertions): a call answered in time returns its result; a slower one a
 * handle whose status later holds the real result, with one upstream request; duplicates, keys and recovery.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRuntimeConfig } from '../../templates/runtime/core/config.js';
import type { RuntimeContext } from '../../templates/runtime/core/context.js';
import { Lifecycle } from '../../templates/runtime/core/lifecycle.js';
import type { OperationSpec } from '../../templates/runtime/definition.js';
import { callStatus } from '../../templates/runtime/jobs/callStatus.js';
import { LeaseKeeper } from '../../templates/runtime/jobs/leases.js';
import { callPromotable, callResumer, HANDLE_KEY, isPromotable, type PresentSuccess } from '../../templates/runtime/jobs/promotedCall.js';
import { RecoveryScanner } from '../../templates/runtime/jobs/recovery.js';
import { successResult } from '../../templates/runtime/mcp/plainTools.js';
import { definition, op } from './defs.js';
import { heldRoute, type LocalUpstream, startLocalUpstream } from './localUpstream.js';
import { MemoryJobStore } from './memoryStore.js';

const textOf = (result: CallToolResult): string => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

const present: PresentSuccess = (o, status, body) => successResult(o, status, body, []);

const generate = op({
  tool: 'create_image',
  method: 'POST',
  path: '/images',
  input: z.object({ prompt: z.string(), idempotency_key: z.string().optional() }),
  output: z.object({ url: z.string() }),
  body: { arg: 'body', mediaType: 'application/json', required: true },
  promote: { expectedDurationMs: 45_000, announce: true },
});
// The body arg holds the prompt object.
generate.input = z.object({ body: z.object({ prompt: z.string() }), idempotency_key: z.string().optional() });
const putReport = op({
  tool: 'put_report',
  method: 'PUT',
  path: '/reports/{id}',
  input: z.object({ id: z.string() }),
  params: [{ arg: 'id', name: 'id', in: 'path', required: true }],
  promote: {},
});
const keyed = op({
  tool: 'create_speech',
  method: 'POST',
  path: '/speech',
  input: z.object({ body: z.object({ text: z.string() }) }),
  body: { arg: 'body', mediaType: 'application/json', required: true },
  promote: { idempotency: { in: 'header', name: 'Idempotency-Key' } },
});

let upstream: LocalUpstream;
let store: MemoryJobStore;
let ctx: RuntimeContext;
let keeper: LeaseKeeper;

function makeContext(env: Record<string, string> = {}): RuntimeContext {
  const def = { ...definition([generate, putReport, keyed]), callStatusTool: 'call_status', listJobsTool: 'list_jobs' };
  const context: RuntimeContext = {
    def,
    config: readRuntimeConfig(def, { API_BASE_URL: upstream.url, JOB_PROMOTE_AFTER_MS: '50', ...env }),
    store,
    fetch: globalThis.fetch,
    now: Date.now,
    operations: new Map(def.operations.map((o: OperationSpec) => [o.tool, o])),
    lifecycle: new Lifecycle(),
    partition: 'anonymous',
  };
  keeper = new LeaseKeeper(store, { leaseMs: 15_000, now: context.now, owner: 'r_test' });
  context.leases = keeper;
  return context;
}

beforeEach(async () => {
  upstream = await startLocalUpstream();
  store = new MemoryJobStore();
  ctx = makeContext();
});
afterEach(async () => {
  await ctx.lifecycle.drain(2000);
  await keeper.stop();
  await upstream.close();
});

describe('callPromotable', () => {
  it('returns the result of a call answered in time, as the plain tool would, and frees its key', async () => {
    ctx = makeContext({ JOB_PROMOTE_AFTER_MS: '600000' });
    upstream.route(
      'POST /images',
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"url":"https://img/1"}'),
    );
    const result = await callPromotable(ctx, generate, { body: { prompt: 'a cat' } }, present);
    expect(result.structuredContent).toEqual({ url: 'https://img/1' });
    expect(textOf(result)).toContain('HTTP 200');
    const [record] = [...store.records.values()];
    expect(record).toMatchObject({ family: 'call:create_image', phase: 'accepted', state: 'succeeded', dedupeKey: null });
    expect(store.leases.size).toBe(0);
    // The caller has the answer: an identical call later is deliberate new work.
    await callPromotable(ctx, generate, { body: { prompt: 'a cat' } }, present);
    expect(upstream.requests).toHaveLength(2);
  });

  it('answers a slow call with a handle; its status later holds the real result, from one upstream request', async () => {
    const held = heldRoute(upstream, 'POST /images', () => ({ url: 'https://img/slow' }));
    const first = await callPromotable(ctx, generate, { body: { prompt: 'a dog' } }, present);
    const handle = (first.structuredContent as Record<string, { job_id: string; status_tool: string; state: string }>)[HANDLE_KEY]!;
    expect(handle).toMatchObject({ state: 'running', status_tool: 'call_status', deduplicated: false });
    expect(textOf(first)).toContain('has not answered within 50 ms');
    expect(keeper.holds(handle.job_id)).toBe(true);
    const running = await callStatus(ctx, { job_id: handle.job_id });
    expect(running.structuredContent).toMatchObject({ state: 'running', terminal: false, attempts: 1, stalled: false });
    // An agent retrying meanwhile gets the same job, and nothing is sent again.
    const retry = await callPromotable(ctx, generate, { body: { prompt: 'a dog' } }, present);
    expect((retry.structuredContent as Record<string, { job_id: string; deduplicated: boolean }>)[HANDLE_KEY]).toMatchObject({
      job_id: handle.job_id,
      deduplicated: true,
    });
    await held.release();
    const done = await callStatus(ctx, { job_id: handle.job_id, wait_ms: 5_000 });
    expect(done.structuredContent).toMatchObject({
      state: 'succeeded',
      terminal: true,
      http_status: 200,
      result: { url: 'https://img/slow' },
    });
    expect(held.hits()).toBe(1);
    expect(store.leases.size).toBe(0);
    // Inside the window an identical call returns the stored outcome, still without a request.
    const again = await callPromotable(ctx, generate, { body: { prompt: 'a dog' } }, present);
    expect(again.structuredContent).toEqual({ url: 'https://img/slow' });
    expect(textOf(again)).toContain('no new request was sent');
    expect(held.hits()).toBe(1);
  });

  it('keeps a background answer that could not be parsed as succeeded, and says why it is shown raw', async () => {
    const waiting: Array<() => void> = [];
    upstream.route('POST /images', (_req: IncomingMessage, res: ServerResponse) => {
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"url": "https://img/cut"');
          resolve();
        });
      });
    });
    const first = await callPromotable(ctx, generate, { body: { prompt: 'a fox' } }, present);
    const handle = (first.structuredContent as Record<string, { job_id: string }>)[HANDLE_KEY]!;
    while (waiting.length === 0) await new Promise((r) => setTimeout(r, 5));
    waiting.shift()!();
    const done = await callStatus(ctx, { job_id: handle.job_id, wait_ms: 5_000 });
    // The work ran upstream (and may be billed): failing it would invite a second run.
    expect(done.structuredContent).toMatchObject({ state: 'succeeded', http_status: 200, result: '{"url": "https://img/cut"' });
    const problem = (done.structuredContent as { answer_problem: string }).answer_problem;
    expect(problem).toMatch(/^The upstream answered HTTP 200, but its answer could not be parsed \(invalid JSON/);
    expect(textOf(done)).toContain(problem);
    // An identical call inside the window gets the stored answer with the same reason beside it.
    const again = await callPromotable(ctx, generate, { body: { prompt: 'a fox' } }, present);
    expect(textOf(again)).toContain(problem);
    expect(upstream.requests).toHaveLength(1);
  });

  it('makes one upstream request for concurrent identical calls', async () => {
    const held = heldRoute(upstream, 'POST /images', () => ({ url: 'https://img/c' }));
    const calls = Array.from({ length: 10 }, () => callPromotable(ctx, generate, { body: { prompt: 'same' } }, present));
    const handles = await Promise.all(calls);
    const ids = new Set(handles.map((r) => (r.structuredContent as Record<string, { job_id: string }>)[HANDLE_KEY]!.job_id));
    expect(ids.size).toBe(1);
    await held.release();
    await ctx.lifecycle.drain(2000);
    expect(held.hits()).toBe(1);
  });

  it('refuses a key reused with other arguments, and keeps an agent key after a delivered answer', async () => {
    ctx = makeContext({ JOB_PROMOTE_AFTER_MS: '600000' });
    upstream.route('POST /images', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"url":"u"}'));
    await callPromotable(ctx, generate, { body: { prompt: 'one' }, idempotency_key: 'k-1' }, present);
    const replay = await callPromotable(ctx, generate, { body: { prompt: 'one' }, idempotency_key: 'k-1' }, present);
    expect(replay.structuredContent).toEqual({ url: 'u' });
    expect(upstream.requests).toHaveLength(1);
    const conflict = await callPromotable(ctx, generate, { body: { prompt: 'two' }, idempotency_key: 'k-1' }, present);
    expect(conflict.isError).toBe(true);
    expect(textOf(conflict)).toContain('already used');
  });

  it('sends a derived upstream idempotency key where the operation declares one', async () => {
    ctx = makeContext({ JOB_PROMOTE_AFTER_MS: '600000' });
    upstream.route('POST /speech', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await callPromotable(ctx, keyed, { body: { text: 'hi' } }, present);
    const [record] = [...store.records.values()];
    expect(upstream.requests[0]!.headers['idempotency-key']).toBe(record!.upstreamIdempotencyKey);
    expect(record!.upstreamIdempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records a refused call as failed and frees its key', async () => {
    ctx = makeContext({ JOB_PROMOTE_AFTER_MS: '600000' });
    upstream.route(
      'POST /images',
      (_req, res) => void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad prompt"}'),
    );
    const result = await callPromotable(ctx, generate, { body: { prompt: 'x' } }, present);
    expect(result.isError).toBe(true);
    expect([...store.records.values()][0]).toMatchObject({
      phase: 'rejected',
      state: 'failed',
      dedupeKey: null,
      error: { http_status: 400 },
    });
  });

  it('is off for an operation whose output already has the handle key, and when JOB_PROMOTE_AFTER_MS is 0', () => {
    expect(isPromotable(ctx, generate)).toBe(true);
    expect(isPromotable(ctx, { ...generate, output: z.object({ [HANDLE_KEY]: z.string() }) })).toBe(false);
    expect(isPromotable(makeContext({ JOB_PROMOTE_AFTER_MS: '0' }), generate)).toBe(false);
  });
});

describe('recovery of promoted calls', () => {
  async function orphan(tool: 'put_report' | 'create_image', args: Record<string, unknown>) {
    // What a server killed mid-call leaves: a pending record whose lease lapsed.
    const dead = makeContext();
    const deadKeeper = new LeaseKeeper(store, { leaseMs: 1, now: () => Date.now() - 60_000, owner: 'r_dead' });
    dead.leases = {
      ...deadKeeper,
      owner: 'r_dead',
      leaseMs: 1,
      newLease: () => deadKeeper.newLease(),
      holds: () => false,
      run: (_id, work) => new Promise(() => void work),
    };
    // The dead process never got to send (run() drops the work), like a kill -9 right after the claim.
    const held = heldRoute(upstream, `${tool === 'put_report' ? 'PUT /reports/r1' : 'POST /images'}`, () => ({ ok: true }));
    const op = tool === 'put_report' ? putReport : generate;
    dead.config = { ...dead.config, promoteAfterMs: 1 };
    const handle = await callPromotable(dead, op, args, present);
    return { id: (handle.structuredContent as Record<string, { job_id: string }>)[HANDLE_KEY]!.job_id, held };
  }

  it('re-sends a PUT whose server died, and ends a POST without a key as interrupted, which a retry is told', async () => {
    const put = await orphan('put_report', { id: 'r1' });
    const post = await orphan('create_image', { body: { prompt: 'lost' } });
    const scanner = new RecoveryScanner(ctx, keeper, { resumeCall: callResumer(present) });
    const report = await scanner.scanOnce();
    expect(report).toMatchObject({ claimed: 2, resent: 1, interrupted: 1 });
    await put.held.release(1);
    const resent = await callStatus(ctx, { job_id: put.id, wait_ms: 5_000 });
    expect(resent.structuredContent).toMatchObject({ state: 'succeeded', attempts: 2 });
    const failed = await callStatus(ctx, { job_id: post.id });
    expect(failed.structuredContent).toMatchObject({ state: 'failed', terminal: true, attempts: 1 });
    expect((failed.structuredContent as { last_error: string }).last_error).toMatch(/^interrupted: may have run upstream/);
    // A blind retry is told what happened instead of running the paid work again.
    const retry = await callPromotable(ctx, generate, { body: { prompt: 'lost' } }, present);
    expect(retry.isError).toBe(true);
    expect(textOf(retry)).toContain('interrupted: may have run upstream');
    expect(post.held.hits()).toBe(0);
    expect(put.held.hits()).toBe(1);
  });
});
