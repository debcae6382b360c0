/**
 * `arg:` sources name a start's parameter as the contract writes it (`arg:ediscoverySearch-id`), while its tool
 * argument may be spelt otherwise (`ediscovery_search_id`: a wire name that is no identifier is snake-cased). Found
 * by the corpus run sweep: a start at an item whose answer is a bare 204 and whose poll reads that item's latest run
 * (`POST …/{search-id}/estimate` → `GET …/{search-id}/lastEstimate`) read no job id from its own arguments, so it
 * had nothing to follow, took the 204 as a synchronous finish and ended succeeded without a poll.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ParamSpec } from '../../templates/runtime/definition.js';
import { readArg, type StartInputs } from '../../templates/runtime/jobs/interpret.js';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const path = (name: string, arg: string): ParamSpec => ({ arg, name, in: 'path', required: true });

describe('readArg: a start input by its wire name', () => {
  const start: StartInputs = {
    params: [path('case-id', 'case_id'), { arg: 'id_query', name: 'id', in: 'query', required: false }, path('id', 'id')],
    constants: [{ name: 'api-version', in: 'path', value: 'beta' }],
  };
  const args = { case_id: 'c-1', id: 'p-7', id_query: 'q-7', body: { Name: 'nightly' }, isCaller: true };
  it.each([
    ['a parameter whose argument is spelt otherwise', 'arg:case-id', 'c-1'],
    ['the path parameter of a name two locations share', 'arg:id', 'p-7'],
    ['a parameter the contract fixes to one value', 'arg:api-version', 'beta'],
    ['a dotted path into the arguments', 'arg:body.Name', 'nightly'],
    ['an argument asked for the poll only, a boolean as its text', 'arg:isCaller', 'true'],
    ['an argument by its own name, as before', 'arg:case_id', 'c-1'],
    ['a name nothing holds', 'arg:search-id', undefined],
  ] as const)('%s (%s)', (_why, source, want) => {
    expect(readArg(source, args, start)).toBe(want);
  });

  it('without the operation, a dotted path into the arguments as before', () => {
    expect(readArg('arg:case-id', args)).toBeUndefined();
    expect(readArg('arg:body.Name', args)).toBe('nightly');
  });

  it('reads own arguments only', () => {
    const params = [path('constructor', 'constructor_path')];
    expect(readArg('arg:constructor', {}, { params })).toBeUndefined();
    expect(readArg('arg:toString', {}, { params: [] })).toBeUndefined();
  });
});

const keep = closedAfterEach();

function latestRunServer() {
  const ids = [path('case-id', 'case_id'), path('search-id', 'search_id')];
  const input = z.object({ case_id: z.string(), search_id: z.string() });
  const ops = [
    op({ tool: 'estimate', method: 'POST', path: '/cases/{case-id}/searches/{search-id}/estimate', role: 'start', input, params: ids }),
    op({ tool: 'last_estimate', method: 'GET', path: '/cases/{case-id}/searches/{search-id}/lastEstimate', input, params: ids }),
  ];
  const runs = family({
    name: 'estimate',
    tools: { status: 'estimate_status', cancel: null, result: null },
    starts: [
      { operation: 'estimate', idFrom: 'arg:search-id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
    ],
    poll: {
      operation: 'last_estimate',
      idParam: 'search-id',
      idIn: 'path',
      carry: [{ param: 'case-id', from: 'arg:case-id', in: 'path' }],
    },
    states: { notStarted: 'queued', running: 'running', succeeded: 'succeeded', failed: 'failed' },
  });
  return definition(ops, [runs]);
}

describe('a start at an item answered 204, polled at the item', () => {
  it('follows the item named by its own arguments to the end of the run', async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /cases/c-1/searches/s-2/estimate', (_req, res) => {
      res.writeHead(204).end();
    });
    let polls = 0;
    upstream.route('GET /cases/c-1/searches/s-2/lastEstimate', (_req, res) => {
      polls += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: polls < 2 ? 'running' : 'succeeded' }));
    });
    const conn = keep(await connect(latestRunServer(), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string; state: string; terminal: boolean }>(
      await conn.call('estimate', { case_id: 'c-1', search_id: 's-2' }),
    );
    expect(started).toMatchObject({ state: 'queued', terminal: false });
    const first = structured<{ state: string; upstream_status: string }>(await conn.call('estimate_status', { job_id: started.job_id }));
    expect(first).toMatchObject({ state: 'running', upstream_status: 'running' });
    const last = structured<{ state: string; upstream_status: string }>(await conn.call('estimate_status', { job_id: started.job_id }));
    expect(last).toMatchObject({ state: 'succeeded', upstream_status: 'succeeded' });
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /cases/c-1/searches/s-2/estimate',
      'GET /cases/c-1/searches/s-2/lastEstimate',
      'GET /cases/c-1/searches/s-2/lastEstimate',
    ]);
  });
});
