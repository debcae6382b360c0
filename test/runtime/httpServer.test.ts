/**
 * Streamable HTTP in stateless mode and graceful shutdown, in-process: any request can be served without a
 * session, /healthz answers, and closing the runtime lets running calls finish while refusing new ones.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../templates/runtime/index.js';
import { createRuntime, parseArgs } from '../../templates/runtime/index.js';
import { startHttpServer } from '../../templates/runtime/mcp/httpServer.js';
import type { FakeUpstream } from '../support/fakeUpstream.js';
import { startFakeUpstream } from '../support/fakeUpstream.js';
import { allJobsDefinition } from './defs.js';
import { MemoryJobStore } from './memoryStore.js';

let upstream: FakeUpstream;
let runtime: Runtime;
let http: Server;
let base: string;
const store = new MemoryJobStore();

beforeAll(async () => {
  upstream = await startFakeUpstream();
  runtime = await createRuntime(allJobsDefinition(), { env: { API_BASE_URL: upstream.url, JOB_SHUTDOWN_GRACE_MS: '3000' }, store });
  http = await startHttpServer(runtime, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  http?.closeAllConnections();
  http?.close();
  await upstream?.close();
});

async function client(): Promise<Client> {
  const c = new Client({ name: 'http-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  return c;
}

describe('stateless Streamable HTTP', () => {
  it('serves /healthz and refuses GET /mcp', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });

  it('lets one client start a job and another client poll it (no session affinity)', async () => {
    const a = await client();
    const b = await client();
    try {
      const { tools } = await a.listTools();
      expect(tools.length).toBeGreaterThan(10);
      const start = (await a.callTool({
        name: 'create_batch',
        arguments: { body: { input_file_id: 'f-http', endpoint: '/e', completion_window: '24h' } },
      })) as CallToolResult;
      const jobId = (start.structuredContent as { job_id: string }).job_id;
      await b.listTools();
      const status = (await b.callTool({ name: 'batch_status', arguments: { job_id: jobId } })) as CallToolResult;
      expect(status.structuredContent).toMatchObject({ job_id: jobId, state: 'running' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('shutdown', () => {
  it('finishes running calls, refuses new ones, then closes', async () => {
    const c = await client();
    await c.listTools();
    upstream.inject('GET /widgets', { delayMs: 600, times: 1 });
    const running = c.callTool({ name: 'list_widgets', arguments: {} }) as Promise<CallToolResult>;
    await new Promise((r) => setTimeout(r, 150));
    // The tool call, and its HTTP exchange: the drain waits until its answer is written, not only computed.
    expect(runtime.ctx.lifecycle.inflightCount).toBe(2);
    const closing = runtime.close();
    const refused = await fetch(`${base}/healthz`);
    expect(refused.status).toBe(503);
    const late = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(late.status).toBe(503);
    const result = await running;
    expect(result.isError).toBeFalsy();
    await closing;
    expect(runtime.ctx.lifecycle.inflightCount).toBe(0);
    await c.close().catch(() => undefined);
  });
});

describe('argv', () => {
  it.each([
    [[], { http: false, port: 3000, host: '127.0.0.1' }],
    [['--http', '--port', '8080'], { http: true, port: 8080, host: '127.0.0.1' }],
    [['--http', '--port=0', '--host', '0.0.0.0'], { http: true, port: 0, host: '0.0.0.0' }],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([[['--port', 'x']], [['--bogus']], [['--host']]])('rejects %j', (argv) => {
    expect(parseArgs(argv)).toHaveProperty('error');
  });
});
