/**
 * The JobStore contract for work that runs inside a server process: leases beside the records, the
 * conditional claim a recovery scan makes, the `interrupted` phase keeping its key, the stall clock and the
 * store-wide figures metrics read. One suite, every backend; time is passed in, nothing sleeps.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { watchLeaseId } from '../../../templates/runtime/jobs/watcher.js';
import { openStore } from '../../../templates/runtime/store/index.js';
import type { JobRecord, JobStore } from '../../../templates/runtime/store/types.js';
import { BACKENDS, missingServerMessage } from './backends.js';
import { MINUTE, makeRecord, T0 } from './makeRecord.js';
import { claimInChildren } from './twoProcesses.js';

const LEASE = 15_000;

describe.each(BACKENDS)('JobStore leases: $name', (backend) => {
  if (backend.freshUrl() === null) {
    if (process.env.CI) {
      it(`has ${backend.env} (required in CI)`, () => {
        throw new Error(missingServerMessage(backend));
      });
    } else {
      it.skip(missingServerMessage(backend), () => undefined);
    }
    return;
  }

  const open: JobStore[] = [];
  async function fresh(url = backend.freshUrl() as string): Promise<JobStore> {
    const store = await openStore(url);
    open.push(store);
    return store;
  }
  afterEach(async () => {
    await Promise.allSettled(open.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await backend.cleanup();
  });

  it('writes a lease with the record it creates, and lists it once it lapsed', async () => {
    const store = await fresh();
    const record = makeRecord({ phase: 'pending' });
    expect((await store.create(record, T0, { owner: 'r_a', until: T0 + LEASE })).created).toBe(true);
    expect(await store.expiredLeases(T0 + LEASE - 1, 10)).toEqual([]);
    expect(await store.expiredLeases(T0 + LEASE, 10)).toEqual([{ id: record.id, owner: 'r_a', until: T0 + LEASE }]);
    // A create that dedupes onto a live holder writes nothing, lease included.
    const holder = makeRecord({ dedupeKey: 'k', phase: 'pending' });
    await store.create(holder, T0, { owner: 'r_a', until: T0 + LEASE });
    const duplicate = makeRecord({ dedupeKey: 'k', phase: 'pending' });
    expect((await store.create(duplicate, T0, { owner: 'r_b', until: T0 + 2 * LEASE })).created).toBe(false);
    const lapsed = await store.expiredLeases(T0 + 3 * LEASE, 10);
    expect(lapsed.map((l) => l.id).sort()).toEqual([record.id, holder.id].sort());
    expect(lapsed.find((l) => l.id === holder.id)?.owner).toBe('r_a');
  });

  it('claims a lease that is absent, lapsed or already ours, and never a live one of another owner', async () => {
    const store = await fresh();
    const record = makeRecord({ phase: 'pending' });
    await store.create(record, T0, { owner: 'r_a', until: T0 + LEASE });
    expect(await store.claimLease(record.id, 'r_b', T0 + 2 * LEASE, T0 + LEASE - 1)).toBe(false);
    expect(await store.claimLease(record.id, 'r_a', T0 + 2 * LEASE, T0 + 1)).toBe(true);
    expect(await store.claimLease(record.id, 'r_b', T0 + 3 * LEASE, T0 + 2 * LEASE)).toBe(true);
    expect(await store.claimLease(record.id, 'r_c', T0 + 3 * LEASE, T0 + 2 * LEASE)).toBe(false);
    expect(await store.expiredLeases(T0 + 3 * LEASE, 10)).toEqual([{ id: record.id, owner: 'r_b', until: T0 + 3 * LEASE }]);
    // No lease row at all (a record from before leases, or a start re-claimed after an unknown outcome).
    expect(await store.claimLease('job_without_lease', 'r_c', T0 + LEASE, T0)).toBe(true);
  });

  it('lets exactly one of 20 concurrent claimers take a lapsed lease', async () => {
    const store = await fresh();
    const record = makeRecord({ phase: 'pending' });
    await store.create(record, T0, { owner: 'r_dead', until: T0 + LEASE });
    const now = T0 + LEASE + 1;
    const won = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claimLease(record.id, `r_${i}`, now + LEASE, now)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const [lease] = await store.expiredLeases(now + LEASE, 10);
    expect(lease?.owner).toBe(`r_${won.indexOf(true)}`);
  });

  it('gives each lapsed lease to exactly one of two OS processes claiming them together', async () => {
    const url = backend.freshUrl() as string;
    const store = await fresh(url);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const record = makeRecord({ phase: 'pending' });
      await store.create(record, T0, { owner: 'r_dead', until: T0 + LEASE });
      ids.push(record.id);
    }
    const [a, b] = await claimInChildren(url, { owners: ['r_one', 'r_two'], ids, now: T0 + LEASE + 1 });
    expect([...(a ?? []), ...(b ?? [])].sort()).toEqual([...ids].sort());
    expect((a ?? []).filter((id) => (b ?? []).includes(id))).toEqual([]);
  });

  it("keeps a job's watch lease beside its work lease: one of two replicas wins it, the work lease is untouched", async () => {
    const url = backend.freshUrl() as string;
    const [a, b] = [await fresh(url), await fresh(url)];
    const record = makeRecord({ phase: 'accepted', state: 'running' });
    await a.create(record, T0, { owner: 'r_work', until: T0 + LEASE });
    // jobs/watcher.ts: `watch:<job_id>`, claimed by two replicas' watchers at once.
    const watch = watchLeaseId(record.id);
    const won = await Promise.all([a.claimLease(watch, 'r_a', T0 + LEASE, T0), b.claimLease(watch, 'r_b', T0 + LEASE, T0)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] ? 'r_a' : 'r_b';
    expect(await b.claimLease(watch, winner === 'r_a' ? 'r_b' : 'r_a', T0 + 2 * LEASE, T0 + 1)).toBe(false);
    expect(await a.renewLease(record.id, 'r_work', T0 + 2 * LEASE)).toBe(true);
    expect(await a.get(record.id)).toEqual(record);
    // The interest a client leaves (status with a progress token, a Tasks request) is a record field like any.
    const noted = await b.update(record.id, 1, { interestUntil: T0 + 300_000 }, T0);
    expect((await a.get(record.id))?.interestUntil).toBe(T0 + 300_000);
    expect(noted?.version).toBe(2);
    const lapsed = await a.expiredLeases(T0 + LEASE, 10);
    expect(lapsed).toEqual([{ id: watch, owner: winner, until: T0 + LEASE }]);
    await b.releaseLease(watch, winner);
    expect(await a.expiredLeases(T0 + 3 * LEASE, 10)).toEqual([{ id: record.id, owner: 'r_work', until: T0 + 2 * LEASE }]);
  });

  it('renews only for its owner, also after it lapsed unless someone claimed it, without touching the record', async () => {
    const store = await fresh();
    const record = makeRecord({ phase: 'pending' });
    await store.create(record, T0, { owner: 'r_a', until: T0 + LEASE });
    expect(await store.renewLease(record.id, 'r_b', T0 + 2 * LEASE)).toBe(false);
    expect(await store.renewLease(record.id, 'r_a', T0 + 2 * LEASE)).toBe(true);
    expect(await store.expiredLeases(T0 + LEASE, 10)).toEqual([]);
    expect(await store.get(record.id)).toEqual(record); // same version: a heartbeat never races the work's writes
    expect(await store.renewLease(record.id, 'r_a', T0 + 3 * LEASE)).toBe(true); // late but unclaimed
    expect(await store.claimLease(record.id, 'r_b', T0 + 5 * LEASE, T0 + 3 * LEASE)).toBe(true);
    expect(await store.renewLease(record.id, 'r_a', T0 + 6 * LEASE)).toBe(false);
    expect(await store.renewLease('job_missing', 'r_a', T0)).toBe(false);
  });

  it('releases only for its owner', async () => {
    const store = await fresh();
    const record = makeRecord({ phase: 'pending' });
    await store.create(record, T0, { owner: 'r_a', until: T0 + LEASE });
    await store.releaseLease(record.id, 'r_b');
    expect(await store.expiredLeases(T0 + LEASE, 10)).toHaveLength(1);
    await store.releaseLease(record.id, 'r_a');
    expect(await store.expiredLeases(T0 + 10 * LEASE, 10)).toEqual([]);
    expect(await store.renewLease(record.id, 'r_a', T0 + 2 * LEASE)).toBe(false);
  });

  it('lists lapsed leases longest lapsed first, up to the limit', async () => {
    const store = await fresh();
    const records = [3, 1, 2].map((n) => ({ record: makeRecord({ phase: 'pending' }), until: T0 + n * 1000 }));
    for (const { record, until } of records) await store.create(record, T0, { owner: 'r_a', until });
    const lapsed = await store.expiredLeases(T0 + 5000, 2);
    expect(lapsed.map((l) => l.until)).toEqual([T0 + 1000, T0 + 2000]);
  });

  it('drops the leases of expired records', async () => {
    const store = await fresh();
    const gone = makeRecord({ phase: 'pending', expiresAt: T0 + MINUTE });
    const kept = makeRecord({ phase: 'pending', expiresAt: T0 + 60 * MINUTE });
    await store.create(gone, T0, { owner: 'r_a', until: T0 + LEASE });
    await store.create(kept, T0, { owner: 'r_a', until: T0 + LEASE });
    expect(await store.expire(T0 + MINUTE)).toBe(1);
    expect((await store.expiredLeases(T0 + MINUTE, 10)).map((l) => l.id)).toEqual([kept.id]);
  });

  it.each(['interrupted', 'unknown'] as const)(
    'keeps the dedupe key of a failed record in phase %s inside its window, then frees it',
    async (phase) => {
      const store = await fresh();
      const holder = makeRecord({ dedupeKey: 'k', phase, state: 'failed' });
      await store.create(holder, T0);
      const retry = makeRecord({ dedupeKey: 'k' });
      expect(await store.create(retry, T0 + MINUTE)).toEqual({ created: false, existing: holder });
      const interrupted = makeRecord({ dedupeKey: 'k2', phase: 'pending' });
      await store.create(interrupted, T0);
      await store.update(interrupted.id, 1, { phase, state: 'failed' }, T0 + 1);
      expect((await store.create(makeRecord({ dedupeKey: 'k2' }), T0 + 2)).created).toBe(false);
      expect((await store.create(makeRecord({ dedupeKey: 'k', createdAt: T0 + 10 * MINUTE }), T0 + 10 * MINUTE)).created).toBe(true);
    },
  );

  it('moves the stall clock only when state, phase or upstream status change', async () => {
    const store = await fresh();
    const record = makeRecord({ state: 'running', upstreamStatus: 'in_progress' });
    await store.create(record, T0);
    const same = (await store.update(record.id, 1, { snapshot: { tick: 1 }, upstreamStatus: 'in_progress' }, T0 + 10)) as JobRecord;
    expect(same.statusChangedAt).toBeUndefined();
    const moved = (await store.update(record.id, 2, { upstreamStatus: 'finalizing' }, T0 + 20)) as JobRecord;
    expect(moved.statusChangedAt).toBe(T0 + 20);
    const polled = (await store.update(record.id, 3, { snapshot: { tick: 2 } }, T0 + 30)) as JobRecord;
    expect(polled.statusChangedAt).toBe(T0 + 20);
    expect((await store.get(record.id))?.statusChangedAt).toBe(T0 + 20);
  });

  it('reports records by family and state and the oldest active one, following every write', async () => {
    const store = await fresh();
    const old = makeRecord({ family: 'batch', state: 'running', createdAt: T0 - 5000 });
    const young = makeRecord({ family: 'batch', state: 'queued', createdAt: T0 });
    const done = makeRecord({ family: 'export', state: 'succeeded', createdAt: T0 - 9000, expiresAt: T0 + MINUTE });
    for (const record of [old, young, done]) await store.create(record, T0);
    expect(await store.stats()).toEqual({
      byFamilyState: [
        { family: 'batch', state: 'queued', count: 1 },
        { family: 'batch', state: 'running', count: 1 },
        { family: 'export', state: 'succeeded', count: 1 },
      ],
      oldestActiveCreatedAt: T0 - 5000,
    });
    await store.update(old.id, 1, { state: 'succeeded' }, T0 + 1);
    await store.expire(T0 + MINUTE);
    expect(await store.stats()).toEqual({
      byFamilyState: [
        { family: 'batch', state: 'queued', count: 1 },
        { family: 'batch', state: 'succeeded', count: 1 },
      ],
      oldestActiveCreatedAt: T0,
    });
  });
});
