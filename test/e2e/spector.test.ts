/**
 * Spector, Azure's own mock server for client conformance, against servers mcp-jobgen generates from the
 * scenarios' own contracts (compiled from their TypeSpec: fixtures/spector/). Each long-running scenario is
 * driven through the MCP tools only (start, status with wait_ms, result), and must end in its expected
 * terminal state with the expected result, and Spector itself must count the scenario as passed (every
 * request of its sequence made, in order, with the api-version it checks).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialEnvNames, type GeneratedServer, generateServer } from '../support/generateServer.js';
import { callChecked, connectStdio, fitArgs, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';
import { type SpectorServer, startSpector } from '../support/spectorServer.js';
import { SPECTOR_SCENARIOS } from './spectorScenarios.js';

let spector: SpectorServer | undefined;
const servers = new Map<string, GeneratedServer>();
const storeDir = mkdtempSync(join(tmpdir(), 'spector-jobs-'));

beforeAll(async () => {
  spector = await startSpector();
  for (const fixture of new Set(SPECTOR_SCENARIOS.map((s) => s.fixture))) {
    servers.set(fixture, await generateServer(`fixtures/spector/${fixture}.json`, `spector-${fixture}`));
  }
}, 900_000);

afterAll(async () => {
  await spector?.stop();
  rmSync(storeDir, { recursive: true, force: true });
});

describe('Spector Azure LRO scenarios through generated servers', () => {
  // One at a time: Spector's poll counters are per process.
  it.each(SPECTOR_SCENARIOS.map((s) => [s.name, s] as const))(
    '%s',
    async (_name, scenario) => {
      const server = servers.get(scenario.fixture)!;
      const env: Record<string, string> = {
        API_BASE_URL: spector!.url,
        JOB_STORE_URL: `sqlite:${join(storeDir, `${scenario.name}.sqlite`)}`,
      };
      for (const name of await credentialEnvNames(server)) env[name] = 'spector-token';
      const conn = await connectStdio(server, env);
      try {
        for (const call of scenario.calls) {
          const start = conn.tools.find((t) => metaOf(t)['mcp-jobgen/operation'] === call.operationId);
          expect(start, `a start tool for ${call.operationId}`).toBeDefined();
          expect(metaOf(start!)['mcp-jobgen/role']).toBe('start');
          const family = metaOf(start!)['mcp-jobgen/job'];
          const tool = (role: string) =>
            conn.tools.find((t) => metaOf(t)['mcp-jobgen/job'] === family && metaOf(t)['mcp-jobgen/role'] === role);
          const started = await callChecked(conn, start!.name, fitArgs(start!, call.args));
          expect(started.isError, textOf(started)).toBeFalsy();
          const jobId = started.structuredContent!.job_id as string;
          const seen = started.structuredContent!.terminal
            ? [started.structuredContent!]
            : await pollUntilTerminal(conn, tool('status')!.name, jobId, { waitMs: 20_000 });
          const last = started.structuredContent!.terminal
            ? (await callChecked(conn, tool('status')!.name, { job_id: jobId })).structuredContent!
            : seen.at(-1)!;
          expect(last.state, JSON.stringify(last)).toBe(scenario.state);
          // No sentence points at something the answer does not carry.
          if (last.error === undefined) expect(last.message).not.toContain('See error');
          if (!scenario.result) continue;
          let result = last.result;
          if (result === undefined) {
            const fetched = await callChecked(conn, tool('result')!.name, { job_id: jobId });
            expect(fetched.isError, textOf(fetched)).toBeFalsy();
            result = fetched.structuredContent!.result;
          }
          expect(scenario.result(result), JSON.stringify(result)).toBe(true);
        }
      } finally {
        await conn.close();
      }
      const verdict = await spector!.scenario(scenario.name);
      if (scenario.knownGap) expect(verdict, `known gap: ${scenario.knownGap}`).not.toBe('pass');
      else expect(verdict, spector!.output().slice(-2000)).toBe('pass');
    },
    180_000,
  );
});
