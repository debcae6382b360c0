/**
 * A thing that returns to rest between runs (JobFamilySpec.returnsToRest, jobs/restingRun.ts), run through the MCP
 * client against a Glue-shaped fake upstream: `StartCrawler {Name}` answers `{}`, `GetCrawler {Name}` answers
 * `Crawler.State` READY | RUNNING | STOPPING beside `Crawler.LastCrawl {Status, StartTime, ErrorMessage}` (StartTime in
 * epoch seconds, as AWS's JSON protocol sends it), `StopCrawler {Name}` answers `{}`. The job is the run the start
 * set off: its end is the last run's outcome only for a run seen running or one that started after the job did.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { NO_RUN_SEEN_MS, parseRunTime } from '../../templates/runtime/jobs/restingRun.js';
import { awsRpcOp, definition, family, op } from './defs.js';
import { connect, type Status, structured, textOf } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const named = z.object({ body: z.object({ Name: z.string() }) });
const ops = [
  awsRpcOp('AWSGlue', 'start_crawler', 'StartCrawler', 'start', named),
  awsRpcOp('AWSGlue', 'get_crawler', 'GetCrawler', 'tool', named),
  awsRpcOp('AWSGlue', 'stop_crawler', 'StopCrawler', 'tool', named),
];
const crawler: JobFamilySpec = family({
  name: 'crawler',
  title: 'Crawler',
  tools: { status: 'crawler_status', cancel: 'crawler_cancel', result: null },
  starts: [
    { operation: 'start_crawler', idFrom: 'arg:body.Name', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: { operation: 'get_crawler', idParam: 'Name', idIn: 'body', carry: [] },
  cancel: { operation: 'stop_crawler', idParam: 'Name', idIn: 'body', carry: [] },
  statusField: 'Crawler.State',
  states: { READY: 'queued', RUNNING: 'running', STOPPING: 'running' },
  returnsToRest: {
    rest: ['READY'],
    lastRun: 'Crawler.LastCrawl',
    lastRunStatus: 'Crawler.LastCrawl.Status',
    lastRunOutcomes: { CANCELLED: 'cancelled', FAILED: 'failed', SUCCEEDED: 'succeeded' },
    lastRunStartedAt: 'Crawler.LastCrawl.StartTime',
  },
});

const T0 = Date.parse('2026-06-01T12:00:00Z');
const YESTERDAY = (T0 - 86_400_000) / 1000;
type Step = { State: string | number; LastCrawl?: { Status: string | number; StartTime: number; ErrorMessage?: string } };

/** A crawler that answers one step per GetCrawler (the last one repeats), and records what it was asked. */
async function fakeGlue(steps: Step[], onStop?: () => void): Promise<LocalUpstream> {
  const up = await startLocalUpstream();
  let polls = 0;
  up.route('POST /', (req, res) => {
    const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
    const { Name } = JSON.parse(req.bodyText) as { Name: string };
    switch (req.headers['x-amz-target']) {
      case 'AWSGlue.StartCrawler':
        return void send({});
      case 'AWSGlue.GetCrawler':
        return void send({ Crawler: { Name, ...steps[Math.min(polls++, steps.length - 1)] } });
      case 'AWSGlue.StopCrawler':
        onStop?.();
        return void send({});
      default:
        res.writeHead(400).end();
    }
  });
  return up;
}

const keep = closedAfterEach();

