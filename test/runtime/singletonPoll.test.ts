/**
 * A job whose status read takes no id (detect/idflow/singletonPoll.ts): a DevOps Guru-shaped `PUT /cost-estimation`
 * answers nothing, and `GET /cost-estimation` reads the account's one estimation (`Status` ONGOING → COMPLETED).
 * The link's `idIn` is `none`: the job is followed without an upstream id, the poll sent as is.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const ops = [
  op({
    tool: 'start_cost_estimation',
    method: 'PUT',
    path: '/cost-estimation',
    role: 'start',
    input: z.object({ body: z.object({ ResourceCollection: z.object({}).passthrough() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'get_cost_estimation',
    method: 'GET',
    path: '/cost-estimation',
    input: z.object({ NextToken: z.string().optional() }),
    params: [{ arg: 'NextToken', name: 'NextToken', in: 'query', required: false }],
  }),
];
const estimation = family({
  name: 'cost_estimation',
  title: 'Cost Estimation',
  starts: [
    { operation: 'start_cost_estimation', idFrom: null, pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: { operation: 'get_cost_estimation', idParam: '', idIn: 'none', carry: [] },
  statusField: 'Status',
  states: { ONGOING: 'running', COMPLETED: 'succeeded' },
});

const keep = closedAfterEach();

describe('a singleton read without an id (DevOps Guru StartCostEstimation → GetCostEstimation)', () => {
  it('follows a start that answers nothing to the end, polling the read as is', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('PUT /cost-estimation', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    upstream.route('GET /cost-estimation', (_req, res) => {
      polls++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ Status: polls < 2 ? 'ONGOING' : 'COMPLETED', Costs: [{ Count: 3 }] }));
    });
    const conn = keep(await connect(definition(ops, [estimation]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string; state: string }>(
      await conn.call('start_cost_estimation', { body: { ResourceCollection: { Tags: [] } } }),
    );
    // Not settled as done at the start: the answer carries no id, and the job is still to be read.
    expect(started.state).not.toBe('succeeded');
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('cost_estimation_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    const sent = upstream.requests.filter((r) => r.method === 'GET');
    expect(sent.map((r) => r.url)).toEqual(['/cost-estimation', '/cost-estimation']);
  });

  it('says in the start tool that every job reads the one estimation', async () => {
    const upstream = keep(await startLocalUpstream());
    const conn = keep(await connect(definition(ops, [estimation]), { env: { API_BASE_URL: upstream.url } }));
    const tools = await conn.client.listTools();
    const start = tools.tools.find((t) => t.name === 'start_cost_estimation');
    expect(start?.description).toContain("the account's one Cost Estimation, read without an id");
  });
});
