#!/usr/bin/env node
// HTTP-mode status calls per second (issue 27, "Done when" 3): one replica of a generated server (OpenAI batches) per
// store, with C concurrent clients (SDK Client over Streamable HTTP), each polling its own running job as fast as it
// answers. The upstream answers every poll with Retry-After: 3600, so after each job's first poll every status call
// is inside the job's shared pace window (JOB_POLL_PACE=on) and is answered from the store: one store read. The
// floor, measured in the same run, is a minimal server on the same SDK, handler and HTTP bridge with one trivial
// tool (scripts/benchHttpFloor.mjs), driven the same way, in paired rounds with the stores' servers (each takes a
// turn of a fifth of the seconds, five times: scripts/benchHttpDrive.mjs). Reports calls/s, p50/p99 latency and the
// server's own CPU per call (steadier than calls/s on a loaded machine); target >= 0.8x floor.
//
// The heap check (--heap-calls N, default 60,000; 0 skips it): the server's live heap after full GCs (read inside the
// server by scripts/benchHeapProbe.mjs) at its warm level and after every third of N status calls from 20 clients,
// reported in MB with the count of live timers (target: within 2 MB of the warm level).
// Last, per client count, one line of status-call p50/p99 on every store; a store whose service URL is unset is named
// there as not measured, never silently left out.
//
//   node scripts/benchHttp.mjs [--clients 20,200] [--seconds 5] [--heap-calls 60000] [--stores sqlite,redis,postgres] [--json]
// Redis and PostgreSQL run when TEST_REDIS_URL / TEST_POSTGRES_URL are set (scripts/services.sh).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { burst, closeTarget, driveCalls, openTarget, round } from './benchHttpDrive.mjs';
import { compileSupport } from './compileSupport.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {typeof import('../test/support/generateServer.js')} GenerateModule
 * @typedef {typeof import('../test/support/mcpHarness.js')} HarnessModule
 * @typedef {import('../test/support/generateServer.js').GeneratedServer} GeneratedServer
 * @typedef {import('../test/support/mcpHarness.js').Connected} Connected
 * @typedef {ReturnType<HarnessModule['jobTools']>} JobTools
 * @typedef {import('./benchHttpDrive.mjs').DriveRun} DriveRun
 * @typedef {Parameters<typeof openTarget>[0]} Driven a server to drive: the floor, or one store's replica
 * @typedef {DriveRun & { store: string, clients: number, floorPerSecond: number, floorP99Ms: number, floorCpuMsPerCall: number, overFloor: number }} HttpRow
 * @typedef {{ mb: number, timers: number }} HeapSample
 * @typedef {{ store: string, reason: string }} SkippedStore
 */

/**
 * Batches that never finish; every poll answered at once with Retry-After: 3600.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
function startUpstream() {
  let next = 1;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      /**
       * @param {number} status
       * @param {unknown} doc
       * @param {Record<string, string>} [headers]
       */
      const send = (status, doc, headers = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(doc));
      if (req.method === 'POST' && req.url === '/batches')
        return send(200, { id: `batch_${next++}`, status: 'validating', ...JSON.parse(body || '{}') });
      const match = /^\/batches\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && match) return send(200, { id: match[1], status: 'in_progress' }, { 'retry-after': '3600' });
      return send(404, { error: { message: 'not found' } });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close: () => new Promise((r) => server.close(() => r(undefined))),
      }),
    );
  });
}

/**
 * Starts `count` batches and polls each once, which opens the job's hour-long pace window; their job ids.
 * @param {HarnessModule} harness
 * @param {Connected} replica
 * @param {JobTools} tools
 * @param {number} count
 * @param {string} prefix
 */
async function startJobs(harness, replica, tools, count, prefix) {
  const startTool = tools.start[0];
  if (!startTool) throw new Error(`family ${tools.family} has no start tool`);
  /** @type {unknown[]} */
  const jobs = [];
  for (let i = 0; i < count; i++) {
    const start = await harness.callChecked(
      replica,
      startTool.name,
      harness.fitArgs(startTool, {
        body: { input_file_id: `${prefix}-${i}`, endpoint: '/v1/chat/completions', completion_window: '24h' },
      }),
    );
    if (start.isError) throw new Error(harness.textOf(start));
    if (start.structuredContent === undefined) throw new Error(`no structuredContent: ${harness.textOf(start)}`);
    jobs.push(start.structuredContent.job_id);
    await harness.callChecked(replica, tools.status.name, { job_id: jobs[i] });
  }
  return jobs;
}

/**
 * Asks the server's heap probe for its live heap after full GCs: { mb, timers }.
 * @param {Connected} replica
 * @param {number} seq
 * @returns {Promise<HeapSample>}
 */
