/**
 * The watcher (jobs/watcher.ts): two replicas over one store never poll the same job at once (its watch lease,
 * on every backend), a job nobody asks about is marked stalled and, at the end of its retention, expired, a
 * client that asks with a progress token keeps it watched, and shutdown stops the watcher before the store
 * closes. Time is a clock the test moves and every tick is driven by the test (the timer is set far out), so
 * nothing sleeps and nothing is timed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { stallThresholdMs } from '../../templates/runtime/jobs/stall.js';
import { abandonedAt, WATCH_INTEREST_MS, watchLeaseId } from '../../templates/runtime/jobs/watcher.js';
import { buildMcpServer, createRuntime, type Runtime } from '../../templates/runtime/mcp/server.js';
import { openStore } from '../../templates/runtime/store/index.js';
import type { JobRecord, JobStore } from '../../templates/runtime/store/types.js';
import { batchFamily, batchOps, definition } from './defs.js';
import { structured } from './harness.js';
import { MemoryJobStore } from './memoryStore.js';
import { BACKENDS, missingServerMessage } from './store/backends.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const body = { input_file_id: 'f', endpoint: '/v1/chat/completions', completion_window: '24h' };

/** An upstream of batch jobs b1, b2, …: every poll answers `in_progress`; polls counted per job. */
function upstream() {
  const polls = new Map<string, number>();
  let created = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if ((init?.method ?? 'GET') === 'POST' && url.pathname === '/batches') return json(200, { id: `b${++created}`, status: 'validating' });
    const id = url.pathname.split('/')[2] ?? '';
    polls.set(id, (polls.get(id) ?? 0) + 1);
    return json(200, { id, status: 'in_progress' });
  };
  return { fetch: fetchImpl, polls: (id = 'b1') => polls.get(id) ?? 0 };
}

interface Replica {
  runtime: Runtime;
  call(name: string, args?: Record<string, unknown>, onprogress?: () => void): Promise<CallToolResult>;
  tick(): ReturnType<NonNullable<Runtime['work']['watcher']>['tickOnce']>;
  close(): Promise<void>;
}

