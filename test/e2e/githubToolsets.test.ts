/**
 * Issue 13's targets on GitHub's spec (1,223 operations), on the generated project itself (its TypeScript
 * loaded through vitest, its own copy of the runtime): the server starts in dynamic mode and lists at most 15
 * tools in at most 20 KB in both eras; no toolset holds more than 128 tools; search finds operations a user
 * would ask for by words; the default instructions say how to reach them. No timing here (`npm run bench`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOOLSET_TOOLS } from '../../templates/runtime/defaults.js';
import { E2E_TMP, ensureGeneratorBuilt, REPO_ROOT, run } from '../support/generateServer.js';

const GITHUB = join(REPO_ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const DIR = join(E2E_TMP, 'github-toolsets');

type Answer = { result?: Record<string, any>; error?: { code: number; message: string } };
type Runtime = typeof import('../../templates/runtime/index.js');
type Transport = typeof import('@modelcontextprotocol/server');

let runtime: Runtime;
let sdk: Transport;
let definition: import('../../templates/runtime/definition.js').ServerDefinition;

beforeAll(async () => {
  await ensureGeneratorBuilt();
  const res = await run(process.execPath, [join(REPO_ROOT, 'bin', 'mcp-jobgen.js'), GITHUB, '-o', DIR], { timeoutMs: 300_000 });
  expect(res.code, res.stderr).toBe(0);
  runtime = await import(pathToFileURL(join(DIR, 'runtime', 'index.js')).href);
  ({ definition } = await import(pathToFileURL(join(DIR, 'src', 'definition.ts')).href));
  sdk = await import('@modelcontextprotocol/server');
}, 600_000);

/** A fresh server for `env`; `exchange` sends messages and returns the answer to the last one. */
async function open(env: Record<string, string>) {
  const created = await runtime.createServer(definition, { env: { JOB_STORE_URL: 'sqlite::memory:', ...env } });
  const [client, server] = sdk.InMemoryTransport.createLinkedPair();
  const answers = new Map<unknown, Answer>();
  client.onmessage = (message) => {
    if ('id' in message) answers.set(message.id, message as Answer);
  };
  await created.serve(server);
  await client.start();
  let id = 0;
  const send = async (method: string, params?: Record<string, unknown>): Promise<Answer> => {
    const mine = ++id;
    await client.send({ jsonrpc: '2.0', id: mine, method, ...(params ? { params } : {}) });
    while (!answers.has(mine)) await new Promise((r) => setTimeout(r, 2));
    return answers.get(mine)!;
  };
  return { send, close: () => created.close() };
}

const modernMeta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

describe.skipIf(!existsSync(GITHUB))("GitHub's server", () => {
  let legacy: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    legacy = await open({});
  });
  afterAll(async () => legacy?.close());

  it('starts in dynamic mode with at most 15 tools in at most 20 KB, and says so', async () => {
    expect(definition.toolMode).toBe('dynamic');
    const init = await legacy.send('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(init.result?.instructions).toMatch(/dynamic mode \(the default for this API: it has more than 128 operations/);
    const list = await legacy.send('tools/list');
    expect(list.result?.tools.length).toBeLessThanOrEqual(15);
    expect(list.result?.nextCursor).toBeUndefined();
    expect(Buffer.byteLength(JSON.stringify(list.result))).toBeLessThanOrEqual(20 * 1024);
    // Starting and listing built no operation's zod schema: each is still the generated lazy getter.
    const unbuilt = definition.operations.filter((op) => typeof Object.getOwnPropertyDescriptor(op, 'input')?.get === 'function');
    expect(unbuilt.length).toBeGreaterThan(definition.operations.length * 0.9);
  });

  it('lists the same in the 2026-07-28 era', async () => {
    const modern = await open({});
    try {
      const list = await modern.send('tools/list', { _meta: modernMeta });
      expect(list.result?.tools.map((t: { name: string }) => t.name)).toEqual(
        (await legacy.send('tools/list')).result?.tools.map((t: { name: string }) => t.name),
      );
      expect(Buffer.byteLength(JSON.stringify(list.result))).toBeLessThanOrEqual(20 * 1024);
    } finally {
      await modern.close();
    }
  });

  it(`holds no more than ${MAX_TOOLSET_TOOLS} tools in any toolset, and every tool in one`, async () => {
    let covered = 0;
    const sizes: Record<string, number> = {};
    for (const { name } of definition.toolsets) {
      const one = await runtime.createRuntime(definition, {
        env: { MCP_TOOLSETS: name, MCP_TOOL_MODE: 'static', JOB_STORE_URL: 'sqlite::memory:' },
      });
      sizes[name] = one.offer.listed.length;
      await one.close();
    }
    for (const [name, size] of Object.entries(sizes)) expect(size, name).toBeLessThanOrEqual(MAX_TOOLSET_TOOLS);
    for (const op of definition.operations) if (op.toolsets.length > 0) covered += 1;
    expect(covered).toBe(definition.operations.length);
  }, 300_000);

  it.each([
    ['create a pull request', 'pulls_create'],
    ['list issues of a repository', 'issues_list_for_repo'],
    ['cancel a workflow run', 'actions_cancel_workflow_run'],
    ['delete a repository', 'repos_delete'],
    ['star a gist', 'gists_star'],
    ['list commits', 'repos_list_commits'],
    ['get a repository', 'repos_get'],
    ['download an artifact', 'actions_download_artifact'],
  ])('search %j finds %s among the first three', async (query, name) => {
    const answer = await legacy.send('tools/call', { name: 'search_operations', arguments: { query } });
    const results: Array<{ name: string }> = answer.result?.structuredContent.results ?? [];
    const names = results.slice(0, 3).map((r) => r.name);
    expect(names).toContain(name);
  });

  it('describes an operation with the schema static mode would list', async () => {
    const answer = await legacy.send('tools/call', { name: 'describe_operation', arguments: { name: 'pulls_create' } });
    const schema = answer.result?.structuredContent.input_schema;
    expect(schema.properties).toHaveProperty('owner');
    expect(schema.required).toEqual(expect.arrayContaining(['owner', 'repo']));
  });
});
