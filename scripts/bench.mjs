#!/usr/bin/env node
// `npm run bench [-- --runs N] [--no-peer-tsc] [--generation-only] [--cold-list] [--spec github|openai]`: generation time (wall and
// CPU) and peak memory on GitHub's spec and OpenAI's, ours vs openapi-mcp-generator@4.0.1 vs the floor (start node,
// parse the spec, write the same files: scripts/benchFloor.mjs), and `--check` of an up-to-date output; where our time
// goes by stage, cold and warm (scripts/benchStages.mjs); `tsc --noEmit` (medians of 3, with TypeScript 7, which the
// projects pin, and with 5.9) of our generated GitHub and OpenAI projects and of a one-resource project (the fixed
// cost: libraries and runtime declarations); the start-up of our generated GitHub and OpenAI servers (initialize +
// tools/list, cold and warm, per tool mode; scripts/benchStartup.mjs); the store throughput bench (if present); and what a
// generated server adds to a start and a poll over the raw upstream call; upstream polls per completed job with eager
// agents on three replicas, paced and not (scripts/benchPace.mjs); HTTP-mode status calls/s and p99 with 20 and 200
// clients per store against a minimal server on the same SDK (scripts/benchHttp.mjs); cold start to a complete first
// tools/list of our server (static and dynamic) against openapi-mcp-generator's and a floor, in paired rounds
// (scripts/benchColdList.mjs; `--cold-list` runs only that). Prints tables and writes .tmp/bench-results.json. Local
// only: every server here listens on 127.0.0.1.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchColdList } from './benchColdList.mjs';
import { rotated } from './benchOrder.mjs';
import { GENERATOR_TSC, PROJECT_TSC } from './compilers.mjs';
import { compileSupport } from './compileSupport.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * @typedef {typeof import('../test/support/fakeUpstream.js')} FakeModule
 * @typedef {typeof import('../test/support/generateServer.js')} GenerateModule
 * @typedef {typeof import('../test/support/mcpHarness.js')} HarnessModule
 */
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || 5;
/** `--generation-only`: generation, --check and tsc; no server start-up, store, work or overhead benches. */
const GENERATION_ONLY = argv.includes('--generation-only');
/** `--spec github` (repeatable): only these specs. */
const ONLY_SPECS = argv.flatMap((a, i) => (argv[i - 1] === '--spec' ? [a] : []));
const OUT = join(ROOT, '.tmp', 'bench');
/** Our projects are checked with both: 7 (what they pin, what their `npm run build` runs) is what users run, 5.9
 * keeps the numbers comparable with older runs, and checks the peer's project, which pins `typescript ^5.8`. */
/** @typedef {{ name: string, path: string }} Compiler */
const TSC_7 = { name: 'tsc 7', path: PROJECT_TSC };
const TSC_5 = { name: 'tsc 5.9', path: GENERATOR_TSC };
const COMPILERS = [TSC_7, TSC_5];
const SPECS = [
  { name: 'github', path: join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json') },
  { name: 'openai', path: join(ROOT, 'fixtures', 'real', 'openai.yaml') },
].filter((s) => ONLY_SPECS.length === 0 || ONLY_SPECS.includes(s.name));
/** @typedef {{ name: string, args: (spec: string, out: string) => string[] }} Generator */
/** @type {Generator} */
const OURS = { name: 'mcp-jobgen', args: (spec, out) => [join(ROOT, 'bin', 'mcp-jobgen.js'), spec, '-o', out] };
/**
 * Ours first: it runs first in round 0, as it always did.
 * @type {Generator[]}
 */
const GENERATORS = [
  OURS,
  {
    name: 'openapi-mcp-generator',
    args: (spec, out) => [
      join(ROOT, 'node_modules', 'openapi-mcp-generator', 'bin', 'openapi-mcp-generator.js'),
      '-i',
      spec,
      '-o',
      out,
      '--force',
    ],
  },
];
const HAVE_TIME = existsSync('/usr/bin/time');

const loadAverage = () =>
  loadavg()
    .map((x) => round(x, 1))
    .join(' ');
/** @param {number[]} xs @returns {number} NaN for none */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};
const round = (/** @type {number} */ x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Runs `node <args>`; wall time measured here, peak RSS and CPU time (user + system, all threads) from /usr/bin/time,
 * else peak RSS by polling VmHWM in /proc and no CPU time. CPU time matters beside wall time: V8's GC runs on helper
 * threads, so a wall-time lead on an idle 2-core machine shrinks when the cores are busy.
 * @param {string[]} args
 * @param {{ cwd?: string, timeoutMs?: number }} [options]
 * @returns {Promise<Measured>}
 */
function measure(args, { cwd = ROOT, timeoutMs = 900_000 } = {}) {
  return new Promise((resolve) => {
    const timeFile = join(OUT, `time-${process.pid}.txt`);
    /** @type {[string, string[]]} */
    const [cmd, cmdArgs] = HAVE_TIME
      ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...args]]
      : [process.execPath, args];
    const started = performance.now();
    const child = spawn(cmd, cmdArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let hwm = 0;
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    const poll = HAVE_TIME
      ? null
      : setInterval(() => {
          try {
            hwm = Math.max(hwm, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
          } catch {
            /* exited */
          }
        }, 10);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      const timed =
        HAVE_TIME && existsSync(timeFile)
          ? (readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number)
          : [hwm, NaN, NaN];
      const [peakKb = NaN, userS = NaN, systemS = NaN] = timed;
      resolve({ code, ms, rssMb: peakKb / 1024, cpuMs: (userS + systemS) * 1000, out });
    });
  });
}

