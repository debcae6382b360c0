/**
 * One pace per job shared by replicas (jobs/pace.ts): the rate-limit readers as table rows, and two replicas
 * over one store against an upstream that counts its polls. Time is a clock the test moves, so the windows are
 * checked without sleeping and without timed assertions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { failureBackoffMs, paceAfterMs } from '../../templates/runtime/jobs/pace.js';
import { rateLimitWaitMs } from '../../templates/runtime/jobs/pollHints.js';
import { batchFamily, batchOps, definition } from './defs.js';
import { type Connected, connect, structured, textOf } from './harness.js';
import { MemoryJobStore } from './memoryStore.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('rate-limit headers', () => {
  it.each<[string, Record<string, string>, number | null]>([
    ['IETF draft, key=value form, exhausted', { ratelimit: 'limit=100, remaining=0, reset=30' }, 30_000],
    ['IETF draft, structured form, exhausted', { ratelimit: '"default";r=0;t=45' }, 45_000],
    ['IETF draft with budget left: no wait', { ratelimit: 'limit=100, remaining=7, reset=30' }, null],
    ['RateLimit-Remaining/-Reset', { 'ratelimit-remaining': '0', 'ratelimit-reset': '12' }, 12_000],
    ['X-RateLimit-Reset as an epoch (GitHub)', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) }, 90_000],
    ['X-RateLimit with budget left', { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '60' }, null],
    ['a reset that is not a number', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'soon' }, null],
    ['nothing', {}, null],
  ])('%s', (_why, headers, expected) => {
    expect(rateLimitWaitMs(new Headers(headers), NOW)).toBe(expected);
  });

  it('paces by the longest of the interval, Retry-After, the rate-limit reset and the failure backoff', () => {
    const answer = (headers: Record<string, string>) => ({ status: 429, headers: new Headers(headers) });
    expect(paceAfterMs(2_000, null, 0, NOW)).toBe(2_000);
    expect(paceAfterMs(2_000, answer({ 'retry-after': '120' }), 1, NOW)).toBe(120_000);
    expect(paceAfterMs(2_000, answer({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' }), 0, NOW)).toBe(60_000);
    expect(paceAfterMs(1_000, answer({}), 3, NOW, 0)).toBe(failureBackoffMs(3, 0));
    expect([1, 2, 3, 4].map((n) => failureBackoffMs(n, 0))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(failureBackoffMs(40, 1)).toBe(300_000);
  });
});

describe('two replicas over one store', () => {
  const open: Connected[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  /** An upstream of one batch job: each poll answers the next of `answers` (the last repeats), counted. */
  function upstream(answers: Array<{ status: number; headers?: Record<string, string>; state?: string }>) {
    let polls = 0;
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
      if ((init?.method ?? 'GET') === 'POST' && url.pathname === '/batches') return json(200, { id: 'b1', status: 'validating' });
      if (url.pathname === '/batches/b1') {
        const answer = answers[Math.min(polls, answers.length - 1)]!;
        polls += 1;
        return json(answer.status, answer.state ? { id: 'b1', status: answer.state } : { error: 'slow down' }, answer.headers);
      }
      return json(404, {});
    };
    return { fetch: fetchImpl, polls: () => polls };
  }

  async function replicas(fetchImpl: typeof fetch, clock: { now: number }) {
    const store = new MemoryJobStore();
    const def = definition(batchOps, [batchFamily]);
    const env = { API_BASE_URL: 'http://upstream.test', JOB_POLL_PACE: 'on', UPSTREAM_TIMEOUT_MS: '2000' };
    const options = { store, env, fetch: fetchImpl, now: () => clock.now, random: () => 0.5 };
    const a = await connect(def, options);
    const b = await connect(def, options);
    open.push(a, b);
    return [a, b] as const;
  }

  const body = { input_file_id: 'f', endpoint: '/v1/chat/completions', completion_window: '24h' };
  type Status = { state: string; upstream_status: string | null; poll_after_ms: number };

  it('a 429 with Retry-After: 120 slows both replicas: eager status calls inside the window are answered from the store', async () => {
    const clock = { now: NOW };
    const up = upstream([
      { status: 429, headers: { 'retry-after': '120' } },
      { status: 200, state: 'in_progress' },
    ]);
    const [a, b] = await replicas(up.fetch, clock);
    const { job_id } = structured<{ job_id: string }>(await a.call('create_batch', { body }));

    const first = structured<Status>(await a.call('batch_status', { job_id }));
    expect(up.polls()).toBe(1);
    expect(first.poll_after_ms).toBe(120_000);
    // An agent polling every 200 ms from both replicas for the next 119 s: not one more upstream request.
    for (let t = 200; t < 120_000; t += 7_000) {
      clock.now = NOW + t;
      for (const replica of [a, b]) {
        const s = structured<Status>(await replica.call('batch_status', { job_id }));
        expect(s.poll_after_ms).toBe(120_000 - t);
        expect(s.upstream_status).toBe('validating');
      }
    }
    expect(up.polls()).toBe(1);

    clock.now = NOW + 120_000;
    const after = structured<Status>(await b.call('batch_status', { job_id }));
    expect(after).toMatchObject({ state: 'running', upstream_status: 'in_progress' });
    expect(up.polls()).toBe(2);
  });

  it('lets one replica poll for all when both come due at once', async () => {
    const clock = { now: NOW };
    const up = upstream([{ status: 200, state: 'in_progress' }]);
    const [a, b] = await replicas(up.fetch, clock);
    const { job_id } = structured<{ job_id: string }>(await a.call('create_batch', { body }));
    for (let round = 0; round < 5; round++) {
      const before = up.polls();
      const answers = (await Promise.all([a, b, a, b].map((r) => r.call('batch_status', { job_id })))).map((x) => structured<Status>(x));
      // One call polled; the others answered at once from the store (the last known state, or the new one).
      expect(up.polls() - before).toBe(1);
      expect(answers.some((s) => s.state === 'running')).toBe(true);
      clock.now += 600_000;
    }
  });

  it("shows the upstream's own job id in status and list_jobs", async () => {
    const clock = { now: NOW };
    const [a, b] = await replicas(upstream([{ status: 200, state: 'in_progress' }]).fetch, clock);
    const { job_id } = structured<{ job_id: string }>(await a.call('create_batch', { body }));
    expect(structured<{ upstream_id: string | null }>(await b.call('batch_status', { job_id })).upstream_id).toBe('b1');
    const listed = await b.call('list_jobs', {});
    expect(structured<{ jobs: Array<{ job_id: string; upstream_id: string | null }> }>(listed).jobs).toEqual([
      expect.objectContaining({ job_id, upstream_id: 'b1' }),
    ]);
    expect(textOf(listed)).toContain('upstream id b1');
  });

  it('backs off after failures, and an answer resets the backoff', async () => {
    const clock = { now: NOW };
    // Each status call tries a 503 three times before it gives up (poll.ts), so two calls fail.
    const up = upstream([...Array(6).fill({ status: 503 }), { status: 200, state: 'in_progress' }]);
    const [a] = await replicas(up.fetch, clock);
    const { job_id } = structured<{ job_id: string }>(await a.call('create_batch', { body }));
    const paces: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = up.polls();
      const s = structured<Status>(await a.call('batch_status', { job_id }));
      expect(up.polls()).toBeGreaterThan(before);
      paces.push(s.poll_after_ms);
      clock.now += s.poll_after_ms;
    }
    expect(paces[1]!).toBeGreaterThan(paces[0]!);
    expect(paces[2]!).toBeLessThan(paces[1]!);
  });
});