async function sampleHeap(replica, seq) {
  process.kill(replica.pid, 'SIGUSR2');
  const pattern = new RegExp(`bench-heap ${seq} (\\d+) (\\d+)`);
  for (let i = 0; i < 500; i++) {
    const match = pattern.exec(replica.stderr());
    if (match) return { mb: round(Number(match[1]) / 1048576), timers: Number(match[2]) };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no heap sample ${seq} from the server: ${replica.stderr().slice(-500)}`);
}

const HEAP_CLIENTS = 20;
/** Turns each server takes per client count: the measured seconds are split between them. */
const ROUNDS = 5;

/**
 * Live heap of one server over `total` status calls: warm level, then after each third.
 * @param {HarnessModule} harness
 * @param {GeneratedServer} server
 * @param {Record<string, string>} env
 * @param {number} total
 */
async function heapCheck(harness, server, env, total) {
  const probe = join(ROOT, 'scripts', 'benchHeapProbe.mjs');
  const replica = await harness.connectHttp(server, { ...env, NODE_OPTIONS: `--expose-gc --import=${probe}` });
  try {
    const tools = harness.jobTools(replica.tools);
    const jobs = await startJobs(harness, replica, tools, HEAP_CLIENTS, 'heap');
    const call = (/** @type {number} */ n) => driveCalls(replica.port, HEAP_CLIENTS, tools.status.name, (i) => ({ job_id: jobs[i] }), n);
    // Warm: the JIT, the SDK's caches and the store's statements settle before the level is taken.
    let errors = await call(Math.min(5_000, total));
    let seq = 1;
    const warm = await sampleHeap(replica, seq);
    /** @type {Array<HeapSample & { calls: number }>} */
    const samples = [];
    for (let done = 0; done < total; ) {
      const step = Math.ceil(total / 3);
      errors += await call(step);
      done += step;
      seq += 1;
      samples.push({ calls: done, ...(await sampleHeap(replica, seq)) });
    }
    const growthMb = round(Math.max(...samples.map((s) => s.mb)) - warm.mb);
    return { warmMb: warm.mb, warmTimers: warm.timers, samples, growthMb, errors };
  } finally {
    await replica.close();
  }
}

/** @returns {Promise<{ pid: number, port: number, close: () => boolean }>} */
function startFloor() {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'benchHttpFloor.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) =>
      resolve({ pid: child.pid ?? -1, port: Number(String(chunk).trim()), close: () => child.kill('SIGTERM') }),
    );
    child.once('error', reject);
  });
}

/**
 * The stores to measure, and the ones that cannot be (their service's URL unset): those are reported, not dropped.
 * @param {string[] | undefined} only every store when undefined
 */
function stores(only) {
  const list = [{ name: 'sqlite', url: join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-http-')), 'jobs.sqlite') }];
  /** @type {SkippedStore[]} */
  const skipped = [];
  if (process.env.TEST_REDIS_URL) list.push({ name: 'redis', url: `${process.env.TEST_REDIS_URL}?namespace=bench_http_${Date.now()}` });
  else skipped.push({ store: 'redis', reason: 'TEST_REDIS_URL unset' });
  if (process.env.TEST_POSTGRES_URL)
    list.push({ name: 'postgres', url: `${process.env.TEST_POSTGRES_URL}?namespace=bench_http_${Date.now()}` });
  else skipped.push({ store: 'postgres', reason: 'TEST_POSTGRES_URL unset' });
  const wanted = (/** @type {string} */ name) => !only || only.includes(name);
  return { run: list.filter((store) => wanted(store.name)), skipped: skipped.filter((s) => wanted(s.store)) };
}

/**
 * The issue's own words ("status-call latency p50/p99 with 200 concurrent agents on each store"): one line with
 * every store, a store that could not run named with the reason, so a missing service never looks like a result.
 * @param {HttpRow[]} rows
 * @param {SkippedStore[]} skipped
 * @param {number} clients
 */
function latencyLine(rows, skipped, clients) {
  const cells = rows
    .filter((r) => r.clients === clients)
    .map((r) => `${r.store} p50 ${r.p50Ms} ms / p99 ${r.p99Ms} ms (${r.errors} errors)`);
  for (const s of skipped) cells.push(`${s.store} not measured (${s.reason}; scripts/services.sh start sets it)`);
  return `http status-call latency, ${clients} concurrent agents, each polling its own job: ${cells.join('; ')}`;
}

/** @param {{ clients?: number[], seconds?: number, heapCalls?: number, only?: string[], out?: string }} [options] */
export async function benchHttp({ clients = [20, 200], seconds = 5, heapCalls = 60_000, only, out = join(ROOT, '.tmp', 'bench') } = {}) {
  const [, gen, harness] = /** @type {[unknown, GenerateModule, HarnessModule]} */ (await compileSupport());
  const server = await gen.generateServer('fixtures/e2e/openai-batches.yaml', 'http-throughput', [], out);
  const upstream = await startUpstream();
  const creds = Object.fromEntries((await gen.credentialEnvNames(server)).map((k) => [k, 'bench']));
  /** @type {HttpRow[]} */
  const rows = [];
  /** @type {Array<{ store: string } & Awaited<ReturnType<typeof heapCheck>>>} */
  const heaps = [];
  const { run, skipped } = stores(only);
  /** @param {{ url: string }} store */
  const envFor = (store) => ({ API_BASE_URL: upstream.url, JOB_STORE_URL: store.url, JOB_POLL_PACE: 'on', LOG_LEVEL: 'silent', ...creds });
  const floor = await startFloor();
  /** @type {Array<{ close: () => Promise<void> }>} */
  const replicas = [];
  try {
    // Warmed as each store's server is before its first run (startJobs: a start and a poll per job, one by one), so
    // the floor's first count is not measured on a cold JIT against servers already warm.
    await driveCalls(floor.port, 1, 'ping', () => ({ job_id: 'job_warm' }), 2 * Math.max(...clients));
    /** @type {Driven[]} */
    const driven = [{ name: 'floor', pid: floor.pid, port: floor.port, tool: 'ping', argsFor: (i) => ({ job_id: `job_${i}` }) }];
    for (const store of run) {
      const replica = await harness.connectHttp(server, envFor(store));
      replicas.push(replica);
      const tools = harness.jobTools(replica.tools);
      const jobs = await startJobs(harness, replica, tools, Math.max(...clients), 'file');
      driven.push({
        name: store.name,
        pid: replica.pid,
        port: replica.port,
        tool: tools.status.name,
        argsFor: (i) => ({ job_id: jobs[i] }),
      });
    }
    for (const c of clients) {
      const targets = [];
      for (const d of driven) targets.push(await openTarget(d, c));
      for (const target of targets) await burst(target, 1_000, false);
      // Paired rounds: the floor and every store in turn, each round led by the next, so load that comes and goes
      // on the shared machine falls on all of them alike.
      for (let r = 0; r < ROUNDS; r++) {
        const lead = r % targets.length;
        for (const target of [...targets.slice(lead), ...targets.slice(0, lead)]) await burst(target, (seconds * 1_000) / ROUNDS, true);
      }
      /** @type {Map<string, DriveRun>} */
      const runs = new Map();
      for (const target of targets) runs.set(target.name, await closeTarget(target));
      const floorRun = /** @type {DriveRun} */ (runs.get('floor')); // the first of `driven`, always driven
      for (const store of run) {
        const storeRun = /** @type {DriveRun} */ (runs.get(store.name));
        rows.push({
          store: store.name,
          clients: c,
          ...storeRun,
          floorPerSecond: floorRun.perSecond,
          floorP99Ms: floorRun.p99Ms,
          floorCpuMsPerCall: floorRun.cpuMsPerCall,
          overFloor: round(storeRun.perSecond / floorRun.perSecond),
        });
      }
    }
  } finally {
    floor.close();
    await Promise.all(replicas.map((replica) => replica.close()));
  }
  try {
    if (heapCalls > 0)
      for (const store of run) heaps.push({ store: store.name, ...(await heapCheck(harness, server, envFor(store), heapCalls)) });
  } finally {
    await upstream.close();
  }
  for (const h of heaps) {
    const trail = h.samples.map((s) => `${s.mb} MB (${s.timers} timers) at ${s.calls}`).join(', ');
    console.log(
      `http heap: ${h.store}, ${HEAP_CLIENTS} clients: live heap after full GC ${h.warmMb} MB warm (${h.warmTimers} timers), then ${trail}: ${h.growthMb >= 0 ? '+' : ''}${h.growthMb} MB (target <= 2 MB), ${h.errors} errors`,
    );
  }
  for (const r of rows) {
    console.log(
      `http: ${r.store}, ${r.clients} clients: ${r.perSecond} status calls/s (p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors${r.why ? `: ${r.why}` : ''}, server CPU ${r.cpuMsPerCall} ms/call) vs floor ${r.floorPerSecond}/s (p99 ${r.floorP99Ms} ms, ${r.floorCpuMsPerCall} ms/call): x${r.overFloor} (target >= x0.8), CPU x${round(r.floorCpuMsPerCall / r.cpuMsPerCall)}`,
    );
  }
  for (const c of clients) console.log(latencyLine(rows, skipped, c));
  return { rows, heaps, skipped };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const flag = (/** @type {string} */ name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const clients = (flag('--clients') ?? '20,200').split(',').map(Number);
  const result = await benchHttp({
    clients,
    seconds: Number(flag('--seconds') ?? 5),
    heapCalls: Number(flag('--heap-calls') ?? 60_000),
    only: flag('--stores')?.split(','),
  });
  if (argv.includes('--json')) console.log(JSON.stringify(result));
}
