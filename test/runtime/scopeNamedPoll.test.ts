/**
 * A job whose identity is the names the start was given (detect/idflow/nounNamedPoll.ts, itemPathPoll.ts): a SimSpace
 * Weaver-shaped `POST /startapp {Name, Domain, Simulation}` answers no id, and `GET /describeapp?app&domain&
 * simulation` reads the app by its name. The link is a request flow: the id comes from the start's `body.Name`
 * into the `app` query parameter, the scope (`domain`, `simulation`) carried from the start's arguments.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const ops = [
  op({
    tool: 'start_app',
    method: 'POST',
    path: '/startapp',
    role: 'start',
    input: z.object({ body: z.object({ Name: z.string(), Domain: z.string(), Simulation: z.string() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'describe_app',
    method: 'GET',
    path: '/describeapp',
    input: z.object({ app: z.string(), domain: z.string(), simulation: z.string() }),
    params: [
      { arg: 'app', name: 'app', in: 'query', required: true },
      { arg: 'domain', name: 'domain', in: 'query', required: true },
      { arg: 'simulation', name: 'simulation', in: 'query', required: true },
    ],
  }),
];
const app = family({
  name: 'app',
  starts: [
    { operation: 'start_app', idFrom: 'arg:body.Name', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: {
    operation: 'describe_app',
    idParam: 'app',
    idIn: 'query',
    carry: [
      { param: 'domain', from: 'arg:body.Domain', in: 'query' },
      { param: 'simulation', from: 'arg:body.Simulation', in: 'query' },
    ],
  },
  statusField: 'Status',
  states: { STARTING: 'running', STARTED: 'succeeded', ERROR: 'failed' },
});

const keep = closedAfterEach();

describe('a job named by the scope the start was given (SimSpace Weaver StartApp → DescribeApp)', () => {
  it('polls by the app’s name with its domain and simulation, to the end', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /startapp', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Domain: 'd1', Name: 'web', Simulation: 's1' }));
    });
    upstream.route('GET /describeapp', (_req, res) => {
      polls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Status: polls < 2 ? 'STARTING' : 'STARTED' }));
    });
    const conn = keep(await connect(definition(ops, [app]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_app', { body: { Name: 'web', Domain: 'd1', Simulation: 's1' } }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++) states.push(structured<{ state: string }>(await conn.call('app_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    const sent = upstream.requests.filter((r) => r.url.startsWith('/describeapp')).map((r) => new URL(r.url, upstream.url).searchParams);
    expect(sent.map((q) => [q.get('app'), q.get('domain'), q.get('simulation')])).toEqual([
      ['web', 'd1', 's1'],
      ['web', 'd1', 's1'],
    ]);
  });
});
