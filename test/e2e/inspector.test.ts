// The same job flow driven by @modelcontextprotocol/inspector's CLI: a client we did not write. Each CLI call
// starts the server anew on one SQLite store, so this also shows a handle outliving its server process. Both
// eras: the default (2025 initialize) and `--protocol-era modern` (2026-07-28), where the Inspector declares the
// Tasks extension, so the start comes back as a task that it drives through tasks/get to the final result.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer, REPO_ROOT, run } from '../support/generateServer.js';
import { checkOutput, fitArgs, jobTools } from '../support/mcpHarness.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const INSPECTOR = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
const lifecycle = LIFECYCLES.find((c) => c.kind === 'batch')!;

let fake: FakeUpstream;
let server: GeneratedServer;
let serverEnv: Record<string, string>;
let home: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer(lifecycle.fixture, 'inspector-openai-batches');
  home = mkdtempSync(join(tmpdir(), 'mcp-jobgen-inspector-'));
  serverEnv = { API_BASE_URL: fake.url, JOB_STORE_URL: join(home, 'jobs.sqlite'), ...fixtureCredentials(await credentialEnvNames(server)) };
});
afterAll(async () => {
  await fake?.close();
});

/** One inspector CLI invocation against the generated server over stdio; returns the parsed JSON result. */
async function inspector(args: string[], era = 'legacy'): Promise<any> {
  const envFlags = Object.entries(serverEnv).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  // The inspector keeps a catalog and client config under HOME: point both at a scratch folder.
  const env = { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json'), MCP_CLIENT_CONFIG_PATH: join(home, 'client.json') };
  const res = await run(
    process.execPath,
    [INSPECTOR, '--cli', '--format', 'json', '-q', '--protocol-era', era, ...envFlags, ...args, process.execPath, server.entry],
    { env, timeoutMs: 60_000 },
  );
  if (res.code !== 0) throw new Error(`inspector ${args.join(' ')} exited ${res.code}:\n${res.stdout}\n${res.stderr}`);
  // `--format json` wraps the MCP result: {"result": {...}}
  const parsed = JSON.parse(res.stdout) as { result?: unknown };
  return parsed.result ?? parsed;
}

describe.each(['legacy', 'modern'])('inspector CLI (%s era) drives a generated job server', (era) => {
  it('tools/list, start, status with wait_ms until succeeded, result, list_jobs', async () => {
    const listed = await inspector(['--method', 'tools/list'], era);
    const tools = listed.tools as Tool[];
    const family = jobTools(tools);
    expect(family.start.length).toBeGreaterThan(0);

    const callTool = async (tool: Tool, toolArgs: Record<string, unknown>): Promise<any> => {
      const result = await inspector(
        ['--method', 'tools/call', '--tool-name', tool.name, '--tool-args-json', JSON.stringify(toolArgs)],
        era,
      );
      checkOutput(tool, result);
      return result;
    };

    const startsBefore = fake.count(lifecycle.startRoute);
    const started = await callTool(family.start[0]!, fitArgs(family.start[0]!, lifecycle.startArgs()));
    expect(started.isError ?? false).toBe(false);
    const jobId = started.structuredContent.job_id as string;
    // The modern Inspector waited on the task: its final result is the finished job.
    if (era === 'modern') expect(started.structuredContent).toMatchObject({ job_id: jobId, state: 'succeeded', terminal: true });
    expect(fake.count(lifecycle.startRoute)).toBe(startsBefore + 1);

    let status: any;
    for (let i = 0; i < 10; i++) {
      status = await callTool(family.status, { job_id: jobId, wait_ms: 3000 });
      if (status.structuredContent?.terminal) break;
    }
    expect(status.structuredContent).toMatchObject({ state: 'succeeded', terminal: true });
    if (family.result) {
      const result = await callTool(family.result, { job_id: jobId });
      expect(result.isError ?? false).toBe(false);
    } else {
      expect(status.structuredContent.result ?? status.structuredContent.result_location).toBeDefined();
    }
    const jobs = await callTool(family.list!, {});
    expect(jobs.structuredContent.jobs.map((j: { job_id: string }) => j.job_id)).toContain(jobId);
  });
});
