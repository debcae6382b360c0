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
  it.each([
    ['no waiting word', ['Active', 'Inactive', 'Failed']],
    ['no failed end', ['Pending', 'Active']],
    ['a success word of its own', ['Pending', 'Active', 'Succeeded', 'Failed']],
  ])('near miss: %s', (_, values) => expect(judgeComingUp(values)).toBeNull());
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
  it('near miss: an own State that never waits is no coming up; the last update is read as before', () => {
    const d = detectJobs(createModel([createFn, fn(['Active', 'Inactive', 'Failed'])]));
    expect(d.families.map((f) => f.statusField)).toEqual(['Configuration.LastUpdateStatus']);
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
});
