/**
 * Polls that ask for one thing by a list named after it, or by an id list inside a filter object (issue 24;
 * detect/idflow/nounInputs.ts, detect/idflow/filterInputs.ts): an ECS-shaped `DescribeClusters {"clusters": [arn]}` and a
 * DRS-shaped `DescribeJobs {"filters": {"jobIDs": [id]}}`. The answer lists what matched (`itemsAt`), and the job is
 * the item whose `itemId` field is the id sent, not whichever the upstream lists first; a list without it is an
 * unknown job, failed once past the replication-lag window (jobs/listedAnswer.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, sendAwsJson, startLocalUpstream } from './localUpstream.js';

const ecs = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp('AmazonEC2ContainerServiceV20141113', tool, name, role, input);
const ecsOps = [
  ecs('create_cluster', 'CreateCluster', 'start', z.object({ body: z.object({ clusterName: z.string().optional() }) })),
  ecs('describe_clusters', 'DescribeClusters', 'tool', z.object({ body: z.object({ clusters: z.array(z.string()).optional() }) })),
];
const cluster: JobFamilySpec = family({
  name: 'cluster',
  kind: 'provisioning',
  starts: [
    {
      operation: 'create_cluster',
      idFrom: 'body:cluster.clusterArn',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'describe_clusters',
    idParam: 'clusters',
    idIn: 'body',
    idList: true,
    itemsAt: 'clusters',
    itemId: 'clusterArn',
    carry: [],
  },
  statusField: 'clusters.0.status',
  states: { PROVISIONING: 'running', ACTIVE: 'succeeded', FAILED: 'failed', INACTIVE: 'running' },
});

/** DRS is REST-JSON: an RPC-like call at a path of its own. */
const drs = (tool: string, path: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  op({ tool, method: 'POST', path, role, input, body: { arg: 'body', mediaType: 'application/json', required: true } });
const JOB_FILTERS = z.object({ jobIDs: z.array(z.string()).optional(), fromDate: z.string().optional() });
const drsOps = [
  drs('start_recovery', '/StartRecovery', 'start', z.object({ body: z.object({ sourceServers: z.array(z.object({})) }) })),
  drs('describe_jobs', '/DescribeJobs', 'tool', z.object({ body: z.object({ filters: JOB_FILTERS.optional() }) })),
];
const recoveryJob: JobFamilySpec = family({
  name: 'job',
  starts: [
    { operation: 'start_recovery', idFrom: 'body:job.jobID', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null },
  ],
  poll: {
    operation: 'describe_jobs',
    idParam: 'filters.jobIDs',
    idIn: 'body',
    idList: true,
    itemsAt: 'items',
    itemId: 'jobID',
    carry: [],
  },
  statusField: 'items.0.status',
  states: { PENDING: 'queued', STARTED: 'running', COMPLETED: 'succeeded' },
});

const keep = closedAfterEach();

const ARN = 'arn:aws:ecs:eu-west-1:1:cluster/new';
const DEFAULT = { clusterArn: 'arn:aws:ecs:eu-west-1:1:cluster/default', status: 'ACTIVE' };

describe('a poll that asks by a list named after the thing (ECS DescribeClusters)', () => {
  it('sends {clusters: [arn]} and follows the listed cluster whose clusterArn it is, not the first one', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonEC2ContainerServiceV20141113.CreateCluster')
        return void sendAwsJson(res, { cluster: { clusterArn: ARN, status: 'PROVISIONING' } });
      const { clusters } = JSON.parse(req.bodyText) as { clusters?: string[] };
      polls++;
      // An upstream that lists more than it was asked for: the default cluster (already ACTIVE) comes first.
      const asked = (clusters ?? []).includes(ARN) ? [{ clusterArn: ARN, status: polls < 2 ? 'PROVISIONING' : 'ACTIVE' }] : [];
      sendAwsJson(res, { clusters: [DEFAULT, ...asked], failures: [] });
    });
    const conn = keep(await connect(definition(ecsOps, [cluster]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('create_cluster', { body: { clusterName: 'new' } }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('cluster_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    const sent = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'AmazonEC2ContainerServiceV20141113.DescribeClusters')
      .map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ clusters: [ARN] }, { clusters: [ARN] }]);
  });

  it('a list of other clusters only is an unknown job: waited for, then failed with the field it matched by', async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonEC2ContainerServiceV20141113.CreateCluster')
        return void sendAwsJson(res, { cluster: { clusterArn: ARN, status: 'PROVISIONING' } });
      sendAwsJson(res, { clusters: [DEFAULT], failures: [{ arn: ARN, reason: 'MISSING' }] });
    });
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const conn = keep(await connect(definition(ecsOps, [cluster]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
    const started = structured<{ job_id: string }>(await conn.call('create_cluster', { body: {} }));
    const early = structured<{ state: string; terminal: boolean }>(await conn.call('cluster_status', { job_id: started.job_id }));
    // Never the default cluster's ACTIVE: the job is not in the list, and just after the start that may be lag.
    expect(early.terminal).toBe(false);
    expect(early.state).not.toBe('succeeded');
    clock.now += 60_000;
    const late = structured<{ state: string; terminal: boolean; error: unknown }>(
      await conn.call('cluster_status', { job_id: started.job_id }),
    );
    expect(late).toMatchObject({ state: 'failed', terminal: true });
    expect(JSON.stringify(late.error)).toContain('clusterArn');
  });
});

