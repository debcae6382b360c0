/**
 * Of several statuses in a poll's answer, the one the START follows (src/detect/status/startAffinity.ts): a status in
 * the start's own words (its verb, the verb's noun, its noun) or naming its verb under way, over one named for
 * another part, another action or a last run; and a bring-up's own bare `State` beside another action's status.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  affinityFamilyName,
  judgeComingUp,
  lastRunOf,
  nameAffinityOf,
  namesVerbUnderWay,
  wordsBeyond,
} from '../../../src/detect/status/startAffinity.js';
import { createModel } from '../../../src/model/factories.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

describe('the words that tell two statuses apart', () => {
  it.each([
    ['Configuration.LastUpdateStatus', 'Configuration.State', ['last', 'update']],
    ['Configuration.State', 'Configuration.LastUpdateStatus', []],
    ['MediaPipeline.MediaInsightsPipeline.Status', 'MediaPipeline.MediaCapturePipeline.Status', ['media', 'insight', 'pipeline']],
    ['Clusters.0.RestoreStatus.Status', 'Clusters.0.ClusterStatus', ['restore']],
    ['ProvisioningStatus', 'DeviceAggregatedStatus', ['provisioning']],
  ])('%s beside %s: %j', (field, other, words) => expect(wordsBeyond(field, other)).toEqual(words));
});

describe("a status name against the start's words", () => {
  it.each([
    ['ProvisionDevice', ['provisioning'], 2],
    ['RestoreFromClusterSnapshot', ['restore'], 2],
    ['CreateDeployment', ['deployment'], 1],
    ['CreateMediaInsightsPipeline', ['media', 'insight', 'pipeline'], 1],
    ['CreateFunction', [], 0],
    // Near misses: another part, another action, a last run.
    ['CreateMediaInsightsPipeline', ['media', 'capture', 'pipeline'], -1],
    ['CreateFunction', ['last', 'update'], -1],
    ['CreateWorkflow', ['last', 'run'], -1],
    ['ProvisionDevice', ['device', 'aggregated'], -1],
  ])('%s, %j: %d', (op, words, score) => expect(nameAffinityOf(words, nameOfId(op)!)).toBe(score));
});

describe("values that name the start's verb under way", () => {
  it.each([
    ['create', ['CREATING', 'ACTIVE'], true],
    ['provision', ['AWAITING_PROVISIONING', 'SUCCEEDED'], true],
    ['create', ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE'], true],
    ['run', ['RUNNING', 'DONE'], true],
    ['create', ['Initializing', 'InProgress', 'Failed'], false],
    ['restore', ['CREATING', 'AVAILABLE'], false],
  ])('%s, %j: %s', (verb, values, says) => expect(namesVerbUnderWay(values, verb)).toBe(says));
});

describe('a thing that waits, then is up', () => {
  it('maps its waiting word to queued, its one up word to succeeded and keeps the failed end', () => {
    expect(judgeComingUp(['Pending', 'Active', 'Inactive', 'Failed'])).toEqual({
      kind: 'provisioning',
      states: { Pending: 'queued', Active: 'succeeded', Inactive: 'failed', Failed: 'failed' },
      inProgress: ['Pending'],
      success: ['Active'],
    });
  });
  it('reads `ACTIVATED`, the bring-up verb done, as up', () => {
    expect(judgeComingUp(['ACTIVATED', 'STARTING', 'STOPPED', 'STOPPING', 'FAILED', 'REGISTERING'])).toMatchObject({
      states: { ACTIVATED: 'succeeded', STARTING: 'queued', FAILED: 'failed', REGISTERING: 'running' },
      success: ['ACTIVATED'],
    });
  });
  it("reads a schedule `Scheduled` as up: its noun's participle", () => {
    expect(judgeComingUp(['Pending', 'Failed', 'Scheduled', 'Stopped'], nameOfId('CreateMonitoringSchedule'))?.states).toEqual({
      Pending: 'queued',
      Failed: 'failed',
      Scheduled: 'succeeded',
      Stopped: 'cancelled',
    });
    // Near miss: without the start, `Scheduled` waits like `Pending`.
    expect(judgeComingUp(['Pending', 'Failed', 'Scheduled', 'Stopped'])).toBeNull();
  });
  it.each([
    ['no waiting word', ['Active', 'Inactive', 'Failed']],
    ['no failed end', ['Pending', 'Active']],
    ['a success word of its own', ['Pending', 'Active', 'Succeeded', 'Failed']],
  ])('near miss: %s', (_, values) => expect(judgeComingUp(values)).toBeNull());
});

describe("a last run's record", () => {
  it.each([
    ['Workflow.LastRun.Status', 'LastRun'],
    ['lastDeploymentStatus', 'lastDeploymentStatus'],
    ['LatestExecution.State', 'LatestExecution'],
    ['Workflow.Status', null],
    ['Clusters.0.ClusterStatus', null],
  ])('%s: %s', (field, segment) => expect(lastRunOf(field)).toBe(segment));
});

describe('family names of a start that follows its own status', () => {
  it.each([
    [
      'GetMediaPipeline',
      'MediaPipeline.MediaInsightsPipeline.Status',
      'MediaPipeline.MediaCapturePipeline.Status',
      'media_insights_pipeline',
    ],
    ['DescribeDevice', 'ProvisioningStatus', 'DeviceAggregatedStatus', 'device_provisioning'],
    ['GetFunction', 'Configuration.State', 'Configuration.LastUpdateStatus', 'function'],
  ])('%s %s: %s', (poll, field, other, name) => expect(affinityFamilyName(nameOfId(poll), field, other)).toBe(name));
});

const PIPELINE = ['Initializing', 'InProgress', 'Failed', 'Stopping', 'Stopped'];

describe('detection', () => {
  it("splits starts that read one answer into a family per start's own member", () => {
    const create = (kind: string) =>
      rpc(
        `CreateMedia${kind}Pipeline`,
        obj({ Sources: str() }, ['Sources']),
        obj({ [`Media${kind}Pipeline`]: obj({ MediaPipelineId: str(), Status: str(PIPELINE) }) }),
      );
    const get = rpc(
      'GetMediaPipeline',
      obj({ MediaPipelineId: str() }, ['MediaPipelineId']),
      obj({
        MediaPipeline: obj({
          MediaCapturePipeline: obj({ MediaPipelineId: str(), Status: str(PIPELINE) }),
          MediaInsightsPipeline: obj({ MediaPipelineId: str(), Status: str(PIPELINE) }),
        }),
      }),
    );
    const d = detectJobs(createModel([create('Capture'), create('Insights'), get]));
    expect(d.families.map((f) => [f.name, f.start.map((s) => s.op.operationId), f.statusField])).toEqual([
      // Its own member is the one read alone: named as before.
      ['media_pipeline', ['CreateMediaCapturePipeline'], 'MediaPipeline.MediaCapturePipeline.Status'],
      ['media_insights_pipeline', ['CreateMediaInsightsPipeline'], 'MediaPipeline.MediaInsightsPipeline.Status'],
    ]);
  });

  const device = rpc(
    'DescribeDevice',
    obj({ DeviceId: str() }, ['DeviceId']),
    obj({
      DeviceId: str(),
      DeviceAggregatedStatus: str(['ERROR', 'AWAITING_PROVISIONING', 'PENDING', 'FAILED', 'DELETING', 'ONLINE', 'OFFLINE']),
      ProvisioningStatus: str(['AWAITING_PROVISIONING', 'PENDING', 'SUCCEEDED', 'FAILED', 'ERROR', 'DELETING']),
    }),
  );
  it("reads the status named for the start's verb over one that aggregates the thing's", () => {
    const d = detectJobs(createModel([rpc('ProvisionDevice', obj({ Name: str() }, ['Name']), obj({ DeviceId: str() })), device]));
    expect(d.families.map((f) => [f.name, f.statusField])).toEqual([['device_provisioning', 'ProvisioningStatus']]);
  });
  it('near miss: a start whose words name neither reads the status found alone', () => {
    const d = detectJobs(createModel([rpc('CreateDevice', obj({ Name: str() }, ['Name']), obj({ DeviceId: str() })), device]));
    expect(d.families.map((f) => [f.name, f.statusField])).toEqual([['device', 'DeviceAggregatedStatus']]);
  });

  const fn = (state: string[]) =>
    rpc(
      'GetFunction',
      obj({ FunctionName: str() }, ['FunctionName']),
      obj({
        Configuration: obj({ FunctionName: str(), State: str(state), LastUpdateStatus: str(['Successful', 'Failed', 'InProgress']) }),
      }),
    );
  const createFn = rpc('CreateFunction', obj({ FunctionName: str(), Code: str() }, ['FunctionName', 'Code']), obj({ FunctionName: str() }));
  it("reads a create's own State (waiting, then up) over the last update's status", () => {
    const d = detectJobs(createModel([createFn, fn(['Pending', 'Active', 'Inactive', 'Failed'])]));
    expect(d.families.map((f) => [f.name, f.kind, f.statusField, f.states])).toEqual([
      ['function', 'provisioning', 'Configuration.State', { Pending: 'queued', Active: 'succeeded', Inactive: 'failed', Failed: 'failed' }],
    ]);
  });
  it("near miss: an own State that never waits is no coming up, and the last update's status says nothing of a create", () => {
    expect(detectJobs(createModel([createFn, fn(['Active', 'Inactive', 'Failed'])])).families).toEqual([]);
  });

  const clusters = (restore: string[]) =>
    rpc(
      'DescribeCluster',
      obj({ ClusterIdentifier: str() }, ['ClusterIdentifier']),
      obj({
        Cluster: obj({
          ClusterIdentifier: str(),
          ClusterStatus: str(['creating', 'available', 'deleting', 'failed']),
          RestoreStatus: obj({ Status: str(restore) }),
        }),
      }),
    );
  const restore = rpc(
    'RestoreFromClusterSnapshot',
    obj({ ClusterIdentifier: str(), SnapshotIdentifier: str() }, ['ClusterIdentifier', 'SnapshotIdentifier']),
    obj({ Cluster: obj({ ClusterIdentifier: str() }) }),
  );
  it("goes below the thing's status when the deeper one is named for the start's verb AND says it under way", () => {
    const d = detectJobs(createModel([restore, clusters(['starting', 'restoring', 'completed', 'failed'])]));
    expect(d.families.map((f) => f.statusField)).toEqual(['Cluster.RestoreStatus.Status']);
  });
  it('near miss: named for the verb, but no value says it under way: the shallower status stays', () => {
    const d = detectJobs(createModel([restore, clusters(['starting', 'in_progress', 'completed', 'failed'])]));
    expect(d.families.map((f) => f.statusField)).toEqual(['Cluster.ClusterStatus']);
  });

  const workflow = (verb: string, own: Record<string, ReturnType<typeof str>>) => [
    rpc(`${verb}Workflow`, obj({ Name: str() }, ['Name']), obj({ Name: str() })),
    rpc(
      'GetWorkflow',
      obj({ Name: str() }, ['Name']),
      obj({
        Workflow: obj({ Name: str(), ...own, LastRun: obj({ Status: str(['RUNNING', 'COMPLETED', 'STOPPING', 'STOPPED', 'ERROR']) }) }),
      }),
    ),
  ];
  it("a create read only in a last run's status is no job", () => {
    expect(detectJobs(createModel(workflow('Create', {}))).families).toEqual([]);
  });
  it("near miss: a start (a run of the thing) may follow its last run's status", () => {
    expect(detectJobs(createModel(workflow('Start', {}))).families.map((f) => f.statusField)).toEqual(['Workflow.LastRun.Status']);
  });
  it("a create reads the thing's own status beside a last run's, named for its noun", () => {
    const schedule = [
      rpc('CreateMonitoringSchedule', obj({ Name: str() }, ['Name']), obj({ Arn: str() })),
      rpc(
        'DescribeMonitoringSchedule',
        obj({ Name: str() }, ['Name']),
        obj({
          Name: str(),
          MonitoringScheduleStatus: str(['Pending', 'Failed', 'Scheduled', 'Stopped']),
          LastMonitoringExecutionSummary: obj({ Status: str(['Pending', 'Completed', 'InProgress', 'Failed', 'Stopping', 'Stopped']) }),
        }),
      ),
    ];
    const d = detectJobs(createModel(schedule));
    expect(d.families.map((f) => [f.statusField, f.states])).toEqual([
      ['MonitoringScheduleStatus', { Pending: 'queued', Failed: 'failed', Scheduled: 'succeeded', Stopped: 'cancelled' }],
    ]);
  });
});
