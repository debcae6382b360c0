/**
 * Streamable HTTP, stateless, both protocol eras at /mcp: the SDK's `createMcpHandler` answers 2026-07-28
 * requests (per-request `_meta`, `server/discover`) and 2025-era ones (initialize + stateless fallback) from
 * one server factory, so any replica behind a load balancer can answer any request (job state lives in the
 * store, not in memory). Before the SDK sees a request, httpGuard checks Host/Origin and the bearer token,
 * and with MCP_CLIENT_CREDENTIALS the caller's own credentials pick the context (and partition) it runs in.
 * GET/DELETE /mcp have no meaning without sessions and answer 405.
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { clientContext, missingCredentialMessage } from './clientCredentials.js';
import type { HttpGuard } from './httpGuard.js';
import { createHttpGuard } from './httpGuard.js';
import { LISTEN_BODY_LIMIT, serveTaskStream } from './httpTaskStream.js';
import { readBody, sendWebResponse, toWebRequest } from './nodeHttp.js';
import type { Runtime } from './server.js';
import { buildMcpServer } from './server.js';
import { readTaskListen } from './taskListen.js';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function jsonRpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/** The context one request runs in: its own credentials' in client-credentials mode, else the process's. */
function requestContext(runtime: Runtime, headers: Headers | IncomingMessage['headers'] | undefined): RuntimeContext {
  if (!runtime.settings.clientCredentials) return runtime.ctx;
  const ctx = headers ? clientContext(runtime.ctx, headers) : null;
  // Checked before dispatch; failing closed here means a request can never fall into the operator's partition.
  if (!ctx) throw new Error(missingCredentialMessage(runtime.ctx.def));
  return ctx;
}

async function handleMcp(
  runtime: Runtime,
  guard: HttpGuard,
  mcp: McpHttpHandler,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const rejected = guard.check(req.headers);
  if (rejected) {
    sendJson(res, rejected.status, jsonRpcError(-32000, rejected.message), rejected.headers);
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, jsonRpcError(-32000, 'Method not allowed: this server is stateless; use POST.'), { allow: 'POST' });
    return;
  }
  if (runtime.ctx.lifecycle.isClosing) {
    // The listener stays open through the drain so that a new call hears this (and retries elsewhere)
    // instead of a refused or cut connection.
    sendJson(res, 503, jsonRpcError(-32000, 'Server is shutting down; retry (another replica answers).'), {
      'retry-after': '1',
      connection: 'close',
    });
    return;
  }
  if (runtime.settings.clientCredentials && !clientContext(runtime.ctx, req.headers)) {
    sendJson(res, 401, jsonRpcError(-32000, missingCredentialMessage(runtime.ctx.def)));
    return;
  }
  // A listen is a stream that never ends by itself: the drain must not wait for it (mcp/httpTaskStream.ts).
  const listen = req.headers['mcp-method'] === 'subscriptions/listen';
  let body: Buffer | undefined;
  if (listen && runtime.tasks) {
    const read = await readBody(req, LISTEN_BODY_LIMIT);
    if (!read) {
      sendJson(res, 413, jsonRpcError(-32600, 'Request body too large for subscriptions/listen.'), { connection: 'close' });
      return;
    }
    const taskListen = readTaskListen(parseJson(read));
    if (taskListen) {
      await serveTaskStream(runtime.tasks, requestContext(runtime, req.headers), taskListen, req, res);
      return;
    }
    body = read;
  }
  const aborted = new AbortController();
  // The shutdown drain waits for this exchange until its answer is written, not only for its tool call: a
  // call admitted before SIGTERM is answered on its open connection before connections close.
  if (!listen) runtime.ctx.lifecycle.track(new Promise<void>((resolve) => res.once('close', resolve)));
  res.on('close', () => aborted.abort());
  const response = await mcp.fetch(toWebRequest(req, aborted.signal, body));
  await sendWebResponse(res, response);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    // Not ours to answer: the SDK says what is wrong with it.
    return undefined;
  }
}

/** Prometheus scrape: behind the same Host/Origin and token checks as /mcp (it names families and tools). */
function serveMetrics(runtime: Runtime, guard: HttpGuard, req: IncomingMessage, res: ServerResponse): void {
  const rejected = guard.check(req.headers);
  if (rejected) {
    sendJson(res, rejected.status, { error: rejected.message }, rejected.headers);
    return;
  }
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'Method not allowed: use GET.' }, { allow: 'GET' });
    return;
  }
  const metrics = runtime.work.metrics!;
  metrics.render().then(
    (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
    (error: unknown) => sendJson(res, 500, { error: `metrics failed: ${error instanceof Error ? error.message : String(error)}` }),
  );
}

export function startHttpServer(runtime: Runtime, port: number, host: string): Promise<Server> {
  let guard: HttpGuard;
  try {
    guard = createHttpGuard(runtime.settings, host);
  } catch (error) {
    return Promise.reject(error);
  }
  const mcp = createMcpHandler((request) => buildMcpServer(runtime, requestContext(runtime, request.requestInfo?.headers)));
  const http = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      sendJson(res, runtime.ctx.lifecycle.isClosing ? 503 : 200, { status: runtime.ctx.lifecycle.isClosing ? 'closing' : 'ok' });
      return;
    }
    if (path === '/metrics' && runtime.work.metrics) {
      serveMetrics(runtime, guard, req, res);
      return;
    }
    if (path !== '/mcp') {
      sendJson(res, 404, { error: 'not found: the MCP endpoint is /mcp' });
      return;
    }
    handleMcp(runtime, guard, mcp, req, res).catch((error: unknown) => {
      process.stderr.write(`mcp request failed: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) sendJson(res, 500, jsonRpcError(-32603, 'Internal server error'));
      else res.destroy();
    });
  });
  http.once('close', () => void mcp.close());
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve(http);
    });
  });
}
