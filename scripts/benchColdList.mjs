#!/usr/bin/env node
// Cold start to a complete first tools/list (issue 25): our generated server, openapi-mcp-generator@4.0.1's server
// and a floor, each started fresh over stdio (initialize, notifications/initialized, tools/list), on GitHub's and
// OpenAI's specs. Ours runs in static mode (every tool, one page) and in dynamic mode (a few meta-tools); the peer
// has one mode, every tool. The floor (scripts/benchListFloor.mjs) answers the very tools ours listed in that mode
// from one JSON file on the same SDK, so ours/floor is what our runtime adds to shipping the list. Rounds are paired:
// every contender once per round, in an order that rotates, so load from the rest of the machine hits all alike; one
// unmeasured round warms the file cache first. CPU time is the server process's own (all threads, /proc), wall time
// includes waiting for a core on a busy machine, peak RSS is VmHWM at the complete first list.
//
//   node scripts/benchColdList.mjs [--runs N] [--spec github|openai] [--json]   (after npm run build)
//
// The peer's server imports axios, dotenv, json-schema-to-zod, zod 3 and the v1 SDK, which mcp-jobgen does not
// depend on: they live in a package of their own, scripts/peer (`npm ci --prefix scripts/peer --ignore-scripts`);
// without it the peer is skipped and said so. Its project is transpiled (TypeScript's transpileModule) rather than
// type-checked: on GitHub's spec its tsc fails with TS2590, and what runs is the same JavaScript either way.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rotated } from './benchOrder.mjs';
import { measureStartup } from './benchStartup.mjs';
import { PROJECT_TSC } from './compilers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PEER_MODULES = join(ROOT, 'scripts', 'peer', 'node_modules');
const SPECS = [
  { name: 'github', path: join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json') },
  { name: 'openai', path: join(ROOT, 'fixtures', 'real', 'openai.yaml') },
];

/**
 * @typedef {{ name: string, path: string }} Spec
 * @typedef {import('./benchStartup.mjs').Startup} Startup
 * @typedef {{ name: string, dir: string, env: Record<string, string>, entry?: string[] }} Contender
 * @typedef {ReturnType<typeof summarize>} Summary
 * @typedef {{ oursOverPeerCpu: number | null, oursOverPeerWall: number | null, oursOverPeerRss: number | null,
 *   oursOverFloorCpu: number | null, oursOverFloorRss: number | null }} Ratios
 * @typedef {{ spec: string, loadAverage: { before: string, after: string }, peerSkipped?: string,
 *   summaries: Record<string, Summary>, ratios: Record<string, Ratios> }} SpecResult
 */

const round = (/** @type {number} */ x, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
/** @param {number[]} xs @returns {number} NaN for none */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? Number.NaN) + (s[m] ?? Number.NaN)) / 2;
};
const loadAverage = () =>
  loadavg()
    .map((x) => round(x, 1))
    .join(' ');

/**
 * Our project for `spec`, generated and compiled as its README says (tsc 7); resolves the repo's node_modules.
 * @param {Spec} spec
 * @param {string} dir
 */
function buildOurs(spec, dir) {
  rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, [join(ROOT, 'bin', 'mcp-jobgen.js'), spec.path, '-o', dir, '--quiet'], { stdio: 'inherit' });
  execFileSync(process.execPath, [PROJECT_TSC, '-p', dir], { stdio: 'inherit' });
}

/**
 * The peer's project for `spec`, its src/index.ts transpiled to build/index.js (what its `npm start` runs).
 * @param {Spec} spec
 * @param {string} dir
 */
