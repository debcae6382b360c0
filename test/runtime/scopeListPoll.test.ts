/**
 * A job read only in the list of the scope it runs in (detect/idflow/scopeListPoll.ts, JobOperationLinkSpec idIn `item`):
 * an App Runner-shaped `StartDeployment {ServiceArn}` → `{OperationId}`, polled by `ListOperations {ServiceArn}`
 * → `OperationSummaryList: [{Id, Status}]`. The poll sends the scope only, never the id, and follows the listed
 * operation whose `Id` is the job's, not the newer or older ones beside it; a list without it is an unknown job,
 * failed once past the replication-lag window (jobs/listedAnswer.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, JobOperationLinkSpec, OperationSpec } from '../../templates/runtime/definition.js';
import { MAX_LIST_PAGES } from '../../templates/runtime/jobs/listedAnswer.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, sendAwsJson, startLocalUpstream } from './localUpstream.js';

const SERVICE = 'AppRunner';
const apprunner = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp(SERVICE, tool, name, role, input);
const ops = [
  apprunner('start_deployment', 'StartDeployment', 'start', z.object({ body: z.object({ ServiceArn: z.string() }) })),
  apprunner(
    'list_operations',
    'ListOperations',
    'tool',
    z.object({ body: z.object({ ServiceArn: z.string(), NextToken: z.string().optional(), PaginationToken: z.string().optional() }) }),
  ),
];
const operation: JobFamilySpec = family({
  name: 'operation',
  starts: [
    {
      operation: 'start_deployment',
      idFrom: 'body:OperationId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'list_operations',
    idParam: 'Id',
    idIn: 'item',
    itemsAt: 'OperationSummaryList',
    itemId: 'Id',
    carry: [{ param: 'ServiceArn', from: 'arg:body.ServiceArn', in: 'body' }],
  },
  statusField: 'OperationSummaryList.0.Status',
  states: { PENDING: 'queued', IN_PROGRESS: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed' },
});

/** The same family told how the list read is paged (detect/idflow/listPages.ts): the token `name` in, `name` out. */
const pagedBy = (name: string): JobFamilySpec => ({
  ...operation,
  poll: { ...(operation.poll as JobOperationLinkSpec), pages: { param: name, in: 'body', next: name } },
});

const keep = closedAfterEach();
const ARN = 'arn:aws:apprunner:eu-west-1:1:service/web/abc';
const OLDER = { Id: 'op-older', Type: 'START_DEPLOYMENT', Status: 'SUCCEEDED' };