/**
 * Relative path and byte size of every file under `dir`, sorted: the floor writes the same.
 * @param {string} dir
 */
function fileSizes(dir) {
  /** @type {Array<[string, number]>} */
  const out = [];
  const walk = (/** @type {string} */ rel) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push([path, statSync(join(dir, path)).size]);
    }
  };
  walk('');
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * A `node` run as measure() saw it: exit code (null when killed), wall ms, peak RSS, CPU ms, stdout and stderr.
 * @typedef {{ code: number | null, ms: number, rssMb: number, cpuMs: number, out: string }} Measured
 */
/**
 * One contender's figures on one spec, or its failure.
 * @typedef {{ failed?: string, medianMs?: number, medianCpuMs?: number, medianPeakRssMb?: number, runsMs?: number[], runsCpuMs?: number[] }} Summary
 */
/**
 * One spec's generation figures: a Summary per contender (`mcp-jobgen`, the peer, `floor`, `check`), keyed by name.
 * @typedef {{ spec: string, loadAverage?: { before: string, after?: string }, files?: { count: number, bytes: number },
 *   summaries: Record<string, Summary>, ratios?: Record<string, number | null> }} GenerationRow
 */
/** @typedef {{ spec: string, failed?: string, coldMs?: Record<string, number>, warmMs?: Record<string, number> }} StagesRow */
/** @typedef {{ times: number[], mems: number[], cpus: number[], failure: string | null }} Samples */

/** @type {(s: Samples) => Summary} */
const summarize = (s) =>
  s.failure
    ? { failed: s.failure }
    : {
        medianMs: round(median(s.times), 0),
        medianCpuMs: round(median(s.cpus), 0),
        medianPeakRssMb: round(median(s.mems), 0),
        runsMs: s.times.map((t) => round(t, 0)),
        runsCpuMs: s.cpus.map((t) => round(t, 0)),
      };

/**
 * A generation row as .tmp/bench-results.json keeps it: each contender's Summary under its own name, beside the
 * spec's fields, in the order they were measured.
 * @param {GenerationRow} row
 */
const generationJson = ({ summaries, ratios, ...head }) => ({ ...head, ...summaries, ...(ratios ? { ratios } : {}) });

/**
 * Ours, the peer and the floor (scripts/benchFloor.mjs: start node, read and parse the spec, write files of the
 * sizes ours writes) run in turn, in an order that rotates every round, so that load from anything else on the
 * machine hits all alike; `--check` of our fresh (so up-to-date) output runs right after each generation of ours.
 * Every generation writes into a fresh directory. One unmeasured round first warms the file cache and gives the
 * floor its manifest.
 */
