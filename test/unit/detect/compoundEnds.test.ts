/**
 * Whose end a compound status names (status/compoundEnds.ts), and a tear-down never read as the work done
 * (stateWords.ts: the gerund/participle pair and the sole participle). AWS's own waiters are the judge: Proton's
 * `ServiceCreated` fails on `CREATE_FAILED_CLEANUP_COMPLETE`, Cloud Control's `ResourceRequestSuccess` on
 * `CANCEL_COMPLETE`, CloudFormation's `StackCreateComplete` on `DELETE_COMPLETE`.
 */
import { describe, expect, it } from 'vitest';
import { compoundEnd } from '../../../src/detect/status/compoundEnds.js';
import { judgeLifecycleGaps } from '../../../src/detect/status/lifecycleGaps.js';
import {
  assessLifecycle,
  judgeLifecycle,
  lookupStateWord,
  readStateWord,
  toCanonicalState,
} from '../../../src/detect/status/stateWords.js';
import type { CanonicalState } from '../../../src/model/jobs.js';

const lookup = (n: string) => lookupStateWord(n);

describe('compoundEnd', () => {
  const rows: Array<[string, CanonicalState | null]> = [
    // A failure, then what completed after it: the cleanup.
    ['CREATE_FAILED_CLEANUP_COMPLETE', 'failed'],
    ['UPDATE_FAILED_CLEANUP_COMPLETE', 'failed'],
    ['ImportErrorCleanupDone', 'failed'],
    // The stop is what completed.
    ['CANCEL_COMPLETE', 'cancelled'],
    ['cancellation-completed', 'cancelled'],
    ['ABORT_SUCCEEDED', 'cancelled'],
    // The thing is gone.
    ['DELETE_COMPLETE', 'failed'],
    ['DeletionCompleted', 'failed'],
    ['TERMINATE_SUCCEEDED', 'failed'],
    // Near misses: the work's own done, a done said first, no done at all.
    ['CREATE_COMPLETE', null],
    ['IMPORT_COMPLETE', null],
    ['UPDATE_COMPLETE', null],
    ['COMPLETED_WITH_ERRORS', null],
    ['COMPLETE', null],
    ['CANCEL_FAILED', null],
    ['DELETE_PENDING', null],
  ];
  it.each(rows)('%s → %s', (value, state) => {
    expect(compoundEnd(value, lookup)).toBe(state);
  });
});

describe('compound ends in the state readers', () => {
  it.each([
    ['CREATE_FAILED_CLEANUP_COMPLETE', 'failed'],
    ['CANCEL_COMPLETE', 'cancelled'],
    ['DELETE_COMPLETE', 'failed'],
    // Near miss: a create's own done stays its success.
    ['CREATE_COMPLETE', 'succeeded'],
  ] as const)('readStateWord and toCanonicalState read %s as %s', (value, state) => {
    expect(readStateWord(value).state).toBe(state);
    expect(toCanonicalState(value)).toBe(state);
  });

  it.each(['CANCEL_IN_PROGRESS', 'CREATE_FAILED_CLEANUP_IN_PROGRESS'])('work still under way (%s) reads as running first', (value) => {
    expect(readStateWord(value).state).toBe('running');
  });

  it('a done that is not the work’s own is no strong success: Proton’s service comes up at ACTIVE', () => {
    const j = judgeLifecycle([
      'CREATE_IN_PROGRESS',
      'CREATE_FAILED_CLEANUP_IN_PROGRESS',
      'CREATE_FAILED_CLEANUP_COMPLETE',
      'CREATE_FAILED',
      'ACTIVE',
      'DELETE_IN_PROGRESS',
      'UPDATE_IN_PROGRESS',
      'UPDATE_FAILED_CLEANUP_COMPLETE',
      'UPDATE_FAILED',
    ]);
    expect(j).toMatchObject({ kind: 'provisioning', success: ['ACTIVE'] });
    if (j.kind === null) throw new Error('judged no lifecycle');
    expect(j.states.CREATE_FAILED_CLEANUP_COMPLETE).toBe('failed');
  });
});

describe('a tear-down is never the work done', () => {
  it('deleting/deleted is no gerund/participle pair of work (a workflow’s CREATING, ACTIVE, DELETED)', () => {
    const { states } = assessLifecycle(['CREATING', 'CREATE_FAILED', 'IDLE', 'RUNNING', 'DELETING', 'DELETED']);
    expect(states.DELETED).not.toBe('succeeded');
  });
  it('near miss: a pair of work is (`rendering`/`rendered`)', () => {
    expect(assessLifecycle(['rendering', 'rendered', 'errored']).states.rendered).toBe('succeeded');
  });
  it('DELETED is no sole participle success', () => {
    expect(assessLifecycle(['CREATING', 'ACTIVE', 'UPDATING', 'DELETED', 'FAILED', 'INACTIVE']).states.DELETED).not.toBe('succeeded');
  });
  it('beside a gone participle another is not the one end left (`degraded`, `deleted`)', () => {
    const { states } = assessLifecycle(['running', 'provisioning', 'degraded', 'error', 'deleted']);
    expect(states.degraded).not.toBe('succeeded');
  });
  it('a tear-down step under way (`DeleteInProgress`, `DeleteFailed`) ends in no unplaced value', () => {
    expect(judgeLifecycleGaps(['DeleteInProgress', 'ContentDeleted', 'DeleteFailed'])).toBeNull();
  });
  it('near miss: another step under way does (`REGISTRATION_IN_PROGRESS` → `PUBLISHED`)', () => {
    expect(judgeLifecycleGaps(['REGISTRATION_IN_PROGRESS', 'PUBLISHED', 'REGISTRATION_FAILED'])).toMatchObject({ success: ['PUBLISHED'] });
  });
  it('near miss: another sole participle is (`merged`)', () => {
    expect(assessLifecycle(['pending', 'enqueued', 'merged', 'failed']).states.merged).toBe('succeeded');
  });
});
