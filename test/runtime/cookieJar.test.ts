/**
 * The job cookie jar (templates/runtime/upstream/cookieJar.ts): RFC 6265 parsing, storage and matching, with
 * 6265bis's limits and the caps that keep a hostile upstream from growing a record. Pure rows, `now` pinned.
 */
import { describe, expect, it } from 'vitest';
import type { StoredCookie } from '../../templates/runtime/store/types.js';
import {
  cookiesFor,
  defaultPath,
  MAX_COOKIE_BYTES,
  MAX_COOKIES,
  MAX_JAR_BYTES,
  MAX_LIFETIME_MS,
  parseCookieDate,
  parseSetCookie,
  pathMatches,
  readJar,
  storeSetCookies,
} from '../../templates/runtime/upstream/cookieJar.js';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const API = 'https://api.example/v1/jobs/start';
const cookie = (name: string, more: Partial<StoredCookie> = {}): StoredCookie => ({
  name,
  value: 'v',
  path: '/',
  secure: false,
  expires: null,
  created: NOW,
  ...more,
});
const names = (jar: readonly StoredCookie[]) => jar.map((c) => c.name);
const sent = (jar: readonly StoredCookie[], url: string, now = NOW) => cookiesFor(jar, url, now).map(([n, v]) => `${n}=${v}`);

describe('parseSetCookie: RFC 6265 5.2, never throwing', () => {
  const rows: Array<[string, string, ReturnType<typeof parseSetCookie>]> = [
    ['a plain cookie gets the default-path', 'sid=abc', { name: 'sid', value: 'abc', path: '/v1/jobs', secure: false, expires: null }],
    [
      'whitespace around name and value is trimmed',
      ' sid = a b ; Path=/',
      { name: 'sid', value: 'a b', path: '/', secure: false, expires: null },
    ],
    [
      'attribute names are case-insensitive',
      'sid=1; pAtH=/x; SECURE',
      { name: 'sid', value: '1', path: '/x', secure: true, expires: null },
    ],
    [
      'a Path not starting with / is the default-path',
      'sid=1; Path=x',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: null },
    ],
    ['the last Path wins', 'sid=1; Path=/a; Path=/b', { name: 'sid', value: '1', path: '/b', secure: false, expires: null }],
    [
      'Domain is ignored: the cookie stays host-only',
      'sid=1; Domain=.example',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: null },
    ],
    [
      'Max-Age sets an absolute expiry',
      'sid=1; Max-Age=60',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: NOW + 60_000 },
    ],
    [
      'Max-Age wins over a later Expires',
      'sid=1; Max-Age=60; Expires=Wed, 01 Jul 2026 00:00:00 GMT',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: NOW + 60_000 },
    ],
    [
      'Max-Age wins over an earlier Expires',
      'sid=1; Expires=Wed, 01 Jul 2026 00:00:00 GMT; Max-Age=60',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: NOW + 60_000 },
    ],
    [
      'Expires alone',
      'sid=1; Expires=Wed, 01 Jul 2026 00:00:00 GMT',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: Date.UTC(2026, 6, 1) },
    ],
    [
      'a zero or negative Max-Age is "delete now"',
      'sid=1; Max-Age=-5',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: 0 },
    ],
    ['a garbage Max-Age is ignored', 'sid=1; Max-Age=1e308', { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: null }],
    [
      'a huge Max-Age is cut to 400 days',
      `sid=1; Max-Age=${'9'.repeat(400)}`,
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: NOW + MAX_LIFETIME_MS },
    ],
    [
      'a far Expires is cut to 400 days',
      'sid=1; Expires=Fri, 31 Dec 9999 23:59:59 GMT',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: NOW + MAX_LIFETIME_MS },
    ],
    [
      'a garbage Expires is ignored',
      'sid=1; Expires=tomorrow-ish',
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: null },
    ],
    [
      'an attribute value over 1 KiB is ignored',
      `sid=1; Path=/${'a'.repeat(2000)}`,
      { name: 'sid', value: '1', path: '/v1/jobs', secure: false, expires: null },
    ],
    ['an empty value is a cookie', 'sid=', { name: 'sid', value: '', path: '/v1/jobs', secure: false, expires: null }],
    ['a value may hold =', 'sid=a=b', { name: 'sid', value: 'a=b', path: '/v1/jobs', secure: false, expires: null }],
    ['no = at all: ignored', 'sid', null],
    ['an empty name: ignored', '=abc', null],
    ['a control character: ignored', 'sid=a\u0001b', null],
    ['name and value over 4 KiB: ignored', `sid=${'x'.repeat(MAX_COOKIE_BYTES)}`, null],
    ['empty line: ignored', '', null],
    ['attributes only: ignored', ';;;=;', null],
  ];
  it.each(rows)('%s', (_label, line, expected) => {
    expect(parseSetCookie(line, API, NOW)).toEqual(expected);
  });

  it('ignores a Secure cookie set over plain http (6265bis 5.7)', () => {
    expect(parseSetCookie('sid=1; Secure', 'http://api.example/v1', NOW)).toBeNull();
    expect(parseSetCookie('sid=1', 'http://api.example/v1', NOW)).not.toBeNull();
  });

  it('returns null for a request URL that does not parse', () => {
    expect(parseSetCookie('sid=1', 'not a url', NOW)).toBeNull();
  });

  it('stays linear on hostile lines (100k separators, spaces and attributes)', () => {
    // Not a timing assertion: each line must simply come back (a backtracking parser would not, within the test).
    expect(parseSetCookie(`a=${' '.repeat(100_000)}x`, API, NOW)?.value).toBe('x');
    expect(parseSetCookie(`a=1${';'.repeat(100_000)}`, API, NOW)?.value).toBe('1');
    expect(parseSetCookie(`a=1${'; Expires=1:1:1 '.repeat(10_000)}`, API, NOW)?.expires).toBeNull();
  });
});

