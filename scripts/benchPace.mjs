#!/usr/bin/env node
import { mkdtempSync } from 'node:fs';
// Upstream requests per completed job with eager agents (issue 27): three HTTP replicas of a generated server over
// one SQLite store, and for each job one agent per replica calling the status tool every 200 ms until it is
// terminal. The upstream (a small server here) runs each batch for DURATION_MS and answers every poll of a running
// job with `Retry-After: RETRY_S`, so the fewest polls that see a job finish, from the first status call on, are
// that one, one per Retry-After while it runs, and the one that sees it done. Measured with JOB_POLL_PACE=on (one
// pace per job, shared through the store) and off (every status call polls: the agents' rate, as fast as three
// replicas answer on this machine). Target: on ≤ 1.2 × the minimum. The pace is measured with the watcher
// (JOB_WATCH, on by default) and without it, and a second scenario leaves each job alone after its start and
// asks once, after it finished: with the watcher the job was followed (and seen done) meanwhile, without it
// that one status call polls.
//
//   node scripts/benchPace.mjs [--jobs 4] [--json]
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSupport } from './compileSupport.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = 6_000;
const RETRY_S = 2;
const AGENT_EVERY_MS = 200;
const REPLICAS = 3;

/**
 * @typedef {typeof import('../test/support/generateServer.js')} GenerateModule
 * @typedef {typeof import('../test/support/mcpHarness.js')} HarnessModule
 * @typedef {import('../test/support/generateServer.js').GeneratedServer} GeneratedServer
 * @typedef {import('../test/support/mcpHarness.js').Connected} Connected
 * @typedef {Awaited<ReturnType<HarnessModule['callChecked']>>} ToolResult
 * @typedef {{ created: number, polls: number, firstPoll: number | null }} UpstreamJob
 * @typedef {{ pace: string, watch: string, jobs: number, upstreamPollsPerJob: number, minimumPollsPerJob: number,
 *   ratio: number, statusCallsPerJob: number }} PaceRow
 */

/**
 * Batches that finish DURATION_MS after their start; every GET of one counted.
 * @returns {Promise<{ url: string, jobs: Map<string, UpstreamJob>, close: () => Promise<void> }>}
 */
function startUpstream() {
  /** @type {Map<string, UpstreamJob>} */
  const jobs = new Map();
  let next = 1;
  const server = createServer((req, res) => {
    /**
     * @param {number} status
     * @param {unknown} body
     * @param {Record<string, string>} [headers]
     */
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/batches') {
        const id = `batch_${next++}`;
        jobs.set(id, { created: Date.now(), polls: 0, firstPoll: null });
        return send(200, { id, object: 'batch', status: 'validating', ...JSON.parse(body || '{}') });
      }
      const match = /^\/batches\/([^/]+)$/.exec(url.pathname);
      const id = match?.[1];
      const job = id ? jobs.get(id) : undefined;
      if (req.method === 'GET' && job) {
        job.polls += 1;
        job.firstPoll ??= Date.now() - job.created;
        const done = Date.now() - job.created >= DURATION_MS;
        return send(
          200,
          { id, object: 'batch', status: done ? 'completed' : 'in_progress', output_file_id: done ? 'file-out' : null },
          done ? {} : { 'retry-after': String(RETRY_S) },
        );
      }
      return send(404, { error: { message: 'not found' } });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({ url: `http://127.0.0.1:${port}`, jobs, close: () => new Promise((r) => server.close(() => r(undefined))) });
    });
  });
}

/**
 * The status tool's structured answer; a result without one (never from a generated server) fails the bench.
 * @param {HarnessModule} harness
 * @param {ToolResult} result
 */
function structuredOf(harness, result) {
  if (result.structuredContent === undefined) throw new Error(`no structuredContent: ${harness.textOf(result)}`);
  return result.structuredContent;
}

/**
 * @param {GenerateModule} gen
 * @param {HarnessModule} harness
 * @param {GeneratedServer} server
 * @param {'on' | 'off'} pace JOB_POLL_PACE
 * @param {number} jobCount
 * @param {{ watch?: 'on' | 'off', eager?: boolean }} [options] JOB_WATCH; eager agents, or a job left alone
 * @returns {Promise<PaceRow>}
 */