async function benchGeneration() {
  /** @type {GenerationRow[]} */
  const rows = [];
  for (const spec of SPECS) {
    if (!existsSync(spec.path)) {
      console.log(`skip ${spec.name}: ${spec.path} missing`);
      continue;
    }
    /** @type {GenerationRow & { loadAverage: { before: string, after?: string } }} */
    const row = { spec: spec.name, loadAverage: { before: loadAverage() }, summaries: {} };
    const oursOut = join(OUT, `${spec.name}-mcp-jobgen`);
    rmSync(oursOut, { recursive: true, force: true });
    const warm = await measure(OURS.args(spec.path, oursOut));
    if (warm.code !== 0) {
      console.log(`${spec.name} mcp-jobgen: FAILED ${warm.out.slice(-600)}`);
      rows.push({ spec: spec.name, summaries: { 'mcp-jobgen': { failed: warm.out.slice(-600) } } });
      continue;
    }
    const manifest = join(OUT, `${spec.name}-floor-files.json`);
    const sizes = fileSizes(oursOut);
    writeFileSync(manifest, JSON.stringify(sizes));
    row.files = { count: sizes.length, bytes: sizes.reduce((n, [, size]) => n + size, 0) };
    const contenders = [
      ...GENERATORS.map((g) => ({ name: g.name, args: (/** @type {string} */ out) => g.args(spec.path, out) })),
      { name: 'floor', args: (/** @type {string} */ out) => [join(ROOT, 'scripts', 'benchFloor.mjs'), spec.path, manifest, out] },
    ];
    /** @type {Record<string, Samples>} */
    const samples = Object.fromEntries(
      [...contenders.map((c) => c.name), 'check'].map((n) => [n, { times: [], mems: [], cpus: [], failure: null }]),
    );
    const check = /** @type {Samples} */ (samples.check);
    const record = (/** @type {Samples} */ s, /** @type {Measured} */ r) => {
      if (r.code !== 0) s.failure = r.out.slice(-600);
      else {
        s.times.push(r.ms);
        s.mems.push(r.rssMb);
        s.cpus.push(r.cpuMs);
      }
    };
    for (const c of contenders.slice(1)) {
      const out = join(OUT, `${spec.name}-${c.name}`);
      rmSync(out, { recursive: true, force: true });
      await measure(c.args(out)); // warm-up, unmeasured
    }
    for (let i = 0; i < RUNS; i++) {
      for (const c of rotated(contenders, i)) {
        const s = /** @type {Samples} */ (samples[c.name]);
        if (s.failure) continue;
        const out = join(OUT, `${spec.name}-${c.name}`);
        rmSync(out, { recursive: true, force: true });
        record(s, await measure(c.args(out)));
        if (c.name === 'mcp-jobgen' && !check.failure) {
          // Up to date by construction: exit code 0, or the comparison found drift (a bug worth seeing).
          record(check, await measure([...c.args(out), '--check', '--quiet']));
        }
      }
    }
    for (const n of Object.keys(samples)) {
      const r = summarize(/** @type {Samples} */ (samples[n]));
      row.summaries[n] = r;
      console.log(
        `${spec.name} ${n}: ${r.failed ? `FAILED ${r.failed}` : `${r.medianMs} ms (CPU ${r.medianCpuMs} ms), ${r.medianPeakRssMb} MB; runs ${(r.runsMs ?? []).join(' ')}`}`,
      );
    }
    const ours = row.summaries['mcp-jobgen'];
    const peer = row.summaries['openapi-mcp-generator'];
    const floor = row.summaries.floor;
    /**
     * @param {Summary | undefined} a
     * @param {Summary | undefined} b
     * @param {'medianMs' | 'medianCpuMs' | 'medianPeakRssMb'} key
     */
    const ratio = (a, b, key) => {
      const x = a?.[key];
      const y = b?.[key];
      return x && y ? round(x / y) : null;
    };
    row.ratios = {
      oursOverFloorWall: ratio(ours, floor, 'medianMs'),
      oursOverFloorCpu: ratio(ours, floor, 'medianCpuMs'),
      oursOverPeerWall: ratio(ours, peer, 'medianMs'),
      oursOverPeerCpu: ratio(ours, peer, 'medianCpuMs'),
      oursOverPeerRss: ratio(ours, peer, 'medianPeakRssMb'),
      checkOverGenerateWall: ratio(row.summaries.check, ours, 'medianMs'),
      checkOverGenerateCpu: ratio(row.summaries.check, ours, 'medianCpuMs'),
    };
    row.loadAverage.after = loadAverage();
    rows.push(row);
  }
  return rows;
}

/**
 * Stage times of our pipeline (scripts/benchStages.mjs), RUNS fresh processes per spec: medians of the cold round
 * (what a CLI run pays) and of the third, warm round (the algorithm once the JIT has compiled it). Says which
 * stage a change should go after; the whole-run figures above are the ones the targets are set on.
 */
