/**
 * A status read named for the action (src/detect/idflow/actionStatusPoll.ts): an action that hands out no id of its own is
 * polled by a read of that action's status asked by what the start was given (frauddetector
 * `DeleteEventsByEventType` → `GetDeleteEventsByEventTypeStatus`, OpenSearch `UpgradeDomain` → `GetUpgradeStatus`,
 * AppSync `StartSchemaCreation` → `GetSchemaCreationStatus` at the same path). Near misses: the thing's own status
 * (`UpdateUser` → `GetUserStatus`), a read named for another action, a put of the thing the status reads, and a
 * status that is under way only while the resource changes.
 */
import { describe, expect, it } from 'vitest';
import { namedForAction } from '../../../src/detect/idflow/actionStatusPoll.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

const JOB = str(['IN_PROGRESS', 'CANCEL_IN_PROGRESS', 'CANCELED', 'COMPLETE', 'FAILED']);
const byName = (op: string, status = JOB) =>
  rpc(op, obj({ eventTypeName: str() }, ['eventTypeName']), obj({ eventsDeletionStatus: status }));
const ack = (op: string) => rpc(op, obj({ eventTypeName: str() }, ['eventTypeName']), obj({ eventTypeName: str() }));

const rest = (method: 'GET' | 'POST', path: string, operationId: string): Operation =>
  createOperation(method, path, {
    operationId,
    parameters: [createParameter('apiId', 'path', { required: true })],
    responses: [createResponse('200', { schema: method === 'GET' ? obj({ status: str(['PROCESSING', 'FAILED', 'SUCCESS']) }) : obj({}) })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a status read named for the action', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'a delete polled by its own status read, asked by the name it was given',
      [ack('DeleteEventsByEventType'), byName('GetDeleteEventsByEventTypeStatus')],
      [['DeleteEventsByEventType', 'GetDeleteEventsByEventTypeStatus(eventTypeName)']],
    ],
    [
      'an action verb named in its status read',
      [ack('UpgradeDomain'), byName('GetUpgradeStatus')],
      [['UpgradeDomain', 'GetUpgradeStatus(eventTypeName)']],
    ],
    [
      'a start of an action noun, read at the same path',
      [
        rest('POST', '/v1/apis/{apiId}/schemacreation', 'StartSchemaCreation'),
        rest('GET', '/v1/apis/{apiId}/schemacreation', 'GetSchemaCreationStatus'),
      ],
      [['StartSchemaCreation', 'GetSchemaCreationStatus(apiId)']],
    ],
    ["near miss: an update and the thing's own status", [ack('UpdateEventType'), byName('GetEventTypeStatus')], []],
    ['near miss: a delete and the status of another action', [ack('DeleteEventsByEventType'), byName('GetExportEventsStatus')], []],
    [
      'near miss: a delete whose status read is under way only while things change',
      [ack('DeleteEventsByEventType'), byName('GetDeleteEventsByEventTypeStatus', str(['ACTIVE', 'UPDATING', 'DELETING', 'FAILED']))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  it.each<[string, string, boolean]>([
    ['DeleteEventsByEventType', 'GetDeleteEventsByEventTypeStatus', true],
    ['UpgradeDomain', 'GetUpgradeStatus', true],
    ['StartSchemaCreation', 'GetSchemaCreationStatus', true],
    // The thing's own status, not the update's.
    ['UpdateUser', 'GetUserStatus', false],
    // `Put` names the thing made: its status is the thing's (S3's `GetBucketPolicyStatus` reads `IsPublic`).
    ['PutBucketPolicy', 'GetBucketPolicyStatus', false],
    // A qualifier the start does not name is another thing's.
    ['UpgradeDomain', 'GetClusterUpgradeStatus', false],
    ['StartSchemaCreation', 'GetSchemaCreation', false],
  ])('%s ↔ %s named for the action: %s', (start, poll, expected) => {
    expect(namedForAction(nameOfId(start), nameOfId(poll))).toBe(expected);
  });
});