/** A replica: a runtime over `store`, its watcher's timer out of the way, and an SDK client over an in-memory link. */
async function replica(
  store: JobStore,
  fetchImpl: typeof fetch,
  clock: { now: number },
  options: { family?: JobFamilySpec; env?: Record<string, string>; metrics?: boolean } = {},
): Promise<Replica> {
  const def = definition(batchOps, [options.family ?? batchFamily]);
  const env = {
    API_BASE_URL: 'http://upstream.test',
    LOG_LEVEL: 'silent',
    JOB_POLL_PACE: 'on',
    JOB_WATCH: 'on',
    JOB_WATCH_INTERVAL_MS: '600000',
    ...options.env,
  };
  const runtime = await createRuntime(def, {
    store,
    env,
    fetch: fetchImpl,
    now: () => clock.now,
    random: () => 0.5,
    metrics: options.metrics ?? false,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = buildMcpServer(runtime);
  await server.connect(serverSide);
  const client = new Client({ name: 'watcher-test', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  return {
    runtime,
    call: (name, args = {}, onprogress) =>
      client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined) as Promise<CallToolResult>,
    tick: () => runtime.work.watcher!.tickOnce(),
    async close() {
      await client.close();
      await runtime.close();
      await server.close();
    },
  };
}

async function start(r: Replica): Promise<string> {
  return structured<{ job_id: string }>(await r.call('create_batch', { body })).job_id;
}

describe.each(BACKENDS)('the watch lease across two replicas: $name', (backend) => {
  if (backend.freshUrl() === null) {
    if (process.env.CI) {
      it(`has ${backend.env} (required in CI)`, () => {
        throw new Error(missingServerMessage(backend));
      });
    } else it.skip(missingServerMessage(backend), () => undefined);
    return;
  }
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close().catch(() => undefined);
  });
  afterAll(async () => {
    await backend.cleanup();
  });

  it('one replica watches the job and polls it once per window; the other takes over when its lease lapses', async () => {
    const url = backend.freshUrl() as string;
    // Two replicas: two connections to one store, each with its own lease owner.
    const stores = [await openStore(url), await openStore(url)];
    open.push(...stores);
    const clock = { now: NOW };
    const up = upstream();
    const [a, b] = [await replica(stores[0]!, up.fetch, clock), await replica(stores[1]!, up.fetch, clock)];
    open.push(a, b);
    const jobId = await start(a);

    const first = await Promise.all([a.tick(), b.tick()]);
    expect(up.polls()).toBe(1);
    expect(first.map((r) => r.polled).sort()).toEqual([0, 1]);
    const watchers = [a, b].filter((r) => r.runtime.work.watcher!.watching.includes(jobId));
    expect(watchers).toHaveLength(1);
    const [owner, other] = watchers[0] === a ? [a, b] : [b, a];
    // The other replica finds the job leased (if its first read raced the owner's write, it finds it now).
    expect((await other.tick()).leasedElsewhere).toBe(1);

    // Inside the job's window: neither replica polls, however often they tick.
    for (let i = 0; i < 3; i++) {
      await Promise.all([a.tick(), b.tick()]);
      clock.now += 100;
    }
    expect(up.polls()).toBe(1);
    // Past it: one poll, by the replica that holds the lease.
    const record = (await stores[0]!.get(jobId)) as JobRecord;
    clock.now = record.nextPollAt! + 1;
    const second = await Promise.all([owner.tick(), other.tick()]);
    expect(up.polls()).toBe(2);
    expect(second[0]!.polled).toBe(1);
    expect(other.runtime.work.watcher!.watching).not.toContain(jobId);

    // The owner stops (SIGTERM's order: before its store closes) and releases its lease: the other takes over.
    await owner.runtime.work.watcher!.stop();
    const after = (await stores[0]!.get(jobId)) as JobRecord;
    clock.now = after.nextPollAt! + 1;
    expect((await other.tick()).polled).toBe(1);
    expect(other.runtime.work.watcher!.watching).toEqual([jobId]);
    expect(up.polls()).toBe(3);
  });

  it('a replica that died without releasing is replaced once its watch lease lapses, and never before', async () => {
    const url = backend.freshUrl() as string;
    const stores = [await openStore(url), await openStore(url)];
    open.push(...stores);
    const clock = { now: NOW };
    const up = upstream();
    // Expected to take an hour: young, so watched unasked, for the whole test.
    const family = { ...batchFamily, expectedDurationMs: 3_600_000 };
    const a = await replica(stores[0]!, up.fetch, clock, { family });
    open.push(a);
    const jobId = await start(a);
    expect((await a.tick()).polled).toBe(1);
    // `a` goes silent (as after kill -9): its lease stays in the store until it lapses.
    const b = await replica(stores[1]!, up.fetch, clock, { family });
    open.push(b);
    const record = (await stores[1]!.get(jobId)) as JobRecord;
    clock.now = Math.max(record.nextPollAt! + 1, clock.now);
    const leasedUntil = NOW + Math.max(a.runtime.ctx.config.leaseMs, 4 * a.runtime.ctx.config.watch.intervalMs);
    expect(clock.now).toBeLessThan(leasedUntil);
    expect((await b.tick()).leasedElsewhere).toBe(1);
    expect(up.polls()).toBe(1);
    clock.now = leasedUntil + 1;
    expect((await b.tick()).polled).toBe(1);
    expect(await stores[0]!.claimLease(watchLeaseId(jobId), 'r_someone', clock.now + 1000, clock.now)).toBe(false);
  });
});

describe('the watcher on one replica', () => {
  const open: Replica[] = [];
  afterEach(async () => {
    for (const r of open.splice(0)) await r.close();
  });

  it('marks a stalled job without a status call, and list_jobs and the metrics show it', async () => {
    const clock = { now: NOW };
    const up = upstream();
    const expected = 60_000;
    const r = await replica(new MemoryJobStore(), up.fetch, clock, {
      family: { ...batchFamily, expectedDurationMs: expected },
      metrics: true,
    });
    open.push(r);
    const jobId = await start(r);
    expect((await r.tick()).polled).toBe(1);
    const stored = r.runtime.ctx.store!;
    expect((await stored.get(jobId))?.stalledAt ?? null).toBeNull();
    // Quiet for longer than the stall threshold; nobody calls the status tool.
    clock.now = NOW + stallThresholdMs(expected) + 1;
    const report = await r.tick();
    expect(report.stalled).toBe(1);
    expect((await stored.get(jobId))?.stalledAt).toBe(clock.now);
    expect(await r.runtime.work.metrics!.render()).toMatch(/mcp_job_stalled_total\{family="batch"\} 1\b/);
    // Not young any more and nobody asked: the watcher did not poll for it.
    expect(up.polls()).toBe(1);
    const listed = structured<{ jobs: Array<{ job_id: string; stalled: boolean }> }>(await r.call('list_jobs', {}));
    expect(listed.jobs).toEqual([expect.objectContaining({ job_id: jobId, stalled: true })]);
    // Counted once.
    expect((await r.tick()).stalled).toBe(0);
  });

  it('expires a job nobody asked about at the end of its retention, and keeps the ended record', async () => {
    const clock = { now: NOW };
    const up = upstream();
    const retention = 3_600_000;
    const r = await replica(new MemoryJobStore(), up.fetch, clock, { env: { JOB_RETENTION_MS: String(retention) } });
    open.push(r);
    const jobId = await start(r);
    await r.tick();
    const stored = r.runtime.ctx.store!;
    const record = (await stored.get(jobId)) as JobRecord;
    const at = abandonedAt(record, retention);
    clock.now = at - 1;
    expect((await r.tick()).expired).toBe(0);
    expect((await stored.get(jobId))?.state).toBe('running');
    clock.now = at;
    expect((await r.tick()).expired).toBe(1);
    const ended = (await stored.get(jobId)) as JobRecord;
    expect(ended).toMatchObject({ state: 'failed', error: { reason: 'expired' } });
    expect(ended.expiresAt).toBe(at + retention);
    const status = structured<{ state: string; terminal: boolean; error: { reason: string } }>(
      await r.call('batch_status', { job_id: jobId }),
    );
    expect(status).toMatchObject({ state: 'failed', terminal: true, error: { reason: 'expired' } });
    expect(up.polls()).toBe(1);
  });

  it('keeps polling a job while a client asked with a progress token, and stops when nobody did for a while', async () => {
    const clock = { now: NOW };
    const up = upstream();
    const r = await replica(new MemoryJobStore(), up.fetch, clock);
    open.push(r);
    const jobId = await start(r);
    const stored = r.runtime.ctx.store!;
    // Old enough that youth does not count (no expected duration: the default young window is 10 min).
    clock.now = NOW + 11 * 60_000;
    expect((await r.tick()).polled).toBe(0);
    await r.call('batch_status', { job_id: jobId }, () => undefined);
    const polledByCall = up.polls();
    expect((await stored.get(jobId))?.interestUntil).toBe(clock.now + WATCH_INTEREST_MS);
    const due = (await stored.get(jobId)) as JobRecord;
    clock.now = due.nextPollAt! + 1;
    expect((await r.tick()).polled).toBe(1);
    expect(up.polls()).toBe(polledByCall + 1);
    clock.now = NOW + 11 * 60_000 + WATCH_INTEREST_MS + 1;
    expect((await r.tick()).polled).toBe(0);
    expect(r.runtime.work.watcher!.watching).toEqual([]);
  });

  it('stops on shutdown (runtime.close, what SIGTERM runs before the store closes) and releases its leases', async () => {
    const clock = { now: NOW };
    const up = upstream();
    const store = new MemoryJobStore();
    const r = await replica(store, up.fetch, clock);
    const jobId = await start(r);
    expect((await r.tick()).polled).toBe(1);
    expect(r.runtime.work.watcher!.watching).toEqual([jobId]);
    expect(await store.claimLease(watchLeaseId(jobId), 'r_other', clock.now + 1000, clock.now)).toBe(false);
    await r.close();
    expect(r.runtime.work.watcher!.isStopped).toBe(true);
    expect(await store.claimLease(watchLeaseId(jobId), 'r_other', clock.now + 1000, clock.now)).toBe(true);
    clock.now += 3_600_000;
    expect(await r.tick()).toMatchObject({ examined: 0, polled: 0 });
    expect(up.polls()).toBe(1);
  });

  it('a lapsed watch lease (its watcher died) is dropped by the recovery scan, never recovered as work', async () => {
    const clock = { now: NOW };
    const store = new MemoryJobStore();
    const r = await replica(store, upstream().fetch, clock);
    open.push(r);
    const jobId = await start(r);
    expect(await store.claimLease(watchLeaseId(jobId), 'r_dead', NOW + 1000, NOW)).toBe(true);
    clock.now = NOW + 1001;
    const report = await r.runtime.work.scanner!.scanOnce();
    expect(report).toMatchObject({ lapsed: 0, claimed: 0, resent: 0, interrupted: 0, released: 0 });
    expect(await store.expiredLeases(clock.now, 10)).toEqual([]);
    expect((await store.get(jobId))?.state).toBe('queued');
  });

  it('does not run with JOB_WATCH=off or without the shared pace', async () => {
    const up = upstream();
    for (const env of [{ JOB_WATCH: 'off' }, { JOB_POLL_PACE: 'off' }] as Array<Record<string, string>>) {
      const r = await replica(new MemoryJobStore(), up.fetch, { now: NOW }, { env });
      open.push(r);
      expect(r.runtime.work.watcher).toBeNull();
    }
  });
});