async function benchStages() {
  /** @type {StagesRow[]} */
  const rows = [];
  for (const spec of SPECS) {
    if (!existsSync(spec.path)) continue;
    /** @type {Array<Record<string, number>>} */
    const cold = [];
    /** @type {Array<Record<string, number>>} */
    const warm = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await measure([join(ROOT, 'scripts', 'benchStages.mjs'), spec.path, '3']);
      if (r.code !== 0) {
        rows.push({ spec: spec.name, failed: r.out.slice(-600) });
        break;
      }
      /** @type {{ rounds: Array<Record<string, number>> }} */
      const { rounds } = JSON.parse(r.out.trim().split('\n').pop() ?? '');
      const [first] = rounds;
      const last = rounds.at(-1);
      if (!first || !last) throw new Error(`benchStages.mjs reported no rounds: ${r.out.slice(-600)}`);
      cold.push(first);
      warm.push(last);
    }
    if (cold.length < RUNS) continue;
    const medians = (/** @type {Array<Record<string, number>>} */ xs) =>
      Object.fromEntries(Object.keys(xs[0] ?? {}).map((k) => [k, round(median(xs.map((x) => x[k] ?? Number.NaN)), 0)]));
    const row = { spec: spec.name, coldMs: medians(cold), warmMs: medians(warm) };
    console.log(`${spec.name} stages cold ${JSON.stringify(row.coldMs)} warm ${JSON.stringify(row.warmMs)}`);
    rows.push(row);
  }
  return rows;
}

/**
 * tsc --noEmit over a generated project with one compiler, `TSC_RUNS` times (one run varies by +-0.4 s here):
 * median time, and the error codes the last run reports (TS2590 is the peer's known failure).
 * @typedef {{ project: string, ok: boolean, runs: number, ms: number, cpuMs: number, peakRssMb: number,
 *   errors: Record<string, number> }} TypecheckRow
 */
const TSC_RUNS = Math.min(RUNS, 3);
/**
 * @param {string} project
 * @param {string} dir
 * @param {Compiler} compiler
 * @returns {Promise<TypecheckRow | { project: string, skipped: string }>}
 */
async function benchTypecheck(project, dir, compiler) {
  const name = `${project}, ${compiler.name}`;
  if (!existsSync(dir)) return { project: name, skipped: 'not generated' };
  const runs = [];
  for (let i = 0; i < TSC_RUNS; i++) runs.push(await measure([compiler.path, '--noEmit', '-p', dir]));
  const r = runs.at(-1);
  if (!r) throw new Error('no tsc runs: --runs must be at least 1');
  /** @type {Record<string, number>} */
  const codes = {};
  for (const [, code = ''] of r.out.matchAll(/error (TS\d+)/g)) codes[code] = (codes[code] ?? 0) + 1;
  const result = {
    project: name,
    ok: r.code === 0,
    runs: TSC_RUNS,
    ms: round(median(runs.map((x) => x.ms)), 0),
    cpuMs: round(median(runs.map((x) => x.cpuMs)), 0),
    peakRssMb: round(median(runs.map((x) => x.rssMb)), 0),
    errors: codes,
  };
  console.log(
    `tsc --noEmit ${name}: ${result.ok ? 'ok' : 'FAILED'} in ${result.ms} ms (CPU ${result.cpuMs} ms, median of ${TSC_RUNS}) ${JSON.stringify(codes)}`,
  );
  return result;
}

/**
 * The fixed cost of a generated project's type-check: a one-resource spec (fixtures/golden/crud-params), so tsc
 * reads only the libraries (@types/node, zod, the server SDK) and the runtime's declarations. What a project costs
 * above it is its tools.
 */
async function benchTypecheckFloor() {
  const dir = join(OUT, 'tsc-floor-mcp-jobgen');
  rmSync(dir, { recursive: true, force: true });
  const spec = join(ROOT, 'fixtures', 'golden', 'crud-params', 'spec.yaml');
  const generated = await measure([join(ROOT, 'bin', 'mcp-jobgen.js'), spec, '-o', dir, '--quiet']);
  const project = 'mcp-jobgen crud-params (fixed cost)';
  if (generated.code !== 0) return [{ project, skipped: `generation failed: ${generated.out}` }];
  const rows = [];
  for (const compiler of COMPILERS) rows.push(await benchTypecheck(project, dir, compiler));
  return rows;
}

/**
 * The biggest toolset a generated README lists (its `| \`name\` | N |` rows), `all` and `jobs` aside.
 * @param {string} dir
 */
