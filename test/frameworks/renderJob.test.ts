/**
 * A render job run to its end through each framework's own tool-execution path (its argument parsing and
 * validation, its MCP call, its conversion of the result for the model), against the fake upstream's slow
 * renders: the start answers with a job handle the model reads from the text, the status tool is polled by
 * the name the handle gives, and the result holds the upstream's render. Mastra with an OpenAI model makes
 * every optional parameter required (its OpenAI compat layer, docs: generated README): that path is asserted
 * as the known bug it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { serverEnv } from '../support/mcpHarness.js';
import { FRAMEWORKS_INSTALLED, requireFrameworksInCi } from './installed.js';
import { modelJson } from './modelText.js';

requireFrameworksInCi();

const NAMES = ['AI SDK', 'OpenAI Agents', 'LangChain', 'Mastra', 'mcp-use'];

describe.skipIf(!FRAMEWORKS_INSTALLED)('a render job through each framework', () => {
  let fake: FakeUpstream;
  let server: GeneratedServer;
  beforeAll(async () => {
    fake = await startFakeUpstream();
    fake.slow.setHoldMs(1500);
    server = await generateServer('fixtures/e2e/slow-renders.yaml', 'frameworks-render');
  });
  afterAll(async () => fake?.close());

  const launch = () => ({
    entry: server.entry,
    cwd: server.dir,
    env: serverEnv({ API_BASE_URL: fake.url, JOB_STORE_URL: 'sqlite::memory:', JOB_PROMOTE_AFTER_MS: '200' }),
  });

  for (const name of NAMES) {
    it(`${name}: start, poll by the handle's status tool, read the result`, async () => {
      const { FRAMEWORKS } = await import('./frameworks.js');
      const framework = FRAMEWORKS.find((f) => f.name === name)!;
      const session = await framework.open(launch());
      try {
        const tool = (n: string) => {
          const found = session.tools.find((t) => t.name === n);
          if (!found) throw new Error(`${name} has no tool ${n}: ${session.tools.map((t) => t.name).join(', ')}`);
          return found;
        };
        const rendersBefore = fake.slow.renders.length;
        const prompt = `a lighthouse for ${name}`;
        const started = modelJson(await tool('create_render').run({ body: { prompt } }));
        const handle = started.mcp_job as { job_id: string; state: string; status_tool: string };
        expect(handle, JSON.stringify(started)).toMatchObject({ state: 'running' });
        let status: Record<string, unknown> = {};
        for (let i = 0; i < 10 && status.terminal !== true; i++) {
          status = modelJson(await tool(handle.status_tool).run({ job_id: handle.job_id, wait_ms: 10_000 }));
          expect(status.job_id).toBe(handle.job_id);
          expect(typeof status.poll_after_ms === 'number' || status.terminal === true).toBe(true);
        }
        expect(status).toMatchObject({ state: 'succeeded', terminal: true });
        expect((status.result as { prompt?: string }).prompt).toBe(prompt);
        expect(fake.slow.renders.length - rendersBefore).toBe(1);
      } finally {
        await session.close();
      }
    });
  }

  it('Mastra with an OpenAI model: the known optional-parameter bug (every optional argument made required)', async () => {
    const { MASTRA_OPENAI } = await import('./frameworks.js');
    const session = await MASTRA_OPENAI.open(launch());
    try {
      const start = session.tools.find((t) => t.name === 'create_render')!;
      const schema = start.schema as { required?: string[]; properties?: Record<string, unknown> };
      // The server lists idempotency_key as optional; Mastra's OpenAI layer hands the model a required one.
      expect(schema.required).toContain('idempotency_key');
    } finally {
      await session.close();
    }
  });
});
