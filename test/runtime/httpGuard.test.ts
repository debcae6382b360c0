/**
 * Who may talk to the HTTP endpoint (issue 9 item 2), as pure rules: loopback names for a loopback bind,
 * MCP_ALLOWED_HOSTS otherwise, a bearer token required beyond loopback and compared in constant time.
 */
import { describe, expect, it } from 'vitest';
import { bindProblem, createHttpGuard, isLoopbackHost, tokenMatches } from '../../templates/runtime/mcp/httpGuard.js';
import type { McpSettings } from '../../templates/runtime/mcp/mcpSettings.js';
import { readMcpSettings } from '../../templates/runtime/mcp/mcpSettings.js';
import { definition } from './defs.js';

const TOKEN = 'tok-0123456789abcdef';
const settings = (env: Record<string, string> = {}): McpSettings => readMcpSettings(definition([]), env);

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['example.com', false],
    ['127.0.0.1.example.com', false],
  ])('%s → %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});

describe('bindProblem', () => {
  it('lets a loopback bind start with nothing configured', () => {
    expect(bindProblem(settings(), '127.0.0.1')).toBeNull();
  });
  it.each([
    [{}, /MCP_HTTP_TOKEN[\s\S]*MCP_ALLOWED_HOSTS/],
    [{ MCP_HTTP_TOKEN: TOKEN }, /without MCP_ALLOWED_HOSTS/],
    [{ MCP_ALLOWED_HOSTS: 'mcp.example.com' }, /without MCP_HTTP_TOKEN/],
  ])('refuses a bind beyond loopback with %j', (env, message) => {
    expect(bindProblem(settings(env), '0.0.0.0')).toMatch(message);
    expect(() => createHttpGuard(settings(env), '0.0.0.0')).toThrow(message);
  });
  it('accepts a bind beyond loopback with a token and an allow-list (or *)', () => {
    expect(bindProblem(settings({ MCP_HTTP_TOKEN: TOKEN, MCP_ALLOWED_HOSTS: 'mcp.example.com' }), '0.0.0.0')).toBeNull();
    expect(bindProblem(settings({ MCP_HTTP_TOKEN: TOKEN, MCP_ALLOWED_HOSTS: '*' }), '::')).toBeNull();
  });
  it('refuses a weak token at start-up', () => {
    expect(() => settings({ MCP_HTTP_TOKEN: 'short' })).toThrow(/at least 16/);
  });
});

describe('tokenMatches', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer  ${TOKEN} `, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [TOKEN, false],
    ['Bearer', false],
    ['', false],
    [undefined, false],
    [`Basic ${TOKEN}`, false],
  ])('%j → %s', (header, ok) => expect(tokenMatches(header, TOKEN)).toBe(ok));
});

describe('HttpGuard.check', () => {
  const loopback = createHttpGuard(settings(), '127.0.0.1');
  it.each([
    [{ host: '127.0.0.1:3000' }, null],
    [{ host: 'localhost:3000' }, null],
    [{ host: '[::1]:3000' }, null],
    [{ host: 'localhost:3000', origin: 'http://localhost:6274' }, null],
    [{ host: 'localhost:3000', origin: 'http://127.0.0.1' }, null],
    [{ host: 'evil.example:3000' }, 403],
    [{}, 403],
    [{ host: 'localhost:3000', origin: 'http://evil.example' }, 403],
    [{ host: 'localhost:3000', origin: 'null' }, 403],
    [{ host: 'localhost.evil.example' }, 403],
  ])('loopback bind: %j → %s', (headers, status) => expect(loopback.check(headers)?.status ?? null).toBe(status));

  it('adds MCP_ALLOWED_HOSTS to the loopback names', () => {
    const guard = createHttpGuard(settings({ MCP_ALLOWED_HOSTS: 'dev.example, Other.Example' }), '127.0.0.1');
    expect(guard.check({ host: 'dev.example:8080' })).toBeNull();
    expect(guard.check({ host: 'other.example' })).toBeNull();
    expect(guard.check({ host: 'localhost' })).toBeNull();
    expect(guard.check({ host: 'third.example' })?.status).toBe(403);
  });

  it('beyond loopback: only the allow-list, and always the token', () => {
    const guard = createHttpGuard(settings({ MCP_HTTP_TOKEN: TOKEN, MCP_ALLOWED_HOSTS: 'mcp.example.com' }), '0.0.0.0');
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(guard.check({ host: 'mcp.example.com', ...auth })).toBeNull();
    expect(guard.check({ host: 'localhost', ...auth })?.status).toBe(403);
    expect(guard.check({ host: 'mcp.example.com', origin: 'https://evil.example', ...auth })?.status).toBe(403);
    const missing = guard.check({ host: 'mcp.example.com' });
    expect(missing).toMatchObject({ status: 401, headers: { 'www-authenticate': expect.stringMatching(/^Bearer/) } });
    expect(guard.check({ host: 'mcp.example.com', authorization: 'Bearer wrong-token-value' })?.status).toBe(401);
  });

  it('with * accepts any host name but still wants the token', () => {
    const guard = createHttpGuard(settings({ MCP_HTTP_TOKEN: TOKEN, MCP_ALLOWED_HOSTS: '*' }), '0.0.0.0');
    expect(guard.check({ host: 'anything.example', authorization: `Bearer ${TOKEN}` })).toBeNull();
    expect(guard.check({ host: 'anything.example' })?.status).toBe(401);
  });
});
