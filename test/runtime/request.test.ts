/** Request assembly from OperationSpec + arguments: pure, so each encoding rule is checked without a server. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ParamSpec, SecuritySchemeSpec } from '../../templates/runtime/definition.js';
import { selectAuth } from '../../templates/runtime/upstream/auth.js';
import { buildUpstreamRequest } from '../../templates/runtime/upstream/request.js';
import { ArgumentError } from '../../templates/runtime/upstream/serialize.js';
import { op } from './defs.js';

const noAuth = { headers: {}, query: {}, cookies: {} };
const base = 'https://api.example/v1';

function build(path: string, params: ParamSpec[], args: Record<string, unknown>, extra: Partial<Parameters<typeof op>[0]> = {}) {
  return buildUpstreamRequest(op({ tool: 't', method: 'GET', path, params, ...extra }), args, base, noAuth);
}

const p = (name: string, where: ParamSpec['in'], more: Partial<ParamSpec> = {}): ParamSpec => ({
  arg: name,
  name,
  in: where,
  required: false,
  ...more,
});

describe('path parameters', () => {
  it.each([
    ['plain id', '/items/{id}', 'abc', '/items/abc'],
    ['reserved characters are encoded', '/items/{id}', 'a b?c#d', '/items/a%20b%3Fc%23d'],
    // Issue 23 item 5: a value is one segment; only a parameter marked raw brings separators (below).
    ['a slash is encoded: the value stays one segment', '/v1/files/{id}', 'a/b', '/v1/files/a%2Fb'],
    [
      'a name with slashes is one segment too',
      '/v1/{name}:cancel',
      'projects/p/operations/o 1',
      '/v1/projects%2Fp%2Foperations%2Fo%201:cancel',
    ],
    ['percent, query and fragment characters are encoded', '/items/{id}', '50%?x=1#f', '/items/50%25%3Fx%3D1%23f'],
    ['numbers', '/items/{id}', 42, '/items/42'],
    ['arrays are comma-joined (simple style)', '/items/{id}', ['a', 'b'], '/items/a%2Cb'],
  ])('%s', (_label, template, value, expected) => {
    expect(build(template, [p('id', 'path', { required: true }), p('name', 'path')], { id: value, name: value }).url).toBe(
      `${base}${expected}`,
    );
  });

  it.each([['..'], ['.'], ['../secrets'], ['a/../../b'], ['./x'], ['x/..'], [''], ['\ud800']])('refuses %j', (value) => {
    expect(() => build('/items/{id}', [p('id', 'path')], { id: value })).toThrow(ArgumentError);
  });

  it('refuses a missing path parameter', () => {
    expect(() => build('/items/{id}', [p('id', 'path')], {})).toThrow(/Missing path parameter "id"/);
  });
});

describe('path parameters sent as they are (x-ms-skip-url-encoding: allowReserved)', () => {
  const scope = p('scope', 'path', { required: true, allowReserved: true });
  const name = p('name', 'path', { required: true });
  const TEMPLATE = '/{scope}/providers/X.Y/things/{name}';
  const origin = 'https://api.example';
  const at = (template: string, value: unknown, baseUrl = base) =>
    buildUpstreamRequest(
      op({ tool: 't', method: 'PUT', path: template, params: [scope, name] }),
      { scope: value, name: 'n' },
      baseUrl,
      noAuth,
    ).url;

  it.each([
    [
      'an ARM resource id keeps its slashes',
      'subscriptions/s/resourceGroups/g',
      '/subscriptions/s/resourceGroups/g/providers/X.Y/things/n',
    ],
    ['empty (the tenant scope): the slashes around it join', '', '/providers/X.Y/things/n'],
    ["a leading slash joins the template's", '/subscriptions/s', '/subscriptions/s/providers/X.Y/things/n'],
    ["a trailing slash joins the template's", 'subscriptions/s/', '/subscriptions/s/providers/X.Y/things/n'],
    ['a valid escape is kept as it is', 'a%2Fb', '/a%2Fb/providers/X.Y/things/n'],
    ['sub-delims, colon and at are path characters', "x/a:b@c!$&'()*+,;=", "/x/a:b@c!$&'()*+,;=/providers/X.Y/things/n"],
    ['what a path cannot hold is encoded: no query or fragment can start', 'a b?c#d', '/a%20b%3Fc%23d/providers/X.Y/things/n'],
    ['a stray percent and non-ASCII are encoded', '50%/é', '/50%25/%C3%A9/providers/X.Y/things/n'],
    ['a backslash is encoded, never a separator', 'a\\b', '/a%5Cb/providers/X.Y/things/n'],
    [
      'a Google resource name (AIP-122) keeps its slashes',
      'projects/p/operations/o 1',
      '/projects/p/operations/o%201/providers/X.Y/things/n',
    ],
  ])('%s', (_label, value, expected) => {
    expect(at(TEMPLATE, value)).toBe(`${base}${expected}`);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/x', /not an absolute URL/],
    ['a scheme of any kind', 'javascript:alert(1)', /not an absolute URL/],
    ['a colon in the first segment (RFC 3986 4.2: it reads as a scheme)', 'a:b/c', /not an absolute URL/],
    ['a network path', '//evil.example/x', /"\/\/" network path/],
    ['a backslash network path', '/\\evil.example', /"\/\/" network path/],
    ['a dot-dot segment', 'a/../b', /"\." or "\.\." segments/],
    ['a dot-dot segment spelled %2e%2e', '%2e%2E/admin', /"\." or "\.\." segments/],
    ['a dot segment spelled %2e', 'a/%2E/b', /"\." or "\.\." segments/],
    ['CR/LF', 'a\r\nHost: evil', /CR, LF or NUL/],
  ])('refuses %s', (_label, value, message) => {
    expect(() => at(TEMPLATE, value)).toThrow(ArgumentError);
    expect(() => at(TEMPLATE, value)).toThrow(message);
  });

  it.each([
    ['userinfo', '@evil.example/x'],
    ['a port', ':8443/x'],
  ])("refuses a value that would move the request off the base URL's origin (%s)", (_label, value) => {
    expect(() => at('{scope}/x', value, origin)).toThrow(/another origin than the API base URL/);
  });

  it('a plain path parameter is still refused when empty, and still encodes its reserved characters', () => {
    expect(() => build('/items/{id}', [p('id', 'path')], { id: '' })).toThrow(/must not be empty/);
    expect(build('/items/{id}', [p('id', 'path')], { id: 'a:b' }).url).toBe(`${base}/items/a%3Ab`);
  });
});

describe('query parameters', () => {
  it('keeps a literal query from the path template before the parameters', () => {
    expect(build('/responses?beta=true', [p('limit', 'query')], { limit: 5 }).url).toBe(`${base}/responses?beta=true&limit=5`);
  });

  it.each<[string, Partial<ParamSpec>, unknown, string]>([
    ['form explode array (default)', {}, ['a', 'b'], 'q=a&q=b'],
    ['form non-explode array', { explode: false }, ['a', 'b'], 'q=a%2Cb'],
    ['spaceDelimited', { style: 'spaceDelimited', explode: false }, ['a', 'b'], 'q=a+b'],
    ['pipeDelimited', { style: 'pipeDelimited', explode: false }, ['a', 'b'], 'q=a%7Cb'],
    ['deepObject', { style: 'deepObject', explode: true }, { x: 1, y: 'z' }, 'q%5Bx%5D=1&q%5By%5D=z'],
    ['form explode object', {}, { x: 1, y: 2 }, 'x=1&y=2'],
    ['form non-explode object', { explode: false }, { x: 1, y: 2 }, 'q=x%2C1%2Cy%2C2'],
    ['an ampersand cannot add a parameter', {}, 'a&admin=1', 'q=a%26admin%3D1'],
  ])('%s', (_label, style, value, expected) => {
    expect(build('/s', [p('q', 'query', style)], { q: value }).url).toBe(`${base}/s?${expected}`);
  });

  it('skips undefined and null', () => {
    expect(build('/s', [p('q', 'query'), p('r', 'query')], { q: undefined, r: null }).url).toBe(`${base}/s`);
  });
});

describe('headers and cookies', () => {
  it.each<[string, Partial<ParamSpec>, unknown, string]>([
    ['array (simple style)', {}, ['a', 'b'], 'a,b'],
    ['object, not exploded', {}, { x: 1, y: 'z' }, 'x,1,y,z'],
    ['object, exploded', { explode: true }, { x: 1, y: 'z' }, 'x=1,y=z'],
  ])('header %s', (_label, style, value, expected) => {
    expect(build('/s', [p('X-A', 'header', style)], { 'X-A': value }).headers['x-a']).toBe(expected);
  });

  it.each<[string, Partial<ParamSpec>, string]>([
    ['not exploded', {}, '/items/x%2C1%2Cy%2Cz'],
    ['exploded', { explode: true }, '/items/x%3D1%2Cy%3Dz'],
  ])('path object %s (simple style, like a header)', (_label, style, expected) => {
    expect(build('/items/{id}', [p('id', 'path', { required: true, ...style })], { id: { x: 1, y: 'z' } }).url).toBe(`${base}${expected}`);
  });

  it('sends header and cookie parameters', () => {
    const req = build('/s', [p('X-Trace', 'header'), p('session', 'cookie'), p('pref', 'cookie')], {
      'X-Trace': 't1',
      session: 's',
      pref: 'dark',
    });
    expect(req.headers['x-trace']).toBe('t1');
    expect(req.headers.cookie).toBe('session=s; pref=dark');
  });

  it.each([
    ['header CR/LF', [p('X-A', 'header')], { 'X-A': 'a\r\nInjected: 1' }],
    ['query LF', [p('q', 'query')], { q: 'a\nb' }],
    ['cookie ;', [p('c', 'cookie')], { c: 'a; admin=1' }],
  ])('rejects %s', (_label, params, args) => {
    expect(() => build('/s', params, args)).toThrow(ArgumentError);
  });
});

describe('bodies', () => {
  const withBody = (mediaType: string, value: unknown) =>
    buildUpstreamRequest(
      op({ tool: 't', method: 'POST', path: '/b', body: { arg: 'body', mediaType, required: true }, input: z.object({}) }),
      { body: value },
      base,
      noAuth,
    );

  it('JSON and +json', async () => {
    const req = withBody('application/merge-patch+json', { a: 1 });
    expect(req.headers['content-type']).toBe('application/merge-patch+json');
    expect(req.body).toBe('{"a":1}');
  });

  it('a media type with parameters is chosen by its essence and sent as the contract names it (RFC 9110 §8.3.1)', () => {
    const json = withBody('application/json; odata=minimalmetadata', { a: 1 });
    expect(json.body).toBe('{"a":1}');
    expect(json.headers['content-type']).toBe('application/json; odata=minimalmetadata');
    expect(withBody('Application/JSON;charset=UTF-8', [1]).body).toBe('[1]');
    expect(String(withBody('application/x-www-form-urlencoded; charset=UTF-8', { a: 'x y' }).body)).toBe('a=x+y');
    expect(withBody('*/*; q=0.8', { a: 1 }).headers['content-type']).toBe('application/json');
  });

  it('form-urlencoded with arrays repeated', () => {
    const req = withBody('application/x-www-form-urlencoded', { a: 'x y', b: [1, 2], c: { d: 1 } });
    expect(String(req.body)).toBe('a=x+y&b=1&b=2&c=%7B%22d%22%3A1%7D');
  });

  it('multipart lets fetch set the boundary', async () => {
    const req = withBody('multipart/form-data', { file: 'content', meta: { k: 'v' } });
    expect(req.headers['content-type']).toBeUndefined();
    const form = req.body as FormData;
    expect(form.get('file')).toBe('content');
    expect(await (form.get('meta') as Blob).text()).toBe('{"k":"v"}');
  });

  it('text as is; octet-stream from base64, or UTF-8 when not base64', () => {
    expect(withBody('text/plain', 'hello').body).toBe('hello');
    expect(Buffer.from(withBody('application/octet-stream', 'aGVsbG8=').body as Uint8Array).toString()).toBe('hello');
    expect(Buffer.from(withBody('application/octet-stream', 'not base64!').body as Uint8Array).toString()).toBe('not base64!');
  });

  it('a required body that is missing is a bad argument', () => {
    expect(() =>
      buildUpstreamRequest(
        op({ tool: 't', method: 'POST', path: '/b', body: { arg: 'body', mediaType: 'application/json', required: true } }),
        {},
        base,
        noAuth,
      ),
    ).toThrow(/Missing request body/);
  });
});

