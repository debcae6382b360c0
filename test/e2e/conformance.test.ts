/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13, a devDependency: it runs on
 * Node 20) against a generated server in HTTP mode. Issue 9's done-when names its DNS-rebinding check; the
 * other scenarios that a generated server can answer without the suite's own fixture tools run too.
 * The 2026-07-28 and Tasks scenarios of 0.2.0-alpha need Node 22: scripts/conformance-next.sh runs those.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp } from '../support/eraClients.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer, REPO_ROOT, run } from '../support/generateServer.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const CONFORMANCE = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

let fake: FakeUpstream;
let server: GeneratedServer;
let http: Awaited<ReturnType<typeof startHttp>>;
let results: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  const lifecycle = LIFECYCLES.find((c) => c.name === 'openai-batches')!;
  server = await generateServer(lifecycle.fixture, 'conformance');
  results = mkdtempSync(join(tmpdir(), 'mcp-jobgen-conformance-'));
  http = await startHttp(server, {
    API_BASE_URL: fake.url,
    JOB_STORE_URL: join(results, 'jobs.sqlite'),
    ...fixtureCredentials(await credentialEnvNames(server)),
  });
});
afterAll(async () => {
  await http?.stop();
  await fake?.close();
});

describe('@modelcontextprotocol/conformance 0.1.13', () => {
  it.each(SCENARIOS)('%s passes', async (scenario) => {
    // The suite needs a localhost URL for the rebinding check (it forges Host/Origin against it).
    const url = http.url.replace('127.0.0.1', 'localhost');
    const res = await run(process.execPath, [CONFORMANCE, 'server', '--url', url, '--scenario', scenario], {
      cwd: results,
      timeoutMs: 120_000,
    });
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(res.stdout);
    expect(summary, `${res.stdout}\n${res.stderr}`).not.toBeNull();
    expect(Number(summary![1]), res.stdout).toBeGreaterThan(0);
    expect(summary![1], res.stdout).toBe(summary![2]);
    expect(res.code, res.stdout).toBe(0);
  });
});