describe('a spent credential holds every job polled with it, on every replica', () => {
  const open: Connected[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  /** Batch jobs b1, b2, …; the first poll of b1 answers `first`, every other poll in_progress; polls counted per job. */
  function upstream(first: { status: number; headers: Record<string, string> }) {
    const polls = new Map<string, number>();
    let created = 0;
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
      if ((init?.method ?? 'GET') === 'POST' && url.pathname === '/batches')
        return json(200, { id: `b${++created}`, status: 'validating' });
      const id = url.pathname.split('/')[2] ?? '';
      const seen = polls.get(id) ?? 0;
      polls.set(id, seen + 1);
      if (id === 'b1' && seen === 0) return json(first.status, { id, status: 'in_progress' }, first.headers);
      return json(200, { id, status: 'in_progress' });
    };
    return { fetch: fetchImpl, polls: (id: string) => polls.get(id) ?? 0 };
  }

  const body = { input_file_id: 'f', endpoint: '/v1/chat/completions', completion_window: '24h' };
  type Status = { state: string; poll_after_ms: number; message: string };

  async function replica(store: MemoryJobStore, fetchImpl: typeof fetch, clock: { now: number }, key: string): Promise<Connected> {
    const def = definition(batchOps, [batchFamily]);
    def.securitySchemes = [{ key: 'k', type: 'apiKey', in: 'header', name: 'x-api-key', env: { value: 'API_KEY' } }];
    const env = { API_BASE_URL: 'http://upstream.test', JOB_POLL_PACE: 'on', API_KEY: key };
    const conn = await connect(def, { store, env, fetch: fetchImpl, now: () => clock.now, random: () => 0.5 });
    open.push(conn);
    return conn;
  }

  it.each<[string, { status: number; headers: Record<string, string> }, number]>([
    ['a 429 with Retry-After: 120', { status: 429, headers: { 'retry-after': '120' } }, 120_000],
    [
      'an exhausted X-RateLimit budget on a 200',
      { status: 200, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' } },
      60_000,
    ],
  ])('%s seen by one replica holds the other jobs of that credential on the other replica', async (_why, first, holdMs) => {
    const clock = { now: NOW };
    const store = new MemoryJobStore();
    const up = upstream(first);
    const a = await replica(store, up.fetch, clock, 'key-one-0123456789');
    const b = await replica(store, up.fetch, clock, 'key-one-0123456789');
    const other = await replica(store, up.fetch, clock, 'key-two-0123456789');
    // Three different starts (an identical one would be deduplicated into the first job).
    const start = (conn: Connected, file: string) => conn.call('create_batch', { body: { ...body, input_file_id: file } });
    const job1 = structured<{ job_id: string }>(await start(a, 'f1')).job_id;
    const job2 = structured<{ job_id: string }>(await start(b, 'f2')).job_id;
    const job3 = structured<{ job_id: string }>(await start(other, 'f3')).job_id;
    expect(new Set([job1, job2, job3]).size).toBe(3);

    await a.call('batch_status', { job_id: job1 });
    expect(up.polls('b1')).toBe(1);
    // Job 2 was never polled and is due, but its credential is held: the store answers, with why and how long.
    clock.now = NOW + 1_000;
    const held = structured<Status>(await b.call('batch_status', { job_id: job2 }));
    expect(up.polls('b2')).toBe(0);
    expect(held.poll_after_ms).toBe(holdMs - 1_000);
    expect(held.message).toMatch(/slow down \(rate limit\) until/);
    // Another credential has its own budget.
    await other.call('batch_status', { job_id: job3 });
    expect(up.polls('b3')).toBe(1);

    clock.now = NOW + holdMs;
    expect(structured<Status>(await b.call('batch_status', { job_id: job2 })).state).toBe('running');
    expect(up.polls('b2')).toBe(1);
    // The store holds a hash of the credential, never the key itself.
    expect(JSON.stringify([...store.holds.keys()])).not.toContain('key-one');
  });
});
