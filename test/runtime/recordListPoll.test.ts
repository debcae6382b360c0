/**
 * A job read as one record of a list in its parent's REST read (detect/idflow/recordListPoll.ts): an IoT
 * Analytics-shaped `POST /pipelines/{pipelineName}/reprocessing` answers `{reprocessingId}`, and `GET
 * /pipelines/{pipelineName}` answers `pipeline.reprocessingSummaries: [{id, status}]`, other reprocessings beside
 * it. The link's `idIn` is `item` with a dotted `itemsAt`: the parent's name goes in the path, and the job is the
 * item whose `id` is the one answered, whatever its place in the list.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const ops = [
  op({
    tool: 'start_pipeline_reprocessing',
    method: 'POST',
    path: '/pipelines/{pipelineName}/reprocessing',
    role: 'start',
    input: z.object({ pipelineName: z.string() }),
    params: [{ arg: 'pipelineName', name: 'pipelineName', in: 'path', required: true }],
  }),
  op({
    tool: 'describe_pipeline',
    method: 'GET',
    path: '/pipelines/{pipelineName}',
    input: z.object({ pipelineName: z.string() }),
    params: [{ arg: 'pipelineName', name: 'pipelineName', in: 'path', required: true }],
  }),
];
const reprocessing = family({
  name: 'pipeline_reprocessing',
  starts: [
    {
      operation: 'start_pipeline_reprocessing',
      idFrom: 'body:reprocessingId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'describe_pipeline',
    idParam: 'id',
    idIn: 'item',
    itemsAt: 'pipeline.reprocessingSummaries',
    itemId: 'id',
    carry: [{ param: 'pipelineName', from: 'arg:pipelineName' }],
  },
  statusField: 'pipeline.reprocessingSummaries.0.status',
  states: { RUNNING: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed', CANCELLED: 'cancelled' },
});

const keep = closedAfterEach();

describe('a job read as a record of its parent’s list (IoT Analytics StartPipelineReprocessing → DescribePipeline)', () => {
  it('reads the pipeline by its name and follows the reprocessing whose id it answered, not the first listed', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /pipelines/p1/reprocessing', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reprocessingId: 'r2' }));
    });
    upstream.route('GET /pipelines/p1', (_req, res) => {
      polls++;
      const summaries = [
        { id: 'r1', status: 'FAILED' },
        { id: 'r2', status: polls < 2 ? 'RUNNING' : 'SUCCEEDED' },
      ];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ pipeline: { name: 'p1', reprocessingSummaries: summaries } }));
    });
    const conn = keep(await connect(definition(ops, [reprocessing]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_pipeline_reprocessing', { pipelineName: 'p1' }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('pipeline_reprocessing_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    expect(upstream.requests.filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(['/pipelines/p1', '/pipelines/p1']);
  });
});
