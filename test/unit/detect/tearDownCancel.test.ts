/**
 * What brings a thing up has no cancel that tears it down (src/detect/status/tearDownCancel.ts): SingleStore's,
 * Typesense Cloud's and Tembo's creates (generality batches 9 and 10) had their thing's terminate or delete linked as
 * the cancel of its making. Each row beside a near miss that must keep its cancel: a job's delete stops its work, and
 * a cancel named for what it does to the work is never a tear-down.
 */
import { describe, expect, it } from 'vitest';
import { endsWhenUp, tearsDown } from '../../../src/detect/status/tearDownCancel.js';
import { createModel, createOperation, createRequestBody } from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { answers, expectRow, listed, obj, path, type RuleRow, str } from './ruleRows.js';

/**
 * A create into a collection read back at its item, with how far it is, and a DELETE of the item named `removeId`
 * answering the item as Tembo's does.
 */
function made(noun: string, states: string[], removeId: string): ApiModel {
  const id = `${noun}ID`;
  const thing = obj({
    [id]: str(),
    name: str(),
    state: listed(...states),
    progress: { type: 'number', description: 'Progress percentage' },
  });
  return createModel([
    createOperation('POST', `/v1/${noun}s`, {
      operationId: `create${cap(noun)}`,
      requestBody: createRequestBody(obj({ name: str() })),
      ...answers('200', obj({ [id]: str() })),
    }),
    createOperation('GET', `/v1/${noun}s/{${id}}`, { operationId: `get${cap(noun)}`, ...path(id), ...answers('200', thing) }),
    createOperation('DELETE', `/v1/${noun}s/{${id}}`, { operationId: removeId, ...path(id), ...answers('200', thing) }),
  ]);
}
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

const UP = ['PENDING', 'ACTIVE', 'SUSPENDED', 'FAILED', 'TERMINATED'];
const WORK = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'];

const rows: RuleRow[] = [
  [
    'SingleStore: the terminate of a workspace that ends ACTIVE is no cancel of its making',
    () => made('workspace', UP, 'terminateWorkspace'),
    [{ start: ['createWorkspace'], poll: 'getWorkspace', cancel: null, status: 'state' }],
  ],
  [
    'near miss: the delete of a task that ends SUCCEEDED stops its work, and is its cancel',
    () => made('task', WORK, 'deleteTask'),
    [{ start: ['createTask'], poll: 'getTask', cancel: 'deleteTask', status: 'state' }],
  ],
  [
    'near miss: a DELETE named a cancel stays the cancel of a thing that ends ACTIVE',
    () => made('workspace', UP, 'cancelWorkspace'),
    [{ start: ['createWorkspace'], poll: 'getWorkspace', cancel: 'cancelWorkspace', status: 'state' }],
  ],
];

describe('a tear-down is no cancel of a bring-up', () => {
  it.each(rows)('%s', (_label, build, expected) => expectRow(build, expected));

  it('says why in the family’s evidence, and no longer names it the cancel', async () => {
    const { detectJobs } = await import('../../../src/detect/index.js');
    const [family] = detectJobs(made('workspace', UP, 'terminateWorkspace')).families;
    expect(family!.evidence).toContain(
      'no cancel: DELETE /v1/workspaces/{workspaceID} tears down what the family brings up, not the bringing up',
    );
    expect(family!.evidence.filter((e) => e.startsWith('cancel: '))).toEqual([]);
  });

  it.each([
    [{ PENDING: 'queued', ACTIVE: 'succeeded', FAILED: 'failed' }, true],
    [{ Submitted: 'queued', Up: 'succeeded', Error: 'failed' }, true],
    [{ provisioning: 'running', in_service: 'succeeded' }, true],
    [{ QUEUED: 'queued', SUCCEEDED: 'succeeded' }, false],
    [{ CREATING: 'running', ACTIVE: 'succeeded', COMPLETED: 'succeeded' }, false],
    [{ RUNNING: 'running', FAILED: 'failed' }, false],
  ] as const)('endsWhenUp(%o) is %s', (states, expected) => expect(endsWhenUp(states)).toBe(expected));

  it.each([
    ['DELETE', 'deleteCluster', true],
    ['DELETE', 'removeInstance', true],
    ['POST', 'terminateCluster', true],
    ['POST', 'DeprovisionDevice', true],
    ['DELETE', 'cancelBuild', false],
    ['DELETE', 'StopTask', false],
    ['POST', 'abortRun', false],
    ['POST', 'suspendWorkspace', false],
  ] as const)('tearsDown(%s %s) is %s', (method, operationId, expected) => {
    const op = createOperation(method, '/things/{id}/x', { operationId });
    expect(tearsDown(op)).toBe(expected);
  });
});