describe('a job read in the list of its scope (App Runner ListOperations)', () => {
  it('sends the service only and follows the listed operation whose Id is the job, not the one listed first', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${SERVICE}.StartDeployment`) return void sendAwsJson(res, { OperationId: 'op-new' });
      polls++;
      const status = ['PENDING', 'IN_PROGRESS', 'SUCCEEDED'][Math.min(polls - 1, 2)];
      // An older, finished deployment of the same service is listed first.
      sendAwsJson(res, { OperationSummaryList: [OLDER, { Id: 'op-new', Type: 'START_DEPLOYMENT', Status: status }] });
    });
    const conn = keep(await connect(definition(ops, [operation]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_deployment', { body: { ServiceArn: ARN } }));
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(structured<{ state: string }>(await conn.call('operation_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'running', 'succeeded']);
    const sent = upstream.requests.filter((r) => r.headers['x-amz-target'] === `${SERVICE}.ListOperations`).map((r) => JSON.parse(r.body));
    expect(sent).toEqual(Array.from({ length: 3 }, () => ({ ServiceArn: ARN })));
  });

  it('a list of other operations only is an unknown job: waited for, then failed with the field it matched by', async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${SERVICE}.StartDeployment`) return void sendAwsJson(res, { OperationId: 'op-new' });
      sendAwsJson(res, { OperationSummaryList: [OLDER] });
    });
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const conn = keep(await connect(definition(ops, [operation]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
    const started = structured<{ job_id: string }>(await conn.call('start_deployment', { body: { ServiceArn: ARN } }));
    const early = structured<{ state: string; terminal: boolean }>(await conn.call('operation_status', { job_id: started.job_id }));
    expect(early.terminal).toBe(false);
    expect(early.state).not.toBe('succeeded');
    clock.now += 60_000;
    const late = structured<{ state: string; terminal: boolean; error: unknown }>(
      await conn.call('operation_status', { job_id: started.job_id }),
    );
    expect(late).toMatchObject({ state: 'failed', terminal: true });
    expect(JSON.stringify(late.error)).toContain('op-new');
  });

  it('a page with more after it (NextToken) says nothing of the job: it is not failed, and is followed once listed', async () => {
    const upstream = keep(await startLocalUpstream());
    let listed = false;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${SERVICE}.StartDeployment`) return void sendAwsJson(res, { OperationId: 'op-new' });
      if (listed) return void sendAwsJson(res, { OperationSummaryList: [{ Id: 'op-new', Type: 'START_DEPLOYMENT', Status: 'SUCCEEDED' }] });
      sendAwsJson(res, { OperationSummaryList: [OLDER], NextToken: 'page-2' });
    });
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const conn = keep(await connect(definition(ops, [operation]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
    const started = structured<{ job_id: string }>(await conn.call('start_deployment', { body: { ServiceArn: ARN } }));
    clock.now += 60_000;
    const paged = structured<{ state: string; terminal: boolean }>(await conn.call('operation_status', { job_id: started.job_id }));
    expect(paged.terminal).toBe(false);
    expect(paged.state).not.toBe('failed');
    listed = true;
    clock.now += 60_000;
    const done = structured<{ state: string }>(await conn.call('operation_status', { job_id: started.job_id }));
    expect(done.state).toBe('succeeded');
  });

  describe('read on to the next pages (JobOperationLinkSpec.pages)', () => {
    const NEW = (Status: string) => ({ Id: 'op-new', Type: 'START_DEPLOYMENT', Status });
    /**
     * An upstream whose `ListOperations` answers `page(token)`, the token the poll sent in its body field `name`, and a
     * server whose family pages by that field; `lists` are the list requests' bodies, `status` one status call a minute on.
     */
    async function pagedUpstream(page: (token: string | undefined) => unknown, name = 'NextToken') {
      const upstream = keep(await startLocalUpstream());
      upstream.route('POST /', (req, res) => {
        if (req.headers['x-amz-target'] === `${SERVICE}.StartDeployment`) return void sendAwsJson(res, { OperationId: 'op-new' });
        const answer = page((JSON.parse(req.bodyText) as Record<string, string | undefined>)[name]);
        if (answer === 500) return void res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1' }).end('{"message":"internal"}');
        sendAwsJson(res, answer);
      });
      const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
      const conn = keep(await connect(definition(ops, [pagedBy(name)]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
      const started = structured<{ job_id: string }>(await conn.call('start_deployment', { body: { ServiceArn: ARN } }));
      const lists = () =>
        upstream.requests.filter((r) => r.headers['x-amz-target'] === `${SERVICE}.ListOperations`).map((r) => JSON.parse(r.body));
      const status = async () => {
        clock.now += 60_000;
        return structured<{ state: string; terminal: boolean; upstream_status?: string }>(
          await conn.call('operation_status', { job_id: started.job_id }),
        );
      };
      return { lists, status };
    }

    it('asks for the next page by the answer token and follows the job listed there', async () => {
      let state = 'IN_PROGRESS';
      const { lists, status } = await pagedUpstream((token) =>
        token === 'p2' ? { OperationSummaryList: [NEW(state)] } : { OperationSummaryList: [OLDER], NextToken: 'p2' },
      );
      expect(await status()).toMatchObject({ state: 'running', terminal: false });
      state = 'SUCCEEDED';
      expect(await status()).toMatchObject({ state: 'succeeded', terminal: true });
      expect(lists()).toEqual([
        { ServiceArn: ARN },
        { ServiceArn: ARN, NextToken: 'p2' },
        { ServiceArn: ARN },
        { ServiceArn: ARN, NextToken: 'p2' },
      ]);
    });

    it('a job on no page of a list that ends is an unknown job, failed', async () => {
      const { lists, status } = await pagedUpstream((token) =>
        token === 'p2' ? { OperationSummaryList: [OLDER] } : { OperationSummaryList: [OLDER], NextToken: 'p2' },
      );
      expect(await status()).toMatchObject({ state: 'failed', terminal: true });
      expect(lists()).toHaveLength(2);
    });

    it('an upstream handing back a token already sent is not followed round: one request more, the job left as it was', async () => {
      const { lists, status } = await pagedUpstream(() => ({ OperationSummaryList: [OLDER], NextToken: 'again' }));
      const shown = await status();
      expect(shown.terminal).toBe(false);
      expect(shown.state).not.toBe('failed');
      expect(lists()).toEqual([{ ServiceArn: ARN }, { ServiceArn: ARN, NextToken: 'again' }]);
    });

    it(`reads at most ${MAX_LIST_PAGES} pages in one poll of an endless list, and fails no job for it`, async () => {
      const { lists, status } = await pagedUpstream((token) => ({ OperationSummaryList: [OLDER], NextToken: `${Number(token ?? 0) + 1}` }));
      const shown = await status();
      expect(shown.terminal).toBe(false);
      expect(shown.state).not.toBe('failed');
      expect(lists()).toHaveLength(MAX_LIST_PAGES);
    });

    it("a token the link names, in no paging convention's words, still says more follow: no job failed at the bound", async () => {
      const { lists, status } = await pagedUpstream(
        (token) => ({ OperationSummaryList: [OLDER], PaginationToken: `${Number(token ?? 0) + 1}` }),
        'PaginationToken',
      );
      const shown = await status();
      expect(shown.terminal).toBe(false);
      expect(shown.state).not.toBe('failed');
      expect(lists()).toHaveLength(MAX_LIST_PAGES);
      expect(lists()[1]).toEqual({ ServiceArn: ARN, PaginationToken: '1' });
    });

    it('a next page that fails ends the walk on the page before: the job is left as it was', async () => {
      const { lists, status } = await pagedUpstream((token) => (token === 'p2' ? 500 : { OperationSummaryList: [OLDER], NextToken: 'p2' }));
      const shown = await status();
      expect(shown.terminal).toBe(false);
      expect(shown.state).not.toBe('failed');
      expect(lists().filter((b) => b.NextToken === 'p2').length).toBeGreaterThan(0);
    });
  });
});
