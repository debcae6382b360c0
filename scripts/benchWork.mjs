#!/usr/bin/env node
// What the server's own work costs a store's status-poll throughput (issue 10's bench): polls per second
// (get + conditional update, as scripts/benchStore.mjs), measured three ways on each backend, interleaved in
// rounds so that load from anything else on the machine hits all three alike:
//   base       the store alone
//   heartbeat  while a LeaseKeeper renews `leases` leases every third of a 3 s lease: 100 renewals/s, five times
//              what 100 in-flight starts cost at the default JOB_LEASE_MS (15 s: one renewal each per 5 s)
//   metrics    through the observed store with prom-client metrics, plus one upstream-latency observation per
//              poll (what the fetch wrapper adds)
// Target: each under 10 % below base. Also reports the raw cost of one lease renewal.
//
//   node scripts/benchWork.mjs [--seconds 2] [--rounds 3] [--leases 100] [--json]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rotated } from './benchOrder.mjs';
import { benchRecord, importRuntime } from './benchRuntime.mjs';

/**
 * @typedef {import('../templates/runtime/store/index.js').JobStore} JobStore
 * @typedef {import('../templates/runtime/store/index.js').JobRecord} JobRecord
 * @typedef {import('../templates/runtime/core/observe.js').UpstreamEvent} UpstreamEvent
 */

/**
 * @returns {Promise<[typeof import('../templates/runtime/store/index.js'), typeof import('../templates/runtime/jobs/leases.js'),
 *   typeof import('../templates/runtime/core/observedStore.js'), typeof import('../templates/runtime/core/metrics.js')]>}
 */
async function compile() {
  const [store, leases, observedStore, metrics] = await importRuntime([
    'store/index.ts',
    'jobs/leases.ts',
    'core/observedStore.ts',
    'core/metrics.ts',
  ]);
  return [store, leases, observedStore, metrics];
}

/**
 * Polls for `seconds`: throughput (wall clock) and this process's CPU time per poll. On a busy machine the
 * wall figure swings with everyone else's load; CPU per poll does not, and for SQLite (in-process) it is the
 * whole cost. Renewals and metrics run in this process, so their CPU is counted.
 * @param {JobStore} store
 * @param {string[]} ids
 * @param {number} seconds
 * @param {() => void} [afterPoll]
 * @returns {Promise<PollRate>}
 */
async function measurePolls(store, ids, seconds, afterPoll) {
  const deadline = performance.now() + seconds * 1000;
  let polls = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; performance.now() < deadline; i++) {
    const id = ids[i % ids.length];
    if (id === undefined) throw new Error('no jobs to poll');
    const record = await store.get(id);
    if (record === null) throw new Error(`job ${id} vanished during the benchmark`);
    const next = await store.update(id, record.version, { snapshot: { status: 'in_progress', tick: i } }, Date.now());
    if (next === null) throw new Error('unexpected version conflict in the benchmark');
    afterPoll?.();
    polls++;
  }
  const used = process.cpuUsage(cpu);
  return { perSecond: polls / ((performance.now() - started) / 1000), cpuUsPerPoll: (used.user + used.system) / polls };
}

/** @param {number[]} xs @returns {number} NaN for none */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};

/**
 * The instrumentation alone, without I/O: the observed-store wrapper over a stub that answers at once, plus the
 * upstream-latency observation, per poll. Robust on a busy machine (no waiting), and comparable to the CPU per
 * poll of each backend.
 * @param {typeof import('../templates/runtime/core/observedStore.js').observedStore} observedStore
 * @param {import('../templates/runtime/core/metrics.js').Metrics} metrics
 * @param {(now: number) => JobRecord} makeRecordAt
 */
async function instrumentationUsPerPoll(observedStore, metrics, makeRecordAt) {
  const record = makeRecordAt(Date.now());
  let version = 1;
  /** @type {Pick<JobStore, 'get' | 'update'>} */
  const stub = {
    get: async () => ({ ...record, version }),
    async update(_id, expected) {
      version = expected + 1;
      return { ...record, version };
    },
  };
  // The wrapper's poll path calls only get and update, the two the stub answers.
  const wrapped = observedStore(/** @type {JobStore} */ (stub), metrics.observer);
  /** @type {UpstreamEvent} */
  const event = { tool: 'batch_status', method: 'GET', outcome: 'ok', status: 200, seconds: 0.05 };
  /**
   * @param {Pick<JobStore, 'get' | 'update'>} store
   * @param {number} n polls
   * @param {boolean} observe
   */
  const run = async (store, n, observe) => {
    const started = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const r = await store.get(record.id);
      if (r === null) throw new Error('the stub lost its record');
      await store.update(record.id, r.version, { snapshot: { tick: i } }, Date.now());
      if (observe) metrics.observer.upstream(event);
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / n;
  };
  await run(wrapped, 20_000, true);
  const bare = await run(stub, 200_000, false);
  const instrumented = await run(wrapped, 200_000, true);
  return Math.round((instrumented - bare) * 100) / 100;
}

