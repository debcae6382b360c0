/**
 * A state spelled as a typed object (detect/status/typedStates.ts), Bitbucket-shaped: the pipeline's `state` is
 * `{type: pipeline_state_in_progress, name: IN_PROGRESS, stage: {…}}`, then `{name: COMPLETED, result: {name:
 * FAILED}}`. The runtime reads the status at `state.name` and how it ended at `state.result.name`, as the generator
 * states them, and a completed pipeline whose result failed or was stopped does not read as succeeded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition, family, op } from './defs.js';
import { type Connected, connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const json = { 'content-type': 'application/json' };
const repo = [
  { arg: 'workspace', name: 'workspace', in: 'path' as const, required: true },
  { arg: 'repo_slug', name: 'repo_slug', in: 'path' as const, required: true },
];
const ops = [
  op({
    tool: 'createPipelineForRepository',
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}/pipelines',
    role: 'start',
    input: z.object({ workspace: z.string(), repo_slug: z.string(), body: z.object({}).loose() }),
    params: repo,
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'getPipelineForRepository',
    method: 'GET',
    path: '/repositories/{workspace}/{repo_slug}/pipelines/{pipeline_uuid}',
    input: z.object({ workspace: z.string(), repo_slug: z.string(), pipeline_uuid: z.string() }),
    params: [...repo, { arg: 'pipeline_uuid', name: 'pipeline_uuid', in: 'path', required: true }],
  }),
];
// What detection states for Bitbucket's typed states (test/unit/detect/typedStates.test.ts).
const pipelines = family({
  name: 'pipeline',
  starts: [
    {
      operation: 'createPipelineForRepository',
      idFrom: 'body:uuid',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'getPipelineForRepository',
    idParam: 'pipeline_uuid',
    carry: [
      { param: 'workspace', from: 'arg:workspace' },
      { param: 'repo_slug', from: 'arg:repo_slug' },
    ],
  },
  statusField: 'state.name',
  states: { PENDING: 'queued', IN_PROGRESS: 'running', COMPLETED: 'succeeded' },
  outcomeField: 'state.result.name',
  outcomes: { SUCCESSFUL: 'succeeded', FAILED: 'failed', ERROR: 'failed', STOPPED: 'cancelled', EXPIRED: 'failed' },
});

let upstream: LocalUpstream | undefined;
let conn: Connected | undefined;
afterEach(async () => {
  await conn?.close();
  await upstream?.close();
});

describe('a state spelled as a typed object', () => {
  it.each([
    ['SUCCESSFUL', 'succeeded'],
    ['FAILED', 'failed'],
    ['STOPPED', 'cancelled'],
  ])('reads state.name, then state.result.name %s as %s', async (result, canonical) => {
    upstream = await startLocalUpstream();
    upstream.route('POST /repositories/ws/repo/pipelines', (_req, res) => {
      res.writeHead(201, json).end('{"type":"pipeline","uuid":"{p-1}","state":{"type":"pipeline_state_pending","name":"PENDING"}}');
    });
    const answers = [
      '{"type":"pipeline_state_in_progress","name":"IN_PROGRESS","stage":{"type":"pipeline_state_in_progress_running","name":"RUNNING"}}',
      `{"type":"pipeline_state_completed","name":"COMPLETED","result":{"type":"pipeline_state_completed_${result.toLowerCase()}","name":"${result}"}}`,
    ];
    let polls = 0;
    upstream.route('GET /repositories/ws/repo/pipelines/%7Bp-1%7D', (_req, res) => {
      const state = answers[Math.min(polls++, answers.length - 1)];
      res.writeHead(200, json).end(`{"type":"pipeline","uuid":"{p-1}","state":${state}}`);
    });
    conn = await connect(definition(ops, [pipelines]), { env: { API_BASE_URL: upstream.url } });
    const started = await conn.call('createPipelineForRepository', { workspace: 'ws', repo_slug: 'repo', body: {} });
    expect(started.isError).toBeFalsy();
    const jobId = (started.structuredContent as { job_id: string }).job_id;
    const seen: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const status = await conn.call('pipeline_status', { job_id: jobId });
      expect(status.isError).toBeFalsy();
      seen.push((status.structuredContent as { state: string }).state);
    }
    expect(seen).toEqual(['running', canonical]);
  });
});