describe('parseCookieDate: RFC 6265 5.1.1', () => {
  it.each([
    ['IMF-fixdate', 'Wed, 09 Jun 2021 10:18:14 GMT', Date.UTC(2021, 5, 9, 10, 18, 14)],
    ['RFC 850 with a two-digit year', 'Wednesday, 09-Jun-21 10:18:14 GMT', Date.UTC(2021, 5, 9, 10, 18, 14)],
    ['asctime', 'Wed Jun  9 10:18:14 2021', Date.UTC(2021, 5, 9, 10, 18, 14)],
    ['a 70-99 year is 19xx', 'Thu, 01 Jan 70 00:00:01 GMT', Date.UTC(1970, 0, 1, 0, 0, 1)],
    ['month names are case-insensitive and read by prefix', '1 JUNE 2030 00:00:00', Date.UTC(2030, 5, 1)],
    ['31 February is not a date', 'Tue, 31 Feb 2026 00:00:00 GMT', null],
    ['an hour of 24 is not a date', 'Wed, 09 Jun 2021 24:00:00 GMT', null],
    ['a year before 1601 is not a date', 'Wed, 09 Jun 1600 10:18:14 GMT', null],
    ['no time', 'Wed, 09 Jun 2021', null],
    ['garbage', '\u0000\u0000 ;;; garbage 99999', null],
    ['empty', '', null],
  ])('%s', (_label, text, expected) => {
    expect(parseCookieDate(text)).toBe(expected);
  });
});

describe('paths: default-path and path-match (RFC 6265 5.1.4)', () => {
  it.each([
    ['/v1/jobs/start', '/v1/jobs'],
    ['/start', '/'],
    ['/', '/'],
    ['', '/'],
    ['/v1/jobs/', '/v1/jobs'],
  ])('default-path of %j is %j', (path, expected) => {
    expect(defaultPath(path)).toBe(expected);
  });

  it.each([
    ['/v1', '/v1', true],
    ['/v1', '/v1/jobs', true],
    ['/v1/', '/v1/jobs', true],
    ['/', '/anything', true],
    ['/v1', '/v10', false],
    ['/v1/jobs', '/v1', false],
    ['/V1', '/v1/jobs', false],
  ])('%j matches %j: %s', (cookiePath, requestPath, expected) => {
    expect(pathMatches(cookiePath, requestPath)).toBe(expected);
  });
});

