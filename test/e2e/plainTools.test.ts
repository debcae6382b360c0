// Plain (non-job) tools of a generated server, over stdio and over Streamable HTTP, against the fake upstream.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer } from '../support/generateServer.js';
import { type Connected, callChecked, connectHttp, connectStdio, fitArgs, metaOf, textOf } from '../support/mcpHarness.js';
import { fixtureCredentials } from './lifecycleCases.js';

let fake: FakeUpstream;
let server: GeneratedServer;
let credentials: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer('fixtures/e2e/widgets.yaml', 'plain-widgets');
  credentials = fixtureCredentials(await credentialEnvNames(server));
});
afterAll(async () => {
  await fake?.close();
});

/** The tool generated for an operation, found by its HTTP method and a path fragment in its description or meta. */
function toolFor(conn: Connected, operationId: string): Tool {
  const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const tool =
    conn.tools.find((t) => norm(t.name) === norm(operationId)) ?? conn.tools.find((t) => norm(t.name).includes(norm(operationId)));
  if (!tool) throw new Error(`no tool for ${operationId}: ${conn.tools.map((t) => t.name).join(', ')}`);
  return tool;
}

describe.each([
  ['stdio', (env: Record<string, string>) => connectStdio(server, env)],
  ['http', (env: Record<string, string>) => connectHttp(server, env)],
] as const)('plain tools over %s', (_transport, connectTo) => {
  let conn: Connected;
  beforeAll(async () => {
    const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-e2e-')), 'jobs.sqlite');
    // Promotion off: this suite is about plain calls (the slow report would otherwise answer with a job handle).
    conn = await connectTo({
      API_BASE_URL: fake.url,
      JOB_STORE_URL: store,
      UPSTREAM_TIMEOUT_MS: '400',
      JOB_PROMOTE_AFTER_MS: '0',
      ...credentials,
    });
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('tools/list: one tool per operation, object input schemas, annotations from the method, no job tools', () => {
    expect(conn.tools).toHaveLength(5);
    for (const t of conn.tools) {
      expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(t.inputSchema.type).toBe('object');
      expect(t.description?.length).toBeGreaterThan(0);
      expect(metaOf(t)['mcp-jobgen/job']).toBeUndefined();
      expect(['start', 'status', 'result', 'cancel', 'list']).not.toContain(metaOf(t)['mcp-jobgen/role']);
    }
    expect(toolFor(conn, 'getWidget').annotations?.readOnlyHint).toBe(true);
    expect(toolFor(conn, 'deleteWidget').annotations?.destructiveHint).toBe(true);
    expect(toolFor(conn, 'getWidget').outputSchema).toBeDefined();
  });

  it('a successful call returns structuredContent matching the outputSchema and sends the credential', async () => {
    const name = `w-${Math.random().toString(36).slice(2, 8)}`;
    const created = await callChecked(
      conn,
      toolFor(conn, 'createWidget').name,
      fitArgs(toolFor(conn, 'createWidget'), { body: { name, size: 3 } }),
    );
    expect(created.isError, textOf(created)).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ name, size: 3 });
    const id = created.structuredContent!.id as number;
    const got = await callChecked(conn, toolFor(conn, 'getWidget').name, fitArgs(toolFor(conn, 'getWidget'), { widget_id: id }));
    expect(got.structuredContent).toMatchObject({ id, name });
    const sent = fake.log.filter((r) => r.route === 'GET /widgets/{widget_id}').at(-1)!;
    expect(sent.headers['x-api-key']).toBe(Object.values(credentials)[0]);
    expect(textOf(got)).not.toContain(Object.values(credentials)[0]!);
  });

  it('a 4xx is an isError result with the status and the upstream error body', async () => {
    const missing = await callChecked(conn, toolFor(conn, 'getWidget').name, fitArgs(toolFor(conn, 'getWidget'), { widget_id: 999_999 }));
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('404');
    expect(textOf(missing)).toContain('not found');
    const name = `dup-${Math.random().toString(36).slice(2, 8)}`;
    const tool = toolFor(conn, 'createWidget');
    await callChecked(conn, tool.name, fitArgs(tool, { body: { name } }));
    const dup = await callChecked(conn, tool.name, fitArgs(tool, { body: { name } }));
    expect(dup.isError).toBe(true);
    expect(textOf(dup)).toContain('422');
    expect(textOf(dup)).toContain('already_exists');
  });

  it('a 5xx is an isError result, not a protocol error', async () => {
    fake.inject('GET /widgets', { status: 503, body: { error: { code: 'overloaded', message: 'try later' } }, times: 5 });
    const res = await callChecked(conn, toolFor(conn, 'listWidgets').name, {});
    expect(res.isError).toBe(true);
    expect(textOf(res)).toMatch(/503/);
    fake.clearInjections();
  });

  it('a timeout is a bounded isError result', async () => {
    const res = await callChecked(conn, toolFor(conn, 'getSlowReport').name, { delay_ms: 600_000 });
    expect(res.isError).toBe(true);
    expect(textOf(res).toLowerCase()).toMatch(/time(d)? ?out/);
    // Bounded by the 400 ms timeout, not by the upstream: the fake holds /slow for 10 min and logs a request only
    // once it has answered, so none is logged yet. An order of events, not a stopwatch.
    expect(fake.log.filter((l) => l.path === '/slow')).toEqual([]);
  });

  it('bad arguments are rejected before reaching the upstream', async () => {
    fake.resetCounts();
    const get = toolFor(conn, 'getWidget');
    const create = toolFor(conn, 'createWidget');
    const attempts = [
      conn.client.callTool({ name: get.name, arguments: {} }),
      conn.client.callTool({ name: get.name, arguments: fitArgs(get, { widget_id: 'not-a-number' }) }),
      conn.client.callTool({ name: create.name, arguments: fitArgs(create, { body: { size: 2 } }) }),
      conn.client.callTool({ name: toolFor(conn, 'listWidgets').name, arguments: { limit: 1000 } }),
    ];
    for (const attempt of attempts) {
      const outcome = await attempt.then(
        (r) => r,
        (e: unknown) => ({ isError: true, thrown: String(e) }),
      );
      expect(outcome.isError).toBe(true);
    }
    expect(fake.totalCalls()).toBe(0);
  });
});
