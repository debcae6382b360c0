// The MCP Inspector CLI's schema lint in --strict mode over every tool a generated server lists (static mode), for
// each e2e fixture spec, and the golden spec whose inputs hold values the contract leaves untyped (listed as typed
// members: templates/runtime/wireSchema.ts anyMembers): no finding of severity error. Its warnings are the classes docs/SCHEMAS.md explains
// (untyped values the contract leaves untyped, nullable values as type arrays). OpenAI's and GitHub's servers are
// linted by scripts/schemas/lintServers.mjs (too big for a test run here).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialEnvNames, generateServer, REPO_ROOT, run } from '../support/generateServer.js';
import { fixtureCredentials } from './lifecycleCases.js';

const INSPECTOR = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

/** Fixture specs that mean what they say without a config file (the AWS ones declare their families in one). */
const FIXTURES = [
  'e2e/openai-batches.yaml',
  'e2e/replicate-predictions.json',
  'e2e/azure-translator.json',
  'e2e/azure-backup.json',
  'e2e/google-tts.yaml',
  'e2e/slow-renders.yaml',
  'e2e/big-results.yaml',
  'e2e/widgets.yaml',
  'golden/oneof-body/spec.yaml',
];

interface Finding {
  rule: string;
  severity: string;
  schema: string;
  path: string;
}

describe('inspector --strict schema lint of generated servers', () => {
  it.each(FIXTURES)(
    '%s: every tool listed, no error',
    async (fixture) => {
      const name = fixture.replace(/\/spec\.\w+$|\.\w+$/, '').replace(/^\w+\//, '');
      const server = await generateServer(`fixtures/${fixture}`, `inspector-strict-${name}`);
      const home = mkdtempSync(join(tmpdir(), 'mcp-jobgen-inspector-strict-'));
      const serverEnv: Record<string, string> = {
        JOB_STORE_URL: 'sqlite::memory:',
        MCP_TOOL_MODE: 'static',
        ...fixtureCredentials(await credentialEnvNames(server)),
      };
      const envFlags = Object.entries(serverEnv).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
      const env = {
        ...process.env,
        HOME: home,
        MCP_CATALOG_PATH: join(home, 'mcp.json'),
        MCP_CLIENT_CONFIG_PATH: join(home, 'client.json'),
      };
      const res = await run(
        process.execPath,
        [INSPECTOR, '--cli', '--format', 'json', '-q', ...envFlags, '--method', 'tools/list', '--strict', process.execPath, server.entry],
        { env, timeoutMs: 120_000 },
      );
      // The lint's verdict is in the envelope; a non-zero exit without one is a failure to list.
      const line = res.stdout.trim().split('\n').at(-1) ?? '';
      if (!line.startsWith('{')) throw new Error(`inspector exited ${res.code}:\n${res.stdout}\n${res.stderr}`);
      const envelope = JSON.parse(line) as { result: { tools: unknown[] }; schemaFindings?: { toolName: string; findings: Finding[] }[] };
      expect(envelope.result.tools.length).toBeGreaterThan(0);
      // The lint ran: --strict adds its findings to the envelope (an empty list when it finds nothing).
      expect(Array.isArray(envelope.schemaFindings)).toBe(true);
      const errors = (envelope.schemaFindings ?? []).flatMap(({ toolName, findings }) =>
        findings.filter((f) => f.severity === 'error').map((f) => `${toolName} ${f.schema} ${f.path}: ${f.rule}`),
      );
      expect(errors).toEqual([]);
    },
    180_000,
  );
});
