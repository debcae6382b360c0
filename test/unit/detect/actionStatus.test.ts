/**
 * An action on something that exists, followed at that thing's read (actionStatus.ts): in a status field named for
 * the action (SMS `StartAppReplication {appId}` → `GetApp` → `appSummary.replicationStatus`), or in values of the
 * thing's status named for it (AppSync `…/{associationId}/merge` → `MERGE_IN_PROGRESS`, SimSpace Weaver
 * `CreateSnapshot {Simulation}` → `SNAPSHOT_IN_PROGRESS`). Near misses: a field named for another thing's action,
 * values that do not name it, an action whose own ends all read as failure, a PUT that stores a representation.
 */
import { describe, expect, it } from 'vitest';
import { actionWord } from '../../../src/detect/idflow/actionStatus.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const APP_STATES = ['CREATING', 'ACTIVE', 'UPDATING', 'DELETING', 'DELETED', 'DELETE_FAILED'];
const REPLICATION_STATES = ['REPLICATION_PENDING', 'REPLICATION_IN_PROGRESS', 'REPLICATED', 'REPLICATION_FAILED', 'REPLICATION_STOPPED'];
const getApp = (summary: Record<string, JsonSchema>) =>
  rpc('GetApp', obj({ appId: str() }), obj({ appSummary: obj({ appId: str(), status: str(APP_STATES), ...summary }) }));
const startReplication = (method: 'POST' | 'PUT' = 'POST') => {
  const op = rpc('StartAppReplication', obj({ appId: str() }), obj({}));
  return method === 'POST' ? op : { ...op, method };
};

const SIM_STATES = ['STARTING', 'STARTED', 'STOPPING', 'STOPPED', 'FAILED', 'DELETING', 'DELETED'];
const describeSimulation = (extra: string[]) =>
  createOperation('GET', '/describesimulation', {
    operationId: 'DescribeSimulation',
    parameters: [createParameter('simulation', 'query', { required: true })],
    responses: [createResponse('200', { schema: obj({ Name: str(), Status: str([...SIM_STATES, ...extra]) }) })],
  });
const createSnapshot = createOperation('POST', '/createsnapshot', {
  operationId: 'CreateSnapshot',
  requestBody: createRequestBody(obj({ Simulation: str(), Destination: obj({ BucketName: str() }) }, ['Simulation', 'Destination'])),
  responses: [createResponse('200', { schema: obj({}) })],
});

