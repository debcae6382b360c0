#!/usr/bin/env node
// Job store throughput: status-poll-like operations (get + conditional update of one job) per second, per
// backend, sequential (one agent polling) and with 16 polls in flight (many agents on one server).
//
//   node scripts/benchStore.mjs [--seconds 3] [--json]
//   TEST_REDIS_URL / TEST_POSTGRES_URL select the servers (eval "$(scripts/services.sh start)"); a backend
//   without its URL is reported as skipped. `benchStore()` is exported for scripts/bench.mjs.
//
// The store is the compiled runtime (dist/templates/runtime/store, from `npm run build`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchRecord, importRuntime } from './benchRuntime.mjs';

/** @typedef {import('../templates/runtime/store/index.js').JobStore} JobStore */

/** @returns {Promise<typeof import('../templates/runtime/store/index.js')>} */
async function loadStoreModule() {
  const [store] = await importRuntime(['store/index.ts']);
  return store;
}

/**
 * One poll as the status tool does it: read the job, then write the new snapshot on its version.
 * @param {JobStore} store
 * @param {string} id
 * @param {number} tick
 */
async function poll(store, id, tick) {
  const record = await store.get(id);
  if (record === null) throw new Error(`job ${id} vanished during the benchmark`);
  const next = await store.update(id, record.version, { snapshot: { status: 'in_progress', tick } }, Date.now());
  if (next === null) throw new Error('unexpected version conflict in the benchmark');
}

/**
 * @param {JobStore} store
 * @param {string[]} ids
 * @param {number} concurrency polls in flight
 * @param {number} seconds
 * @returns {Promise<number>} polls per second
 */
async function measure(store, ids, concurrency, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let polls = 0;
  // Each worker owns its own jobs, so concurrent polls never conflict (as with real, distinct handles).
  const worker = async (/** @type {number} */ w) => {
    const mine = ids.filter((_, i) => i % concurrency === w);
    for (let i = 0; performance.now() < deadline; i++) {
      const id = mine[i % mine.length];
      if (id === undefined) throw new Error('more polls in flight than jobs');
      await poll(store, id, i);
      polls++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return polls / ((performance.now() - started) / 1000);
}

/**
 * @typedef {{ backend: string, concurrency: number, pollsPerSecond: number }
 *   | { backend: string, skipped: string }} StoreRow
 */

/**
 * Polls per second for each backend. Returns rows { backend, concurrency, pollsPerSecond } or
 * { backend, skipped }.
 * @returns {Promise<StoreRow[]>}
 */
export async function benchStore({ seconds = 3, jobs = 200, concurrencies = [1, 16], env = process.env } = {}) {
  const { openStore } = await loadStoreModule();
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  const ns = `bench_${randomBytes(4).toString('hex')}`;
  const targets = [
    { backend: 'sqlite (synchronous=NORMAL)', url: `sqlite:${join(dir, 'normal.sqlite')}` },
    { backend: 'sqlite (synchronous=FULL)', url: `sqlite:${join(dir, 'full.sqlite')}?synchronous=full` },
    { backend: 'redis', url: env.TEST_REDIS_URL ? `${env.TEST_REDIS_URL}?namespace=${ns}` : null, env: 'TEST_REDIS_URL' },
    { backend: 'postgres', url: env.TEST_POSTGRES_URL ? `${env.TEST_POSTGRES_URL}?namespace=${ns}` : null, env: 'TEST_POSTGRES_URL' },
  ];
  /** @type {StoreRow[]} */
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
        const records = Array.from({ length: jobs }, () => benchRecord(now));
        for (const record of records) await store.create(record, now);
        const ids = records.map((r) => r.id);
        await measure(store, ids, 1, Math.min(0.5, seconds)); // warm-up: JIT, statement caches, connections
        for (const concurrency of concurrencies) {
          rows.push({ backend: target.backend, concurrency, pollsPerSecond: Math.round(await measure(store, ids, concurrency, seconds)) });
        }
        await store.expire(Number.MAX_SAFE_INTEGER); // leave nothing behind in shared servers
      } finally {
        await store.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropPostgresTable(env.TEST_POSTGRES_URL, `${ns}_jobs`);
  }
  return rows;
}

/**
 * @param {string | undefined} url
 * @param {string} table
 */
async function dropPostgresTable(url, table) {
  if (!url) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.end();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const secondsAt = process.argv.indexOf('--seconds');
  const seconds = secondsAt > 0 ? Number(process.argv[secondsAt + 1]) : 3;
  const rows = await benchStore({ seconds });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log('job store: status polls (get + conditional update) per second');
    for (const row of rows) {
      console.log(
        'skipped' in row
          ? `  ${row.backend.padEnd(28)} skipped: ${row.skipped}`
          : `  ${row.backend.padEnd(28)} ${String(row.concurrency).padStart(2)} in flight  ${String(row.pollsPerSecond).padStart(7)}/s`,
      );
    }
  }
}
