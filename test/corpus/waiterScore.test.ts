/** Waiter agreement (scripts/corpus/waiterScore.ts): which waiters belong to a family's start, and how values score. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type FamilyStates,
  readWaiters,
  scoreWaiters,
  startAim,
  type Waiter,
  waiterAim,
  waiterBelongs,
} from '../../scripts/corpus/waiterScore.js';

describe('waiterAim and startAim', () => {
  it.each([
    ['StackCreateComplete', 'create'],
    ['StackDeleteComplete', 'delete'],
    ['StackUpdateComplete', 'update'],
    ['ChannelCreated', 'create'],
    ['ChannelRunning', 'start'],
    ['FlowStandby', 'stop'],
    ['NotebookInstanceInService', 'create'],
    ['ObjectNotExists', 'delete'],
    ['InputDetached', 'detach'],
    ['TrainingJobCompletedOrStopped', 'end'],
    ['ResourceRequestSuccess', 'end'],
    ['ImageScanComplete', 'end'],
    ['CertificateAuthorityCSRCreated', 'create'],
  ])('waiter %s aims at %s', (name, aim) => {
    expect(waiterAim(name)).toBe(aim);
  });
  it.each([
    ['POST_CreateStack', 'create'],
    ['StartChannel', 'start'],
    ['ReserveContact', 'create'],
    ['UpdateWorkflow', 'update'],
    ['DescribeStacks', null],
  ])('start %s aims at %s', (op, aim) => {
    expect(startAim(op)).toBe(aim);
  });
});

describe('waiterBelongs', () => {
  const fam = (kind: FamilyStates['kind'], starts: string[]) => ({ kind, starts });
  it.each([
    ['StackCreateComplete', fam('job', ['POST_CreateStack']), true],
    ['StackDeleteComplete', fam('job', ['POST_CreateStack']), false],
    ['ChannelRunning', fam('provisioning', ['CreateChannel', 'StartChannel']), true],
    ['ChannelRunning', fam('provisioning', ['CreateChannel']), false],
    // A job's end is its completion, not its start.
    ['RunRunning', fam('job', ['StartRun']), false],
    ['RunCompleted', fam('job', ['StartRun']), true],
    ['FlowStandby', fam('provisioning', ['CreateFlow', 'StartFlow']), false],
  ] as const)('%s belongs to %o: %s', (name, family, belongs) => {
    expect(waiterBelongs(name, { kind: family.kind, starts: [...family.starts] })).toBe(belongs);
  });
});

describe('scoreWaiters', () => {
  const waiter = (operation: string, acceptors: Array<[Waiter['acceptors'][number]['state'], string]>): Waiter => ({
    operation,
    acceptors: acceptors.map(([state, expected]) => ({ matcher: 'path', argument: 'Stacks[].StackStatus', state, expected })),
  });
  const family: FamilyStates = {
    name: 'stack',
    kind: 'job',
    starts: ['POST_CreateStack'],
    poll: 'GET_DescribeStacks',
    statusField: 'Stacks.0.StackStatus',
    states: { CREATE_IN_PROGRESS: 'running', CREATE_COMPLETE: 'succeeded', DELETE_COMPLETE: 'succeeded', CANCELLED: 'cancelled' },
  };
  const waiters = new Map([
    [
      'aws/cf.json',
      {
        StackCreateComplete: waiter('DescribeStacks', [
          ['success', 'CREATE_COMPLETE'],
          ['retry', 'CREATE_IN_PROGRESS'],
          ['failure', 'DELETE_COMPLETE'],
          ['success', 'CANCELLED'],
          ['failure', 'ROLLBACK_FAILED'],
        ]),
        // Another verb's waiter: left out.
        StackDeleteComplete: waiter('DescribeStacks', [['failure', 'CREATE_COMPLETE']]),
        // Another operation than our poll: not on our family.
        ChangeSetCreateComplete: waiter('DescribeChangeSet', [['success', 'CREATE_COMPLETE']]),
      },
    ],
  ]);
  it('scores the values of waiters that belong to the start, a cancelled end agreeing with either end', () => {
    const s = scoreWaiters(waiters, new Map([['aws/cf.json', [family]]]));
    expect(s).toMatchObject({ specs: 1, waiters: 2, scoredWaiters: 1, agree: 3 });
    expect(s.disagree).toEqual(['aws/cf.json stack [POST_CreateStack] StackCreateComplete: DELETE_COMPLETE waiter=failure ours=succeeded']);
    expect(s.unmapped).toEqual(['aws/cf.json stack [POST_CreateStack] StackCreateComplete: ROLLBACK_FAILED waiter=failure ours=-']);
    expect(s.share).toBeCloseTo(0.75);
  });
  it('a spec not measured is left out', () => {
    expect(scoreWaiters(waiters, new Map())).toMatchObject({ specs: 0, waiters: 0, share: 1 });
  });
  it('reads the 50 waiter files of the dev-half AWS specs', () => {
    const read = readWaiters(path.join(__dirname, '..', '..', 'fixtures', 'corpus', 'aws-waiters'));
    expect(read.size).toBe(50);
    expect(Object.keys(read.get('amazonaws.com/cloudformation.json') ?? {})).toContain('StackCreateComplete');
  });
});
