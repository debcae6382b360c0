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
  // The job test below needs the start to have landed before the second client's status call, and that call to
  // be the one that polls. Under load the in-process round trip can outlast the default JOB_START_WAIT_MS (1 s):
  // the start then answers the pending handle, and a status call while the start is still in flight has nothing
  // to poll yet and answers `queued` from the store. And the watcher's timer, a tick of which may be polling the
  // job at that moment, makes the status call answer from the store as well (jobs/pace.ts: the claim is held).
  const env = { API_BASE_URL: upstream.url, JOB_SHUTDOWN_GRACE_MS: '3000', JOB_START_WAIT_MS: '30000', JOB_WATCH: 'off' };
  runtime = await createRuntime(allJobsDefinition(), { env, store });
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
      // The start answered with the upstream's job, not the pending handle.
      expect(start.structuredContent).toMatchObject({ state: 'queued', upstream_status: 'validating' });
      const jobId = (start.structuredContent as { job_id: string }).job_id;
      const polls = upstream.count('GET /batches/{batch_id}');
      await b.listTools();
      const status = (await b.callTool({ name: 'batch_status', arguments: { job_id: jobId } })) as CallToolResult;
      expect(status.structuredContent).toMatchObject({ job_id: jobId, state: 'running' });
      // The second client's call is the one that polled (the fake advances a job one step per poll).
      expect(upstream.count('GET /batches/{batch_id}')).toBe(polls + 1);
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