const MERGE_STATES = ['MERGE_SCHEDULED', 'MERGE_IN_PROGRESS', 'MERGE_SUCCESS', 'MERGE_FAILED', 'DELETION_IN_PROGRESS', 'DELETION_FAILED'];
const params = [createParameter('apiId', 'path', { required: true }), createParameter('associationId', 'path', { required: true })];
const item = '/v1/mergedApis/{apiId}/sourceApiAssociations/{associationId}';
const startMerge = createOperation('POST', `${item}/merge`, {
  operationId: 'StartSchemaMerge',
  parameters: params,
  responses: [createResponse('200', { schema: obj({ sourceApiAssociationStatus: str(MERGE_STATES) }) })],
});
const getAssociation = (values: string[]) =>
  createOperation('GET', item, {
    operationId: 'GetSourceApiAssociation',
    parameters: params,
    responses: [createResponse('200', { schema: obj({ sourceApiAssociation: obj({ associationId: str(), status: str(values) }) }) })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
    f.statusField,
  ]);

const stop = (op: string) => rpc(op, obj({ appId: str() }, ['appId']), obj({}));

describe('an action followed at the read of what it acts on', () => {
  it('is cancelled by stopping the action, not by terminating the thing', () => {
    const ops = [
      startReplication(),
      getApp({ replicationStatus: str(REPLICATION_STATES) }),
      stop('TerminateApp'),
      stop('StopAppReplication'),
    ];
    const cancels = detectJobs(createModel(ops)).families.map((f) =>
      f.cancel && isOperationLink(f.cancel) ? f.cancel.op.operationId : null,
    );
    expect(cancels).toEqual(['StopAppReplication']);
  });

  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'a status field named for the action',
      [startReplication(), getApp({ replicationStatus: str(REPLICATION_STATES) })],
      [['StartAppReplication', 'GetApp(appId)', 'appSummary.replicationStatus']],
    ],
    [
      "near miss: the field is named for another thing's action",
      [startReplication(), getApp({ serverReplicationStatus: str(REPLICATION_STATES) })],
      [],
    ],
    ['near miss: a PUT stores what it sends', [startReplication('PUT'), getApp({ replicationStatus: str(REPLICATION_STATES) })], []],
    [
      "values of the thing's status name the action under way",
      [createSnapshot, describeSimulation(['SNAPSHOT_IN_PROGRESS'])],
      [['CreateSnapshot', 'DescribeSimulation(simulation)', 'Status']],
    ],
    ["near miss: no value names the action (the thing's own lifecycle)", [createSnapshot, describeSimulation([])], []],
    [
      "near miss: the action's own ends all read as failure",
      [createSnapshot, describeSimulation(['SNAPSHOT_IN_PROGRESS', 'SNAPSHOT_FAILED'])],
      [],
    ],
    [
      'a verb below the item, its values naming the action',
      [startMerge, getAssociation(MERGE_STATES)],
      [['StartSchemaMerge', 'GetSourceApiAssociation(associationId)', 'sourceApiAssociation.status']],
    ],
    [
      "near miss: the item's values name another action",
      [startMerge, getAssociation(MERGE_STATES.map((v) => v.replace('MERGE', 'IMPORT')))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  // CloudFormation: a change set is created (`Status`), then executed (`ExecutionStatus`); the execution is the
  // second start's work, and the action is named by its noun (read/verbNouns.ts).
  const CHANGE_SET_STATES = ['CREATE_PENDING', 'CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'DELETE_FAILED', 'FAILED'];
  const EXECUTION_STATES = ['UNAVAILABLE', 'AVAILABLE', 'EXECUTE_IN_PROGRESS', 'EXECUTE_COMPLETE', 'EXECUTE_FAILED'];
  const changeSetOps = (statusName: string) => [
    rpc('CreateChangeSet', obj({ ChangeSetName: str(), StackName: str() }, ['ChangeSetName', 'StackName']), obj({ Id: str() })),
    rpc('ExecuteChangeSet', obj({ ChangeSetName: str() }, ['ChangeSetName']), obj({})),
    rpc(
      'DescribeChangeSet',
      obj({ ChangeSetName: str() }, ['ChangeSetName']),
      obj({ ChangeSetName: str(), Status: str(CHANGE_SET_STATES), [statusName]: str(EXECUTION_STATES) }),
    ),
  ];
  it.each<[string, string, Array<Array<string | null>>]>([
    [
      "a status named by the action's noun is the action's, beside the thing's own",
      'ExecutionStatus',
      [
        ['CreateChangeSet', 'DescribeChangeSet(ChangeSetName)', 'Status'],
        ['ExecuteChangeSet', 'DescribeChangeSet(ChangeSetName)', 'ExecutionStatus'],
      ],
    ],
    [
      "near miss: a status named for no form of the start's verb leaves both on the thing's own",
      'ExecutorStatus',
      [['CreateChangeSet,ExecuteChangeSet', 'DescribeChangeSet(ChangeSetName)', 'Status']],
    ],
  ])('%s', (_label, statusName, expected) => {
    expect(families(changeSetOps(statusName))).toEqual(expected);
  });

  it.each<[string, string, string | null]>([
    ['StartAppReplication', 'GetApp', 'replication'],
    ['StartOnDemandAppReplication', 'GetApp', 'replication'],
    ['LaunchApp', 'GetApp', 'launch'],
    ['StartSchemaMerge', 'GetSourceApiAssociation', 'merge'],
    ['StartApp', 'GetApp', null],
    ['CreateApp', 'GetApp', null],
  ])('%s against %s names the action %s', (start, poll, word) => {
    expect(actionWord(nameOfId(start), nameOfId(poll))).toBe(word);
  });
});
