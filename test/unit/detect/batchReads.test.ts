/**
 * AWS reads in batch form and the cancels of jobs read by a list of ids (issue 24, id flow). `BatchGet<Things>`
 * takes a list of ids and reads each (CodeBuild's builds have no other read: `StartBuild` → `BatchGetBuilds {ids}`),
 * so it is that read (read/operationNames.ts). A poll asked by a list of ids takes the job's id as the list's one
 * item, and the Stop beside it takes that id alone (idflow/siblingCancel.ts: `DescribeContinuousExports {exportIds}`
 * → `StopContinuousExport {exportId}`). Where that Stop leaves the thing off (`INACTIVE`), the off word is the
 * cancel's end (status/stoppedOff.ts). Shapes written here by hand after the AWS APIs; each rule with its near miss.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink, type JobFamily } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const BUILD = obj({
  id: str(),
  arn: str(),
  buildStatus: str(['SUCCEEDED', 'FAILED', 'FAULT', 'TIMED_OUT', 'IN_PROGRESS', 'STOPPED']),
});
const startBuild = rpc('StartBuild', obj({ projectName: str() }, ['projectName']), obj({ build: BUILD }));
const batchGetBuilds = (name = 'BatchGetBuilds') =>
  rpc(name, obj({ ids: list(str()) }, ['ids']), obj({ builds: list(BUILD), buildsNotFound: list(str()) }));
const stopBuild = rpc('StopBuild', obj({ id: str() }, ['id']), obj({ build: BUILD }));

const EXPORT_STATES = ['START_IN_PROGRESS', 'START_FAILED', 'ACTIVE', 'ERROR', 'STOP_IN_PROGRESS', 'STOP_FAILED', 'INACTIVE'];
const startExport = (states = EXPORT_STATES) =>
  rpc('StartContinuousExport', obj({}), obj({ exportId: str(), dataSource: str(['AGENT']), status: str(states) }));
const describeExports = (states = EXPORT_STATES) =>
  rpc(
    'DescribeContinuousExports',
    obj({ exportIds: list(str()), nextToken: str() }),
    obj({ descriptions: list(obj({ exportId: str(), status: str(states), statusDetail: str() })) }),
  );
const stopExport = (idName = 'exportId') => rpc('StopContinuousExport', obj({ [idName]: str() }, [idName]), obj({ stopTime: str() }));

const familyOf = (ops: Operation[]): JobFamily | undefined => detectJobs(createModel(ops)).families[0];
const summary = (f: JobFamily | undefined) =>
  f && {
    poll: isOperationLink(f.poll) ? f.poll.op.operationId : null,
    cancel: isOperationLink(f.cancel) ? `${f.cancel.op.operationId}(${f.cancel.idParam})` : null,
  };

describe('a read in batch form', () => {
  it('reads BatchGet and BatchDescribe as the read they batch', () => {
    expect(nameOfId('BatchGetBuilds')).toEqual({ verb: 'get', noun: ['build'] });
    expect(nameOfId('BatchDescribeSimulationJob')).toEqual({ verb: 'describe', noun: ['simulation', 'job'] });
  });

  it('near miss: a batch of another verb stays a batch (no read, no start)', () => {
    expect(nameOfId('BatchDeleteBuilds')).toEqual({ verb: 'batch', noun: ['delete', 'build'] });
    expect(nameOfId('BatchStartRecommendations')?.verb).toBe('batch');
  });

  it("polls a build at BatchGetBuilds by its id as the list's one item; StopBuild, taking that id, cancels", () => {
    const f = familyOf([startBuild, batchGetBuilds(), stopBuild]);
    expect(summary(f)).toEqual({ poll: 'BatchGetBuilds', cancel: 'StopBuild(id)' });
    expect(f!.statusField).toBe('builds.0.buildStatus');
    expect(isOperationLink(f!.poll) && { itemsAt: f!.poll.itemsAt, itemId: f!.poll.itemId }).toEqual({ itemsAt: 'builds', itemId: 'id' });
    // FAULT ends the build: the service failed it (faultWords.ts), polled on it would never end.
    expect(f!.states).toMatchObject({ SUCCEEDED: 'succeeded', FAULT: 'failed', STOPPED: 'cancelled', IN_PROGRESS: 'running' });
  });

  it('near miss: a read whose batch word is part of its noun is no read of the build (GetBatchBuilds reads batch builds)', () => {
    expect(familyOf([startBuild, batchGetBuilds('GetBatchBuilds')])).toBeUndefined();
  });
});

describe("the Stop of a job read by a list of ids takes the list's one id", () => {
  it('StopContinuousExport {exportId} cancels the export DescribeContinuousExports {exportIds} reads', () => {
    expect(summary(familyOf([startExport(), describeExports(), stopExport()]))).toEqual({
      poll: 'DescribeContinuousExports',
      cancel: 'StopContinuousExport(exportId)',
    });
  });

  it('near miss: a Stop taking another id is no cancel of it', () => {
    expect(summary(familyOf([startExport(), describeExports(), stopExport('exportArn')]))).toEqual({
      poll: 'DescribeContinuousExports',
      cancel: null,
    });
  });
});

describe('where a Stop cancel leaves the thing off', () => {
  it('INACTIVE, where StopContinuousExport leaves the export, is cancelled, not failed', () => {
    const f = familyOf([startExport(), describeExports(), stopExport()])!;
    expect(f.states).toMatchObject({ INACTIVE: 'cancelled', START_FAILED: 'failed', ERROR: 'failed', ACTIVE: 'succeeded' });
    expect(f.evidence).toContain(
      '`INACTIVE` is where the cancel POST /#X-Amz-Target=Svc.StopContinuousExport leaves the thing, off: cancelled, not failed',
    );
  });

  it('near miss: without the Stop as its cancel, INACTIVE stays failed', () => {
    expect(familyOf([startExport(), describeExports(), stopExport('exportArn')])!.states.INACTIVE).toBe('failed');
  });

  it('near miss: a vocabulary that names no stopping is no stop’s end', () => {
    const states = ['START_IN_PROGRESS', 'START_FAILED', 'ACTIVE', 'INACTIVE'];
    expect(familyOf([startExport(states), describeExports(states), stopExport()])!.states.INACTIVE).toBe('failed');
  });

  it('near miss: with no failure word of its own, the off word is still how the start fails', () => {
    const states = ['START_IN_PROGRESS', 'ACTIVE', 'STOP_IN_PROGRESS', 'INACTIVE'];
    expect(familyOf([startExport(states), describeExports(states), stopExport()])!.states.INACTIVE).toBe('failed');
  });
});
