/** "Was it ever sent?": the rows that decide between `rejected` (never sent) and `unknown` (maybe ran upstream). */
import { describe, expect, it } from 'vitest';
import { provesNotSent, unsendable } from '../../templates/runtime/upstream/sendFailures.js';

const ok = { method: 'POST' as const, url: 'https://api.example.com/jobs', headers: { accept: 'application/json' } };

describe('unsendable (checked before fetch)', () => {
  it.each([
    ['an invalid URL', { ...ok, url: 'http://exa mple.com/x' }, /not a valid URL/],
    ['a non-http scheme', { ...ok, url: 'ftp://api.example.com/x' }, /scheme ftp: is not http/],
    ['a header value outside ISO-8859-1', { ...ok, headers: { 'x-api-key': 'ключ' } }, /header "x-api-key" cannot be sent/],
    ['a header value with CR/LF', { ...ok, headers: { 'x-note': 'a\r\nb' } }, /header "x-note" cannot be sent/],
    ['a GET with a body', { ...ok, method: 'GET' as const, body: 'x' }, /GET request cannot carry a body/],
  ])('%s', (_label, request, reason) => {
    expect(unsendable(request)).toMatch(reason);
  });

  it('never quotes a header value (it may be a credential)', () => {
    expect(unsendable({ ...ok, headers: { authorization: 'Bearer ключ-secret' } })).not.toContain('secret');
  });

  it('passes an ordinary request', () => {
    expect(unsendable(ok)).toBeNull();
  });
});

const fetchFailed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
const coded = (code: string) => Object.assign(new Error(code), { code });

describe('provesNotSent (from the error)', () => {
  it.each([
    ['connection refused', fetchFailed(coded('ECONNREFUSED')), true],
    ['DNS: no such host', fetchFailed(coded('ENOTFOUND')), true],
    ['DNS: temporary failure', fetchFailed(coded('EAI_AGAIN')), true],
    ['TLS: bad certificate', fetchFailed(coded('CERT_HAS_EXPIRED')), true],
    ['TLS: wrong host', fetchFailed(coded('ERR_TLS_CERT_ALTNAME_INVALID')), true],
    ['connect timeout', fetchFailed(coded('UND_ERR_CONNECT_TIMEOUT')), true],
    ["fetch's blocked port", fetchFailed(new Error('bad port')), true],
    [
      'every address refused (happy eyeballs)',
      fetchFailed(Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), {})),
      true,
    ],
    ['argument validation (bare TypeError)', new TypeError('Cannot convert argument to a ByteString'), true],
    ['connection reset mid-request', fetchFailed(coded('ECONNRESET')), false],
    ['socket closed by the peer', fetchFailed(coded('UND_ERR_SOCKET')), false],
    ['one of two addresses reset', fetchFailed(new AggregateError([coded('ECONNREFUSED'), coded('ECONNRESET')])), false],
    ['an unknown error', new Error('boom'), false],
  ])('%s → %s', (_label, error, notSent) => {
    expect(provesNotSent(error)).toBe(notSent);
  });
});
