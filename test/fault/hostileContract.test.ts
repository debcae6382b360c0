/**
 * Issue 23, a stranger's contract against a server generated from it (fixtures/fault/hostile-contract.yaml),
 * over stdio with the MCP SDK client:
 * - item 3: string patterns that backtrack catastrophically in a JavaScript RegExp (`^(a+)+$` against 34 `a`s
 *   and a `!` takes seconds, 40 takes minutes) are matched in linear time, so the adversarial calls are refused
 *   and a call sent after them is answered too (no timing is asserted: on the old RegExp the server never
 *   answers within the test's time-out); ordinary patterns still pass and refuse; a backreference pattern is
 *   left unchecked and said in the description;
 * - item 5: a path value is one segment (`/`, `?`, `#` encoded, dot segments refused) unless the contract marks
 *   the parameter raw (`x-ms-skip-url-encoding`), and even then it stays a path under the template;
 * - item 8: parameters named like Object.prototype's members, through generated code;
 * - header parameters only the HTTP client sets (Host, Content-Length, Transfer-Encoding, Connection, Cookie, …):
 *   dropped at generation (MJG212), never offered, and nothing an agent sends reaches those headers. On the main
 *   of stop 28 each was a tool argument: undici dropped Host and Content-Length, threw on Transfer-Encoding,
 *   Upgrade, Keep-Alive and Expect (the call failed as a transport error), and sent Connection, TE, Trailer,
 *   Proxy-Authorization and Cookie as given.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';
import type { GeneratedServer } from '../support/generateServer.js';
import { generateServer } from '../support/generateServer.js';
import type { Connected } from '../support/mcpHarness.js';
import { connectStdio } from '../support/mcpHarness.js';

let api: LocalUpstream;
let server: GeneratedServer;
let conn: Connected;

const ok = (_req: unknown, res: import('node:http').ServerResponse) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');

beforeAll(async () => {
  api = await startLocalUpstream();
  for (const key of ['POST /checks', 'GET /ping', 'POST /things/x', 'GET /relay']) api.route(key, ok);
  server = await generateServer('fixtures/fault/hostile-contract.yaml', 'fault-hostile-contract');
  conn = await connectStdio(server, { API_BASE_URL: api.url });
});
afterAll(async () => {
  await conn?.close();
  await api?.close();
});

const call = (name: string, args: Record<string, unknown>) => conn.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('contract patterns (item 3)', () => {
  it('refuses catastrophic-pattern inputs without freezing: a call sent after them is answered', async () => {
    const adversarial: Array<Record<string, unknown>> = [
      { nested: `${'a'.repeat(40)}!` },
      { alternation: 'a'.repeat(40) },
      { overlap: 'x'.repeat(40) },
      { groups: `${'a'.repeat(40)}!` },
      { body: { deep: { nested: `${'a'.repeat(40)}!` } } },
    ];
    const answers = await Promise.all([...adversarial.map((args) => call('check_patterns', args)), call('ping', {})]);
    const ping = answers.pop()!;
    expect(ping.isError, text(ping)).toBeFalsy();
    for (const answer of answers) {
      expect(answer.isError).toBe(true);
      expect(text(answer)).toMatch(/Input validation error[\s\S]*must match pattern/);
    }
    expect(api.requests.filter((r) => r.url.startsWith('/checks'))).toHaveLength(0);
  });

  it('still lets matching values through and refuses the rest', async () => {
    const good = await call('check_patterns', { nested: 'aaaa', alternation: 'aab', code: 'abc-12', body: { deep: { nested: 'a' } } });
    expect(good.isError, text(good)).toBeFalsy();
    const sent = new URL(api.requests.at(-1)!.url, api.url);
    expect(sent.searchParams.get('code')).toBe('abc-12');
    const bad = await call('check_patterns', { code: 'ABC-12' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('must match pattern ^[a-z]+-');
  });

  it('publishes the patterns it checks, and says the one it cannot check (a backreference) in words', async () => {
    const tool = conn.tools.find((t) => t.name === 'check_patterns')!;
    const props = tool.inputSchema.properties as Record<string, { pattern?: string; description?: string }>;
    expect(props.code?.pattern).toBe('^[a-z]+-\\d{2}$');
    expect(props.nested?.pattern).toBe('^(a+)+$');
    expect(props.twice?.pattern).toBeUndefined();
    expect(props.twice?.description).toContain('^(\\w)\\1$');
    const unchecked = await call('check_patterns', { twice: 'ab' });
    expect(unchecked.isError, text(unchecked)).toBeFalsy();
    expect(server.generate.stderr).toMatch(/MJG508[^\n]*\^\(\\\\w\)\\\\1\$/);
  });
});

describe('path values (item 5)', () => {
  const sent = async (name: string, args: Record<string, unknown>) => {
    const before = api.requests.length;
    const result = await call(name, args);
    return { result, url: api.requests.length > before ? api.requests.at(-1)!.url : null };
  };

  it.each([
    ['a/b', '/v1/files/a%2Fb'],
    ['x?admin=1#frag', '/v1/files/x%3Fadmin%3D1%23frag'],
    ['%2e%2e', '/v1/files/%252e%252e'],
  ])('fileId %j is sent as one segment: %s', async (fileId, url) => {
    expect((await sent('get_file', { fileId })).url).toBe(url);
  });

  it.each([['..'], ['.'], ['a/../../admin']])('fileId %j is refused before anything is sent', async (fileId) => {
    const { result, url } = await sent('get_file', { fileId });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('"." or ".."');
    expect(url).toBeNull();
  });

  it('a raw (x-ms-skip-url-encoding) value keeps its slashes but stays a path under the template', async () => {
    expect((await sent('list_scoped_files', { scope: 'subscriptions/s/resourceGroups/g' })).url).toBe(
      '/v1/subscriptions/s/resourceGroups/g/files',
    );
    expect((await sent('list_scoped_files', { scope: 'a?b#c' })).url).toBe('/v1/a%3Fb%23c/files');
    for (const scope of ['../admin', 'https://evil.example/x', '//evil.example/x']) {
      const { result, url } = await sent('list_scoped_files', { scope });
      expect(result.isError, scope).toBe(true);
      expect(url).toBeNull();
    }
  });
});

describe('parameters named like Object.prototype members (item 8)', () => {
  it('a generated tool is callable with them left out and given', async () => {
    const bare = await call('put_thing', { toString: 'x' });
    expect(bare.isError, text(bare)).toBeFalsy();
    expect(api.requests.at(-1)!.url).toBe('/things/x');
    const full = await call('put_thing', {
      toString: 'x',
      hasOwnProperty: 'h',
      constructor: 'c',
      valueOf: 'v',
      proto: 'p',
      body: { toString: 't', valueOf: 'v', constructor: 'c', hasOwnProperty: 'h' },
    });
    expect(full.isError, text(full)).toBeFalsy();
    const sent = api.requests.at(-1)!;
    expect(sent.url).toBe('/things/x?hasOwnProperty=h&constructor=c&__proto__=p');
    expect(sent.headers.valueof).toBe('v');
    expect(JSON.parse(sent.body)).toEqual({ toString: 't', valueOf: 'v', constructor: 'c', hasOwnProperty: 'h' });
  });
});

describe('header parameters only the HTTP client sets', () => {
  const relay = () => conn.tools.find((t) => t.name === 'relay')!;

  it('were dropped at generation with MJG212, one per header', () => {
    const warned = [...server.generate.stderr.matchAll(/MJG212 header parameter "([^"]+)"/g)].map((m) => m[1]);
    expect(warned).toEqual([
      'Host',
      'Content-Length',
      'Transfer-Encoding',
      'Connection',
      'Upgrade',
      'TE',
      'Trailer',
      'Keep-Alive',
      'Expect',
      'Proxy-Authorization',
      'Cookie',
    ]);
  });

  it('are not offered as arguments (a query parameter named Host is an ordinary one)', () => {
    const args = Object.keys((relay().inputSchema.properties ?? {}) as object);
    expect(args).toEqual(expect.arrayContaining(['Host', 'x_trace']));
    const owned =
      /^(host|content_length|transfer_encoding|connection|upgrade|te|trailer|keep_alive|expect|proxy_authorization|cookie|connection_token)(_header)?$/i;
    expect(args.filter((name) => owned.test(name) && name !== 'Host')).toEqual([]);
  });

  it('cannot be sent by an agent: extra arguments are refused and nothing reaches the upstream', async () => {
    const before = api.requests.length;
    for (const args of [
      { host: 'evil.example' },
      { Cookie: 'sid=stolen' },
      { content_length: '0' },
      { transfer_encoding: 'chunked' },
      { connection: 'upgrade' },
    ]) {
      const result = await call('relay', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
    }
    expect(api.requests.length).toBe(before);
  });

  it("a call sends the client's own framing, the contract constant and the agent's ordinary header", async () => {
    const result = await call('relay', { Host: 'evil.example', x_trace: 't-1' });
    expect(result.isError, text(result)).toBeFalsy();
    const sent = api.requests.at(-1)!;
    expect(sent.url).toBe('/relay?Host=evil.example');
    expect(sent.headers.host).toBe(new URL(api.url).host);
    expect(sent.headers['x-trace']).toBe('t-1');
    expect(sent.headers['connection-token']).toBe('fixed');
    for (const name of ['cookie', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'transfer-encoding', 'expect']) {
      expect(sent.headers[name], name).toBeUndefined();
    }
  });
});
