/**
 * Jobs whose start hands out a link to the status read (detect/idflow/linkedStatusStarts.ts): the tables the generator writes
 * for Jira's 303 See Other (`pollUrlFrom: ['header:Location']`) and Box's `status_url`, run against a fake upstream.
 * The monitor protocol follows the redirect or the URL as handed out and reads the status the linked GET declares.
 * And an action read back at its item's latest run (detect/idflow/lastOperationStarts.ts): the job-resource protocol polls
 * the read with the start's own path arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec } from '../../templates/runtime/definition.js';
import { definition, family, op, pathIdOp, urlStart } from './defs.js';
import { connect } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

let api: LocalUpstream;
beforeAll(async () => {
  api = await startLocalUpstream();
});
afterAll(async () => {
  await api?.close();
});

const json = (body: unknown) => ({ head: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One start, polled only at the URL it hands out (`via`), its status read at `statusField`. */
function linkedDefinition(path: string, via: 'header:Location' | 'body:status_url', statusField: string, states: JobFamilySpec['states']) {
  return definition(
    [op({ tool: 'start_task', method: 'POST', path, role: 'start' })],
    [
      family({
        name: 'task',
        starts: [{ operation: 'start_task', idFrom: null, pollUrlFrom: [via], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
        poll: { via },
        statusField,
        states,
      }),
    ],
  );
}

/** Answers each GET of `path` with the next document of `docs` (the last one again when they run out). */
function answersInTurn(path: string, docs: unknown[]): void {
  let n = 0;
  api.route(`GET ${path}`, (_req, res) => {
    const { head, body } = json(docs[Math.min(n++, docs.length - 1)]);
    res.writeHead(200, head).end(body);
  });
}

const JIRA_STATES: JobFamilySpec['states'] = { ENQUEUED: 'queued', RUNNING: 'running', COMPLETE: 'succeeded', FAILED: 'failed' };

describe('a start answering 303 See Other to its task', () => {
  it('follows the redirect at the start and polls the task it landed on to its end', async () => {
    api.route('POST /rest/api/3/issue/properties', (_req, res) => void res.writeHead(303, { location: '/rest/api/3/task/7' }).end());
    answersInTurn('/rest/api/3/task/7', [
      { id: '7', status: 'ENQUEUED' },
      { id: '7', status: 'RUNNING' },
      { id: '7', status: 'COMPLETE' },
    ]);
    const mcp = await connect(linkedDefinition('/rest/api/3/issue/properties', 'header:Location', 'status', JIRA_STATES), {
      env: { API_BASE_URL: api.url },
    });
    try {
      const start = (await mcp.call('start_task', {})).structuredContent as { job_id: string; state: string };
      // The 303 was followed once, with a GET: the task's first document is the start's answer.
      expect(start.state).toBe('queued');
      expect(api.requests.filter((r) => r.url === '/rest/api/3/issue/properties').map((r) => r.method)).toEqual(['POST']);
      expect((await mcp.call('task_status', { job_id: start.job_id })).structuredContent).toMatchObject({ state: 'running' });
      expect((await mcp.call('task_status', { job_id: start.job_id })).structuredContent).toMatchObject({
        state: 'succeeded',
        terminal: true,
      });
      expect(api.requests.filter((r) => r.url === '/rest/api/3/task/7').map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    } finally {
      await mcp.close();
    }
  });
});

/**
 * Jira's task, cancelled at `POST …/task/{taskId}/cancel`: the job has no id of its own, so the generator reads the
 * cancel's parameters out of the URL the job is followed at by the task read's path (`fromPollUrl`), which the
 * contract writes without the API's base path: the URL is matched at its end.
 */
function cancellableTask() {
  return definition(
    [
      op({ tool: 'start_task', method: 'POST', path: '/rest/api/3/issue/properties', role: 'start' }),
      pathIdOp('cancel_task', 'POST', '/rest/api/3/task/{taskId}/cancel', 'taskId'),
    ],
    [
      family({
        name: 'task',
        starts: [urlStart('start_task', 'header:Location')],
        poll: { via: 'header:Location' },
        statusField: 'status',
        states: { ...JIRA_STATES, CANCELLED: 'cancelled' },
        tools: { status: 'task_status', cancel: 'task_cancel', result: null },
        cancel: {
          operation: 'cancel_task',
          idParam: 'taskId',
          carry: [],
          fromPollUrl: '/rest/api/3/task/{taskId}',
        },
      }),
    ],
  );
}

describe('a cancel whose id is in the URL the job is followed at', () => {
  it('reads the task id out of the Location by the task read’s path, under the API’s base path', async () => {
    let cancelled = false;
    api.route(
      'POST /site/rest/api/3/issue/properties',
      (_req, res) => void res.writeHead(303, { location: '/site/rest/api/3/task/10641' }).end(),
    );
    api.route('GET /site/rest/api/3/task/10641', (_req, res) => {
      const { head, body } = json({ id: '10641', status: cancelled ? 'CANCELLED' : 'RUNNING' });
      res.writeHead(200, head).end(body);
    });
    api.route('POST /site/rest/api/3/task/10641/cancel', (_req, res) => {
      cancelled = true;
      res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
    const mcp = await connect(cancellableTask(), { env: { API_BASE_URL: `${api.url}/site` } });
    try {
      const start = (await mcp.call('start_task', {})).structuredContent as { job_id: string };
      const cancel = await mcp.call('task_cancel', { job_id: start.job_id });
      expect(cancel.structuredContent, JSON.stringify(cancel.content)).toMatchObject({ outcome: 'cancelled', state: 'cancelled' });
      expect(api.requests.filter((r) => r.url.endsWith('/cancel')).map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /site/rest/api/3/task/10641/cancel',
      ]);
    } finally {
      await mcp.close();
    }
  });

  it('reads no id out of a hostile URL whose segment decodes to a path of its own, and sends nothing', async () => {
    const hostile = '/rest/api/3/task/a%2F..%2F..%2Fadmin';
    api.route('POST /h/rest/api/3/issue/properties', (_req, res) => void res.writeHead(201, { location: `/h${hostile}` }).end());
    api.route(`GET /h${hostile}`, (_req, res) => {
      const { head, body } = json({ status: 'RUNNING' });
      res.writeHead(200, head).end(body);
    });
    const before = api.requests.length;
    const mcp = await connect(cancellableTask(), { env: { API_BASE_URL: `${api.url}/h` } });
    try {
      const start = (await mcp.call('start_task', {})).structuredContent as { job_id: string };
      const cancel = await mcp.call('task_cancel', { job_id: start.job_id });
      expect(cancel.isError).toBeFalsy();
      expect(cancel.structuredContent).toMatchObject({ outcome: 'not_cancellable', terminal: false });
      // The only POST is the start: no cancel went anywhere, under the task or above it.
      expect(
        api.requests
          .slice(before)
          .filter((r) => r.method !== 'GET')
          .map((r) => r.url),
      ).toEqual(['/h/rest/api/3/issue/properties']);
    } finally {
      await mcp.close();
    }
  });

  it('sends nothing, and says why, when the URL is not of the read’s form', async () => {
    api.route('POST /m/rest/api/3/issue/properties', (_req, res) => void res.writeHead(201, { location: '/m/queue/entries/5' }).end());
    api.route('GET /m/queue/entries/5', (_req, res) => {
      const { head, body } = json({ status: 'RUNNING' });
      res.writeHead(200, head).end(body);
    });
    const before = api.requests.length;
    const mcp = await connect(cancellableTask(), { env: { API_BASE_URL: `${api.url}/m` } });
    try {
      const start = (await mcp.call('start_task', {})).structuredContent as { job_id: string };
      const cancel = await mcp.call('task_cancel', { job_id: start.job_id });
      expect(cancel.structuredContent).toMatchObject({ outcome: 'not_cancellable', terminal: false });
      expect((cancel.structuredContent as { message: string }).message).toContain('/rest/api/3/task/{taskId}');
      expect(api.requests.slice(before).some((r) => r.url.endsWith('/cancel'))).toBe(false);
    } finally {
      await mcp.close();
    }
  });
});

describe('a start answering 201 Created with a Location to the run it made', () => {
  it('polls the Location it handed out (Snyk: `POST …/import` → `…/import/{jobId}`) to its end', async () => {
    const start = '/org/o1/integrations/i1/import';
    api.route(`POST ${start}`, (_req, res) => void res.writeHead(201, { location: `${start}/j9` }).end());
    answersInTurn(`${start}/j9`, [{ status: 'pending' }, { status: 'complete' }]);
    const states: JobFamilySpec['states'] = { pending: 'queued', failed: 'failed', aborted: 'cancelled', complete: 'succeeded' };
    const mcp = await connect(linkedDefinition(start, 'header:Location', 'status', states), { env: { API_BASE_URL: api.url } });
    try {
      const job = (await mcp.call('start_task', {})).structuredContent as { job_id: string; state: string };
      // A 201 with no body says nothing of the run: it is queued until its Location says more.
      expect(job.state).toBe('queued');
      expect((await mcp.call('task_status', { job_id: job.job_id })).structuredContent).toMatchObject({ state: 'queued' });
      expect((await mcp.call('task_status', { job_id: job.job_id })).structuredContent).toMatchObject({
        state: 'succeeded',
        terminal: true,
      });
      expect(api.requests.filter((r) => r.url === `${start}/j9`).map((r) => r.method)).toEqual(['GET', 'GET']);
    } finally {
      await mcp.close();
    }
  });
});

describe('a start answering a link to its status read', () => {
  it('polls the `status_url` it handed out and reads `state` as the linked GET declares it', async () => {
    api.route('POST /zip_downloads', (_req, res) => {
      const { head, body } = json({
        download_url: `${api.url}/zip_downloads/z1/content`,
        status_url: `${api.url}/zip_downloads/z1/status`,
      });
      res.writeHead(202, head).end(body);
    });
    answersInTurn('/zip_downloads/z1/status', [{ state: 'in_progress' }, { state: 'failed', skipped_file_count: 3 }]);
    const states: JobFamilySpec['states'] = { in_progress: 'running', failed: 'failed', success: 'succeeded' };
    const mcp = await connect(linkedDefinition('/zip_downloads', 'body:status_url', 'state', states), { env: { API_BASE_URL: api.url } });
    try {
      const start = (await mcp.call('start_task', {})).structuredContent as { job_id: string; state: string };
      expect(start.state).toBe('queued');
      expect((await mcp.call('task_status', { job_id: start.job_id })).structuredContent).toMatchObject({ state: 'running' });
      expect((await mcp.call('task_status', { job_id: start.job_id })).structuredContent).toMatchObject({
        state: 'failed',
        terminal: true,
      });
      expect(api.requests.filter((r) => r.url === '/zip_downloads/z1/status')).toHaveLength(2);
    } finally {
      await mcp.close();
    }
  });
});

describe('an action read back at its item’s latest run', () => {
  it('polls the read with the start’s own path arguments, the item’s id as the job’s', async () => {
    const item = '/cases/{case-id}/searches/{search-id}';
    const pathArgs = z.object({ 'case-id': z.string(), 'search-id': z.string() });
    const params = ['case-id', 'search-id'].map((name) => ({ arg: name, name, in: 'path' as const, required: true }));
    const def = definition(
      [
        op({ tool: 'estimate_statistics', method: 'POST', path: `${item}/estimateStatistics`, role: 'start', input: pathArgs, params }),
        op({
          tool: 'get_last_estimate',
          method: 'GET',
          path: `${item}/lastEstimateStatisticsOperation`,
          role: 'internal',
          input: pathArgs,
          params,
        }),
      ],
      [
        family({
          name: 'estimate',
          starts: [
            {
              operation: 'estimate_statistics',
              idFrom: 'arg:search-id',
              pollUrlFrom: [],
              cancelUrlFrom: null,
              preferAsync: false,
              idempotency: null,
            },
          ],
          poll: { operation: 'get_last_estimate', idParam: 'search-id', carry: [{ param: 'case-id', from: 'arg:case-id', in: 'path' }] },
          states: { notStarted: 'queued', running: 'running', succeeded: 'succeeded', failed: 'failed' },
        }),
      ],
    );
    api.route('POST /cases/c1/searches/s9/estimateStatistics', (_req, res) => void res.writeHead(204).end());
    answersInTurn('/cases/c1/searches/s9/lastEstimateStatisticsOperation', [{ status: 'running' }, { status: 'succeeded' }]);
    const mcp = await connect(def, { env: { API_BASE_URL: api.url } });
    try {
      const start = (await mcp.call('estimate_statistics', { 'case-id': 'c1', 'search-id': 's9' })).structuredContent as { job_id: string };
      expect((await mcp.call('estimate_status', { job_id: start.job_id })).structuredContent).toMatchObject({ state: 'running' });
      expect((await mcp.call('estimate_status', { job_id: start.job_id })).structuredContent).toMatchObject({ state: 'succeeded' });
      expect(api.requests.filter((r) => r.url === '/cases/c1/searches/s9/lastEstimateStatisticsOperation')).toHaveLength(2);
    } finally {
      await mcp.close();
    }
  });
});