function largestToolset(dir) {
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  /** @type {{ name: string, tools: number } | null} */
  let best = null;
  for (const [, name = '', tools] of readme.matchAll(/^\| `([^`]+)` \| (\d+) \|/gm)) {
    if (name === 'all' || name === 'jobs') continue;
    if (!best || Number(tools) > best.tools) best = { name, tools: Number(tools) };
  }
  return best;
}

/**
 * Compiles our generated GitHub and OpenAI projects (tsc, emitting), then times initialize + tools/list from a
 * cold process and warm, with peak RSS: in the server's default mode, static with every tool in one page, and
 * static with its largest toolset.
 */
async function benchStartups() {
  const { benchStartup } = await import(pathToFileURL(join(ROOT, 'scripts', 'benchStartup.mjs')).href);
  const rows = [];
  for (const spec of SPECS) {
    const dir = join(OUT, `${spec.name}-mcp-jobgen`);
    if (!existsSync(dir)) continue;
    const compiled = await measure([PROJECT_TSC, '-p', dir]);
    if (compiled.code !== 0) {
      rows.push({ spec: spec.name, failed: compiled.out.slice(-600) });
      continue;
    }
    const largest = largestToolset(dir);
    const modes = [
      ['default', {}],
      ['static, all tools', { MCP_TOOL_MODE: 'static', MCP_TOOLS_PAGE_SIZE: '0' }],
      ...(largest ? [[`static, toolset ${largest.name}`, { MCP_TOOL_MODE: 'static', MCP_TOOLSETS: largest.name }]] : []),
    ];
    for (const [mode, env] of modes) {
      const row = { spec: spec.name, mode, ...(await benchStartup(dir, env, RUNS)) };
      console.log(
        `start-up ${spec.name} ${mode}: cold ${row.coldMs} ms (CPU ${row.coldCpuMs} ms; first tools/list ${row.firstListMs} ms, CPU ${row.firstListCpuMs} ms), warm ${row.warmMs} ms, ${row.tools} tools, ${row.listBytes} B, ${row.peakRssMb} MB`,
      );
      rows.push(row);
    }
  }
  return rows;
}

async function benchStore() {
  const script = join(ROOT, 'scripts', 'benchStore.mjs');
  if (!existsSync(script)) return { skipped: 'scripts/benchStore.mjs not present' };
  const r = await measure([script]);
  console.log(r.out.trim());
  const json = r.out
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  try {
    return json ? JSON.parse(json) : { output: r.out.trim() };
  } catch {
    return { output: r.out.trim() };
  }
}

/** Lease heartbeat and metrics overhead on status polls per second (scripts/benchWork.mjs), per backend. */
async function benchWorkScript() {
  const script = join(ROOT, 'scripts', 'benchWork.mjs');
  if (!existsSync(script)) return { skipped: 'scripts/benchWork.mjs not present' };
  const r = await measure([script]);
  console.log(r.out.trim());
  const json = r.out
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('['));
  try {
    return json ? JSON.parse(json) : { output: r.out.trim() };
  } catch {
    return { output: r.out.trim() };
  }
}

/** Median latency of a start and a poll through the generated server (MCP over stdio) vs a direct fetch. */
async function benchOverhead(n = 50) {
  const [{ startFakeUpstream }, gen, harness] = /** @type {[FakeModule, GenerateModule, HarnessModule]} */ (await compileSupport());
  const server = await gen.generateServer('fixtures/e2e/openai-batches.yaml', 'overhead', [], OUT);
  const fake = await startFakeUpstream();
  fake.setDefaultPlan('batch', { pollsPerStep: 0 }); // jobs stay running: every poll is a real upstream call
  const creds = Object.fromEntries((await gen.credentialEnvNames(server)).map((k) => [k, 'bench']));
  const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-bench-')), 'jobs.sqlite');
  const conn = await harness.connectStdio(server, { API_BASE_URL: fake.url, JOB_STORE_URL: store, ...creds });
  const tools = harness.jobTools(conn.tools);
  const startTool = tools.start[0];
  if (!startTool) throw new Error(`family ${tools.family} has no start tool`);
  const body = (/** @type {number} */ i) => ({
    input_file_id: `file-bench-${i}-${Date.now()}`,
    endpoint: '/v1/chat/completions',
    completion_window: '24h',
  });
  const time = async (/** @type {() => Promise<void>} */ fn) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  /** @type {Record<'start' | 'poll', number[]>} */
  const direct = { start: [], poll: [] };
  /** @type {Record<'start' | 'poll', number[]>} */
  const viaMcp = { start: [], poll: [] };
  try {
    let upstreamId = '';
    for (let i = 0; i < n; i++) {
      direct.start.push(
        await time(async () => {
          const r = await fetch(`${fake.url}/batches`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
            body: JSON.stringify(body(i)),
          });
          upstreamId = (await r.json()).id;
        }),
      );
      direct.poll.push(
        await time(async () => {
          await (await fetch(`${fake.url}/batches/${upstreamId}`, { headers: { authorization: 'Bearer bench' } })).json();
        }),
      );
    }
    /** @type {unknown} */
    let jobId = '';
    for (let i = 0; i < n; i++) {
      viaMcp.start.push(
        await time(async () => {
          const r = await harness.callChecked(conn, startTool.name, harness.fitArgs(startTool, { body: body(n + i) }));
          if (r.isError) throw new Error(harness.textOf(r));
          if (r.structuredContent === undefined) throw new Error(`no structuredContent: ${harness.textOf(r)}`);
          jobId = r.structuredContent.job_id;
        }),
      );
      viaMcp.poll.push(
        await time(async () => {
          const r = await harness.callChecked(conn, tools.status.name, { job_id: jobId });
          if (r.isError) throw new Error(harness.textOf(r));
        }),
      );
    }
  } finally {
    await conn.close();
    await fake.close();
  }
  const row = (/** @type {'start' | 'poll'} */ what) => ({
    directMs: round(median(direct[what])),
    mcpMs: round(median(viaMcp[what])),
    ratio: round(median(viaMcp[what]) / median(direct[what])),
  });
  const result = { samples: n, start: row('start'), poll: row('poll') };
  console.log(`overhead: start ${JSON.stringify(result.start)} poll ${JSON.stringify(result.poll)}`);
  return result;
}

async function main() {
  const loadBefore = loadAverage();
  mkdirSync(OUT, { recursive: true });
  if (argv.includes('--cold-list')) {
    const coldList = await benchColdList({ out: OUT, runs: RUNS, only: ONLY_SPECS });
    const results = { node: process.version, runs: RUNS, loadAverage: { before: loadBefore, after: loadAverage() }, coldList };
    writeFileSync(join(ROOT, '.tmp', 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote .tmp/bench-results.json`);
    return;
  }
  console.log(`bench: ${RUNS} runs each, peak RSS via ${HAVE_TIME ? '/usr/bin/time' : '/proc VmHWM polling'}`);
  const generation = await benchGeneration();
  const stages = await benchStages();
  // Only projects generated in this run (a --spec run leaves the other spec's folder from an older one).
  /** @type {Array<Awaited<ReturnType<typeof benchTypecheck>>>} */
  const typecheck = [];
  for (const spec of SPECS)
    for (const compiler of COMPILERS)
      typecheck.push(await benchTypecheck(`mcp-jobgen ${spec.name}`, join(OUT, `${spec.name}-mcp-jobgen`), compiler));
  typecheck.push(...(await benchTypecheckFloor()));
  // The peer's project needs axios, dotenv and json-schema-to-zod, which are not installed here: its result is
  // indicative only.
  if (!argv.includes('--no-peer-tsc') && SPECS.some((s) => s.name === 'github'))
    typecheck.push(await benchTypecheck('openapi-mcp-generator github', join(OUT, 'github-openapi-mcp-generator'), TSC_5));
  const startup = GENERATION_ONLY ? [] : await benchStartups();
  const store = GENERATION_ONLY ? { skipped: '--generation-only' } : await benchStore();
  const work = GENERATION_ONLY ? { skipped: '--generation-only' } : await benchWorkScript();
  /** @type {Awaited<ReturnType<typeof benchOverhead>> | { skipped: string } | { failed: string }} */
  let overhead = { skipped: '--generation-only' };
  if (!GENERATION_ONLY) {
    try {
      overhead = await benchOverhead();
    } catch (err) {
      overhead = { failed: String(err instanceof Error ? err.message : err) };
      console.log(`overhead bench failed: ${overhead.failed}`);
    }
  }
  const pace = await optionalBench('pace', async () => (await import('./benchPace.mjs')).benchPace({ out: OUT }));
  const http = await optionalBench('http', async () => (await import('./benchHttp.mjs')).benchHttp({ out: OUT }));
  const coldList = await optionalBench('cold-list', () => benchColdList({ out: OUT, runs: RUNS, only: ONLY_SPECS }));
  const results = {
    node: process.version,
    runs: RUNS,
    loadAverage: { before: loadBefore, after: loadAverage() },
    generation: generation.map(generationJson),
    stages,
    typecheck,
    startup,
    store,
    work,
    overhead,
    pace,
    http,
    coldList,
  };
  writeFileSync(join(ROOT, '.tmp', 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    `\nload average before/after: ${loadBefore} / ${loadAverage()} (2 cores: above ~1 the wall times include waiting for a core)`,
  );
  console.log(
    '| spec | files | ours ms (CPU) | floor ms (CPU) | peer ms (CPU) | ours/floor wall, CPU | ours/peer wall, CPU | ours MB | peer MB | --check ms (CPU) | check/gen | load avg |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const cell = (/** @type {Summary | undefined} */ x) => (x?.medianMs ? `${x.medianMs} (${x.medianCpuMs})` : 'failed');
  for (const r of generation) {
    const q = r.ratios ?? {};
    const ours = r.summaries['mcp-jobgen'];
    const peer = r.summaries['openapi-mcp-generator'];
    console.log(
      `| ${r.spec} | ${r.files?.count ?? '-'}, ${r.files ? round(r.files.bytes / 1e6, 1) : '-'} MB | ${cell(ours)} | ${cell(r.summaries.floor)} | ${cell(peer)} | ${q.oursOverFloorWall ?? '-'}x, ${q.oursOverFloorCpu ?? '-'}x | ${q.oursOverPeerWall ?? '-'}x, ${q.oursOverPeerCpu ?? '-'}x | ${ours?.medianPeakRssMb ?? '-'} | ${peer?.medianPeakRssMb ?? '-'} | ${cell(r.summaries.check)} | ${q.checkOverGenerateWall ?? '-'}x | ${r.loadAverage?.before ?? ''} / ${r.loadAverage?.after ?? ''} |`,
    );
  }
  console.log('\n| spec | stage ms, cold (warm) | load | build | detect | emit | total |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of stages) {
    if (r.failed) console.log(`| ${r.spec} | failed | | | | | |`);
    else {
      const c = (/** @type {string} */ k) => `${r.coldMs?.[k] ?? '-'} (${r.warmMs?.[k] ?? '-'})`;
      console.log(`| ${r.spec} | medians of ${RUNS} | ${c('load')} | ${c('build')} | ${c('detect')} | ${c('emit')} | ${c('total')} |`);
    }
  }
  for (const t of typecheck)
    console.log(
      `tsc --noEmit ${t.project}: ${'skipped' in t ? t.skipped : t.ok ? `ok, ${t.ms} ms (CPU ${t.cpuMs} ms, median of ${t.runs})` : `failed ${JSON.stringify(t.errors)}`}`,
    );
  console.log('\n| server | mode | cold ms | cold CPU ms | warm ms | tools | tools/list bytes | peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of startup) {
    if (r.failed) console.log(`| ${r.spec} | compile failed | | | | | | |`);
    else
      console.log(`| ${r.spec} | ${r.mode} | ${r.coldMs} | ${r.coldCpuMs} | ${r.warmMs} | ${r.tools} | ${r.listBytes} | ${r.peakRssMb} |`);
  }
  if ('start' in overhead)
    console.log(
      `server overhead (median, n=${overhead.samples}): start ${overhead.start.mcpMs} ms vs ${overhead.start.directMs} ms direct (x${overhead.start.ratio}); poll ${overhead.poll.mcpMs} vs ${overhead.poll.directMs} ms (x${overhead.poll.ratio})`,
    );
  console.log(`\nwrote .tmp/bench-results.json`);
}

/**
 * A server bench that may fail without failing the run (its failure is reported and recorded instead).
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} run
 * @returns {Promise<T | { skipped: string } | { failed: string }>}
 */
async function optionalBench(name, run) {
  if (GENERATION_ONLY) return { skipped: '--generation-only' };
  try {
    return await run();
  } catch (err) {
    const failed = String(err instanceof Error ? err.message : err);
    console.log(`${name} bench failed: ${failed}`);
    return { failed };
  }
}

main().catch((err) => {
  console.error(`bench failed: ${err instanceof Error ? err.stack : err}`);
  process.exitCode = 1;
});
