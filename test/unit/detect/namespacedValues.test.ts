/**
 * A vocabulary whose values share a leading word is read by the part after it (src/detect/status/namespacedValues.ts):
 * IoT FleetWise `REGISTRATION_PENDING | REGISTRATION_SUCCESS | REGISTRATION_FAILURE` is `PENDING | SUCCESS | FAILURE`,
 * a job that only waits in a bare word, taken since its read is named for the start's own action's status.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgeNamespaced } from '../../../src/detect/status/namespacedValues.js';
import { sharedPrefix } from '../../../src/detect/status/sharedPrefix.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const REGISTER = ['REGISTRATION_PENDING', 'REGISTRATION_SUCCESS', 'REGISTRATION_FAILURE'];

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}` : null,
    f.statusField,
    JSON.stringify(f.states),
  ]);

describe('values that share a prefix', () => {
  it.each<[string, string[], string | null]>([
    ['one shared word', REGISTER, 'REGISTRATION_'],
    ['two shared words', ['IMPORT_JOB_RUNNING', 'IMPORT_JOB_DONE'], 'IMPORT_JOB_'],
    ['kebab case', ['sync-pending', 'sync-failed'], 'sync-'],
    // The same vocabulary in PascalCase or camelCase (the metamorphic test's `enumCase`): the case change ends a word.
    ['PascalCase', ['RegistrationPending', 'RegistrationSuccess', 'RegistrationFailure'], 'Registration'],
    ['camelCase, two shared words', ['importJobRunning', 'importJobDone'], 'importJob'],
    ['near miss: PascalCase, one value is the prefix alone', ['Registration', 'RegistrationFailure'], null],
    ['near miss: one value is the prefix alone', ['REGISTRATION', 'REGISTRATION_FAILURE'], null],
    ['near miss: no word shared', ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'DELETE_COMPLETE'], null],
    ['near miss: a shared start inside a word', ['PENDING', 'PENDING_DELETION'], null],
    ['near miss: one value', ['REGISTRATION_PENDING'], null],
  ])('%s', (_why, values, expected) => {
    expect(sharedPrefix(values)).toBe(expected);
  });

  it('judges the rest and gives the states back under the values as spelled', () => {
    const judged = judgeNamespaced(['SCAN_IN_PROGRESS', 'SCAN_COMPLETE', 'SCAN_FAILED'], judgeLifecycle);
    expect(judged).toMatchObject({
      kind: 'job',
      states: { SCAN_IN_PROGRESS: 'running', SCAN_COMPLETE: 'succeeded', SCAN_FAILED: 'failed' },
      inProgress: ['SCAN_IN_PROGRESS'],
      success: ['SCAN_COMPLETE'],
    });
  });

  it('judges a PascalCase vocabulary as its UPPER_SNAKE spelling', () => {
    const judged = judgeNamespaced(['ScanInProgress', 'ScanComplete', 'ScanFailed'], judgeLifecycle);
    expect(judged).toMatchObject({
      kind: 'job',
      states: { ScanInProgress: 'running', ScanComplete: 'succeeded', ScanFailed: 'failed' },
      inProgress: ['ScanInProgress'],
      success: ['ScanComplete'],
    });
  });

  it('near miss: values without a shared word are not judged again', () => {
    expect(judgeNamespaced(['PENDING', 'PAID', 'REFUNDED'], judgeLifecycle)).toBeNull();
  });

  it.each<[string, Operation[], string[][]]>([
    [
      "a start read at its own action's status, waiting only in a namespaced bare word",
      [
        rpc('RegisterAccount', obj({ iamResources: obj({}) }), obj({ registerAccountStatus: str(REGISTER) })),
        rpc('GetRegisterAccountStatus', obj({}), obj({ accountStatus: str(REGISTER) })),
      ],
      [
        [
          'RegisterAccount',
          'GetRegisterAccountStatus',
          'accountStatus',
          JSON.stringify({ REGISTRATION_PENDING: 'queued', REGISTRATION_SUCCESS: 'succeeded', REGISTRATION_FAILURE: 'failed' }),
        ],
      ],
    ],
    [
      'near miss: a read of another thing that only waits (an order, a payment) reads nothing the start does',
      [
        rpc('RegisterAccount', obj({ iamResources: obj({}) }), obj({ registerAccountStatus: str(REGISTER) })),
        rpc('GetBillingStatus', obj({}), obj({ accountStatus: str(REGISTER) })),
      ],
      [],
    ],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
