/**
 * The autorest testserver (Azure's client-conformance server, npm @microsoft.azure/autorest.testserver) against
 * servers mcp-jobgen generates from the testserver's own swaggers. Every long-running operation is driven
 * through the MCP tools only (start, status with wait_ms until terminal, result) and must end in the state its
 * row in autorestLroScenarios.ts promises, with the promised result or reason, and the testserver must count
 * the scenario's last step as reached. Scenarios run one at a time (the server keeps their progress in cookies
 * it reads per request, and a 500-then-success scenario shares one cookie name across its requests), except the
 * rows marked sideBySide, which keep no progress there.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutorestTestserver, startAutorestTestserver, TESTSERVER_DIR } from '../support/autorestTestserver.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectStdio, fitArgs, metaOf, textOf } from '../support/mcpHarness.js';
import { AUTOREST_SCENARIOS, type AutorestScenario, type Fixture } from './autorestLroScenarios.js';

const FIXTURES: Fixture[] = ['lro', 'lro-parameterized-endpoints', 'paging'];

let testserver: AutorestTestserver | undefined;
/** One server per fixture, plus one per distinct UPSTREAM_HEADERS a row asks for (keyed `fixture headers-json`). */
const connections = new Map<string, Connected>();
const storeDir = mkdtempSync(join(tmpdir(), 'autorest-jobs-'));

function connectionKey(fixture: Fixture, headers: Record<string, string> | undefined): string {
  return headers ? `${fixture} ${JSON.stringify(headers)}` : fixture;
}

function swaggerOf(fixture: Fixture): string {
  return `node_modules/@microsoft.azure/autorest.testserver/swagger/${fixture}.json`;
}

beforeAll(async () => {
  testserver = await startAutorestTestserver();
  for (const fixture of FIXTURES) {
    const server: GeneratedServer = await generateServer(swaggerOf(fixture), `autorest-${fixture}`);
    // One server per distinct UPSTREAM_HEADERS the fixture's rows ask for (none: the plain one).
    const variants = new Map<string, Record<string, string> | undefined>();
    for (const s of AUTOREST_SCENARIOS)
      if (s.fixture === fixture) variants.set(connectionKey(fixture, s.upstreamHeaders), s.upstreamHeaders);
    for (const [key, headers] of variants) {
      const conn = await connectStdio(server, {
        API_BASE_URL: testserver.url,
        JOB_STORE_URL: `sqlite:${join(storeDir, `${fixture}-${connections.size}.sqlite`)}`,
        ...(headers ? { UPSTREAM_HEADERS: JSON.stringify(headers) } : {}),
      });
      connections.set(key, conn);
    }
  }
}, 900_000);

