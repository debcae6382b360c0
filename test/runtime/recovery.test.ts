/**
 * The recovery scan: the decision table (what a lapsed lease leads to) and the scan over a store, including
 * two replicas scanning the same lapsed work at once. Time is a variable; nothing sleeps.
 */
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../../templates/runtime/core/config.js';
import type { RuntimeContext } from '../../templates/runtime/core/context.js';
import { Lifecycle } from '../../templates/runtime/core/lifecycle.js';
import { NOOP_OBSERVER, observedFetch } from '../../templates/runtime/core/observe.js';
import type { HttpMethod } from '../../templates/runtime/definition.js';
import { LeaseKeeper } from '../../templates/runtime/jobs/leases.js';
import { interruptionMessage, type RecoveryAction, RecoveryScanner, recoveryAction } from '../../templates/runtime/jobs/recovery.js';
import type { JobRecord } from '../../templates/runtime/store/types.js';
import { definition, family, op } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';
import { makeRecord, T0 } from './store/makeRecord.js';

const LEASE = 15_000;

describe('recoveryAction', () => {
  const pending = (fields: Partial<JobRecord> = {}) => makeRecord({ phase: 'pending', ...fields });
  it.each<[string, JobRecord | null, HttpMethod | undefined, RecoveryAction]>([
    ['record gone', null, 'POST', { kind: 'release' }],
    ['work had finished', pending({ phase: 'accepted' }), 'POST', { kind: 'release' }],
    ['already interrupted', pending({ phase: 'interrupted' }), 'PUT', { kind: 'release' }],
    ['GET is repeatable', pending({ attempts: 1 }), 'GET', { kind: 'resend', attempt: 2 }],
    ['PUT is repeatable', pending(), 'PUT', { kind: 'resend', attempt: 2 }],
    ['DELETE is repeatable', pending({ attempts: 2 }), 'DELETE', { kind: 'resend', attempt: 3 }],
    ['POST with an upstream key', pending({ upstreamIdempotencyKey: 'k' }), 'POST', { kind: 'resend', attempt: 2 }],
    ['POST without a key', pending(), 'POST', { kind: 'interrupt', why: 'not-repeatable' }],
    ['PATCH without a key', pending(), 'PATCH', { kind: 'interrupt', why: 'not-repeatable' }],
    ['attempts used up', pending({ attempts: 3 }), 'PUT', { kind: 'interrupt', why: 'attempts-exhausted' }],
    ['operation unknown here', pending(), undefined, { kind: 'interrupt', why: 'unknown-operation' }],
  ])('%s', (_why, record, method, expected) => {
    expect(recoveryAction(record, method)).toEqual(expected);
  });

  it('says what happened, why it was not repeated and what to do', () => {
    const record = makeRecord({ operation: 'create_batch' });
    const text = interruptionMessage(record, 'POST', 'not-repeatable', 'list_batches shows the jobs');
    expect(text).toMatch(/^interrupted: may have run upstream\./);
    expect(text).toContain('POST without an upstream idempotency key');
    expect(text).toContain('list_batches shows the jobs');
    expect(text).toContain('call create_batch again with a new idempotency_key');
  });
});

function runtimeContext(store: MemoryJobStore, clock: { now: number }, partition = 'tenant-a'): RuntimeContext {
  const starts = ['create_batch', 'put_thing'].map((operation) => ({
    operation,
    idFrom: null,
    pollUrlFrom: [],
    cancelUrlFrom: null,
    preferAsync: false,
    idempotency: null,
  }));
  const def = definition(
    [op({ tool: 'create_batch', method: 'POST', path: '/batches' }), op({ tool: 'put_thing', method: 'PUT', path: '/things/{id}' })],
    [family({ name: 'batch', starts, poll: { operation: 'put_thing', idParam: 'id', carry: [] } })],
  );
  return {
    def,
    config: readRuntimeConfig(def, { API_BASE_URL: 'http://127.0.0.1:9' }),
    store,
    fetch: globalThis.fetch,
    now: () => clock.now,
    operations: new Map(def.operations.map((o) => [o.tool, o])),
    lifecycle: new Lifecycle(),
    partition,
  };
}