function buildPeer(spec, dir) {
  rmSync(dir, { recursive: true, force: true });
  const generator = join(ROOT, 'node_modules', 'openapi-mcp-generator', 'bin', 'openapi-mcp-generator.js');
  execFileSync(process.execPath, [generator, '-i', spec.path, '-o', dir, '--force'], { stdio: 'ignore' });
  /** @type {typeof import('typescript')} */
  const ts = createRequire(import.meta.url)('typescript');
  const { outputText } = ts.transpileModule(readFileSync(join(dir, 'src', 'index.ts'), 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, esModuleInterop: true },
    fileName: 'index.ts',
  });
  mkdirSync(join(dir, 'build'), { recursive: true });
  writeFileSync(join(dir, 'build', 'index.js'), outputText);
  symlinkSync(PEER_MODULES, join(dir, 'node_modules'), 'dir');
}

/**
 * Medians of one contender's rounds; tools and list bytes from its first (every round lists the same).
 * @param {Startup[]} samples at least one
 */
function summarize(samples) {
  const first = samples[0];
  if (!first) throw new Error('no rounds to summarize: --runs must be at least 1');
  return {
    coldMs: round(median(samples.map((s) => s.coldMs))),
    coldCpuMs: round(median(samples.map((s) => s.coldCpuMs))),
    peakRssMb: round(median(samples.map((s) => s.peakRssMb))),
    firstListMs: round(median(samples.map((s) => s.firstListMs))),
    firstListCpuMs: round(median(samples.map((s) => s.firstListCpuMs))),
    tools: first.tools,
    listBytes: first.listBytes,
    runsCpuMs: samples.map((s) => s.coldCpuMs),
  };
}

/**
 * One spec: build the contenders, one warm-up round, then `runs` paired rounds.
 * @param {Spec} spec
 * @param {string} out
 * @param {number} runs
 * @returns {Promise<SpecResult>}
 */
async function benchSpec(spec, out, runs) {
  const oursDir = join(out, `cold-${spec.name}-ours`);
  const peerDir = join(out, `cold-${spec.name}-peer`);
  buildOurs(spec, oursDir);
  /** @type {Contender[]} */
  const contenders = [
    { name: 'ours static', dir: oursDir, env: { MCP_TOOL_MODE: 'static', MCP_TOOLS_PAGE_SIZE: '0' } },
    { name: 'ours dynamic', dir: oursDir, env: { MCP_TOOL_MODE: 'dynamic' } },
  ];
  // The floor lists what ours listed, so it is measured against the same bytes.
  for (const ours of [...contenders]) {
    const { listed } = await measureStartup(ours.dir, ours.env, 0, { keepTools: true });
    const file = join(out, `cold-${spec.name}-${ours.name.replace(' ', '-')}-tools.json`);
    writeFileSync(file, JSON.stringify(listed));
    contenders.push({ name: `floor ${ours.name.split(' ')[1]}`, dir: ROOT, env: {}, entry: ['scripts/benchListFloor.mjs', file] });
  }
  let peerSkipped = null;
  if (existsSync(PEER_MODULES)) {
    buildPeer(spec, peerDir);
    contenders.push({ name: 'peer', dir: peerDir, env: {}, entry: ['build/index.js'] });
  } else peerSkipped = 'scripts/peer/node_modules missing: npm ci --prefix scripts/peer --ignore-scripts';
  const before = loadAverage();
  /** @type {Record<string, Startup[]>} */
  const samples = Object.fromEntries(contenders.map((c) => [c.name, []]));
  const once = (/** @type {Contender} */ c) => measureStartup(c.dir, c.env, 0, { entry: c.entry });
  for (const c of contenders) await once(c); // warm-up, unmeasured
  for (let i = 0; i < runs; i++) {
    for (const c of rotated(contenders, i)) {
      const measured = await once(c);
      samples[c.name]?.push(measured); // every contender has its list (above)
    }
  }
  /** @type {Record<string, Summary>} */
  const summaries = {};
  for (const c of contenders) summaries[c.name] = summarize(samples[c.name] ?? []);
  /**
   * @param {string} a
   * @param {string} b
   * @param {'coldCpuMs' | 'coldMs' | 'peakRssMb'} key
   */
  const ratio = (a, b, key) => {
    const x = summaries[a];
    const y = summaries[b];
    return x && y ? round(x[key] / y[key], 2) : null;
  };
  /** @type {Record<string, Ratios>} */
  const ratios = {};
  for (const mode of ['static', 'dynamic']) {
    ratios[mode] = {
      oursOverPeerCpu: ratio(`ours ${mode}`, 'peer', 'coldCpuMs'),
      oursOverPeerWall: ratio(`ours ${mode}`, 'peer', 'coldMs'),
      oursOverPeerRss: ratio(`ours ${mode}`, 'peer', 'peakRssMb'),
      oursOverFloorCpu: ratio(`ours ${mode}`, `floor ${mode}`, 'coldCpuMs'),
      oursOverFloorRss: ratio(`ours ${mode}`, `floor ${mode}`, 'peakRssMb'),
    };
  }
  return {
    spec: spec.name,
    loadAverage: { before, after: loadAverage() },
    ...(peerSkipped ? { peerSkipped } : {}),
    summaries,
    ratios,
  };
}

