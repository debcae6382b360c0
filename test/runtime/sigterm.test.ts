/**
 * runMain as a real process: the runtime as the package build compiled it (dist/templates/runtime, what every
 * generated project ships), started with --http, and sent SIGTERM while a 4 s tool call is in flight. The call
 * must be answered on its open connection (the drain used to cut connections after 2 s), a new call during the
 * drain must get 503 with Retry-After, the process must exit 0, and the port must stop answering.
 */

import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';
import { prepareRuntimeDir, startRuntimeProcess } from './runtimeProcess.js';

const root = process.cwd();
const dir = join(root, '.tmp', `runtime-sigterm-${process.pid}`);
let upstream: LocalUpstream;
let child: ChildProcess | undefined;

beforeAll(async () => {
  await prepareRuntimeDir(
    dir,
    `import { runMain, z } from './runtime/index.js';
const definition = {
  name: 'sigterm-test', version: '0.0.0', title: 'SIGTERM test', instructions: '', baseUrl: null, securitySchemes: [], families: [], listJobsTool: null,
  toolsets: [], toolMode: 'static',
  operations: [{ tool: 'slow', operationId: 'slow', method: 'GET', path: '/slow', role: 'tool', description: 'slow', input: z.object({}), annotations: {}, params: [], security: [], toolsets: [] }],
};
await runMain(definition, process.argv.slice(2));
`,
  );
  upstream = await startLocalUpstream();
  upstream.route('GET /slow', async (_req, res) => {
    await new Promise((r) => setTimeout(r, 4_000));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"done":true}');
  });
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runMain', () => {
  it('answers an in-flight 4 s call on SIGTERM, refuses new calls with 503 + Retry-After meanwhile, and exits 0', async () => {
    const started = await startRuntimeProcess(dir, {
      API_BASE_URL: upstream.url,
      JOB_SHUTDOWN_GRACE_MS: '10000',
      JOB_STORE_URL: 'sqlite::memory:',
    });
    child = started.child;
    const { url, exited } = started;
    const client = new Client({ name: 'sigterm', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const call = client.callTool({ name: 'slow', arguments: {} }) as Promise<CallToolResult>;
    await new Promise((r) => setTimeout(r, 250));
    child.kill('SIGTERM');
    // A new request during the drain: refused with 503 and Retry-After (the listener is still open), not cut.
    // (tools/list: quick, so a request that lands before the signal is handled does not hold the loop up.)
    let refused: Response | undefined;
    for (let i = 0; i < 50 && refused?.status !== 503; i++) {
      refused = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
      });
      if (refused.status !== 503) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('1');
    const result = await call;
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('"done": true') });
    expect(await exited).toBe(0);
    await expect(fetch(url.replace('/mcp', '/healthz'))).rejects.toThrow();
  });
});
