/**
 * Issue 14, done-when: one generated server, every era of client. A v2 client pinned to 2026-07-28, a v2
 * client in auto mode and the SDK 1.32 client each drive a job start → status → result, over stdio and over
 * stateless HTTP; a raw 2026-07-28 request declaring the Tasks extension gets a task and reaches `completed`
 * through tasks/get, and one that does not declare it gets the plain start result.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientKind, TransportKind } from '../support/eraClients.js';
import { connectEra, startHttp } from '../support/eraClients.js';
import { type FakeUpstream, startFakeUpstream } from '../support/fakeUpstream.js';
import { credentialEnvNames, type GeneratedServer, generateServer } from '../support/generateServer.js';
import { checkOutput, fitArgs, jobTools, textOf } from '../support/mcpHarness.js';
import { fixtureCredentials, LIFECYCLES } from './lifecycleCases.js';

const lifecycle = LIFECYCLES.find((c) => c.name === 'azure-translator')!;
const TASKS = 'io.modelcontextprotocol/tasks';

let fake: FakeUpstream;
let server: GeneratedServer;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  server = await generateServer(lifecycle.fixture, 'protocol-eras');
  const store = join(mkdtempSync(join(tmpdir(), 'mcp-jobgen-eras-')), 'jobs.sqlite');
  env = { API_BASE_URL: fake.url, JOB_STORE_URL: store, ...fixtureCredentials(await credentialEnvNames(server)) };
});
afterAll(async () => {
  await fake?.close();
});

const CLIENTS: Array<[ClientKind, TransportKind, string]> = [
  ['v2-pinned', 'stdio', 'modern'],
  ['v2-pinned', 'http', 'modern'],
  ['v2-auto', 'stdio', 'modern'],
  ['v2-auto', 'http', 'modern'],
  ['v1', 'stdio', 'legacy'],
  ['v1', 'http', 'legacy'],
];

describe.each(CLIENTS)('%s client over %s', (kind, transport, era) => {
  it(`negotiates the ${era} era and drives start → status → result`, async () => {
    const conn = await connectEra(kind, transport, server, env);
    try {
      expect(conn.era).toBe(era);
      const family = jobTools(conn.tools);
      const start = family.start[0]!;
      const started = await conn.call(start.name, fitArgs(start, lifecycle.startArgs()));
      checkOutput(start, started);
      expect(started.isError, textOf(started)).toBeFalsy();
      const jobId = started.structuredContent!.job_id as string;
      expect(jobId).toMatch(/^job_/);
      let status = started.structuredContent!;
      for (let i = 0; i < 12 && !status.terminal; i++) {
        const polled = await conn.call(family.status.name, { job_id: jobId });
        checkOutput(family.status, polled);
        status = polled.structuredContent!;
      }
      expect(status).toMatchObject({ job_id: jobId, state: 'succeeded', terminal: true });
      const result = await conn.call(family.result!.name, { job_id: jobId });
      checkOutput(family.result!, result);
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain(lifecycle.resultMarker);
    } finally {
      await conn.close();
    }
  });
});

/** A 2026-07-28 request as a raw HTTP POST, with the headers the Streamable HTTP binding requires. */
async function modern(
  url: string,
  method: string,
  params: Record<string, unknown>,
  capabilities: Record<string, unknown>,
  name?: string,
): Promise<any> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (name) headers['mcp-name'] = name;
  const _meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': capabilities };
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }),
  });
  return res.json();
}

describe('raw 2026-07-28 requests over HTTP', () => {
  it('a request declaring the Tasks extension gets a task that reaches completed through tasks/get', async () => {
    const http = await startHttp(server, env);
    try {
      const listed = await modern(http.url, 'tools/list', {}, {});
      const start = jobTools(listed.result.tools).start[0]!;
      const withTasks = { extensions: { [TASKS]: {} } };
      const discover = await modern(http.url, 'server/discover', {}, {});
      expect(discover.result.capabilities.extensions).toHaveProperty([TASKS]);

      const created = await modern(
        http.url,
        'tools/call',
        { name: start.name, arguments: fitArgs(start, lifecycle.startArgs()) },
        withTasks,
        start.name,
      );
      expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
      const taskId = created.result.taskId as string;
      let task = created.result;
      for (let i = 0; i < 12 && task.status === 'working'; i++) {
        task = (await modern(http.url, 'tasks/get', { taskId }, withTasks, taskId)).result;
      }
      expect(task).toMatchObject({ taskId, status: 'completed', resultType: 'complete' });
      checkOutput(start, task.result);
      expect(textOf(task.result)).toContain(lifecycle.resultMarker);

      const plain = await modern(
        http.url,
        'tools/call',
        { name: start.name, arguments: fitArgs(start, lifecycle.startArgs()) },
        {},
        start.name,
      );
      expect(plain.result.resultType).toBe('complete');
      expect(plain.result.taskId).toBeUndefined();
      expect(plain.result.structuredContent.job_id).toMatch(/^job_/);
      expect((await modern(http.url, 'tasks/get', { taskId }, {}, taskId)).error.code).toBe(-32021);
    } finally {
      await http.stop();
    }
  });

  it('answers an unsupported protocol version with -32022 naming the supported ones', async () => {
    const http = await startHttp(server, env);
    try {
      const res = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2099-01-01',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01', 'io.modelcontextprotocol/clientCapabilities': {} } },
        }),
      });
      const body = (await res.json()) as { error: { code: number; data: { supported: string[] } } };
      expect(body.error.code).toBe(-32022);
      expect(body.error.data.supported).toContain('2026-07-28');
    } finally {
      await http.stop();
    }
  });
});
