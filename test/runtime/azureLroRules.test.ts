/**
 * The pure rules of jobs/azureLro.ts, row by row: how the start's answer and each poll answer are read. The
 * e2e suites (Spector, the autorest testserver) drive the same rules through generated servers.
 */
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../templates/runtime/definition.js';
import { planAzureLro, readAzureAnswer, readAzureStart } from '../../templates/runtime/jobs/azureLro.js';
import { withAnswerCookies } from '../../templates/runtime/jobs/startRetry.js';
import type { ParsedBody } from '../../templates/runtime/upstream/http.js';
import type { UpstreamRequest } from '../../templates/runtime/upstream/request.js';

const URL_ = 'https://api.example/things/1';

function body(json: unknown): ParsedBody {
  const text = json === undefined ? '' : JSON.stringify(json);
  return { json, text, binary: false, truncated: false, size: text.length, contentType: 'application/json', problem: null };
}

const resource = (state?: string) => (state === undefined ? { id: '1' } : { id: '1', properties: { provisioningState: state } });

describe('readAzureStart: the first answer', () => {
  const aao = new Headers({ 'azure-asyncoperation': 'https://api.example/ops/1' });
  const none = new Headers();
  const rows: Array<[string, HttpMethod, Headers, number, unknown, string]> = [
    // ARM RPC: a PUT/PATCH answered 200/201 with a terminal provisioningState finished synchronously.
    ['PATCH 200 Succeeded beside a monitor header: done', 'PATCH', aao, 200, resource('Succeeded'), 'succeeded'],
    ['PUT 201 Failed beside a monitor header: failed', 'PUT', aao, 201, resource('Failed'), 'failed'],
    ['PUT 200 Canceled beside a monitor header: cancelled', 'PUT', aao, 200, resource('Canceled'), 'cancelled'],
    ['PATCH 201 Accepted beside a monitor header: followed', 'PATCH', aao, 201, resource('Accepted'), 'running'],
    ['PATCH 202 Succeeded beside a monitor header: 202 is always followed', 'PATCH', aao, 202, resource('Succeeded'), 'running'],
    ['PUT 200 without provisioningState beside a monitor header: followed', 'PUT', aao, 200, resource(), 'running'],
    [
      'POST 200 Succeeded beside a monitor header: a POST answer is no resource, followed',
      'POST',
      aao,
      200,
      resource('Succeeded'),
      'running',
    ],
    // No mode at all: the HTTP code, and a returned resource that reports failure (the lead's decision).
    ['DELETE 204 with nothing to poll: done', 'DELETE', none, 204, undefined, 'succeeded'],
    ['POST 202 with nothing to poll: done (core-lro)', 'POST', none, 202, undefined, 'succeeded'],
    ['DELETE 200 returning a Failed resource: failed', 'DELETE', none, 200, resource('Failed'), 'failed'],
    ['POST 202 returning a Failed document: 202 is no final answer, done by code', 'POST', none, 202, resource('Failed'), 'succeeded'],
    // Body mode: a PUT without headers is read from its own provisioningState.
    ['PUT 201 Creating, no headers: running', 'PUT', none, 201, resource('Creating'), 'running'],
    ['PUT 200 without provisioningState, no headers: done by code', 'PUT', none, 200, resource(), 'succeeded'],
  ];
  it.each(rows)('%s', (_label, method, headers, code, json, expected) => {
    const plan = planAzureLro(method, URL_, headers, undefined);
    expect(readAzureStart(method, plan, code, body(json)).status).toBe(expected);
  });
});

