/**
 * HTTP mode access rules over a real socket (issue 9 item 2): a DNS-rebinding page (foreign Host or Origin)
 * is refused before the MCP layer runs, a configured MCP_HTTP_TOKEN is required, and the token never shows
 * up in what the server returns.
 */

import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../templates/runtime/index.js';
import { createRuntime } from '../../templates/runtime/index.js';
import { startHttpServer } from '../../templates/runtime/mcp/httpServer.js';
import { definition, widgetOps } from './defs.js';

const TOKEN = 'tok-http-access-0123456789';
const LIST = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});
const MODERN = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/list',
};

interface Served {
  runtime: Runtime;
  http: Server;
  port: number;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const runtime = await createRuntime(definition(widgetOps), { env: { API_BASE_URL: 'http://127.0.0.1:9', ...env } });
  const http = await startHttpServer(runtime, 0, '127.0.0.1');
  return { runtime, http, port: (http.address() as AddressInfo).port };
}

/** node:http rather than fetch, because fetch will not send a forged Host header. */
function post(
  port: number,
  headers: Record<string, string>,
  body = LIST,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `localhost:${port}`, ...MODERN, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let open: Served;
let guarded: Served;

beforeAll(async () => {
  open = await serve({});
  guarded = await serve({ MCP_HTTP_TOKEN: TOKEN });
});
afterAll(async () => {
  for (const s of [open, guarded]) {
    s?.http.closeAllConnections();
    s?.http.close();
    await s?.runtime.close();
  }
});

describe('Host and Origin on a loopback bind', () => {
  it('serves loopback names and a localhost page', async () => {
    expect((await post(open.port, {})).status).toBe(200);
    expect((await post(open.port, { host: `127.0.0.1:${open.port}` })).status).toBe(200);
    expect((await post(open.port, { origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it('refuses a rebinding page by Host or by Origin, before the MCP layer', async () => {
    const byHost = await post(open.port, { host: `evil.example:${open.port}` });
    expect(byHost.status).toBe(403);
    expect(JSON.parse(byHost.body).error.message).toMatch(/Forbidden/);
    expect((await post(open.port, { origin: 'http://evil.example' })).status).toBe(403);
    // Refused before parsing: even a body that is not JSON-RPC gets the 403.
    expect((await post(open.port, { host: 'evil.example' }, 'not json')).status).toBe(403);
  });

  it('leaves /healthz to load balancers whatever their Host', async () => {
    const health = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: open.port, path: '/healthz', headers: { host: '10.0.0.7' } }, (res) =>
        resolve(res.statusCode ?? 0),
      ).end();
    });
    expect(health).toBe(200);
  });
});

describe('MCP_HTTP_TOKEN', () => {
  it('answers 401 with a Bearer challenge without the token or with a wrong one', async () => {
    const missing = await post(guarded.port, {});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await post(guarded.port, { authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
  });

  it('serves the request with the token, and never echoes it', async () => {
    const ok = await post(guarded.port, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).result.tools.length).toBeGreaterThan(0);
    expect(guarded.runtime.ctx.config.secrets).toContain(TOKEN);
    expect(ok.body).not.toContain(TOKEN);
  });

  it('checks Host before the token, so a rebinding page learns nothing about it', async () => {
    expect((await post(guarded.port, { host: 'evil.example', authorization: `Bearer ${TOKEN}` })).status).toBe(403);
  });
});

describe('start-up beyond loopback', () => {
  it('refuses to listen on 0.0.0.0 without a token and an allow-list', async () => {
    const runtime = await createRuntime(definition(widgetOps), { env: {} });
    try {
      await expect(startHttpServer(runtime, 0, '0.0.0.0')).rejects.toThrow(/MCP_HTTP_TOKEN[\s\S]*MCP_ALLOWED_HOSTS/);
    } finally {
      await runtime.close();
    }
  });
});