async function started(steps: Step[], clock: { now: number }, onStop?: () => void, spec: JobFamilySpec = crawler) {
  const upstream = keep(await fakeGlue(steps, onStop));
  const conn = keep(await connect(definition(ops, [spec]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
  const job = structured<{ job_id: string }>(await conn.call('start_crawler', { body: { Name: 'nightly' } }));
  const status = async () => structured<Status>(await conn.call('crawler_status', { job_id: job.job_id }));
  return { upstream, conn, job, status };
}

describe('a crawler that returns to rest (Glue StartCrawler → GetCrawler)', () => {
  it('READY → RUNNING → READY: the run seen running ends as its last crawl did', async () => {
    const clock = { now: T0 };
    // The upstream's clock is an hour behind: only the poll that saw the run ties it to the job.
    const behind = (T0 - 3_600_000) / 1000;
    const { status, upstream } = await started(
      [
        { State: 'RUNNING', LastCrawl: { Status: 'SUCCEEDED', StartTime: YESTERDAY } },
        { State: 'READY', LastCrawl: { Status: 'SUCCEEDED', StartTime: behind } },
      ],
      clock,
    );
    const first = await status();
    expect([first.state, first.upstream_status]).toEqual(['running', 'RUNNING']);
    const end = await status();
    expect([end.state, end.upstream_status, end.terminal]).toEqual(['succeeded', 'READY/SUCCEEDED', true]);
    const asked = upstream.requests.filter((r) => r.headers['x-amz-target'] === 'AWSGlue.GetCrawler');
    expect(asked.map((r) => JSON.parse(r.body))).toEqual([{ Name: 'nightly' }, { Name: 'nightly' }]);
  });

  it('state and last run sent as codes the contract names (model/enumCodes.ts) read as their names', async () => {
    const coded: JobFamilySpec = {
      ...crawler,
      statusCodes: { '0': 'READY', '1': 'RUNNING', '2': 'STOPPING' },
      returnsToRest: { ...crawler.returnsToRest!, lastRunCodes: { '0': 'SUCCEEDED', '1': 'CANCELLED', '2': 'FAILED' } },
    };
    const clock = { now: T0 };
    const { status } = await started(
      [
        { State: 1, LastCrawl: { Status: 0, StartTime: YESTERDAY } },
        { State: 0, LastCrawl: { Status: 2, StartTime: T0 / 1000 + 1 } },
      ],
      clock,
      undefined,
      coded,
    );
    const first = await status();
    expect([first.state, first.upstream_status]).toEqual(['running', 'RUNNING']);
    const end = await status();
    expect([end.state, end.upstream_status, end.terminal]).toEqual(['failed', 'READY/FAILED', true]);
  });

  it('a fast run already back at rest at the first poll is the job’s when it started after the job did', async () => {
    const clock = { now: T0 };
    const { status } = await started(
      [{ State: 'READY', LastCrawl: { Status: 'FAILED', StartTime: T0 / 1000 + 1, ErrorMessage: 'no access' } }],
      clock,
    );
    const end = await status();
    expect([end.state, end.upstream_status]).toEqual(['failed', 'READY/FAILED']);
    // The last crawl's record is the reason.
    expect(end.error).toEqual({ Status: 'FAILED', StartTime: T0 / 1000 + 1, ErrorMessage: 'no access' });
  });

  it('at rest with only an earlier run: pending, says so, and after the bound fails as no run seen, never a success', async () => {
    const clock = { now: T0 };
    const { status } = await started([{ State: 'READY', LastCrawl: { Status: 'SUCCEEDED', StartTime: YESTERDAY } }], clock);
    const waiting = await status();
    expect([waiting.state, waiting.upstream_status]).toEqual(['queued', 'READY']);
    expect(waiting.message).toContain('no run of this job has been seen yet');
    clock.now = T0 + NO_RUN_SEEN_MS - 1000;
    expect((await status()).state).toBe('queued');
    clock.now = T0 + NO_RUN_SEEN_MS + 1000;
    const end = await status();
    expect(end.state).toBe('failed');
    expect(end.error).toMatchObject({ reason: 'no_run_seen' });
    expect(JSON.stringify(end.error)).toContain('before this job');
  });

  it('cancel: StopCrawler, then STOPPING → READY with the last crawl CANCELLED', async () => {
    const clock = { now: T0 };
    let stopped = false;
    const steps: Step[] = [{ State: 'RUNNING', LastCrawl: { Status: 'SUCCEEDED', StartTime: YESTERDAY } }];
    const { conn, job, status } = await started(steps, clock, () => {
      stopped = true;
      steps.push({ State: 'STOPPING' }, { State: 'READY', LastCrawl: { Status: 'CANCELLED', StartTime: T0 / 1000 + 2 } });
    });
    expect((await status()).state).toBe('running');
    const cancel = await conn.call('crawler_cancel', { job_id: job.job_id });
    expect(stopped).toBe(true);
    expect(textOf(cancel)).toMatch(/cancel/i);
    let end = await status();
    for (let i = 0; i < 3 && !end.terminal; i++) end = await status();
    expect([end.state, end.upstream_status]).toEqual(['cancelled', 'READY/CANCELLED']);
  });
});

const taskId = z.object({ taskId: z.string() });
const taskParams = [{ arg: 'taskId', name: 'taskId', in: 'path' as const, required: true }];
const taskOps = [
  op({ tool: 'start_task', method: 'POST', path: '/ScheduledTasks/Running/{taskId}', role: 'start', input: taskId, params: taskParams }),
  op({ tool: 'get_task', method: 'GET', path: '/ScheduledTasks/{taskId}', input: taskId, params: taskParams }),
  op({ tool: 'stop_task', method: 'DELETE', path: '/ScheduledTasks/Running/{taskId}', input: taskId, params: taskParams }),
];
const task: JobFamilySpec = family({
  name: 'task',
  title: 'Task',
  tools: { status: 'task_status', cancel: 'task_cancel', result: null },
  starts: [{ operation: 'start_task', idFrom: 'arg:taskId', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
  poll: { operation: 'get_task', idParam: 'taskId', carry: [] },
  cancel: { operation: 'stop_task', idParam: 'taskId', carry: [] },
  statusField: 'State',
  states: { Cancelling: 'running', Idle: 'queued', Running: 'running' },
  returnsToRest: {
    rest: ['Idle'],
    lastRun: 'LastExecutionResult',
    lastRunStatus: 'LastExecutionResult.Status',
    lastRunOutcomes: { Aborted: 'cancelled', Cancelled: 'cancelled', Completed: 'succeeded', Failed: 'failed' },
    lastRunStartedAt: 'LastExecutionResult.StartTimeUtc',
  },
});

describe('a scheduled task that returns to rest (jellyfin StartTask → GetTask, the id in the path)', () => {
  it('Idle → Running → Idle with the last execution Completed; the start tool says the job is one run', async () => {
    const clock = { now: T0 };
    const upstream = keep(await startLocalUpstream());
    const docs = [
      { State: 'Running', LastExecutionResult: { Status: 'Failed', StartTimeUtc: '2026-05-31T12:00:00Z' } },
      { State: 'Idle', LastExecutionResult: { Status: 'Completed', StartTimeUtc: new Date(T0 + 5000).toISOString() } },
    ];
    let polls = 0;
    upstream.route('POST /ScheduledTasks/Running/t1', (_req, res) => void res.writeHead(204).end());
    upstream.route('GET /ScheduledTasks/t1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Id: 't1', ...docs[Math.min(polls++, 1)] }));
    });
    const conn = keep(await connect(definition(taskOps, [task]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
    const tools = await conn.client.listTools();
    expect(tools.tools.find((t) => t.name === 'start_task')?.description).toContain(
      'The job is one run of the Task: it ends as that run ended.',
    );
    const job = structured<{ job_id: string }>(await conn.call('start_task', { taskId: 't1' }));
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) seen.push(structured<Status>(await conn.call('task_status', { job_id: job.job_id })).state);
    expect(seen).toEqual(['running', 'succeeded']);
  });
});

describe('parseRunTime', () => {
  it.each<[unknown, number | null]>([
    [1_780_000_000, 1_780_000_000_000],
    [1_780_000_000_123, 1_780_000_000_123],
    ['2026-06-01T12:00:00Z', T0],
    ['1780000000', 1_780_000_000_000],
    ['', null],
    ['not a time', null],
    [null, null],
    // A hostile answer's number past a Date's range is no time (toISOString would throw on it).
    [-1e300, null],
    [1e300, null],
    ['-1e300', null],
  ])('%j', (value, expected) => {
    expect(parseRunTime(value)).toBe(expected);
  });
});