describe('readAzureAnswer: a poll answer', () => {
  const rows: Array<[string, Parameters<typeof readAzureAnswer>[0], number, unknown, string, string]> = [
    ['Location 202: running', 'location', 202, undefined, 'running', 'HTTP 202'],
    ['Location 200 with a resource: succeeded', 'location', 200, resource('Succeeded'), 'succeeded', 'HTTP 200'],
    ['Location 204: succeeded', 'location', 204, undefined, 'succeeded', 'HTTP 204'],
    ['Location 200, resource reports Failed: failed (lead decision)', 'location', 200, resource('Failed'), 'failed', 'Failed'],
    ['Location 200, resource reports Canceled: cancelled', 'location', 200, resource('Canceled'), 'cancelled', 'Canceled'],
    ['Location 200, top-level provisioningState Failed', 'location', 200, { provisioningState: 'Failed' }, 'failed', 'Failed'],
    ['Location 200, resource still Deleting: succeeded by code', 'location', 200, resource('Deleting'), 'succeeded', 'HTTP 200'],
    ['Location 202, resource reports Failed: still running', 'location', 202, resource('Failed'), 'running', 'HTTP 202'],
    ['monitor 200 without status: by HTTP code (core-lro)', 'operation-location', 200, { id: 'x' }, 'succeeded', 'HTTP 200'],
    ['monitor 200 with no body: by HTTP code', 'operation-location', 200, undefined, 'succeeded', 'HTTP 200'],
    ['monitor status InProgress: running', 'operation-location', 200, { status: 'InProgress' }, 'running', 'InProgress'],
    ['monitor status canceled (any case): cancelled', 'operation-location', 200, { status: 'CANCELED' }, 'cancelled', 'CANCELED'],
  ];
  it.each(rows)('%s', (_label, mode, code, json, state, upstream) => {
    const reading = readAzureAnswer(mode, code, body(json));
    expect([reading.status, reading.upstreamStatus]).toEqual([state, upstream]);
  });

  it('a resource that failed with error.code/message carries them as the reason', () => {
    const json = { properties: { provisioningState: 'Failed' }, error: { code: 'Quota', message: 'Out of cores' } };
    expect(readAzureAnswer('location', 200, body(json)).error).toEqual({ code: 'Quota', message: 'Out of cores' });
  });
});

describe('withAnswerCookies: a retry carries the cookies the transient answer set', () => {
  const request = (cookie?: string): UpstreamRequest => ({
    method: 'GET',
    url: URL_,
    headers: cookie === undefined ? { accept: 'application/json' } : { accept: 'application/json', cookie },
  });
  const rows: Array<[string, string | undefined, string[], string | undefined, string?]> = [
    ['no Set-Cookie: the same request', 'a=1', [], 'a=1'],
    ['a new cookie joins the jar', 'a=1', ['scenario=1; Path=/'], 'a=1; scenario=1'],
    ['a first cookie on a request that had none', undefined, ['scenario=1'], 'scenario=1'],
    ['a cookie is replaced', 'scenario=1', ['scenario=2'], 'scenario=2'],
    ['an expired cookie is dropped', 'a=1; scenario=1', ['scenario=; Max-Age=0'], 'a=1'],
    ['an Expires in the past drops it too', 'a=1; scenario=1', ['scenario=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], 'a=1'],
    ['the last cookie expired: no cookie header', 'scenario=1', ['scenario=; Max-Age=0'], undefined],
    // RFC 6265: a cookie rides along only where the jar would send it.
    ['a cookie for another path is not carried', 'a=1', ['other=1; Path=/elsewhere'], 'a=1'],
    ['an answer from another origin sets nothing', 'a=1', ['scenario=1; Path=/'], 'a=1', 'https://cdn.example/things/1'],
    ['garbage lines are skipped', 'a=1', ['=novalue', 'noequals', ';;;', 'x\u0001y=1'], 'a=1'],
  ];
  it.each(rows)('%s', (_label, cookie, setCookies, expected, answerUrl = URL_) => {
    const headers = new Headers();
    for (const line of setCookies) headers.append('set-cookie', line);
    expect(withAnswerCookies(request(cookie), { headers, url: answerUrl }, Date.UTC(2026, 0, 1)).headers.cookie).toBe(expected);
  });
});