/**
 * One backend's figures (fields as the row literal below says), or why it was skipped.
 * @typedef {{ backend: string, skipped: string }} SkippedRow
 * @typedef {{ backend: string, pollsPerSecond: { base: number, heartbeat: number, metrics: number },
 *   overheadPercent: { heartbeat: number, metrics: number }, cpuOverheadPercent: { heartbeat: number, metrics: number },
 *   cpuUsPerPoll: number, instrumentUsPerPoll: number, instrumentPercentOfPollCpu: number, renewMs: number, pollMs: number,
 *   leases: number, renewalsPerSecond: number, heartbeatSharePercentAtDefault: number, targetPercent?: number,
 *   withinTarget?: boolean }} WorkRow
 * @typedef {{ perSecond: number, cpuUsPerPoll: number }} PollRate
 */

/** @returns {Promise<Array<WorkRow | SkippedRow>>} */
export async function benchWork({ seconds = 2, rounds = 3, leases = 100, leaseMs = 3_000, env = process.env } = {}) {
  const [{ openStore }, { LeaseKeeper }, { observedStore }, { createMetrics }] = await compile();
  const dir = mkdtempSync(join(tmpdir(), 'bench-work-'));
  const ns = `benchw_${randomBytes(4).toString('hex')}`;
  const targets = [
    { backend: 'sqlite', url: `sqlite:${join(dir, 'work.sqlite')}` },
    { backend: 'redis', url: env.TEST_REDIS_URL ? `${env.TEST_REDIS_URL}?namespace=${ns}` : null, env: 'TEST_REDIS_URL' },
    { backend: 'postgres', url: env.TEST_POSTGRES_URL ? `${env.TEST_POSTGRES_URL}?namespace=${ns}` : null, env: 'TEST_POSTGRES_URL' },
  ];
  /** @type {Array<WorkRow | SkippedRow>} */
  const rows = [];
  try {
    for (const target of targets) {
      if (!target.url) {
        rows.push({ backend: target.backend, skipped: `${target.env} not set` });
        continue;
      }
      const store = await openStore(target.url);
      try {
        const now = Date.now();
        const polled = Array.from({ length: 200 }, () => benchRecord(now));
        for (const record of polled) await store.create(record, now);
        const ids = polled.map((r) => r.id);
        // The leased work: pending records whose leases one keeper renews, as in-flight starts would.
        const keeper = new LeaseKeeper(store, { leaseMs, now: Date.now });
        const leased = Array.from({ length: leases }, () => ({ ...benchRecord(now), phase: /** @type {const} */ ('pending') }));
        for (const record of leased) await store.create(record, now, keeper.newLease());
        const metrics = await createMetrics({ stats: () => store.stats(), now: Date.now });
        const observed = observedStore(store, metrics.observer);
        /** @type {UpstreamEvent} */
        const upstreamEvent = { tool: 'batch_status', method: 'GET', outcome: 'ok', status: 200, seconds: 0.05 };
        await measurePolls(store, ids, Math.min(0.5, seconds)); // warm-up
        const variants = {
          base: () => measurePolls(store, ids, seconds),
          async heartbeat() {
            for (const record of leased) keeper.hold(record.id);
            try {
              return await measurePolls(store, ids, seconds);
            } finally {
              for (const record of leased) keeper.forget(record.id);
              await keeper.stop();
            }
          },
          metrics: () => measurePolls(observed, ids, seconds, () => metrics.observer.upstream(upstreamEvent)),
        };
        const names = /** @type {Array<keyof typeof variants>} */ (Object.keys(variants));
        /** @type {Record<'base' | 'heartbeat' | 'metrics', PollRate[]>} */
        const samples = { base: [], heartbeat: [], metrics: [] };
        // Paired rounds, each in a rotated order: a ratio to the same round's base cancels slow drifts in load.
        /** @type {Record<'heartbeat' | 'metrics', { wall: number[], cpu: number[] }>} */
        const ratios = { heartbeat: { wall: [], cpu: [] }, metrics: { wall: [], cpu: [] } };
        for (let round = 0; round < rounds; round++) {
          /** @type {Record<string, PollRate>} */
          const result = {};
          for (const name of rotated(names, round)) {
            result[name] = await variants[name]();
            samples[name].push(result[name]);
          }
          const roundBase = /** @type {PollRate} */ (result.base);
          for (const name of /** @type {const} */ (['heartbeat', 'metrics'])) {
            const rate = /** @type {PollRate} */ (result[name]);
            ratios[name].wall.push(rate.perSecond / roundBase.perSecond);
            ratios[name].cpu.push(rate.cpuUsPerPoll / roundBase.cpuUsPerPoll);
          }
        }
        await metrics.render(); // the exposition parses in tests; here it only must not throw
        const instrumentUs = await instrumentationUsPerPoll(observedStore, metrics, benchRecord);
        // Raw cost of one renewal, sequentially, against one poll's.
        const renewStarted = performance.now();
        let renewals = 0;
        while (performance.now() - renewStarted < 500) {
          await store.renewLease(
            /** @type {(typeof leased)[number]} */ (leased[renewals % leased.length]).id,
            keeper.owner,
            Date.now() + leaseMs,
          );
          renewals++;
        }
        const renewMs = (performance.now() - renewStarted) / renewals;
        const base = median(samples.base.map((x) => x.perSecond));
        const wallLoss = (/** @type {'heartbeat' | 'metrics'} */ name) => Math.round((1 - median(ratios[name].wall)) * 1000) / 10;
        const cpuGain = (/** @type {'heartbeat' | 'metrics'} */ name) => Math.round((median(ratios[name].cpu) - 1) * 1000) / 10;
        /** @type {WorkRow} */
        const row = {
          backend: target.backend,
          pollsPerSecond: {
            base: Math.round(base),
            heartbeat: Math.round(median(samples.heartbeat.map((x) => x.perSecond))),
            metrics: Math.round(median(samples.metrics.map((x) => x.perSecond))),
          },
          /** Fewer polls per second than the same round's base, median over rounds. */
          overheadPercent: { heartbeat: wallLoss('heartbeat'), metrics: wallLoss('metrics') },
          /** More CPU per poll than the same round's base, median over rounds. */
          cpuOverheadPercent: { heartbeat: cpuGain('heartbeat'), metrics: cpuGain('metrics') },
          cpuUsPerPoll: Math.round(median(samples.base.map((x) => x.cpuUsPerPoll))),
          /** CPU the metrics add to one poll, measured without I/O, as a share of the backend's CPU per poll. */
          instrumentUsPerPoll: instrumentUs,
          instrumentPercentOfPollCpu: Math.round((instrumentUs / median(samples.base.map((x) => x.cpuUsPerPoll))) * 1000) / 10,
          renewMs: Math.round(renewMs * 1000) / 1000,
          pollMs: Math.round((1000 / base) * 1000) / 1000,
          leases,
          renewalsPerSecond: Math.round((leases / (leaseMs / 3)) * 1000 * 10) / 10,
          /**
           * Store time the heartbeat takes per second at the default JOB_LEASE_MS (15 s: each lease renewed every
           * 5 s) with `leases` in flight, as a share of one second of one connection: an upper bound of its cost.
           */
          heartbeatSharePercentAtDefault: Math.round((leases / 5) * renewMs * 0.1 * 10) / 10,
        };
        // The target, judged on the figures a loaded machine cannot blur: the store time the heartbeat takes at
        // the default lease, and the CPU the metrics add to a poll in isolation (the wall columns are context).
        row.targetPercent = 10;
        row.withinTarget = row.heartbeatSharePercentAtDefault < 10 && row.instrumentPercentOfPollCpu < 10;
        rows.push(row);
        await store.expire(Number.MAX_SAFE_INTEGER);
      } finally {
        await store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (env.TEST_POSTGRES_URL) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: env.TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP TABLE IF EXISTS ${ns}_jobs`);
      await client.query(`DROP TABLE IF EXISTS ${ns}_jobs_leases`);
      await client.end();
    }
  }
  return rows;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  /**
   * @param {string} name
   * @param {number} fallback
   */
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const rows = await benchWork({ seconds: arg('--seconds', 2), rounds: arg('--rounds', 3), leases: arg('--leases', 100) });
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log('server-carried work: status polls per second (get + conditional update), medians of interleaved rounds');
    for (const r of rows) {
      if ('skipped' in r) console.log(`  ${r.backend.padEnd(9)} skipped: ${r.skipped}`);
      else
        console.log(
          `  ${r.backend.padEnd(9)} base ${r.pollsPerSecond.base}/s (${r.cpuUsPerPoll} µs CPU/poll); ${r.leases} leases renewed at ${r.renewalsPerSecond}/s: ${r.overheadPercent.heartbeat} % fewer polls/s, ${r.cpuOverheadPercent.heartbeat} % more CPU/poll; metrics: ${r.overheadPercent.metrics} % fewer, ${r.cpuOverheadPercent.metrics} % more CPU (in isolation ${r.instrumentUsPerPoll} µs = ${r.instrumentPercentOfPollCpu} % of a poll's CPU); one renewal ${r.renewMs} ms vs one poll ${r.pollMs} ms (${r.leases} leases at the default lease: ${r.heartbeatSharePercentAtDefault} % of one connection)`,
        );
    }
    for (const r of rows) {
      if ('skipped' in r) continue;
      console.log(
        `  ${r.backend.padEnd(9)} target < ${r.targetPercent} %: heartbeat ${r.heartbeatSharePercentAtDefault} % of a connection, metrics ${r.instrumentPercentOfPollCpu} % of a poll's CPU: ${r.withinTarget ? 'met' : 'MISSED'}`,
      );
    }
    console.log(JSON.stringify(rows));
  }
}
