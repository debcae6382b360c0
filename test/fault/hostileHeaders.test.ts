/**
 * Issue 23: an upstream answering with oversized or hostile headers, against the runtime with a real store
 * contract (the in-memory one, which keeps records as the backends do). Node's fetch (undici) reads at most
 * http.maxHeaderSize (16 KiB) of answer headers and fails the request past it (UND_ERR_HEADERS_OVERFLOW): a
 * 100 KB Operation-Location, 10,000 headers or a 1 MB Location never reach the runtime, and the start says
 * so with that code. What fits under 16 KiB but not in a record (a 12 KB URL, a 1 MB id in the body, a 200 KB
 * status word) is capped by jobs/jobRecords.ts; a Retry-After of 1e308, 99…9 or -5 never parks or hammers.
 * After each, the server still answers (a plain call between the hostile ones).
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATUS_CHARS, MAX_STORED_URL_CHARS } from '../../templates/runtime/jobs/jobRecords.js';
import { POLL_CEILING_MS, POLL_FLOOR_MS } from '../../templates/runtime/jobs/pollHints.js';
import { definition, family, op, urlStart } from '../runtime/defs.js';
import { type Connected, connect, structured, textOf } from '../runtime/harness.js';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';

let api: LocalUpstream;
let mcp: Connected;

const def = definition(
  [op({ tool: 'start_export', method: 'POST', path: '/export', role: 'start' }), op({ tool: 'ping', method: 'GET', path: '/ping' })],
  [
    family({
      name: 'export',
      starts: [urlStart('start_export', 'header:Operation-Location', 'body:id')],
      poll: { via: 'header:Operation-Location' },
      statusField: 'status',
      states: { done: 'succeeded', working: 'running' },
    }),
  ],
);

/** What the next start answers: status, headers, body. */
let answer: (res: ServerResponse) => void = (res) => void res.writeHead(500).end();

beforeAll(async () => {
  api = await startLocalUpstream();
  api.route('POST /export', (_req, res) => answer(res));
  api.route('GET /ping', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"pong":true}'));
  // Each start's body differs, so none is a dedupe hit of another.
  mcp = await connect(def, { env: { API_BASE_URL: api.url, JOB_DEDUPE_WINDOW_MS: '0' } });
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
});

async function startWith(respond: (res: ServerResponse) => void) {
  answer = respond;
  const result = await mcp.call('start_export', {});
  const ping = await mcp.call('ping', {});
  expect(ping.isError, textOf(ping)).toBeFalsy();
  return result;
}

const pollUrl = (path: string) => `${api.url}${path}`;
const json = (res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const recordOf = (jobId: string) => mcp.store.records.get(jobId)!;

describe('answer headers past what Node reads (16 KiB): the start fails with a code, the server keeps serving', () => {
  it.each([
    ['a 100 KB Operation-Location', { 'operation-location': `/ops/${'a'.repeat(100_000)}` }],
    ['10,000 headers', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`x-h${i}`, '1']))],
    ['a 1 MB Location', { location: `/ops/${'b'.repeat(1_000_000)}` }],
  ])('%s', async (_label, headers) => {
    const result = await startWith((res) => json(res, 202, headers, { id: 'op-1', status: 'working' }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('UND_ERR_HEADERS_OVERFLOW');
    expect(textOf(result)).toMatch(/answer headers are larger than the \d+ bytes this server reads/);
  });
});

describe('values that fit in the headers but not in a record are capped, and the job says why', () => {
  it('a 12 KB Operation-Location: the job fails with oversize_value and keeps no URL', async () => {
    const long = pollUrl(`/ops/${'c'.repeat(12_000)}`);
    expect(long.length).toBeGreaterThan(MAX_STORED_URL_CHARS);
    const result = await startWith((res) => json(res, 202, { 'operation-location': long }, { id: 'op-2', status: 'working' }));
    const { job_id, state } = structured<{ job_id: string; state: string }>(result);
    expect(state).toBe('failed');
    expect(JSON.stringify(result.structuredContent)).toContain('oversize_value');
    const record = recordOf(job_id);
    expect(record.pollUrl).toBeNull();
    expect(JSON.stringify(record).length).toBeLessThan(4096);
  });

  it('a 1 MB job id in the body: the job fails with oversize_value, the record stays small', async () => {
    const result = await startWith((res) =>
      json(res, 202, { 'operation-location': pollUrl('/ops/3') }, { id: 'i'.repeat(1_000_000), status: 'working' }),
    );
    const { job_id, state } = structured<{ job_id: string; state: string }>(result);
    expect(state).toBe('failed');
    expect(textOf(result) + JSON.stringify(result.structuredContent)).toContain('a job id of 1000000 characters');
    // The start's own answer is kept as a bounded snapshot (64 KiB preview), never the whole megabyte.
    expect(JSON.stringify(recordOf(job_id)).length).toBeLessThan(80 * 1024);
  });

  it('a 200 KB status word is cut, the job goes on', async () => {
    api.route('GET /ops/4', (_req, res) => json(res, 200, {}, { status: 's'.repeat(200_000) }));
    const result = await startWith((res) => json(res, 202, { 'operation-location': pollUrl('/ops/4') }, { id: 'op-4', status: 'working' }));
    const { job_id } = structured<{ job_id: string }>(result);
    const status = structured<{ state: string; upstream_status: string }>(await mcp.call('export_status', { job_id }));
    expect(status.state).toBe('running');
    expect(status.upstream_status.length).toBe(MAX_STATUS_CHARS + 1);
    expect(recordOf(job_id).upstreamStatus!.length).toBe(MAX_STATUS_CHARS + 1);
  });
});

describe('a hostile Retry-After neither parks the agent nor hammers the upstream', () => {
  it.each([
    ['1e308', '1e308'],
    ['negative', '-5'],
    ['400 nines', '9'.repeat(400)],
    ['Infinity', 'Infinity'],
    ['the year 9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
  ])('Retry-After: %s', async (_label, retryAfter) => {
    const path = `/ops/ra-${Math.random().toString(36).slice(2)}`;
    api.route(`GET ${path}`, (_req, res) => json(res, 503, { 'retry-after': retryAfter }, { error: 'busy' }));
    const result = await startWith((res) =>
      json(res, 202, { 'operation-location': pollUrl(path), 'retry-after': retryAfter }, { id: 'op-ra', status: 'working' }),
    );
    const started = structured<{ job_id: string; poll_after_ms: number }>(result);
    expect(started.poll_after_ms).toBeGreaterThanOrEqual(POLL_FLOOR_MS);
    expect(started.poll_after_ms).toBeLessThanOrEqual(POLL_CEILING_MS);
    // The poll answers 503 with the same header: the status call still returns, with the last known state.
    const status = await mcp.call('export_status', { job_id: started.job_id });
    const body = structured<{ state: string; poll_after_ms: number }>(status);
    expect(body.state).toBe('running');
    expect(body.poll_after_ms).toBeGreaterThanOrEqual(POLL_FLOOR_MS);
    expect(body.poll_after_ms).toBeLessThanOrEqual(POLL_CEILING_MS);
    const nextPollAt = recordOf(started.job_id).nextPollAt;
    expect(nextPollAt === null || nextPollAt === undefined || Number.isFinite(nextPollAt)).toBe(true);
  });
});