afterAll(async () => {
  for (const conn of connections.values()) await conn.close();
  await testserver?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

/** The operations the swaggers mark long-running: the table must have a row for each, and nothing else. */
function longRunningOperations(): string[] {
  const ids: string[] = [];
  for (const fixture of FIXTURES) {
    const text = readFileSync(join(TESTSERVER_DIR, 'swagger', `${fixture}.json`), 'utf8').replace(/^\uFEFF/, '');
    const paths = (JSON.parse(text) as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    for (const item of Object.values(paths)) {
      for (const op of Object.values(item)) {
        if (op && typeof op === 'object' && op['x-ms-long-running-operation'] === true) ids.push(String(op.operationId));
      }
    }
  }
  return ids.sort();
}

interface Ending {
  state: string;
  /** What the upstream and the server said about the ending (error, message, last document, start refusal). */
  said: string;
  result?: unknown;
  /** The last status answer, for the failure message. */
  status?: unknown;
}

/** start → status (wait_ms) until terminal → result tool where the status gives only a location. */
async function drive(conn: Connected, scenario: AutorestScenario): Promise<Ending> {
  const start = conn.tools.find((t) => metaOf(t)['mcp-jobgen/operation'] === scenario.operationId);
  expect(start, `a start tool for ${scenario.operationId}`).toBeDefined();
  expect(metaOf(start!)['mcp-jobgen/role']).toBe('start');
  const family = metaOf(start!)['mcp-jobgen/job'];
  const tool = (role: string): Tool | undefined =>
    conn.tools.find((t) => metaOf(t)['mcp-jobgen/job'] === family && metaOf(t)['mcp-jobgen/role'] === role);
  const started = await callChecked(conn, start!.name, fitArgs(start!, scenario.args ?? {}));
  // A start the upstream refused (a 4xx, or a 5xx that stayed one) is a failed job with the answer as reason.
  if (started.isError) return { state: 'failed', said: textOf(started) };
  const jobId = started.structuredContent!.job_id as string;
  // A start that ended at once answers with the job handle; the status call gives its full ending.
  let last = started.structuredContent!.terminal
    ? (await callChecked(conn, tool('status')!.name, { job_id: jobId })).structuredContent!
    : started.structuredContent!;
  // Bounded: a job that is not terminal after these calls is a hang, and the test says so.
  for (let call = 0; call < 6 && last.terminal !== true; call++) {
    const status = await callChecked(conn, tool('status')!.name, { job_id: jobId, wait_ms: 25_000 });
    expect(status.isError, textOf(status)).toBeFalsy();
    last = status.structuredContent!;
  }
  expect(last.terminal, `not terminal: ${JSON.stringify(last)}`).toBe(true);
  const said = JSON.stringify({ error: last.error, message: last.message, upstream_document: last.upstream_document });
  // No sentence points at something the answer does not carry.
  if (last.error === undefined) expect(last.message).not.toContain('See error');
  let result = last.result;
  if (last.state === 'succeeded' && result === undefined && typeof last.result_location === 'string' && tool('result')) {
    const fetched = await callChecked(conn, tool('result')!.name, { job_id: jobId });
    expect(fetched.isError, textOf(fetched)).toBeFalsy();
    result = fetched.structuredContent!.result;
  }
  return { state: String(last.state), said, result, status: last };
}

async function check(scenario: AutorestScenario): Promise<void> {
  const ending = await drive(connections.get(connectionKey(scenario.fixture, scenario.upstreamHeaders))!, scenario);
  if (scenario.knownGap) {
    expect(ending.state, `known gap: ${scenario.knownGap}`).not.toBe(scenario.state);
    // ... and for the reason the row gives, not another one.
    if (scenario.reason) expect(ending.said).toMatch(scenario.reason);
    return;
  }
  expect(ending.state, ending.said).toBe(scenario.state);
  if (scenario.reason) expect(ending.said).toMatch(scenario.reason);
  if (scenario.state !== 'succeeded') expect(ending.said, 'a failure says why').not.toBe('{}');
  if (scenario.result) expect(scenario.result(ending.result), JSON.stringify(ending)).toBe(true);
  const counts = await testserver!.coverage();
  for (const key of scenario.coverage) expect(counts[key], `testserver coverage ${key}`).toBeGreaterThan(0);
  for (const key of scenario.untouched ?? []) {
    expect(key in counts, `the testserver still counts ${key}`).toBe(true);
    expect(counts[key], `testserver coverage ${key}: the request must not have been sent again`).toBe(0);
  }
}

const rows = (sideBySide: boolean) =>
  AUTOREST_SCENARIOS.filter((s) => (s.sideBySide === true) === sideBySide).map((s) => [s.operationId, s] as const);

describe('autorest testserver LRO scenarios through generated servers', () => {
  it('the table has one row per long-running operation of the swaggers', () => {
    expect(AUTOREST_SCENARIOS.map((s) => s.operationId).sort()).toEqual(longRunningOperations());
  });

  it.each(rows(false))('%s', (_name, scenario) => check(scenario), 240_000);

  describe('rows that keep no state on the testserver, side by side', () => {
    it.concurrent.each(rows(true))('%s', (_name, scenario) => check(scenario), 240_000);
  });
});
