/**
 * Issue 9, the client side, against a generated server (fixtures/fault/renders.yaml) over stdio: bad,
 * huge, control-character and path-traversal arguments and job ids get clear errors, never reach the
 * upstream in a dangerous form, and never take the server down; and a start orphaned by kill -9 on an API
 * without an idempotency key is reported honestly after restart, naming the contract's list operation.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';
import type { GeneratedServer } from '../support/generateServer.js';
import { credentialEnvNames, generateServer } from '../support/generateServer.js';
import type { Connected } from '../support/mcpHarness.js';
import { connectStdio, serverEnv } from '../support/mcpHarness.js';

let api: LocalUpstream;
let server: GeneratedServer;
let env: Record<string, string>;
const open: Connected[] = [];
const KEY = 'fault-key-0123456789';

beforeAll(async () => {
  api = await startLocalUpstream();
  server = await generateServer('fixtures/fault/renders.yaml', 'fault-renders');
  const [credential] = await credentialEnvNames(server);
  env = { API_BASE_URL: api.url, [credential!]: KEY, JOB_STORE_URL: join(mkdtempSync(join(tmpdir(), 'fault-renders-')), 'jobs.sqlite') };
  api.route('GET /renders', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await api?.close();
});

async function connect(extra: Record<string, string> = {}): Promise<Connected> {
  const conn = await connectStdio(server, { ...env, ...extra });
  open.push(conn);
  return conn;
}

const call = (conn: Connected, name: string, args: Record<string, unknown>) =>
  conn.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
/** A client that writes JSON-RPC lines as given (initialize first) and collects the replies by id. */
async function rawStdio(target: GeneratedServer, serverEnvVars: Record<string, string>, lines: string[]): Promise<Map<number, unknown>> {
  const child = spawn(process.execPath, [target.entry], {
    env: serverEnv(serverEnvVars),
    cwd: target.dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const replies = new Map<number, unknown>();
  let buffer = '';
  const done = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, at)) as { id?: number };
        buffer = buffer.slice(at + 1);
        if (typeof message.id === 'number') replies.set(message.id, message);
        if (replies.size === lines.length + 1) resolve();
      }
    });
    child.on('exit', () => reject(new Error(`server exited; replies so far: ${[...replies.keys()].join(',')}`)));
  });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  child.stdin.write(`${JSON.stringify(initialize)}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`);
  for (const line of lines) child.stdin.write(`${line}\n`);
  try {
    await done;
  } finally {
    child.kill();
  }
  return replies;
}

const alive = async (conn: Connected) => expect((await call(conn, 'list_renders', {})).isError).toBeFalsy();

