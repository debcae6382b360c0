/**
 * Streamable HTTP in stateless mode: every POST /mcp gets a fresh McpServer and transport over the shared
 * runtime, with no session id, so any replica behind a load balancer can answer any request (job state lives
 * in the store, not in memory). GET/DELETE /mcp have no meaning without sessions and answer 405.
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Runtime } from './server.js';
import { buildMcpServer } from './server.js';

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const POOL_MAX = 16;

async function handleMcp(runtime: Runtime, pool: McpServer[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server is stateless; use POST.' },
      id: null,
    });
    return;
  }
  if (runtime.ctx.lifecycle.isClosing) {
    res.setHeader('retry-after', '1');
    sendJson(res, 503, { jsonrpc: '2.0', error: { code: -32000, message: 'Server is shutting down.' }, id: null });
    return;
  }
  const server = pool.pop() ?? buildMcpServer(runtime.ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close().finally(() =>
      server.close().then(
        () => {
          // A closed McpServer can be connected again: reusing it skips re-registering every tool (~60 ms for 1,200).
          if (pool.length < POOL_MAX) pool.push(server);
        },
        () => undefined,
      ),
    );
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

export function startHttpServer(runtime: Runtime, port: number, host: string): Promise<Server> {
  const pool: McpServer[] = [];
  const http = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      sendJson(res, runtime.ctx.lifecycle.isClosing ? 503 : 200, { status: runtime.ctx.lifecycle.isClosing ? 'closing' : 'ok' });
      return;
    }
    if (path !== '/mcp') {
      sendJson(res, 404, { error: 'not found: the MCP endpoint is /mcp' });
      return;
    }
    handleMcp(runtime, pool, req, res).catch((error: unknown) => {
      process.stderr.write(`mcp request failed: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) sendJson(res, 500, { jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    });
  });
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve(http);
    });
  });
}