describe('storeSetCookies: identity, expiry and the caps', () => {
  it('identifies a cookie by (name, path): same name on two paths is two cookies', () => {
    const jar = storeSetCookies([], ['sid=root; Path=/', 'sid=api; Path=/v1'], API, NOW);
    expect(jar.map((c) => [c.name, c.value, c.path])).toEqual([
      ['sid', 'root', '/'],
      ['sid', 'api', '/v1'],
    ]);
    // Both go to /v1/…, the longer path first (RFC 6265 5.4); only the root one elsewhere.
    expect(sent(jar, 'https://api.example/v1/jobs/1')).toEqual(['sid=api', 'sid=root']);
    expect(sent(jar, 'https://api.example/v2/jobs/1')).toEqual(['sid=root']);
  });

  it('replaces a cookie in place and keeps its creation time', () => {
    const first = storeSetCookies([], ['a=1; Path=/', 'b=1; Path=/'], API, NOW);
    const next = storeSetCookies(first, ['a=2; Path=/'], API, NOW + 1000);
    expect(next.map((c) => [c.name, c.value, c.created])).toEqual([
      ['b', '1', NOW],
      ['a', '2', NOW],
    ]);
  });

  it('deletes with Max-Age=0 or a past Expires, only at the same path', () => {
    const jar = storeSetCookies([], ['a=1; Path=/', 'b=1; Path=/', 'c=1; Path=/'], API, NOW);
    const next = storeSetCookies(
      jar,
      ['a=; Max-Age=0; Path=/', 'b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/', 'c=; Max-Age=0; Path=/other'],
      API,
      NOW,
    );
    expect(names(next)).toEqual(['c']);
  });

  it('drops a cookie once its expiry passes: neither sent nor kept', () => {
    const jar = storeSetCookies([], ['short=1; Path=/; Max-Age=10', 'long=1; Path=/; Max-Age=1000'], API, NOW);
    expect(sent(jar, API, NOW + 5_000)).toEqual(['short=1', 'long=1']);
    expect(sent(jar, API, NOW + 10_000)).toEqual(['long=1']);
    expect(names(storeSetCookies(jar, ['x=1; Path=/'], API, NOW + 10_000))).toEqual(['long', 'x']);
    expect(names(readJar(jar, NOW + 10_000))).toEqual(['long']);
  });

  it('sends a Secure cookie over https only', () => {
    const jar = [cookie('s', { secure: true }), cookie('p')];
    expect(sent(jar, 'https://api.example/x')).toEqual(['s=v', 'p=v']);
    expect(sent(jar, 'http://api.example/x')).toEqual(['p=v']);
  });

  it(`keeps at most ${MAX_COOKIES} cookies, evicting the oldest (a Set-Cookie flood)`, () => {
    const flood = Array.from({ length: 1000 }, (_, i) => `c${i}=1; Path=/`);
    let jar = storeSetCookies([], ['sid=keep; Path=/'], API, NOW);
    jar = storeSetCookies(jar, flood, API, NOW + 1);
    expect(jar).toHaveLength(MAX_COOKIES);
    expect(names(jar)).not.toContain('sid');
    expect(names(jar).at(-1)).toBe('c999');
  });

  it(`keeps the jar within ${MAX_JAR_BYTES} bytes, so the Cookie header is bounded`, () => {
    const big = (i: number) => `big${i}=${'x'.repeat(3000)}; Path=/`;
    const jar = storeSetCookies(
      [],
      Array.from({ length: 20 }, (_, i) => big(i)),
      API,
      NOW,
    );
    const bytes = jar.reduce((sum, c) => sum + c.name.length + c.value.length + c.path.length, 0);
    expect(bytes).toBeLessThanOrEqual(MAX_JAR_BYTES);
    expect(names(jar)).toEqual(['big18', 'big19']);
    expect(sent(jar, API).join('; ').length).toBeLessThanOrEqual(MAX_JAR_BYTES);
  });

  it('returns the same jar when the answer set nothing', () => {
    const jar = [cookie('a')];
    expect(storeSetCookies(jar, [], API, NOW)).toBe(jar);
  });
});

describe('readJar: whatever a store holds', () => {
  it('reads a record written before the jar (name → value) as session cookies for /', () => {
    expect(readJar({ sid: 'abc', lang: 'en' }, NOW)).toEqual([
      { name: 'sid', value: 'abc', path: '/', secure: false, expires: null, created: 0 },
      { name: 'lang', value: 'en', path: '/', secure: false, expires: null, created: 0 },
    ]);
  });

  it('caps an old unbounded jar, keeping the newest', () => {
    const old = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`c${i}`, '1']));
    const jar = readJar(old, NOW);
    expect(jar).toHaveLength(MAX_COOKIES);
    expect(jar[0]!.name).toBe('c4950');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'sid=1' as never],
    ['a number', 42 as never],
    [
      'a list of junk',
      [null, 1, 'x', { name: 'a' }, { name: '', value: '', path: '/', secure: false, expires: null, created: 0 }] as never,
    ],
    ['an object of junk values', { a: 1, b: null, c: { d: 1 } } as never],
  ])('reads %s as an empty jar', (_label, stored) => {
    expect(readJar(stored, NOW)).toEqual([]);
  });

  it('keeps well-formed stored cookies and drops expired ones', () => {
    const jar = [cookie('live', { expires: NOW + 1 }), cookie('dead', { expires: NOW }), cookie('session')];
    expect(names(readJar(jar, NOW))).toEqual(['live', 'session']);
  });
});
