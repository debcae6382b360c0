/**
 * An upstream answer holding an own `__proto__` key (or a `constructor` object with its own `prototype`) where the
 * contract leaves a value untyped: every framework still gets the call's answer. The AI SDK's MCP client refuses a
 * whole message holding such a key and never settles the call (frameworks.ts races that refusal against its error
 * hook, so the refusal fails here by name instead of waiting); the server leaves those keys out of
 * structuredContent and keeps them in the JSON text (templates/runtime/upstream/refusedKeys.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalUpstream, startLocalUpstream } from '../runtime/localUpstream.js';
import { type GeneratedServer, generateServer } from '../support/generateServer.js';
import { serverEnv } from '../support/mcpHarness.js';
import { FRAMEWORKS_INSTALLED, requireFrameworksInCi } from './installed.js';
import { FRAMEWORK_STALL_MS, withinDeadline } from './measure.js';
import { modelTexts } from './modelText.js';

requireFrameworksInCi();

const NAMES = ['AI SDK', 'OpenAI Agents', 'LangChain', 'Mastra', 'mcp-use'];
const HOSTILE = '{"ok":true,"data":{"__proto__":{"polluted":1},"kept":"kept-value","list":[{"constructor":{"prototype":{}}}]}}';

describe.skipIf(!FRAMEWORKS_INSTALLED)('an upstream answer with keys a client refuses', () => {
  let api: LocalUpstream;
  let server: GeneratedServer;
  beforeAll(async () => {
    api = await startLocalUpstream();
    api.route('GET /things', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(HOSTILE));
    server = await generateServer('fixtures/frameworks/untyped-answer.yaml', 'frameworks-refused-keys');
  });
  afterAll(async () => api?.close());

  for (const name of NAMES) {
    it(`${name}: the call settles and the model reads the answer`, async () => {
      const { FRAMEWORKS } = await import('./frameworks.js');
      const framework = FRAMEWORKS.find((f) => f.name === name)!;
      const session = await framework.open({ entry: server.entry, cwd: server.dir, env: serverEnv({ API_BASE_URL: api.url }) });
      try {
        const tool = session.tools.find((t) => t.name === 'get_things');
        expect(tool, session.tools.map((t) => t.name).join(', ')).toBeDefined();
        const output = await withinDeadline(tool!.run({}), FRAMEWORK_STALL_MS, name);
        const text = modelTexts(output).join('\n');
        expect(text).toContain('kept-value');
        // Mastra hands its model structuredContent alone, which leaves the refused keys out; the others read the
        // text blocks too, where the JSON text keeps them.
        if (name === 'Mastra') expect(text).not.toContain('polluted');
        else expect(text).toContain('polluted');
      } finally {
        await session.close();
      }
    });
  }
});