describe('auth from the environment', () => {
  const schemes: SecuritySchemeSpec[] = [
    { key: 'bearer', type: 'bearer', env: { token: 'API_TOKEN' } },
    { key: 'basic', type: 'basic', env: { username: 'API_USER', password: 'API_PASS' } },
    { key: 'hkey', type: 'apiKey', in: 'header', name: 'X-Api-Key', env: { value: 'API_KEY' } },
    { key: 'qkey', type: 'apiKey', in: 'query', name: 'key', env: { value: 'API_QKEY' } },
    { key: 'ckey', type: 'apiKey', in: 'cookie', name: 'sid', env: { value: 'API_SID' } },
  ];
  const secured = (security: string[][]) => op({ tool: 's', method: 'GET', path: '/s', security });

  it('uses the first alternative whose env vars are all set', () => {
    const selection = selectAuth(secured([['bearer'], ['hkey', 'qkey']]), schemes, { API_KEY: 'k', API_QKEY: 'q' });
    expect(selection).toMatchObject({ ok: true, schemes: ['hkey', 'qkey'], parts: { headers: { 'x-api-key': 'k' }, query: { key: 'q' } } });
  });

  it('bearer, basic and cookie keys', () => {
    const env = { API_TOKEN: 't', API_USER: 'u', API_PASS: 'p', API_SID: 's' };
    expect(selectAuth(secured([['bearer']]), schemes, env)).toMatchObject({ parts: { headers: { authorization: 'Bearer t' } } });
    expect(selectAuth(secured([['basic']]), schemes, env)).toMatchObject({
      parts: { headers: { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` } },
    });
    const cookie = selectAuth(secured([['ckey']]), schemes, env);
    if (!cookie.ok) throw new Error('expected ok');
    expect(buildUpstreamRequest(secured([['ckey']]), {}, base, cookie.parts).headers.cookie).toBe('sid=s');
  });

  it('names the env vars when nothing is set; an empty alternative means anonymous', () => {
    const missing = selectAuth(secured([['bearer'], ['hkey', 'qkey']]), schemes, {});
    expect(missing).toMatchObject({ ok: false });
    expect(!missing.ok && missing.message).toMatch(/API_TOKEN, or API_KEY and API_QKEY/);
    expect(selectAuth(secured([['bearer'], []]), schemes, {})).toMatchObject({ ok: true, schemes: [] });
  });
});

describe('headers only the HTTP client sets (issue 23: defence in depth behind MJG212)', () => {
  it.each([
    ['Host'],
    ['content-length'],
    ['Transfer-Encoding'],
    ['Connection'],
    ['Upgrade'],
    ['TE'],
    ['Trailer'],
    ['Keep-Alive'],
    ['Expect'],
    ['Proxy-Authorization'],
    ['Cookie'],
  ])('refuses a %s parameter a definition offers', (name) => {
    expect(() => build('/x', [p('h', 'header', { name })], { h: 'evil.example' })).toThrow(/cannot be set by a tool argument/);
  });

  it('refuses one as a contract constant too', () => {
    expect(() => build('/x', [], {}, { constants: [{ in: 'header', name: 'Host', value: 'evil.example' }] })).toThrow(ArgumentError);
  });

  it('sends ordinary headers, and a definition parameter left empty costs nothing', () => {
    const request = build('/x', [p('h', 'header', { name: 'Host' }), p('t', 'header', { name: 'X-Trace' })], { t: '1' });
    expect(request.headers['x-trace']).toBe('1');
    expect(request.headers.host).toBeUndefined();
  });
});

describe("a job's cookie jar on an operation request (upstream/cookieJar.ts)", () => {
  const NOW = Date.UTC(2026, 0, 1);
  const jarCookie = (name: string, value: string, path = '/') => ({ name, value, path, secure: false, expires: null, created: NOW });
  const withJar = (params: ParamSpec[], args: Record<string, unknown>, auth = noAuth, cookies = [jarCookie('sid', 'from-upstream')]) =>
    buildUpstreamRequest(
      op({ tool: 't', method: 'GET', path: '/jobs/{id}', params: [p('id', 'path'), ...params] }),
      { id: '1', ...args },
      base,
      auth,
      {
        jar: { cookies, now: NOW },
      },
    );

  it('sends the jar cookies that path-match the built URL, after the named ones', () => {
    const request = withJar([p('lang', 'cookie')], { lang: 'en' }, noAuth, [
      jarCookie('sid', 's'),
      jarCookie('elsewhere', 'x', '/v2'),
      jarCookie('scoped', 'y', '/v1/jobs'),
    ]);
    expect(request.headers.cookie).toBe('lang=en; scoped=y; sid=s');
  });

  it('never lets an upstream cookie replace a cookie parameter or the API-key cookie', () => {
    const auth = { headers: {}, query: {}, cookies: { api_key: 'operator-key' } };
    const request = withJar([p('lang', 'cookie')], { lang: 'en' }, auth, [
      jarCookie('api_key', 'planted'),
      jarCookie('lang', 'xx'),
      jarCookie('sid', 's'),
    ]);
    expect(request.headers.cookie).toBe('lang=en; api_key=operator-key; sid=s');
  });
});
