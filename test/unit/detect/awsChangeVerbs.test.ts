/**
 * A change to something that exists (delete, update, terminate) starts a job only through a handle its answer hands
 * out (src/detect/idflow/changeVerbStarts.ts): AWS's `DeleteServiceLinkedRole` → `DeletionTaskId`, Cloud Control's
 * `UpdateResource` → `ProgressEvent.RequestToken`. An answer that echoes the changed thing's identity is no job.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const OPERATION = obj({ OperationId: str(), Status: str(['SUBMITTED', 'PENDING', 'SUCCESS', 'FAIL']) });
const getOperation = rpc('GetOperation', obj({ OperationId: str() }, ['OperationId']), obj({ Operation: OPERATION }));

const DELETION = str(['IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'NOT_STARTED']);
const deletionStatus = rpc(
  'GetServiceLinkedRoleDeletionStatus',
  obj({ DeletionTaskId: str() }, ['DeletionTaskId']),
  obj({ Status: DELETION, Reason: str() }),
);

const inventoryDeletions = (answer: JsonSchema) => rpc('DescribeInventoryDeletions', obj({ DeletionId: str() }), answer);

/** Hetzner Cloud: every change answers `{action: {id, status}}`, read at `GET /actions/{id}`. */
const ACTION = obj({
  action: obj({ id: { type: 'integer' }, status: str(['running', 'success', 'error']), progress: { type: 'integer' } }),
});
const byPlace = (method: 'DELETE' | 'POST', path: string, operationId: string) =>
  createOperation(method, path, {
    operationId,
    parameters: [createParameter('id', 'path', { required: true })],
    responses: [createResponse(method === 'POST' ? '201' : '200', { schema: ACTION })],
  });
const getAction = createOperation('GET', '/actions/{id}', {
  operationId: 'get_action',
  parameters: [createParameter('id', 'path', { required: true })],
  responses: [createResponse('200', { schema: ACTION })],
});

describe('a change to a thing named by place that answers a record of its own', () => {
  it.each([
    ['a DELETE', byPlace('DELETE', '/servers/{id}', 'delete_server')],
    ['a delete verb on the item', byPlace('POST', '/networks/{id}/actions/delete_route', 'delete_route')],
    ['a disable verb on the item', byPlace('POST', '/servers/{id}/actions/disable_backup', 'disable_backup')],
  ])("%s answering `{action: {id}}` starts the action's job: the record's `id` is not the path's", (_, start) => {
    const d = summarize(detectJobs(createModel([start, getAction])));
    expect(d.map((f) => [f.start, f.poll])).toEqual([[[start.operationId], 'get_action']]);
  });
});