describe('hostile arguments', () => {
  it('wrong types, missing bodies and unknown tools are refused; the server keeps serving', async () => {
    const conn = await connect();
    for (const args of [{ body: { scene: 5 } }, {}, { body: 'not an object' }, { body: { scene: 's', frames: -1 } }]) {
      const result = await call(conn, 'create_render', args).catch((error: unknown) => ({
        isError: true,
        content: [{ type: 'text' as const, text: String(error) }],
      }));
      expect(result.isError, JSON.stringify(args)).toBe(true);
    }
    // An unknown tool is a protocol error (JSON-RPC -32602), not a crash.
    await expect(call(conn, 'no_such_tool', {})).rejects.toMatchObject({ code: -32602 });
    await alive(conn);
  });

  // 8 MiB: under the SDK's 10 MiB stdio message limit (a longer line closes the session by the SDK's design).
  it('an 8 MiB argument is answered, and the server keeps serving', async () => {
    const conn = await connect();
    api.route(
      'POST /renders',
      (_req, res) => void res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"big","status":"queued"}'),
    );
    const before = api.requests.length;
    const result = await call(conn, 'create_render', { body: { scene: 's'.repeat(8 * 1024 * 1024) } });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ state: 'queued' });
    expect(api.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
    await alive(conn);
  });

  it.each([
    ['CR/LF in a path parameter', { asset_id: 'a\r\nb' }, /Path parameter "asset_id" must not contain CR, LF or NUL/],
    ['NUL in a query parameter', { asset_id: 'a', q: 'x\u0000y' }, /Query parameter "q" must not contain CR, LF or NUL/],
    ['header injection', { asset_id: 'a', X_Trace: 'a\r\nInjected: 1' }, /must not contain CR, LF or NUL/],
    ['a ".." segment', { asset_id: '..' }, /must not contain "." or ".." segments/],
    ['a climbing path', { asset_id: 'a/../../renders' }, /must not contain "." or ".." segments/],
  ])('%s: a clear error, nothing sent', async (_label, args, message) => {
    const conn = await connect();
    const names = Object.keys(args);
    const tool = (await conn.client.listTools()).tools.find((t) => t.name === 'get_asset')!;
    const properties = Object.keys((tool.inputSchema as { properties: Record<string, unknown> }).properties);
    // Header parameters get a generated argument name; map ours onto it.
    const fitted = Object.fromEntries(
      Object.entries(args).map(([k, v]) => [
        properties.find((p) => p.toLowerCase().replace(/[^a-z]/g, '') === k.toLowerCase().replace(/[^a-z]/g, '')) ?? k,
        v,
      ]),
    );
    expect(names.length).toBe(Object.keys(fitted).length);
    const before = api.requests.length;
    const result = await call(conn, 'get_asset', fitted);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
    expect(api.requests.length).toBe(before);
  });

  it('percent-encoded dots stay inside the templated path', async () => {
    const conn = await connect();
    const before = api.requests.length;
    for (const id of ['%2e%2e', '..%2f..', '.%2e', 'a%2F..%2F..']) await call(conn, 'get_asset', { asset_id: id });
    const paths = api.requests.slice(before).map((r) => new URL(r.url, api.url).pathname);
    expect(paths).toHaveLength(4);
    for (const path of paths) expect(path.startsWith('/assets/')).toBe(true);
  });

  it('hostile job ids and idempotency keys: not found or refused, nothing sent upstream', async () => {
    const conn = await connect();
    const before = api.requests.length;
    for (const jobId of ['../../etc/passwd', 'job_\u0000x', "job_' OR '1'='1", '{id}*', 'x'.repeat(500)]) {
      const result = await call(conn, 'job_render_status', { job_id: jobId });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/No Render job with id|job_id/);
    }
    for (const key of ['has space', 'nul\u0000', 'k'.repeat(300)]) {
      const result = await call(conn, 'create_render', { body: { scene: 's' }, idempotency_key: key });
      expect(result.isError).toBe(true);
    }
    expect(api.requests.length).toBe(before);
  });

  it('10,000-deep arguments (raw JSON-RPC: the SDK client cannot even serialise them): a clear error, nothing sent', async () => {
    const before = api.requests.length;
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const replies = await rawStdio(server, env, [
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_render","arguments":{"body":{"scene":"s","options":${deep}}}}}`,
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_renders","arguments":{}}}',
    ]);
    expect(replies.get(2)).toMatchObject({ result: { isError: true } });
    expect(JSON.stringify(replies.get(2))).toMatch(/nested deeper than 256 levels/);
    expect(replies.get(3)).toMatchObject({ result: { structuredContent: { data: [] } } });
    expect(api.requests.length - before).toBe(1);
  });
});

describe('kill -9 mid-start on an API without an idempotency key', () => {
  it('after restart the orphan says what happened, names list_renders, and is never re-sent', async () => {
    // A short lease: the restarted server's recovery scan finds the dead start's lease lapsed within seconds.
    const fast = { UPSTREAM_TIMEOUT_MS: '1000', JOB_START_WAIT_MS: '200', JOB_LEASE_MS: '1000' };
    // The upstream takes the request and never answers in time: the server dies before it does.
    api.route('POST /renders', () => undefined);
    const a = await connect(fast);
    const args = { body: { scene: 'orphan', frames: 3 } };
    const postsBefore = api.requests.filter((r) => r.method === 'POST').length;
    const first = await call(a, 'create_render', args);
    expect(first.structuredContent).toMatchObject({ state: 'queued' });
    const jobId = (first.structuredContent as { job_id: string }).job_id;
    a.kill();

    const b = await connect(fast);
    // The recovery scan claims the lapsed lease and, a POST without a key being unsafe to repeat, ends the
    // start interrupted: a terminal `failed` whose reason says what happened and how to check.
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 40 && status.state !== 'failed'; i++) {
      const s = await call(b, 'job_render_status', { job_id: jobId, wait_ms: 500 });
      expect(s.isError, text(s)).toBeFalsy();
      status = s.structuredContent as Record<string, unknown>;
      if (status.state !== 'failed') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toMatchObject({ state: 'failed', attempts: 1, error: { reason: 'interrupted' } });
    const reason = String(status.last_error);
    expect(reason).toMatch(/^interrupted: may have run upstream/);
    expect(reason).toMatch(/could run it twice, so it was not re-sent[\s\S]*look for it with list_renders/);
    expect(String(status.message)).toContain(reason);
    const retry = await call(b, 'create_render', args);
    expect(retry.isError).toBe(true);
    expect(text(retry)).toContain('may have run upstream');
    expect(text(retry)).toContain('list_renders');
    expect(api.requests.filter((r) => r.method === 'POST').length - postsBefore).toBe(1);
  });
});
