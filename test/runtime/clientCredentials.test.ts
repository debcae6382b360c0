/**
 * MCP_CLIENT_CREDENTIALS (issue 9 item 2): each HTTP client brings its own upstream credential in a header,
 * the upstream sees that client's credential (never the operator's), and each credential is its own job
 * partition: client Y never lists, reads, polls or cancels client X's jobs, through the job tools or tasks/*.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime, ServerDefinition } from '../../templates/runtime/index.js';
import { createRuntime } from '../../templates/runtime/index.js';
import { startHttpServer } from '../../templates/runtime/mcp/httpServer.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';

const HEADER = 'x-upstream-upstream-token';
const ALICE = 'alice-upstream-token-1';
const BOB = 'bob-upstream-token-22';
const OPERATOR = 'operator-token-never-used';
const batch = { body: { input_file_id: 'file-cc', endpoint: '/e', completion_window: '24h' } };

function securedDefinition(): ServerDefinition {
  const def = allJobsDefinition();
  return {
    ...def,
    securitySchemes: [{ key: 'bearer', type: 'bearer', env: { token: 'UPSTREAM_TOKEN' } }],
    operations: def.operations.map((op) => ({ ...op, security: [['bearer']] })),
  };
}

let upstream: FakeUpstream;
let runtime: Runtime;
let http: Server;
let url: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  runtime = await createRuntime(securedDefinition(), {
    // The tests read what a start sent upstream once the start tool answered: it waits for the upstream's answer, which
    // a loaded machine can keep past the default JOB_START_WAIT_MS (1 s), as harness.ts STEPPED_ENV says.
    env: {
      API_BASE_URL: upstream.url,
      MCP_CLIENT_CREDENTIALS: 'on',
      UPSTREAM_TOKEN: OPERATOR,
      JOB_PARTITION_SECRET: 'p',
      JOB_START_WAIT_MS: '30000',
    },
    store: new MemoryJobStore(),
  });
  http = await startHttpServer(runtime, 0, '127.0.0.1');
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  http?.closeAllConnections();
  http?.close();
  await runtime?.close();
  await upstream?.close();
});

async function client(
  token: string,
): Promise<{ call(name: string, args: Record<string, unknown>): Promise<CallToolResult>; close(): Promise<void> }> {
  const c = new Client({ name: `client-${token}`, version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { [HEADER]: token } } }));
  await c.listTools();
  return { call: (name, args) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>, close: () => c.close() };
}

/** A raw 2026-07-28 request declaring the Tasks extension. */
async function modern(
  token: string,
  method: string,
  params: Record<string, unknown>,
  name?: string,
): Promise<{ status: number; body: any }> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    [HEADER]: token,
  };
  if (name) headers['mcp-name'] = name;
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }),
  });
  return { status: res.status, body: await res.json() };
}

describe('each client brings its own credential', () => {
  it('refuses a request without one, naming the header', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(HEADER);
  });

  it("sends the client's credential upstream, never the operator's", async () => {
    const alice = await client(ALICE);
    try {
      const start = await alice.call('create_batch', batch);
      expect(start.isError).toBeFalsy();
      const sent = upstream.log.filter((r) => r.method === 'POST' && r.path === '/batches').at(-1)!;
      expect(sent.headers.authorization).toBe(`Bearer ${ALICE}`);
      expect(upstream.log.some((r) => JSON.stringify(r.headers).includes(OPERATOR))).toBe(false);
    } finally {
      await alice.close();
    }
  });

  it("keeps one client's jobs out of another's reach, tools and tasks alike", async () => {
    const alice = await client(ALICE);
    const bob = await client(BOB);
    try {
      const jobId = (
        ((await alice.call('create_batch', { body: { ...batch.body, input_file_id: 'file-alice' } })).structuredContent ?? {}) as {
          job_id: string;
        }
      ).job_id;
      const aliceJobs = (await alice.call('list_jobs', {})).structuredContent as { jobs: Array<{ job_id: string }> };
      expect(aliceJobs.jobs.map((j) => j.job_id)).toContain(jobId);
      const bobJobs = (await bob.call('list_jobs', {})).structuredContent as { jobs: Array<{ job_id: string }> };
      expect(bobJobs.jobs.map((j) => j.job_id)).not.toContain(jobId);
      expect((await bob.call('batch_status', { job_id: jobId })).isError).toBe(true);
      expect((await bob.call('batch_cancel', { job_id: jobId })).isError).toBe(true);
      expect((await modern(BOB, 'tasks/get', { taskId: jobId }, jobId)).body.error.code).toBe(-32602);
      expect((await modern(BOB, 'tasks/cancel', { taskId: jobId }, jobId)).body.error.code).toBe(-32602);
      expect(upstream.count('POST /batches/{batch_id}/cancel')).toBe(0);
      const own = await modern(ALICE, 'tasks/get', { taskId: jobId }, jobId);
      expect(own.body.result.taskId).toBe(jobId);
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it('gives a task to the client that started it, in its own partition', async () => {
    const created = await modern(
      BOB,
      'tools/call',
      { name: 'create_batch', arguments: { body: { ...batch.body, input_file_id: 'file-bob' } } },
      'create_batch',
    );
    const taskId = created.body.result.taskId as string;
    expect(created.body.result.resultType).toBe('task');
    expect((await modern(ALICE, 'tasks/get', { taskId }, taskId)).body.error.code).toBe(-32602);
    expect((await modern(BOB, 'tasks/get', { taskId }, taskId)).body.result.taskId).toBe(taskId);
  });
});

describe('start-up', () => {
  it('refuses client credentials for an API without credentials', async () => {
    await expect(createRuntime(allJobsDefinition(), { env: { MCP_CLIENT_CREDENTIALS: 'on' } })).rejects.toThrow(/declares no credentials/);
  });
});