describe('progress beside the status of a listed job (detect/idflow/idFlowJobs.ts)', () => {
  it("is the job's own item's, not the first item's", async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonEC2ContainerServiceV20141113.CreateCluster')
        return void sendAwsJson(res, { cluster: { clusterArn: ARN, status: 'PROVISIONING' } });
      sendAwsJson(res, {
        clusters: [
          { ...DEFAULT, percentDone: 100 },
          { clusterArn: ARN, status: 'PROVISIONING', percentDone: 40 },
        ],
      });
    });
    const withProgress = family({ ...cluster, progress: { field: 'clusters.0.percentDone', scale: 100 } });
    const conn = keep(await connect(definition(ecsOps, [withProgress]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('create_cluster', { body: { clusterName: 'new' } }));
    const seen = structured<{ state: string; progress: number | null }>(await conn.call('cluster_status', { job_id: started.job_id }));
    expect(seen).toMatchObject({ state: 'running', progress: 0.4 });
  });
});

describe('a poll that asks by an id list inside a filter object (DRS DescribeJobs)', () => {
  it('sends {filters: {jobIDs: [id]}} and reads the matching job through PENDING, STARTED to COMPLETED', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /StartRecovery', (_req, res) => void sendAwsJson(res, { job: { jobID: 'drsjob-2', status: 'PENDING' } }));
    upstream.route('POST /DescribeJobs', (req, res) => {
      const { filters } = JSON.parse(req.bodyText) as { filters?: { jobIDs?: string[] } };
      polls++;
      const status = ['PENDING', 'STARTED', 'COMPLETED'][Math.min(polls - 1, 2)];
      const listed = (filters?.jobIDs ?? []).includes('drsjob-2') ? [{ jobID: 'drsjob-2', status }] : [];
      sendAwsJson(res, { items: [{ jobID: 'drsjob-1', status: 'COMPLETED' }, ...listed] });
    });
    const conn = keep(await connect(definition(drsOps, [recoveryJob]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_recovery', { body: { sourceServers: [{}] } }));
    const states: string[] = [];
    for (let i = 0; i < 3; i++) states.push(structured<{ state: string }>(await conn.call('job_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'running', 'succeeded']);
    const sent = upstream.requests.filter((r) => r.url === '/DescribeJobs').map((r) => JSON.parse(r.body));
    expect(sent).toEqual(Array.from({ length: 3 }, () => ({ filters: { jobIDs: ['drsjob-2'] } })));
  });
});