async function runMode(gen, harness, server, pace, jobCount, { watch = 'on', eager = true } = {}) {
  const upstream = await startUpstream();
  const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-pace-')), 'jobs.sqlite');
  const creds = Object.fromEntries((await gen.credentialEnvNames(server)).map((k) => [k, 'bench']));
  const env = { API_BASE_URL: upstream.url, JOB_STORE_URL: store, JOB_POLL_PACE: pace, JOB_WATCH: watch, ...creds };
  /** @type {Connected[]} */
  const replicas = [];
  // Replica k mod REPLICAS: every index is below the REPLICAS connected before any job runs.
  const replica = (/** @type {number} */ k) => /** @type {Connected} */ (replicas[k % REPLICAS]);
  try {
    for (let i = 0; i < REPLICAS; i++) replicas.push(await harness.connectHttp(server, env));
    const tools = harness.jobTools(replica(0).tools);
    const startTool = tools.start[0];
    if (!startTool) throw new Error(`family ${tools.family} has no start tool`);
    let statusCalls = 0;
    const runJob = async (/** @type {number} */ n) => {
      const start = await harness.callChecked(
        replica(n),
        startTool.name,
        harness.fitArgs(startTool, {
          body: { input_file_id: `file-${n}-${Date.now()}`, endpoint: '/v1/chat/completions', completion_window: '24h' },
        }),
      );
      if (start.isError) throw new Error(harness.textOf(start));
      const jobId = structuredOf(harness, start).job_id;
      if (!eager) {
        // Left alone, then asked once after it finished (and once more until it says so).
        await new Promise((r) => setTimeout(r, DURATION_MS + 1_000));
        for (;;) {
          const status = await harness.callChecked(replica(n + 1), tools.status.name, { job_id: jobId });
          statusCalls += 1;
          if (status.isError) throw new Error(harness.textOf(status));
          if (structuredOf(harness, status).terminal) return;
          await new Promise((r) => setTimeout(r, RETRY_S * 1000));
        }
      }
      // One eager agent per replica: a status call every 200 ms, whatever poll_after_ms says.
      await Promise.all(
        replicas.map(async (replica) => {
          for (;;) {
            const status = await harness.callChecked(replica, tools.status.name, { job_id: jobId });
            statusCalls += 1;
            if (status.isError) throw new Error(harness.textOf(status));
            if (structuredOf(harness, status).terminal) return;
            await new Promise((r) => setTimeout(r, AGENT_EVERY_MS));
          }
        }),
      );
    };
    await Promise.all(Array.from({ length: jobCount }, (_, n) => runJob(n)));
    const jobs = [...upstream.jobs.values()];
    const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0);
    // The fewest polls Retry-After allows from the first status call on: that one, one per Retry-After while the
    // job runs, and the one that sees it done.
    const minimum = jobs.map((j) => 1 + Math.ceil(Math.max(0, DURATION_MS - (j.firstPoll ?? 0)) / (RETRY_S * 1000)));
    return {
      pace,
      watch,
      jobs: jobs.length,
      upstreamPollsPerJob: round(sum(jobs.map((j) => j.polls)) / jobs.length),
      minimumPollsPerJob: round(sum(minimum) / jobs.length),
      ratio: round(sum(jobs.map((j) => j.polls)) / sum(minimum)),
      statusCallsPerJob: round(statusCalls / jobs.length),
    };
  } finally {
    await Promise.all(replicas.map((r) => r.close()));
    await upstream.close();
  }
}

const round = (/** @type {number} */ x) => Math.round(x * 100) / 100;

/**
 * @param {{ jobs?: number, out?: string }} [options] jobs per mode; where the server is generated
 */
export async function benchPace({ jobs = 4, out = join(ROOT, '.tmp', 'bench') } = {}) {
  const [, gen, harness] = /** @type {[unknown, GenerateModule, HarnessModule]} */ (await compileSupport());
  const server = await gen.generateServer('fixtures/e2e/openai-batches.yaml', 'pace', [], out);
  const on = await runMode(gen, harness, server, 'on', jobs);
  const unwatched = await runMode(gen, harness, server, 'on', jobs, { watch: 'off' });
  const off = await runMode(gen, harness, server, 'off', jobs);
  const leftWatched = await runMode(gen, harness, server, 'on', jobs, { eager: false });
  const leftUnwatched = await runMode(gen, harness, server, 'on', jobs, { watch: 'off', eager: false });
  const line = (/** @type {PaceRow} */ r) =>
    `${r.upstreamPollsPerJob} upstream polls per job vs a minimum of ${r.minimumPollsPerJob} (x${r.ratio}), ${r.statusCallsPerJob} status calls per job`;
  const left = (/** @type {PaceRow} */ r) => `${r.upstreamPollsPerJob} upstream polls and ${r.statusCallsPerJob} status calls per job`;
  console.log(
    `pace: ${REPLICAS} replicas, an agent per replica every ${AGENT_EVERY_MS} ms, ${jobs} jobs of ${DURATION_MS / 1000} s, Retry-After ${RETRY_S} s: ` +
      `JOB_POLL_PACE=on ${line(on)} (target <= x1.2); the same without the watcher ${line(unwatched)}; off ${line(off)}`,
  );
  console.log(
    `pace: a job left alone and asked about once after it finished: with the watcher ${left(leftWatched)}; without ${left(leftUnwatched)}`,
  );
  return { on, unwatched, off, leftWatched, leftUnwatched };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const jobs = Number(argv[argv.indexOf('--jobs') + 1]) || 4;
  const result = await benchPace({ jobs });
  if (argv.includes('--json')) console.log(JSON.stringify(result));
}