describe('RecoveryScanner', () => {
  async function orphan(store: MemoryJobStore, fields: Partial<JobRecord>): Promise<JobRecord> {
    const record = makeRecord({ phase: 'pending', attempts: 1, createdAt: T0, ...fields });
    await store.create(record, T0, { owner: 'r_dead', until: T0 + LEASE });
    return record;
  }

  it('re-sends repeatable work once under its own lease, and interrupts the rest with the reason', async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 + LEASE + 1 };
    const ctx = runtimeContext(store, clock);
    const labels: string[] = [];
    // The metrics seam: every upstream request reports the tool its context is labelled with.
    ctx.fetch = observedFetch(async () => new Response('{}'), { ...NOOP_OBSERVER, upstream: (event) => labels.push(event.tool) });
    const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: ctx.now, owner: 'r_me' });
    const resumed: JobRecord[] = [];
    const scanner = new RecoveryScanner(ctx, keeper, {
      resumeStart: async (resumeCtx, record) => {
        resumed.push(record);
        expect(store.leases.get(record.id)?.owner).toBe('r_me');
        await resumeCtx.fetch('http://127.0.0.1:9/things/1', { method: 'PUT' });
      },
    });
    const repeatable = await orphan(store, { operation: 'put_thing' });
    const unsafe = await orphan(store, { operation: 'create_batch' });
    const live = makeRecord({ phase: 'pending', operation: 'create_batch' });
    await store.create(live, T0, { owner: 'r_alive', until: T0 + 10 * LEASE });

    expect(await scanner.scanOnce()).toEqual({ lapsed: 2, claimed: 2, resent: 1, interrupted: 1, released: 0, foreign: 0 });
    await ctx.lifecycle.drain(1000);
    expect(resumed.map((r) => [r.id, r.attempts])).toEqual([[repeatable.id, 2]]);
    // Upstream metrics of the re-send carry the work's own tool, as the first attempt's did.
    expect(labels).toEqual(['put_thing']);
    const failed = await store.get(unsafe.id);
    expect(failed).toMatchObject({ phase: 'interrupted', state: 'failed', error: { reason: 'interrupted' } });
    expect(failed?.lastError).toMatch(/^interrupted: may have run upstream/);
    // Both leases are gone once handled; the live one is untouched.
    expect([...store.leases.keys()]).toEqual([live.id]);
    expect(await scanner.scanOnce()).toMatchObject({ lapsed: 0 });
  });

  it('lets only one of two replicas scanning together recover a lapsed lease', async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 + LEASE + 1 };
    const resumed: string[] = [];
    const scanners = ['r_a', 'r_b'].map((owner) => {
      const ctx = runtimeContext(store, clock);
      const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: ctx.now, owner });
      return new RecoveryScanner(ctx, keeper, {
        resumeStart: async () => {
          resumed.push(owner);
        },
      });
    });
    for (let i = 0; i < 10; i++) await orphan(store, { operation: 'put_thing' });
    const reports = await Promise.all(scanners.map((s) => s.scanOnce()));
    expect(reports[0]!.claimed + reports[1]!.claimed).toBe(10);
    expect(reports[0]!.resent + reports[1]!.resent).toBe(10);
    expect(resumed).toHaveLength(10);
  });

  it('releases a lapsed lease whose work had finished, and never recovers its own live work', async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 + LEASE + 1 };
    const ctx = runtimeContext(store, clock);
    const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: ctx.now, owner: 'r_me' });
    const scanner = new RecoveryScanner(ctx, keeper, { resumeStart: async () => expect.fail('must not resend') });
    const finished = await orphan(store, { operation: 'put_thing', phase: 'accepted' });
    const mine = makeRecord({ phase: 'pending', operation: 'put_thing' });
    await store.create(mine, T0, { owner: 'r_me', until: T0 + LEASE });
    keeper.hold(mine.id);
    expect(await scanner.scanOnce()).toEqual({ lapsed: 2, claimed: 1, resent: 0, interrupted: 0, released: 1, foreign: 0 });
    expect(store.leases.has(finished.id)).toBe(false);
    expect(store.leases.get(mine.id)?.owner).toBe('r_me');
    await keeper.stop();
  });

  it("leaves another tenant's and another server's lapsed work alone (not even claimed)", async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 + LEASE + 1 };
    const ctx = runtimeContext(store, clock, 'tenant-b');
    const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: ctx.now, owner: 'r_me' });
    const scanner = new RecoveryScanner(ctx, keeper, { resumeStart: async () => expect.fail('must not resend') });
    const otherTenant = await orphan(store, { operation: 'put_thing', partition: 'tenant-a' });
    const otherServer = await orphan(store, { operation: 'render_video', family: 'video', partition: 'tenant-b' });
    const otherFamily = await orphan(store, { operation: 'put_thing', family: 'video', partition: 'tenant-b' });
    expect(await scanner.scanOnce()).toEqual({ lapsed: 3, claimed: 0, resent: 0, interrupted: 0, released: 0, foreign: 3 });
    for (const record of [otherTenant, otherServer, otherFamily]) {
      expect(await store.get(record.id)).toMatchObject({ phase: 'pending', version: 1 });
      expect(store.leases.get(record.id)?.owner).toBe('r_dead');
    }
  });

  it('stops at the attempt bound: the third lapse of repeatable work ends interrupted', async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 + LEASE + 1 };
    const ctx = runtimeContext(store, clock);
    const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: ctx.now, owner: 'r_me' });
    const scanner = new RecoveryScanner(ctx, keeper, { resumeStart: async () => expect.fail('must not resend') });
    const tired = await orphan(store, { operation: 'put_thing', attempts: 3 });
    expect(await scanner.scanOnce()).toMatchObject({ interrupted: 1 });
    expect((await store.get(tired.id))?.lastError).toContain('sent 3 times');
  });
});

describe('LeaseKeeper', () => {
  it('renews what it holds, reports a lease taken over, and releases at the end of the work', async () => {
    const store = new MemoryJobStore();
    const clock = { now: T0 };
    const lost: string[] = [];
    const keeper = new LeaseKeeper(store, { leaseMs: LEASE, now: () => clock.now, owner: 'r_me', onLost: (id) => lost.push(id) });
    const a = makeRecord({ phase: 'pending' });
    const b = makeRecord({ phase: 'pending' });
    await store.create(a, T0, keeper.newLease());
    await store.create(b, T0, keeper.newLease());
    keeper.hold(a.id);
    keeper.hold(b.id);
    clock.now = T0 + 10_000;
    await keeper.renewAll();
    expect(store.leases.get(a.id)?.until).toBe(T0 + 10_000 + LEASE);
    // Another replica claimed b after it lapsed (this process was stalled longer than the lease).
    expect(await store.claimLease(b.id, 'r_other', T0 + 60_000, T0 + 30_000)).toBe(true);
    await keeper.renewAll();
    expect(lost).toEqual([b.id]);
    expect(keeper.holds(b.id)).toBe(false);
    await keeper.run(a.id, async () => undefined);
    expect(store.leases.has(a.id)).toBe(false);
    expect(keeper.heldCount).toBe(0);
    await keeper.stop();
  });
});