/**
 * The row bench.mjs keeps: each contender's summary under its own name, beside the spec's fields.
 * @param {SpecResult} result
 */
const jsonRow = ({ summaries, ratios, ...head }) => ({ ...head, ...summaries, ratios });

/**
 * Every spec present; prints one table row per contender and returns the rows (bench.mjs keeps them).
 * @param {{ out?: string, runs?: number, only?: string[] }} [options]
 */
export async function benchColdList({ out = join(ROOT, '.tmp', 'bench'), runs = 5, only = [] } = {}) {
  mkdirSync(out, { recursive: true });
  /** @type {Array<ReturnType<typeof jsonRow> | { spec: string, skipped: string }>} */
  const rows = [];
  for (const spec of SPECS) {
    if (only.length > 0 && !only.includes(spec.name)) continue;
    if (!existsSync(spec.path)) {
      rows.push({ spec: spec.name, skipped: `${spec.path} missing` });
      continue;
    }
    const result = await benchSpec(spec, out, runs);
    printRow(result, runs);
    rows.push(jsonRow(result));
  }
  return rows;
}

/**
 * @param {SpecResult} row
 * @param {number} runs
 */
function printRow(row, runs) {
  console.log(
    `\ncold start to the complete first tools/list, ${row.spec}: medians of ${runs} paired rounds, load ${row.loadAverage.before} / ${row.loadAverage.after}`,
  );
  if (row.peerSkipped) console.log(`peer skipped: ${row.peerSkipped}`);
  console.log('| server | tools | list KB | wall ms | CPU ms | peak RSS MB | first tools/list ms (CPU) | CPU runs |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const name of ['ours static', 'floor static', 'ours dynamic', 'floor dynamic', 'peer']) {
    const r = row.summaries[name];
    if (!r) continue;
    console.log(
      `| ${name} | ${r.tools} | ${round(r.listBytes / 1024)} | ${r.coldMs} | ${r.coldCpuMs} | ${r.peakRssMb} | ${r.firstListMs} (${r.firstListCpuMs}) | ${r.runsCpuMs.join(' ')} |`,
    );
  }
  for (const [mode, q] of Object.entries(row.ratios))
    console.log(
      `${row.spec} ${mode}: ours/peer CPU ${q.oursOverPeerCpu ?? '-'}x, wall ${q.oursOverPeerWall ?? '-'}x, RSS ${q.oursOverPeerRss ?? '-'}x; ours/floor CPU ${q.oursOverFloorCpu}x, RSS ${q.oursOverFloorRss}x`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const runs = Number(argv[argv.indexOf('--runs') + 1]) || 5;
  const only = argv.flatMap((a, i) => (argv[i - 1] === '--spec' ? [a] : []));
  const rows = await benchColdList({ runs, only });
  if (argv.includes('--json')) console.log(JSON.stringify(rows));
}
