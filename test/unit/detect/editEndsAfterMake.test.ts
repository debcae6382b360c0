/**
 * A later edit's end, read by the create (src/detect/status/editEndsAfterMake.ts): `UPDATE_FAILED`,
 * `UPDATE_ROLLBACK_COMPLETE`, `Update_Failed`, `UPGRADE_FAILED` say the thing was made and an edit of it ended, so
 * the create succeeded. Near misses: an edit under way, a bare edit word, another verb's compound (`ROLLBACK_COMPLETE`
 * of the create itself, `DELETE_COMPLETE`, `CONFIGURATION_FAILED`), a map with no success of the making's own, and a
 * family with a start that is not a create.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { editEnds, editEndsAfterMake, editOf } from '../../../src/detect/status/editEndsAfterMake.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import type { CanonicalState } from '../../../src/model/jobs.js';
import { obj } from './rpcSchemas.js';

type Map = Record<string, CanonicalState>;

describe('editOf', () => {
  const table: Array<[string, string | null]> = [
    ['UPDATE_FAILED', 'update'],
    ['Update_Failed', 'update'],
    ['UpdateRollbackFailed', 'update'],
    ['UPDATE_ROLLBACK_COMPLETE', 'update'],
    ['UPGRADE_FAILED', 'upgrade'],
    ['modification-failed', 'modify'],
    ['SCALING_FAILED', 'scale'],
    ['UPDATE_IN_PROGRESS', 'update'],
    // Near misses: a bare word, another verb's compound, a step that may be the making's own.
    ['UPDATED', null],
    ['UPDATING', null],
    ['ROLLBACK_COMPLETE', null],
    ['DELETE_COMPLETE', null],
    ['CREATE_FAILED', null],
    ['CONFIGURATION_FAILED', null],
    ['restore-failed', null],
  ];
  it.each(table)('%s → %s', (value, verb) => {
    expect(editOf(value)).toBe(verb);
  });
});

describe('editEnds', () => {
  const STACK: Map = {
    CREATE_IN_PROGRESS: 'running',
    CREATE_FAILED: 'failed',
    CREATE_COMPLETE: 'succeeded',
    ROLLBACK_COMPLETE: 'failed',
    DELETE_COMPLETE: 'failed',
    UPDATE_IN_PROGRESS: 'running',
    UPDATE_COMPLETE: 'succeeded',
    UPDATE_FAILED: 'failed',
    UPDATE_ROLLBACK_COMPLETE: 'failed',
  };
  const table: Array<[string, Map, string[]]> = [
    ['CloudFormation stack: the update ends that read failed', STACK, ['UPDATE_FAILED', 'UPDATE_ROLLBACK_COMPLETE']],
    [
      'SageMaker domain: Update_Failed beside InService',
      { Pending: 'queued', InService: 'succeeded', Failed: 'failed', Updating: 'running', Update_Failed: 'failed' },
      ['Update_Failed'],
    ],
    [
      'near miss: no success of the making (only an update completes)',
      { CREATE_IN_PROGRESS: 'running', UPDATE_COMPLETE: 'succeeded', UPDATE_FAILED: 'failed' },
      [],
    ],
    ['near miss: an edit under way is left running', { CREATING: 'running', ACTIVE: 'succeeded', UPDATE_IN_PROGRESS: 'running' }, []],
  ];
  it.each(table)('%s', (_, states, expected) => {
    expect(editEnds(states)).toEqual(expected);
  });

  it('moves only those values to succeeded', () => {
    expect(editEndsAfterMake(STACK)).toEqual({ ...STACK, UPDATE_FAILED: 'succeeded', UPDATE_ROLLBACK_COMPLETE: 'succeeded' });
  });
});

const STATUS: JsonSchema = {
  type: 'string',
  enum: ['CREATING', 'CREATE_FAILED', 'ACTIVE', 'UPDATING', 'UPDATE_FAILED', 'DELETING', 'DELETED'],
};
const workspace = obj({ id: { type: 'string' }, status: STATUS });
const create = (operationId: string) =>
  createOperation('POST', '/workspaces', {
    operationId,
    responses: [createResponse('202', { schema: obj({ workspace }) })],
  });
const describeOp = createOperation('GET', '/workspaces/{workspaceId}', {
  operationId: 'DescribeWorkspace',
  parameters: [createParameter('workspaceId', 'path', { required: true })],
  responses: [createResponse('200', { schema: obj({ workspace }) })],
});

describe('a create whose thing names an edit that failed', () => {
  it('reads the edit failed as the making done, and says so', () => {
    const [family] = detectJobs(createModel([create('CreateWorkspace'), describeOp])).families;
    expect(family?.start.map((s) => s.op.operationId)).toEqual(['CreateWorkspace']);
    expect([family!.states.UPDATE_FAILED, family!.states.CREATE_FAILED, family!.states.DELETED]).toEqual(['succeeded', 'failed', 'failed']);
    expect(family!.evidence).toContain(
      '`UPDATE_FAILED` ends a later edit of what the create made: the making is done, succeeded for the create',
    );
  });

  it('near miss: a start that is no create keeps the edit failed as failed', () => {
    const [family] = detectJobs(createModel([create('ProvisionWorkspace'), describeOp])).families;
    expect(family?.start.map((s) => s.op.operationId)).toEqual(['ProvisionWorkspace']);
    expect(family!.states.UPDATE_FAILED).toBe('failed');
  });
});
