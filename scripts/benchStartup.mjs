#!/usr/bin/env node
// Start-up cost of a compiled generated server over stdio: spawn `node dist/index.js`, send initialize +
// notifications/initialized + tools/list (2025 era), and time the answer to tools/list from the spawn (cold),
// then more tools/list on the same process (warm, median of N). CPU time of the cold part from /proc/<pid>/stat (the
// machine is shared: wall time includes waiting for a core), peak RSS from /proc VmHWM at the end.
// `node scripts/benchStartup.mjs <compiled project dir> [label] [KEY=VALUE ...]` prints one JSON line; bench.mjs imports
// measureStartup. Local only: no upstream is contacted (tools/list never calls the API).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A JSON-RPC answer as this bench reads it: initialize's instructions, tools/list's tools and cursor.
 * @typedef {{ id?: number, error?: unknown, result: { instructions?: string, tools: unknown[], nextCursor?: string } }} RpcAnswer
 * @typedef {{ message: RpcAnswer, bytes: number }} Answer the answer and the bytes of its line
 * @typedef {{ initializeMs: number, coldMs: number, coldCpuMs: number, firstListMs: number, firstListCpuMs: number,
 *   warmMs: number | null, tools: number, nextCursor: boolean, listBytes: number, instructionsBytes: number,
 *   peakRssMb: number, listed?: unknown[] }} Startup
 */

const round = (/** @type {number} */ x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
/** @param {number[]} xs @returns {number} NaN for none */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};

/**
 * CPU time (user + system) the process used so far, in ms: robust where wall time includes waiting for a core.
 * @param {number | undefined} pid undefined when the spawn failed: NaN
 */
function cpuMs(pid) {
  try {
    // A process gone, or a stat line without ') ', throws here and lands in the catch.
    const fields = /** @type {string} */ (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** @param {number | undefined} pid */
function peakRssMb(pid) {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * One cold start of the server in `dir` with `env`; resolves with timings, sizes and peak RSS (read after the warm
 * lists; with `warmRuns` 0, at the complete first tools/list). `entry`: the script to start, relative to `dir` (a
 * server that is not ours, or the floor, as node arguments); `keepTools`: also resolve with the tools listed.
 * @param {string} dir
 * @param {Record<string, string>} [env]
 * @param {number} [warmRuns]
 * @param {{ entry?: string[], keepTools?: boolean }} [options]
 * @returns {Promise<Startup>}
 */
export function measureStartup(dir, env = {}, warmRuns = 20, { entry = ['dist/index.js'], keepTools = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      entry.map((part, i) => (i === 0 ? resolvePath(dir, part) : part)),
      {
        cwd: resolvePath(dir),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', JOB_STORE_URL: 'sqlite::memory:', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    /** @type {Map<number, (answer: Answer) => void>} */
    const waiting = new Map();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer within 60 s; stderr: ${stderr.slice(-500)}`));
    }, 60_000);
    child.stderr.on('data', (/** @type {Buffer} */ c) => {
      stderr += c;
    });
    // Bytes of the line not yet ended. Only each new chunk is searched for the line's end: a 4 MB tools/list comes
    // in thousands of chunks, and searching a growing string each time cost seconds of the measured wall time.
    /** @type {Buffer[]} */
    let pending = [];
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
      let rest = chunk;
      for (let nl = rest.indexOf(10); nl >= 0; nl = rest.indexOf(10)) {
        const line = Buffer.concat([...pending, rest.subarray(0, nl)]).toString('utf8');
        pending = [];
        rest = rest.subarray(nl + 1);
        if (!line.trim()) continue;
        const message = /** @type {RpcAnswer} */ (JSON.parse(line));
        if (message.id !== undefined) waiting.get(message.id)?.({ message, bytes: Buffer.byteLength(line) });
      }
      if (rest.length > 0) pending.push(rest);
    });
    child.on('exit', (code) => {
      if (waiting.size > 0) reject(new Error(`server exited ${code}: ${stderr.slice(-500)}`));
    });
    let nextId = 1;
    /**
     * @param {string} method
     * @param {object} [params]
     * @returns {Promise<Answer>}
     */
    const request = (method, params = {}) => {
      const id = nextId++;
      /** @type {Promise<Answer>} */
      const answer = new Promise((res) => waiting.set(id, res));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return answer.then((a) => {
        waiting.delete(id);
        if (a.message.error) throw new Error(`${method}: ${JSON.stringify(a.message.error)}`);
        return a;
      });
    };
    (async () => {
      const init = await request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1.0.0' },
      });
      const initializeMs = performance.now() - started;
      const initializeCpuMs = cpuMs(child.pid);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const first = await request('tools/list');
      const coldMs = performance.now() - started;
      const coldCpuMs = cpuMs(child.pid);
      /** @type {number[]} */
      const warm = [];
      for (let i = 0; i < warmRuns; i++) {
        const t = performance.now();
        await request('tools/list');
        warm.push(performance.now() - t);
      }
      const rss = peakRssMb(child.pid);
      clearTimeout(timer);
      child.kill('SIGTERM');
      resolve({
        initializeMs: round(initializeMs),
        coldMs: round(coldMs),
        coldCpuMs: round(coldCpuMs, 0),
        // The first tools/list alone (after initialize): what an agent framework's list timeout waits for.
        firstListMs: round(coldMs - initializeMs),
        firstListCpuMs: round(coldCpuMs - initializeCpuMs, 0),
        warmMs: warm.length > 0 ? round(median(warm), 2) : null,
        tools: first.message.result.tools.length,
        nextCursor: first.message.result.nextCursor !== undefined,
        listBytes: first.bytes,
        instructionsBytes: Buffer.byteLength(init.message.result.instructions ?? ''),
        peakRssMb: round(rss, 0),
        ...(keepTools ? { listed: first.message.result.tools } : {}),
      });
    })().catch((error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    });
  });
}

/**
 * Median of `runs` cold starts (each a new process).
 * @param {string} dir
 * @param {Record<string, string>} [env]
 * @param {number} [runs] at least 1
 */
export async function benchStartup(dir, env = {}, runs = 5) {
  /** @type {Startup[]} */
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await measureStartup(dir, env));
  const first = samples[0];
  if (first === undefined) throw new Error('benchStartup needs at least one run');
  // warmMs is null only without warm lists, and measureStartup runs 20 here.
  const pick = (/** @type {'coldMs' | 'coldCpuMs' | 'initializeMs' | 'firstListMs' | 'firstListCpuMs' | 'warmMs' | 'peakRssMb'} */ key) =>
    median(samples.map((s) => s[key] ?? Number.NaN));
  return {
    coldMs: pick('coldMs'),
    coldCpuMs: pick('coldCpuMs'),
    initializeMs: pick('initializeMs'),
    firstListMs: pick('firstListMs'),
    firstListCpuMs: pick('firstListCpuMs'),
    warmMs: pick('warmMs'),
    peakRssMb: pick('peakRssMb'),
    tools: first.tools,
    listBytes: first.listBytes,
    paginated: first.nextCursor,
    runsColdMs: samples.map((s) => s.coldMs),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dir, label = dir, ...pairs] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node scripts/benchStartup.mjs <compiled project dir> [label] [KEY=VALUE ...]');
    process.exit(2);
  }
  const env = Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  const result = await benchStartup(dir, env, Number(process.env.RUNS) || 5);
  console.log(JSON.stringify({ label, env, ...result }));
}
