/**
 * A resource that waits, then is active, and takes time to go away (src/detect/status/pendingUntilActive.ts):
 * `PENDING`, `ACTIVE`, `TERMINATING` (GameLift computes), read as a provisioning lifecycle for a start that brings
 * it up. Near misses: an account's or a subscription's pending → active (nothing is torn down over time), a
 * record that says it exists (`CREATED`), a lifecycle that names a success, a start that brings nothing up.
 */
import { describe, expect, it } from 'vitest';
import { judgePendingUntilActive } from '../../../src/detect/status/pendingUntilActive.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

describe('judgePendingUntilActive', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[] } | null]> = [
    [['PENDING', 'ACTIVE', 'TERMINATING'], { inProgress: ['PENDING'], success: ['ACTIVE'] }],
    // Microsoft Graph delegated admin access assignments.
    [['pending', 'active', 'deleting', 'deleted', 'error'], { inProgress: ['pending'], success: ['active'] }],
    // Near miss: an account or a subscription is closed at once, never torn down over time.
    [['pending', 'active', 'suspended', 'closed'], null],
    [['pending', 'active', 'cancelled', 'expired'], null],
    // Near miss: `CREATED` says the thing exists, not that it waits (RUM app monitors).
    [['CREATED', 'DELETING', 'ACTIVE'], null],
    // Near miss: waiting to go away is no coming up.
    [['PENDING_DELETION', 'ACTIVE', 'DELETING'], null],
    // Near miss: a lifecycle that names a success is the other rules'.
    [['PENDING', 'ACTIVE', 'COMPLETED', 'DELETING'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgePendingUntilActive(values);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('maps ACTIVE to succeeded and the tear-down to failed', () => {
    expect(judgePendingUntilActive(['PENDING', 'ACTIVE', 'TERMINATING'])?.states).toEqual({
      PENDING: 'queued',
      ACTIVE: 'succeeded',
      TERMINATING: 'failed',
    });
  });
});

const COMPUTE = obj({
  Compute: obj({ FleetId: str(), ComputeName: str(), ComputeStatus: str(['PENDING', 'ACTIVE', 'TERMINATING']) }),
});
const ops = (verb: string) => [
  rpc(`${verb}Compute`, obj({ FleetId: str(), ComputeName: str() }, ['FleetId', 'ComputeName']), COMPUTE),
  rpc('DescribeCompute', obj({ FleetId: str(), ComputeName: str() }, ['FleetId', 'ComputeName']), COMPUTE),
];

describe('a register whose compute goes PENDING → ACTIVE', () => {
  it('is a provisioning family polled by the Describe', () => {
    expect(familyVocabulary(ops('Register'))).toMatchObject({
      kind: 'provisioning',
      statusField: 'Compute.ComputeStatus',
      poll: 'DescribeCompute',
      states: { PENDING: 'queued', ACTIVE: 'succeeded', TERMINATING: 'failed' },
    });
  });

  it('near miss: a verb that brings nothing up gets no family from it', () => {
    expect(familyVocabulary(ops('Tag'))).toBeNull();
  });
});
