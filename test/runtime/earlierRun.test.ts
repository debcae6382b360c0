/**
 * A job started again (JobFamilySpec.earlierRun, jobs/earlierRun.ts), GitHub-shaped: `POST /jobs/{job_id}/rerun`
 * answers 201 and nothing of the new run, and `GET /jobs/{job_id}` may still show the previous run's end
 * (`completed`, `conclusion: failure`, `completed_at` long before the start). Through the MCP client: that end is not
 * this job's (queued), the new run is followed to its own end; near misses: a run that ends before the first poll but
 * after the start is this job's, a start that makes a new job (its id from the answer) reads any end as its own.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StartSpec } from '../../templates/runtime/definition.js';
import { readEarlierRun } from '../../templates/runtime/jobs/earlierRun.js';
import { NO_RUN_SEEN_MS } from '../../templates/runtime/jobs/restingRun.js';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';
import { makeRecord, T0 } from './store/makeRecord.js';

const json = { 'content-type': 'application/json' };
const jobParam = [{ arg: 'job_id', name: 'job_id', in: 'path' as const, required: true }];
const ops = [
  op({ tool: 'create_job', method: 'POST', path: '/jobs', role: 'start', input: z.object({}) }),
  op({
    tool: 'rerun_job',
    method: 'POST',
    path: '/jobs/{job_id}/rerun',
    role: 'start',
    input: z.object({ job_id: z.string() }),
    params: jobParam,
  }),
  op({ tool: 'get_job', method: 'GET', path: '/jobs/{job_id}', input: z.object({ job_id: z.string() }), params: jobParam }),
];
const start = (operation: string, idFrom: StartSpec['idFrom']): StartSpec => ({
  operation,
  idFrom,
  pollUrlFrom: [],
  cancelUrlFrom: null,
  preferAsync: false,
  idempotency: null,
});
const job = family({
  name: 'job',
  starts: [start('create_job', 'body:id'), start('rerun_job', 'arg:job_id')],
  poll: { operation: 'get_job', idParam: 'job_id', carry: [] },
  statusField: 'status',
  states: { queued: 'queued', in_progress: 'running', completed: 'succeeded' },
  outcomeField: 'conclusion',
  outcomes: { success: 'succeeded', failure: 'failed' },
  earlierRun: { field: 'completed_at', of: 'end' },
});

const keep = closedAfterEach();
const LONG_AGO = '2020-01-01T00:00:00Z';

/** An upstream whose job answers `reads` in turn (the last for good); each a status, conclusion and completed_at. */
async function upstreamOf(reads: Array<[string, string | null, string | null]>) {
  const upstream = keep(await startLocalUpstream());
  const queue = [...reads];
  const answer = (res: import('node:http').ServerResponse, [status, conclusion, at]: [string, string | null, string | null]) =>
    res.writeHead(200, json).end(JSON.stringify({ id: 'j1', status, conclusion, completed_at: at }));
  upstream.route('POST /jobs', (_req, res) => {
    res.writeHead(201, json).end('{"id":"j1","status":"queued"}');
  });
  upstream.route('POST /jobs/j1/rerun', (_req, res) => {
    res.writeHead(201, json).end('{}');
  });
  upstream.route('GET /jobs/j1', (_req, res) => {
    answer(res, queue.length > 1 ? queue.shift()! : queue[0]!);
  });
  const conn = keep(await connect(definition(ops, [job]), { env: { API_BASE_URL: upstream.url } }));
  return conn;
}

async function follow(conn: Awaited<ReturnType<typeof upstreamOf>>, tool: string, args: Record<string, unknown>, polls: number) {
  const { job_id } = structured<{ job_id: string }>(await conn.call(tool, args));
  const seen: string[] = [];
  for (let i = 0; i < polls; i++) seen.push(structured<{ state: string }>(await conn.call('job_status', { job_id })).state);
  return seen;
}

describe('a job started again', () => {
  it("reads the previous run's end as not this job's, and follows the new run to its own", async () => {
    const now = new Date(Date.now() + 1000).toISOString();
    const conn = await upstreamOf([
      ['completed', 'failure', LONG_AGO],
      ['queued', null, null],
      ['in_progress', null, null],
      ['completed', 'success', now],
    ]);
    expect(await follow(conn, 'rerun_job', { job_id: 'j1' }, 4)).toEqual(['queued', 'queued', 'running', 'succeeded']);
  });

  it('near miss: a run that ended before the first poll, but after the start, is this job’s', async () => {
    const conn = await upstreamOf([['completed', 'failure', new Date(Date.now() + 1000).toISOString()]]);
    expect(await follow(conn, 'rerun_job', { job_id: 'j1' }, 1)).toEqual(['failed']);
  });

  it('near miss: a start whose answer names a new job reads its end as its own, whatever its time', async () => {
    const conn = await upstreamOf([['completed', 'success', LONG_AGO]]);
    expect(await follow(conn, 'create_job', {}, 1)).toEqual(['succeeded']);
  });
});

describe('the earlier run, read in one patch', () => {
  const rerun = makeRecord({ family: 'job', operation: 'rerun_job', createdAt: T0 });
  const earlier = { id: 'j1', status: 'completed', conclusion: 'failure', completed_at: LONG_AGO };
  const ended = { state: 'failed' as const, upstreamStatus: 'completed', error: { conclusion: 'failure' } };

  it("drops the earlier run's error while the new run may still begin", () => {
    expect(readEarlierRun(job, rerun, ended, earlier, T0 + 1000)).toEqual({ state: 'queued', upstreamStatus: 'completed' });
  });

  it('fails as no_run_seen once no run of the job was seen in time', () => {
    const patch = readEarlierRun(job, rerun, ended, earlier, T0 + NO_RUN_SEEN_MS);
    expect(patch).toMatchObject({ state: 'failed', error: { reason: 'no_run_seen' } });
    expect(JSON.stringify(patch)).toContain('2020-01-01T00:00:00.000Z');
  });

  it('near miss: after a poll saw the new run under way, its end is its own', () => {
    expect(readEarlierRun(job, { ...rerun, runSeen: true }, ended, earlier, T0 + 1000)).toEqual(ended);
  });
});
