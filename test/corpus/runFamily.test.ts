/** The run sweep's own reading of a label (scripts/corpus/runFamily.ts): which end the fake walks to, what counts as ran. */
import { describe, expect, it } from 'vitest';
import type { LabelledStart } from '../../scripts/corpus/labelScore.js';
import {
  endedAt,
  OTHER_STATUS,
  OTHER_VOCABULARY,
  ranDetail,
  startArgs,
  successOf,
  vocabularyWalk,
  walkOf,
} from '../../scripts/corpus/runFamily.js';

/** A labelled start whose poll's status field has these values, the first `inProgress` of them not terminal. */
function label(operationId: string, inProgress: string[], terminal: string[]): LabelledStart {
  return {
    method: 'POST',
    path: `/#X-Amz-Target=S.${operationId}`,
    operationId,
    poll: { method: 'POST', path: '/#X-Amz-Target=S.Describe' },
    statusField: { path: 'Thing.Status', values: [...inProgress, ...terminal], inProgress },
  };
}

describe('successOf: the end a label leaves, read without the product', () => {
  it.each([
    // The preference list, unchanged: a success word wins over every other rule.
    ['StartJob', ['IN_PROGRESS'], ['FAILED', 'COMPLETED'], 'COMPLETED'],
    ['CreateThing', ['CREATING'], ['CREATE_FAILED', 'ACTIVE', 'DELETED'], 'ACTIVE'],
    // Exactly one terminal value is left once failures, tear-down and negations are out.
    ['CreateComputeEnvironment', ['CREATING', 'UPDATING', 'DELETING'], ['DELETED', 'VALID', 'INVALID'], 'VALID'],
    ['ClaimPhoneNumber', ['IN_PROGRESS'], ['CLAIMED', 'FAILED'], 'CLAIMED'],
    ['StartTask', ['Cancelling', 'Running'], ['Idle'], 'Idle'],
    // A negation of another terminal value is not a good end (DEACTIVATED of ACTIVATED).
    ['StartTrigger', ['CREATING', 'ACTIVATING'], ['ACTIVATED', 'DEACTIVATED'], 'ACTIVATED'],
    // A present participle is work under way even where a label lists it as terminal.
    ['CreateConnection', ['CREATING'], ['AUTHORIZED', 'DEAUTHORIZED', 'AUTHORIZING', 'DEAUTHORIZING'], 'AUTHORIZED'],
    ['RegisterApplication', ['STARTING'], ['ACTIVATED', 'STOPPED', 'FAILED', 'REGISTERING', 'UNKNOWN'], 'ACTIVATED'],
    // A timeout or a wait for someone's action is not a good end.
    ['StartGameSessionPlacement', ['PENDING'], ['FULFILLED', 'CANCELLED', 'TIMED_OUT', 'FAILED'], 'FULFILLED'],
    ['CreateResolverEndpoint', ['CREATING'], ['OPERATIONAL', 'AUTO_RECOVERING', 'ACTION_NEEDED'], 'OPERATIONAL'],
    // The start's own work done, before the looser preferences (READY_… would end a replication at its set-up).
    [
      'StartAppReplication',
      ['VALIDATION_IN_PROGRESS', 'REPLICATION_IN_PROGRESS'],
      ['READY_FOR_CONFIGURATION', 'READY_FOR_REPLICATION', 'REPLICATED', 'DELTA_REPLICATED', 'REPLICATION_FAILED'],
      'REPLICATED',
    ],
    // Several left: the one that shares a stem with the start's own name.
    ['CopyImageSet', ['CREATED', 'COPYING', 'UPDATING'], ['COPIED', 'COPY_FAILED', 'UPDATED', 'DELETED'], 'COPIED'],
    ['StartRecommendations', ['in-progress'], ['alternate', 'not-viable', 'recommended'], 'recommended'],
    // None left: the label counts every good state as in progress, so there is no end to drive.
    ['CreateMediaCapturePipeline', ['Initializing', 'InProgress', 'Stopping'], ['Failed', 'Stopped', 'Paused'], undefined],
    ['CreateImage', ['CREATING', 'CREATED', 'DELETING'], ['CREATE_FAILED', 'DELETE_FAILED'], undefined],
    ['CreateCampaign', ['CREATING', 'RUNNING'], ['SUSPENDED'], undefined],
    ['CreateCluster', ['provisioning', 'running'], ['degraded', 'error', 'upgrading'], undefined],
    // Several left and none shares a stem: no guess.
    ['CreateThing', ['CREATING'], ['ALPHA', 'BETA'], undefined],
  ])('%s %j → %j: %s', (op, inProgress, terminal, success) => {
    expect(successOf(label(op, inProgress, terminal))).toBe(success);
  });

  it('a label without a status field has no end', () => {
    expect(successOf({ method: 'POST', path: '/x', operationId: 'X', poll: { method: 'GET', path: '/x' } })).toBeUndefined();
  });
});

describe('walkOf: the fake walks three answers under way, then the success value', () => {
  it('walks the non-tear-down values under way up to three, then the end; the cancelled value is the stopped one', () => {
    expect(walkOf(label('CreateComputeEnvironment', ['CREATING', 'UPDATING', 'DELETING'], ['DELETED', 'VALID', 'INVALID']))).toEqual({
      walk: ['CREATING', 'UPDATING', 'UPDATING', 'VALID'],
      success: 'VALID',
      cancelValue: undefined,
    });
    expect(walkOf(label('StartJob', ['QUEUED'], ['STOPPED', 'SUCCEEDED']))).toEqual({
      walk: ['QUEUED', 'QUEUED', 'QUEUED', 'SUCCEEDED'],
      success: 'SUCCEEDED',
      cancelValue: 'STOPPED',
    });
  });

  it('leaves out a value under way that undoes another (DEPROVISIONING of PROVISIONING): it is tear-down', () => {
    expect(walkOf(label('CreateCluster', ['PROVISIONING', 'DEPROVISIONING'], ['ACTIVE', 'FAILED', 'INACTIVE'])).walk).toEqual([
      'PROVISIONING',
      'PROVISIONING',
      'PROVISIONING',
      'ACTIVE',
    ]);
  });

  it('no end value: no walk, so the family is reported instead of driven', () => {
    expect(walkOf(label('CreateImage', ['CREATING', 'CREATED'], ['CREATE_FAILED'])).walk).toEqual([]);
  });
});

