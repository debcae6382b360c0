/**
 * Issue 23 item 8: parameters named like Object.prototype's members (`toString`, `hasOwnProperty`,
 * `constructor`, `valueOf`, `__proto__`) are ordinary arguments. Left out, they are absent, not the inherited
 * method (zod reads `input[key]`, the request builder `args[name]`); given, they are sent where the contract
 * puts them: path, query, header, body, and on a job's poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ParamSpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from '../runtime/defs.js';
import type { Connected } from '../runtime/harness.js';
import { connect, structured, textOf } from '../runtime/harness.js';
import type { LocalUpstream } from '../runtime/localUpstream.js';
import { startLocalUpstream } from '../runtime/localUpstream.js';

const NAMES = ['toString', 'hasOwnProperty', 'constructor', 'valueOf'] as const;
const optionalNames = Object.fromEntries(NAMES.map((n) => [n, z.string().optional()]));

const params: ParamSpec[] = [
  { arg: 'toString', name: 'toString', in: 'path', required: true },
  { arg: 'hasOwnProperty', name: 'hasOwnProperty', in: 'query', required: false },
  { arg: 'valueOf', name: 'valueOf', in: 'header', required: false },
  { arg: 'constructor', name: 'constructor', in: 'query', required: false },
  { arg: 'proto', name: '__proto__', in: 'query', required: false },
];

const thing = op({
  tool: 'put_thing',
  method: 'POST',
  path: '/things/{toString}',
  input: z.strictObject({
    ...optionalNames,
    toString: z.string(),
    proto: z.string().optional(),
    body: z.strictObject({ ...optionalNames, ['__proto__']: z.string().optional() }).optional(),
  }),
  params,
  body: { arg: 'body', mediaType: 'application/json', required: false },
});
const start = op({
  tool: 'start_run',
  method: 'POST',
  path: '/runs',
  role: 'start',
  input: z.strictObject({ valueOf: z.string().optional() }),
  params: [{ arg: 'valueOf', name: 'valueOf', in: 'query', required: false }],
});
const getRun = op({
  tool: 'get_run',
  method: 'GET',
  path: '/runs/{id}',
  input: z.strictObject({ id: z.string(), valueOf: z.string().optional(), constructor: z.string().optional() }),
  params: [
    { arg: 'id', name: 'id', in: 'path', required: true },
    { arg: 'valueOf', name: 'valueOf', in: 'query', required: false },
    { arg: 'constructor', name: 'constructor', in: 'header', required: false },
  ],
});
const runs = family({
  name: 'run',
  starts: [{ operation: 'start_run', idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_run', idParam: 'id', carry: [] },
  states: { done: 'succeeded' },
});

let api: LocalUpstream;
let mcp: Connected;

beforeAll(async () => {
  api = await startLocalUpstream();
  api.route(
    'POST /things/x',
    (req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ got: req.bodyText })),
  );
  api.route(
    'POST /runs',
    (_req, res) => void res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"r1","status":"queued"}'),
  );
  api.route(
    'GET /runs/r1',
    (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"r1","status":"done"}'),
  );
  mcp = await connect(definition([thing, start, getRun], [runs]), { env: { API_BASE_URL: api.url } });
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
});

const last = () => api.requests.at(-1)!;

describe('arguments named like Object.prototype members', () => {
  it('are absent when left out: nothing inherited is validated or sent', async () => {
    const result = await mcp.call('put_thing', { toString: 'x' });
    expect(result.isError, textOf(result)).toBeFalsy();
    const sent = last();
    expect(sent.url).toBe('/things/x');
    expect(Object.hasOwn(sent.headers, 'valueof')).toBe(false);
    expect(sent.body).toBe('');
  });

  it('are sent where the contract puts them when given (path, query, header, body)', async () => {
    const body = { toString: 'a', hasOwnProperty: 'b', constructor: 'c', valueOf: 'd' };
    const result = await mcp.call('put_thing', {
      toString: 'x',
      hasOwnProperty: 'h',
      constructor: 'c',
      valueOf: 'v',
      proto: 'p',
      body,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const sent = last();
    expect(new URL(sent.url, api.url).searchParams.getAll('hasOwnProperty')).toEqual(['h']);
    expect(new URL(sent.url, api.url).searchParams.getAll('constructor')).toEqual(['c']);
    expect(new URL(sent.url, api.url).searchParams.getAll('__proto__')).toEqual(['p']);
    expect(sent.headers.valueof).toBe('v');
    expect(JSON.parse(sent.body)).toEqual(body);
  });

  // zod (4.6) never copies a `__proto__` key into its output; what matters here is that the key is data on the
  // way in: the call goes through with its other fields, and no prototype is touched.
  it('a `__proto__` body field is data, never the prototype', async () => {
    const result = await mcp.call('put_thing', { toString: 'x', body: JSON.parse('{"__proto__":{"polluted":1},"toString":"t"}') });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.parse(last().body)).toMatchObject({ toString: 't' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a required one left out is refused by name, not as "received function"', async () => {
    const result = await mcp.call('put_thing', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('toString');
    expect(textOf(result)).not.toContain('function');
  });

  it("a job's start and poll leave them out when the agent did", async () => {
    const started = structured<{ job_id: string }>(await mcp.call('start_run', {}));
    expect(api.requests.find((r) => r.url.startsWith('/runs'))?.url).toBe('/runs');
    const status = structured<{ state: string }>(await mcp.call('run_status', { job_id: started.job_id }));
    expect(status.state).toBe('succeeded');
    const poll = api.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/runs/'));
    expect(poll.map((r) => r.url)).toEqual(['/runs/r1']);
    expect(Object.hasOwn(poll[0]!.headers, 'constructor')).toBe(false);
  });
});
