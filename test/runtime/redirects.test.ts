/** The redirect rule of the outbound policy, row by row (pure: no server). */
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../templates/runtime/definition.js';
import { MAX_REDIRECTS, nextHop } from '../../templates/runtime/upstream/redirects.js';
import type { UpstreamRequest } from '../../templates/runtime/upstream/request.js';

const API = 'https://api.example.com';
const BLOB = 'https://blob.example.net';
const EVIL = 'https://evil.example.org';
const KEY = 'k3y-value-0123';

function request(method: HttpMethod, body?: string): UpstreamRequest {
  return {
    method,
    url: `${API}/v1/jobs?api_key=${KEY}&api-version=1`,
    headers: {
      accept: 'application/json',
      'x-api-key': KEY,
      authorization: `Bearer ${KEY}`,
      cookie: `session=${KEY}; affinity=a1`,
      'idempotency-key': 'idem-1',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
    credentials: { headers: ['x-api-key', 'authorization'], query: { api_key: KEY }, cookies: true },
  };
}

const policy = { allowedOrigins: [API, BLOB], secrets: [KEY] };

describe('method and body per RFC 9110 §15.4', () => {
  const rows: Array<[number, HttpMethod, HttpMethod, boolean]> = [
    // status, method in, method out, body kept
    [303, 'POST', 'GET', false],
    [303, 'PUT', 'GET', false],
    [303, 'DELETE', 'GET', false],
    [303, 'HEAD', 'HEAD', false],
    [301, 'POST', 'GET', false],
    [302, 'POST', 'GET', false],
    [301, 'PUT', 'PUT', true],
    [302, 'DELETE', 'DELETE', false],
    [307, 'POST', 'POST', true],
    [308, 'POST', 'POST', true],
    [307, 'PUT', 'PUT', true],
  ];
  it.each(rows)('%i after %s → %s (body kept: %s)', (status, method, out, kept) => {
    const body = method === 'HEAD' || method === 'DELETE' ? undefined : '{"a":1}';
    const hop = nextHop(request(method, body), status, '/v1/other', 0, policy);
    expect(hop.follow).toBe(true);
    if (!hop.follow) return;
    expect(hop.request.method).toBe(out);
    expect(hop.request.body !== undefined).toBe(kept && body !== undefined);
    if (!kept && body !== undefined) expect(hop.request.headers['content-type']).toBeUndefined();
  });
});

describe('origins and credentials', () => {
  it('same origin: credentials stay, the query key is re-applied to a relative Location', () => {
    const hop = nextHop(request('GET'), 302, '/v1/moved', 0, policy);
    expect(hop.follow && hop.request).toMatchObject({
      url: `${API}/v1/moved?api_key=${KEY}`,
      headers: { 'x-api-key': KEY, authorization: `Bearer ${KEY}` },
    });
  });

  it('an allowed foreign origin: followed with every credential dropped, for good', () => {
    const hop = nextHop(request('POST', '{"a":1}'), 307, `${BLOB}/put?api_key=${KEY}&sig=abc&x=${KEY}`, 0, policy);
    expect(hop.follow).toBe(true);
    if (!hop.follow) return;
    const next = hop.request;
    expect(next.url).toBe(`${BLOB}/put?sig=abc`);
    expect(next.headers).not.toHaveProperty('x-api-key');
    expect(next.headers).not.toHaveProperty('authorization');
    expect(next.headers).not.toHaveProperty('cookie');
    expect(next.headers['idempotency-key']).toBe('idem-1');
    expect(next.body).toBe('{"a":1}');
    expect(next.credentials).toBeUndefined();
    // Back on the API's origin the credentials do not come back.
    const back = nextHop(next, 302, `${API}/v1/again`, 1, policy);
    expect(back.follow && back.request.headers).not.toHaveProperty('x-api-key');
    expect(back.follow && back.request.url).toBe(`${API}/v1/again`);
  });

  it('a foreign origin that is not allowed: refused, naming the origin only', () => {
    const hop = nextHop(request('POST', '{}'), 307, `${EVIL}/steal?token=${KEY}`, 0, policy);
    expect(hop).toMatchObject({ follow: false, kind: 'redirect-refused', origin: EVIL });
    expect(!hop.follow && hop.message).toContain(EVIL);
    expect(!hop.follow && hop.message).not.toContain(KEY);
  });

  it.each([
    ['no Location', null],
    ['a non-http scheme', 'file:///etc/passwd'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an unparseable Location', 'http://[::1'],
  ])('%s: refused', (_label, location) => {
    expect(nextHop(request('GET'), 302, location, 0, policy)).toMatchObject({ follow: false, kind: 'redirect-refused' });
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, () => {
    expect(nextHop(request('GET'), 302, '/v1/loop', MAX_REDIRECTS - 1, policy).follow).toBe(true);
    expect(nextHop(request('GET'), 302, '/v1/loop', MAX_REDIRECTS, policy)).toMatchObject({ follow: false, kind: 'too-many-redirects' });
  });
});