describe('endedAt: a terminal status ended at the success value', () => {
  it.each([
    ['a plain job at the value', { state: 'succeeded', upstream_status: 'COMPLETED' }, true],
    ['a plain job at another value', { state: 'succeeded', upstream_status: 'RUNNING' }, false],
    [
      'a thing back at rest at the value, with its last run (Glue READY/SUCCEEDED)',
      { state: 'succeeded', upstream_status: 'COMPLETED/SUCCEEDED' },
      true,
    ],
    ['a value that only begins like it', { state: 'succeeded', upstream_status: 'COMPLETED_WITH_ERRORS' }, false],
    [
      'a set whose every member succeeded at the value (the upstream status only counts them)',
      {
        state: 'succeeded',
        upstream_status: '1 of 1 members ended: COMPLETED ×1',
        members: [{ id: 'd', state: 'succeeded', upstream_status: 'COMPLETED' }],
      },
      true,
    ],
    [
      'a set with one member at another value',
      {
        state: 'succeeded',
        upstream_status: '2 of 2 members ended: COMPLETED ×1, RUNNING ×1',
        members: [
          { id: 'a', state: 'succeeded', upstream_status: 'COMPLETED' },
          { id: 'b', state: 'succeeded', upstream_status: 'RUNNING' },
        ],
      },
      false,
    ],
    ['an empty set', { state: 'succeeded', upstream_status: '0 of 0 members ended: ', members: [] }, false],
  ])('%s → %s', (_why, status, ended) => {
    expect(endedAt(status, 'COMPLETED')).toBe(ended);
  });
});

describe('vocabularyWalk: a vocabulary no label names, walked by the rules of the sweep', () => {
  it.each([
    ['an operation that waits, then is done (LGTM)', ['pending', 'done'], { walk: ['pending', 'pending', 'pending', 'done'] }],
    [
      'a run with a queue, a cancel and a failure',
      ['QUEUED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
      { walk: ['QUEUED', 'IN_PROGRESS', 'IN_PROGRESS', 'SUCCEEDED'], cancelValue: 'CANCELLED' },
    ],
    [
      'a resource brought up, tear-down left out of the way up',
      ['ACTIVATING', 'ACTIVE', 'TERMINATING', 'TERMINATED', 'ERROR'],
      { walk: ['ACTIVATING', 'ACTIVATING', 'ACTIVATING', 'ACTIVE'], cancelValue: 'TERMINATED' },
    ],
    ['nothing under way: a setting, not a job', ['ENABLED', 'DISABLED'], undefined],
    ['no good end: every end a failure', ['PENDING', 'FAILED', 'EXPIRED'], undefined],
  ])('%s', (_why, values, walk) => {
    expect(vocabularyWalk(values)).toEqual(walk);
  });
});

describe('ranDetail: how a terminal run ended well, at the label value or in a vocabulary the fake walked elsewhere', () => {
  const at = (upstream_status: string, state = 'succeeded') => ({ state, upstream_status });
  const told = (labelledPollSeen: boolean, otherEnds: string[] = [], fieldEnds: string[] = []) => ({
    labelledPollSeen,
    otherEnds,
    fieldEnds,
  });
  it.each([
    ['at the label success value', at('COMPLETED'), told(true), ''],
    ['at another read end, the labelled poll never called (LGTM operation)', at('done'), told(false, ['done']), OTHER_VOCABULARY],
    ['at another read end, but the labelled poll was called: its value decides', at('done'), told(true, ['done']), undefined],
    ['at another status of the labelled answer (Proton service status)', at('ACTIVE'), told(true, [], ['ACTIVE']), OTHER_STATUS],
    ['at a value no walk ends at', at('pending'), told(false, ['done'], ['ACTIVE']), undefined],
    ['failed at the other end', at('done', 'failed'), told(false, ['done']), undefined],
    ['failed at the label value', at('COMPLETED', 'failed'), told(true), undefined],
  ])('%s', (_why, status, elsewhere, detail) => {
    expect(ranDetail(status, 'COMPLETED', elsewhere)).toBe(detail);
  });
});

describe('startArgs: what the sweep sends a start tool', () => {
  const body = { type: 'object', properties: { StackName: { type: 'string' }, TemplateURL: { type: 'string' } }, required: ['StackName'] };
  it('sends an optional member whose own schema requires members (an AWS body optional in the contract)', () => {
    const tool = { inputSchema: { type: 'object' as const, properties: { body, idempotency_key: { type: 'string' } } } };
    expect(startArgs(tool, 's1')).toEqual({ body: { StackName: 'sample' }, idempotency_key: 'run-sweep-s1' });
  });
  it('leaves out an optional member that requires nothing, and follows a $ref to see what it requires', () => {
    const tool = {
      inputSchema: {
        type: 'object' as const,
        properties: { filter: { type: 'object', properties: { q: { type: 'string' } } }, body: { $ref: '#/$defs/Body' } },
        $defs: { Body: body },
      },
    };
    expect(startArgs(tool, 's2')).toEqual({ body: { StackName: 'sample' } });
  });
});
