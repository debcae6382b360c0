/**
 * The JobStore contract, one suite run against every backend. Time is passed in (`now`), so lapsed windows
 * and expiry are tested without sleeping.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../templates/runtime/store/index.js';
import type { JobRecord, JobStore, StoredCookie } from '../../../templates/runtime/store/types.js';
import { BACKENDS, missingServerMessage } from './backends.js';
import { MINUTE, makeRecord, T0 } from './makeRecord.js';
import { createInChildren, writeUntilKilled } from './twoProcesses.js';

describe.each(BACKENDS)('JobStore contract: $name', (backend) => {
  const probe = backend.freshUrl();
  if (probe === null) {
    if (process.env.CI) {
      it(`has ${backend.env} (required in CI)`, () => {
        throw new Error(missingServerMessage(backend));
      });
    } else {
      console.warn(`\n!!! SKIPPED: ${missingServerMessage(backend)}\n`);
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

  it('stores and returns a record exactly', async () => {
    const store = await fresh();
    const record = makeRecord({ cookies: { session: 'abc' }, snapshot: { items: [], nested: { n: 1.5 } } });
    expect(await store.create(record, T0)).toEqual({ created: true, record });
    expect(await store.get(record.id)).toEqual(record);
    expect(await store.get('job_missing')).toBeNull();
  });

  it('applies an update only on the expected version', async () => {
    const store = await fresh();
    const record = makeRecord();
    await store.create(record, T0);
    const next = await store.update(record.id, 1, { state: 'running', upstreamStatus: 'in_progress' }, T0 + 5);
    expect(next).toMatchObject({ version: 2, state: 'running', upstreamStatus: 'in_progress', updatedAt: T0 + 5 });
    expect(await store.update(record.id, 1, { state: 'failed' }, T0 + 6)).toBeNull();
    expect(await store.update('job_missing', 1, { state: 'failed' }, T0 + 6)).toBeNull();
    expect(await store.get(record.id)).toEqual(next);
  });

  it('serves a job started on one replica from another, with version checks across both', async () => {
    const url = backend.freshUrl() as string;
    const replicaA = await fresh(url);
    const replicaB = await fresh(url);
    const record = makeRecord({ dedupeKey: 'k' });
    await replicaA.create(record, T0);
    expect(await replicaA.get(record.id)).toEqual(record); // A has now seen version 1
    const byB = await replicaB.update(record.id, 1, { state: 'running' }, T0 + 1);
    expect(byB?.version).toBe(2);
    // A's view is stale: its write on version 1 must lose, and one on version 2 must see B's change.
    expect(await replicaA.update(record.id, 1, { snapshot: 'stale' }, T0 + 2)).toBeNull();
    expect(await replicaA.update(record.id, 2, { snapshot: 'fresh' }, T0 + 3)).toMatchObject({
      state: 'running',
      snapshot: 'fresh',
      version: 3,
    });
    expect((await replicaB.create(makeRecord({ dedupeKey: 'k' }), T0 + 4)).created).toBe(false);
  });

  it('is not affected by a caller mutating a returned record', async () => {
    const store = await fresh();
    const record = makeRecord();
    await store.create(record, T0);
    const seen = (await store.get(record.id)) as JobRecord;
    (seen.cookies as StoredCookie[]).push({ name: 'injected', value: 'yes', path: '/', secure: false, expires: null, created: T0 });
    seen.state = 'failed';
    const next = await store.update(record.id, 1, { upstreamStatus: 'in_progress' }, T0 + 1);
    expect(next?.cookies).toEqual([]);
    expect((await store.get(record.id))?.state).toBe('queued');
  });

  it('answers a burst of concurrent reads each with its own record, and with every write finished before it', async () => {
    const url = backend.freshUrl() as string;
    const writer = await fresh(url);
    const reader = await fresh(url);
    const records = Array.from({ length: 120 }, (_, i) => makeRecord({ snapshot: { n: i } }));
    await Promise.all(records.map((record) => writer.create(record, T0)));
    // What 120 agents polling at once ask in one round: every id, one of them twice, and one that does not exist.
    const ids = [...records.map((record) => record.id), records[0]!.id, 'job_missing'];
    const seen = await Promise.all(ids.map((id) => reader.get(id)));
    expect(seen.slice(0, records.length)).toEqual(records);
    expect(seen[records.length]).toEqual(records[0]);
    expect(seen[records.length]).not.toBe(seen[0]); // each caller may mutate its own copy
    expect(seen[records.length + 1]).toBeNull();
    // Another replica's writes, finished before the next burst was asked for, are all in it.
    const updated = await Promise.all(records.map((record) => writer.update(record.id, 1, { state: 'running' }, T0 + 1)));
    expect(await Promise.all(records.map((record) => reader.get(record.id)))).toEqual(updated);
    // A read asked for right after one's own write sees it, on either replica.
    const mine = await reader.update(records[1]!.id, 2, { upstreamStatus: 'in_progress' }, T0 + 2);
    expect(await reader.get(records[1]!.id)).toEqual(mine);
    expect(await writer.get(records[1]!.id)).toEqual(mine);
  });

  it('lets exactly one of many concurrent updates on one version win', async () => {
    const store = await fresh();
    const record = makeRecord();
    await store.create(record, T0);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.update(record.id, 1, { snapshot: { writer: i } }, T0 + i)),
    );
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    expect((await store.get(record.id))?.snapshot).toEqual(winners[0]?.snapshot);
  });

  it('keeps the shared poll pace, and of two replicas claiming the same due poll exactly one wins', async () => {
    const url = backend.freshUrl() as string;
    const [replicaA, replicaB] = [await fresh(url), await fresh(url)];
    const record = makeRecord({ phase: 'accepted', state: 'running' });
    await replicaA.create(record, T0);
    // The claim jobs/pace.ts makes: a conditional update of the version both read.
    const claim = { pollingUntil: T0 + 30_000, lastPolledAt: T0 };
    const [a, b] = await Promise.all([replicaA.update(record.id, 1, claim, T0), replicaB.update(record.id, 1, claim, T0)]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    const winner = (a ?? b)!;
    const paced = await replicaB.update(
      record.id,
      winner.version,
      { nextPollAt: T0 + 120_000, pollingUntil: null, pollFailures: 1 },
      T0 + 5,
    );
    expect(await replicaA.get(record.id)).toEqual(paced);
    expect(paced).toMatchObject({ nextPollAt: T0 + 120_000, pollingUntil: null, lastPolledAt: T0, pollFailures: 1 });
  });

  it('returns the live holder of a dedupe key instead of inserting', async () => {
    const store = await fresh();
    const first = makeRecord({ dedupeKey: 'k1' });
    const second = makeRecord({ dedupeKey: 'k1' });
    expect((await store.create(first, T0)).created).toBe(true);
    expect(await store.create(second, T0 + MINUTE)).toEqual({ created: false, existing: first });
    expect(await store.get(second.id)).toBeNull();
    expect((await store.findByKey('tenant-a', 'k1'))?.id).toBe(first.id);
    // Another tenant with the same key is separate work.
    expect((await store.create(makeRecord({ dedupeKey: 'k1', partition: 'tenant-b' }), T0)).created).toBe(true);
  });

  it('keeps a succeeded job as the dedupe target inside its window', async () => {
    const store = await fresh();
    const first = makeRecord({ dedupeKey: 'k', state: 'succeeded' });
    await store.create(first, T0);
    const outcome = await store.create(makeRecord({ dedupeKey: 'k' }), T0 + MINUTE);
    expect(outcome.created).toBe(false);
  });

  it.each<[string, Partial<JobRecord>, number]>([
    ['its window lapsed', {}, T0 + 10 * MINUTE],
    ['it failed', { state: 'failed' }, T0 + MINUTE],
    ['it was cancelled', { state: 'cancelled' }, T0 + MINUTE],
    ['upstream rejected it', { phase: 'rejected' }, T0 + MINUTE],
  ])('hands the key to a new job when %s', async (_why, holderFields, now) => {
    const store = await fresh();
    const old = makeRecord({ dedupeKey: 'k', ...holderFields });
    await store.create(old, T0);
    const next = makeRecord({ dedupeKey: 'k', createdAt: now });
    expect(await store.create(next, now)).toEqual({ created: true, record: next });
    expect((await store.findByKey('tenant-a', 'k'))?.id).toBe(next.id);
    // The loser keeps its record untouched: same version, still readable by its handle.
    expect(await store.get(old.id)).toEqual(old);
    // And the new holder is itself live: a third start dedupes onto it.
    expect((await store.create(makeRecord({ dedupeKey: 'k' }), now + 1)).created).toBe(false);
  });

  it('frees the key when an update marks the holder failed', async () => {
    const store = await fresh();
    const first = makeRecord({ dedupeKey: 'k' });
    await store.create(first, T0);
    await store.update(first.id, 1, { state: 'failed', error: { message: 'boom' } }, T0 + 1);
    expect((await store.create(makeRecord({ dedupeKey: 'k' }), T0 + 2)).created).toBe(true);
  });

  it('releases the key on a dedupeKey: null patch and refuses moving a job to another key', async () => {
    const store = await fresh();
    const first = makeRecord({ dedupeKey: 'k' });
    await store.create(first, T0);
    await expect(store.update(first.id, 1, { dedupeKey: 'other' }, T0)).rejects.toMatchObject({ code: 'STORE_KEY_PATCH' });
    expect(await store.update(first.id, 1, { dedupeKey: null }, T0 + 1)).toMatchObject({ version: 2, dedupeKey: null });
    expect(await store.findByKey('tenant-a', 'k')).toBeNull();
    expect((await store.create(makeRecord({ dedupeKey: 'k' }), T0 + 2)).created).toBe(true);
  });

  it('creates exactly one of 50 concurrent starts with the same key', async () => {
    const store = await fresh();
    const records = Array.from({ length: 50 }, () => makeRecord({ dedupeKey: 'same' }));
    const outcomes = await Promise.all(records.map((record) => store.create(record, T0)));
    const created = outcomes.filter((outcome) => outcome.created);
    expect(created).toHaveLength(1);
    const winner = created[0]?.created ? created[0].record.id : '';
    for (const outcome of outcomes) {
      expect(outcome.created ? outcome.record.id : outcome.existing.id).toBe(winner);
    }
  });

  it('creates exactly one job when two OS processes race 25 starts each with the same key', async () => {
    const url = backend.freshUrl() as string;
    const results = await createInChildren(url, { processes: 2, perProcess: 25, key: 'race', now: T0 });
    expect(results.flatMap((result) => result.createdIds)).toHaveLength(1);
    const winners = new Set(results.flatMap((result) => result.seenIds));
    expect(winners.size).toBe(1);
    const store = await fresh(url);
    expect((await store.findByKey('tenant-a', 'race'))?.id).toBe([...winners][0]);
  });

  it('lets several processes open one new store at the same instant (replicas booting together)', async () => {
    const url = backend.freshUrl() as string;
    const results = await createInChildren(url, { processes: 4, perProcess: 3, key: 'boot', now: T0, openTogether: true });
    expect(results).toHaveLength(4);
    expect(results.flatMap((result) => result.createdIds)).toHaveLength(1);
    expect(new Set(results.flatMap((result) => result.seenIds)).size).toBe(1);
  });

  it('lists newest first with filters and a cursor that visits every record once', async () => {
    const store = await fresh();
    const records: JobRecord[] = [];
    for (let i = 0; i < 25; i++) {
      // Pairs share a createdAt, so the id tie-break is exercised too.
      const record = makeRecord({
        createdAt: T0 + Math.floor(i / 2) * 1000,
        family: i % 3 === 0 ? 'export' : 'batch',
        state: i % 4 === 0 ? 'succeeded' : 'running',
        partition: i % 5 === 0 ? 'tenant-b' : 'tenant-a',
      });
      records.push(record);
      await store.create(record, T0);
    }
    const newestFirst = [...records].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const walk = async (query: { family?: string; state?: JobRecord['state']; partition?: string }): Promise<string[]> => {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.list({ ...query, limit: 4, cursor });
        expect(page.jobs.length).toBeLessThanOrEqual(4);
        ids.push(...page.jobs.map((job) => job.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return ids;
    };
    expect(await walk({})).toEqual(newestFirst.map((r) => r.id));
    expect(await walk({ family: 'export' })).toEqual(newestFirst.filter((r) => r.family === 'export').map((r) => r.id));
    const filtered = newestFirst.filter((r) => r.state === 'running' && r.partition === 'tenant-a' && r.family === 'batch');
    expect(await walk({ state: 'running', partition: 'tenant-a', family: 'batch' })).toEqual(filtered.map((r) => r.id));
    expect((await store.list({ limit: 100 })).nextCursor).toBeNull();
    await expect(store.list({ limit: 5, cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'STORE_BAD_CURSOR' });
  });

  it('lists by the current state after updates', async () => {
    const store = await fresh();
    const record = makeRecord();
    await store.create(record, T0);
    await store.update(record.id, 1, { state: 'succeeded' }, T0 + 1);
    expect((await store.list({ state: 'queued', limit: 10 })).jobs).toHaveLength(0);
    expect((await store.list({ state: 'succeeded', limit: 10 })).jobs.map((j) => j.id)).toEqual([record.id]);
  });

  it('expires records whose expiresAt has passed, with their key claims', async () => {
    const store = await fresh();
    const old = makeRecord({ dedupeKey: 'k', expiresAt: T0 + MINUTE, dedupeUntil: T0 + 100 * MINUTE });
    const kept = makeRecord({ expiresAt: T0 + 60 * MINUTE });
    const bumped = makeRecord({ expiresAt: T0 + MINUTE });
    for (const record of [old, kept, bumped]) await store.create(record, T0);
    await store.update(bumped.id, 1, { expiresAt: T0 + 60 * MINUTE }, T0 + 1);
    expect(await store.expire(T0 + MINUTE)).toBe(1);
    expect(await store.get(old.id)).toBeNull();
    expect(await store.findByKey('tenant-a', 'k')).toBeNull();
    expect((await store.list({ limit: 10 })).jobs.map((j) => j.id).sort()).toEqual([kept.id, bumped.id].sort());
    expect((await store.create(makeRecord({ dedupeKey: 'k' }), T0 + 2 * MINUTE)).created).toBe(true);
    expect(await store.expire(T0 + MINUTE)).toBe(0);
  });

  // Blobs and holds lapse by the store's own clock on Redis (PXAT), so these rows use real time.
  it('keeps a large value beside the records and reads it back by byte range, from any replica', async () => {
    const url = backend.freshUrl() as string;
    const [a, b] = [await fresh(url), await fresh(url)];
    const now = Date.now();
    const data = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_v, i) => i % 251));
    await a.putBlob('job_x:result', data, now + 60 * MINUTE);
    const head = await b.readBlob('job_x:result', 0, 1000, now);
    expect(head?.size).toBe(data.length);
    expect(head?.data.equals(data.subarray(0, 1000))).toBe(true);
    const middle = await b.readBlob('job_x:result', 1_000_003, 262_144, now);
    expect(middle?.data.equals(data.subarray(1_000_003, 1_000_003 + 262_144))).toBe(true);
    const tail = await b.readBlob('job_x:result', data.length - 10, 1000, now);
    expect(tail?.data.equals(data.subarray(data.length - 10))).toBe(true);
    expect((await b.readBlob('job_x:result', data.length, 1000, now))?.data.length).toBe(0);
    expect(await b.readBlob('job_y:result', 0, 10, now)).toBeNull();
    // A second put replaces the value.
    await b.putBlob('job_x:result', Buffer.from('short'), now + 60 * MINUTE);
    expect((await a.readBlob('job_x:result', 0, 100, now))?.data.toString()).toBe('short');
    // A lapsed value is gone for readers (and the sweep, or Redis itself, removes it).
    await a.putBlob('job_z:result', Buffer.from('gone soon'), now + 1000);
    expect(await b.readBlob('job_z:result', 0, 100, now + 2000)).toBeNull();
    await a.expire(now + 2000);
    expect(await a.readBlob('job_z:result', 0, 100, now + 2000)).toBeNull();
  });

  it('raises a shared hold and never lowers it, and a lapsed hold reads as none', async () => {
    const url = backend.freshUrl() as string;
    const [a, b] = [await fresh(url), await fresh(url)];
    const now = Date.now();
    expect(await a.heldUntil('cred', now)).toBe(0);
    await a.holdUntil('cred', now + 120_000);
    expect(await b.heldUntil('cred', now)).toBe(now + 120_000);
    await b.holdUntil('cred', now + 5_000);
    expect(await a.heldUntil('cred', now)).toBe(now + 120_000);
    await Promise.all([a.holdUntil('cred', now + 130_000), b.holdUntil('cred', now + 125_000)]);
    expect(await a.heldUntil('cred', now)).toBe(now + 130_000);
    expect(await a.heldUntil('cred', now + 130_000)).toBe(0);
    expect(await a.heldUntil('other', now)).toBe(0);
  });

  it('keeps every acknowledged write when the writing process is killed with SIGKILL', async () => {
    const url = backend.freshUrl() as string;
    const acknowledged = await writeUntilKilled(url, 200, T0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    const store = await fresh(url);
    for (const id of acknowledged) expect((await store.get(id))?.state, id).toBe('running');
  });

  it('keeps records across close and reopen', async () => {
    const url = backend.freshUrl() as string;
    const first = await openStore(url);
    const record = makeRecord({ dedupeKey: 'k' });
    await first.create(record, T0);
    const updated = await first.update(record.id, 1, { state: 'running' }, T0 + 1);
    await first.close();
    const second = await fresh(url);
    expect(await second.get(record.id)).toEqual(updated);
    expect((await second.create(makeRecord({ dedupeKey: 'k' }), T0 + 2)).created).toBe(false);
  });

  it('keeps the members of a job over a set across updates and a reopen, and a record without them as it was', async () => {
    const url = backend.freshUrl() as string;
    const first = await openStore(url);
    const members = [
      { id: 'op-a', state: 'queued' as const, upstreamStatus: null },
      { id: 'op-b', state: 'queued' as const, upstreamStatus: null },
    ];
    const record = makeRecord({ members });
    const plain = makeRecord();
    await first.create(record, T0);
    await first.create(plain, T0);
    const ended = [
      { id: 'op-a', state: 'succeeded' as const, upstreamStatus: 'Succeeded', document: { operation: { id: 'op-a' } } },
      { id: 'op-b', state: 'failed' as const, upstreamStatus: 'Failed', error: 'no capacity' },
    ];
    const updated = await first.update(record.id, 1, { members: ended, state: 'failed' }, T0 + 1);
    await first.close();
    const second = await fresh(url);
    expect(await second.get(record.id)).toEqual(updated);
    expect((await second.get(record.id))?.members).toEqual(ended);
    expect(await second.get(plain.id)).toEqual(plain);
    expect((await second.get(plain.id))?.members).toBeUndefined();
  });

  it('keeps the run-seen mark of a thing that rests between runs across an update and a reopen', async () => {
    const url = backend.freshUrl() as string;
    const first = await openStore(url);
    const record = makeRecord();
    await first.create(record, T0);
    const updated = await first.update(record.id, 1, { runSeen: true, state: 'running', upstreamStatus: 'RUNNING' }, T0 + 1);
    await first.close();
    const second = await fresh(url);
    expect(await second.get(record.id)).toEqual(updated);
    expect((await second.get(record.id))?.runSeen).toBe(true);
  });

  it('finishes in-flight writes on close and refuses new ones', async () => {
    const url = backend.freshUrl() as string;
    const store = await openStore(url);
    const records = Array.from({ length: 30 }, () => makeRecord());
    const writes = records.map((record) => store.create(record, T0));
    await store.close();
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(records.length);
    await expect(store.get(records[0]!.id)).rejects.toMatchObject({ code: 'STORE_CLOSED' });
    const reopened = await fresh(url);
    for (const record of records) expect(await reopened.get(record.id)).toEqual(record);
  });
});