describe('a delete or update that hands out a handle of its own', () => {
  it.each([
    ['a delete answering an operation id', rpc('DeleteNamespace', obj({ Id: str() }, ['Id']), obj({ OperationId: str() })), getOperation],
    [
      'an update answering an operation id',
      rpc('UpdateService', obj({ Id: str(), Service: obj({ Description: str() }) }, ['Id', 'Service']), obj({ OperationId: str() })),
      getOperation,
    ],
    [
      'a delete answering a deletion task id',
      rpc('DeleteServiceLinkedRole', obj({ RoleName: str() }, ['RoleName']), obj({ DeletionTaskId: str() })),
      deletionStatus,
    ],
    [
      // CloudFormation `UpdateStackSet {OperationId?}`: the client may name the operation, or not.
      'an update that lets the client name the operation it answers',
      rpc('UpdateService', obj({ Id: str(), OperationId: str() }, ['Id']), obj({ OperationId: str() })),
      getOperation,
    ],
    [
      // SSM `DeleteInventory` → `DeletionId` → `DescribeInventoryDeletions {DeletionId?}`: a read listing such calls.
      'a delete whose handle a list of its calls takes optionally',
      rpc('DeleteInventory', obj({ TypeName: str() }, ['TypeName']), obj({ DeletionId: str() })),
      inventoryDeletions(obj({ InventoryDeletions: { type: 'array', items: obj({ DeletionId: str(), LastStatus: DELETION }) } })),
    ],
  ])('%s is a job polled by that handle', (_, start, poll) => {
    const d = summarize(detectJobs(createModel([start, poll])));
    expect(d.map((f) => [f.start, f.poll])).toEqual([[[start.operationId], poll.operationId]]);
  });

  it.each([
    [
      'a delete echoing the id it was given',
      rpc('DeleteNamespace', obj({ OperationId: str() }, ['OperationId']), obj({ OperationId: str() })),
      getOperation,
    ],
    [
      "a delete answering the deleted thing's own id under another name",
      rpc('DeleteCluster', obj({ Name: str() }, ['Name']), obj({ ClusterId: str() })),
      rpc('DescribeCluster', obj({ ClusterId: str() }, ['ClusterId']), obj({ Cluster: obj({ ClusterId: str(), Status: DELETION }) })),
    ],
    [
      'a delete whose poll is asked by the name the client gave, not by a handle',
      rpc('DeleteInventory', obj({ TypeName: str() }, ['TypeName']), obj({ DeletionId: str() })),
      rpc('DescribeInventoryDeletions', obj({ TypeName: str() }, ['TypeName']), obj({ Status: DELETION })),
    ],
    [
      'a delete whose handle a read takes optionally but answers no list of such calls',
      rpc('DeleteInventory', obj({ TypeName: str() }, ['TypeName']), obj({ DeletionId: str() })),
      inventoryDeletions(obj({ LastStatus: DELETION })),
    ],
    [
      "an update answering a nested bare id while its request carries the thing's own `id`",
      rpc('UpdateTeam', obj({ id: str(), displayName: str() }), obj({ group: obj({ id: str() }) })),
      rpc('GetGroup', obj({ groupId: str() }, ['groupId']), obj({ status: DELETION })),
    ],
    [
      "a PATCH echoing a reference its representation carries, which is the thing's own state",
      createOperation('PATCH', '/assignments/{assignmentId}', {
        operationId: 'UpdateAssignment',
        parameters: [createParameter('assignmentId', 'path', { required: true })],
        requestBody: createRequestBody(obj({ groupId: str(), note: str() })),
        responses: [createResponse('200', { schema: obj({ groupId: str() }) })],
      }),
      createOperation('GET', '/groups/{groupId}', {
        operationId: 'GetGroup',
        parameters: [createParameter('groupId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ status: DELETION }) })],
      }),
    ],
    ['a tag answering an operation id', rpc('TagResource', obj({ Arn: str() }, ['Arn']), obj({ OperationId: str() })), getOperation],
    [
      "an update answering another thing's name, which is no handle",
      rpc('UpdateSyncBlocker', obj({ Id: str() }, ['Id']), obj({ ServiceInstanceName: str() })),
      rpc(
        'GetServiceInstanceSyncStatus',
        obj({ ServiceInstanceName: str() }, ['ServiceInstanceName']),
        obj({ Sync: obj({ Status: str(['INITIATED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED']) }) }),
      ),
    ],
    [
      // The deleted thing itself, deleting: its id is the one the path names; the status is the thing's, not a call's.
      'a DELETE answering the thing it removes under its own name',
      createOperation('DELETE', '/servers/{id}', {
        operationId: 'delete_server',
        parameters: [createParameter('id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ server: obj({ id: str(), status: DELETION }) }) })],
      }),
      createOperation('GET', '/servers/{id}', {
        operationId: 'get_server',
        parameters: [createParameter('id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ server: obj({ id: str(), status: DELETION }) }) })],
      }),
    ],
    [
      'a DELETE without a body of its own beside a read of another record',
      createOperation('DELETE', '/servers/{id}', {
        operationId: 'delete_server',
        parameters: [createParameter('id', 'path', { required: true })],
        responses: [createResponse('204', {})],
      }),
      createOperation('GET', '/actions/{id}', {
        operationId: 'get_action',
        parameters: [createParameter('id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ action: obj({ id: str(), status: DELETION }) }) })],
      }),
    ],
  ])('near miss: %s starts nothing', (_, start, poll) => {
    expect(summarize(detectJobs(createModel([start, poll])))).toEqual([]);
  });
});
