/**
 * `ACTIVE` beside a completion word is the work running (src/detect/status/activeBesideDone.ts): SMS replication runs
 * `PENDING`, `ACTIVE`, `COMPLETED`, `FAILED`, `DELETING`, `DELETED`. Near misses: a lifecycle that ends in a verb's own
 * end rather than a completion word, and a resource that is `ACTIVE` for good.
 */
import { describe, expect, it } from 'vitest';
import { withActiveRun } from '../../../src/detect/status/activeBesideDone.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { judgeVerbOutcome } from '../../../src/detect/status/verbOutcome.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

const judged = (values: string[]) => {
  const j = judgeLifecycle(values);
  if (j.kind === null) throw new Error(j.reason);
  return j;
};

describe('withActiveRun', () => {
  const RUN = ['PENDING', 'MISSED', 'ACTIVE', 'FAILED', 'COMPLETED', 'DELETING', 'DELETED'];
  it.each([
    [RUN, judged(RUN), ['DELETING', 'ACTIVE']],
    [['active', 'preparing', 'running', 'completed'], judged(['active', 'preparing', 'running', 'completed']), ['running', 'active']],
    // Near miss: a provisioning lifecycle's ACTIVE is its success, untouched.
    [['CREATING', 'ACTIVE', 'DELETING'], judged(['CREATING', 'ACTIVE', 'DELETING']), ['CREATING']],
  ])('%j', (values, found, inProgress) => {
    expect(withActiveRun(found, values).inProgress).toEqual(inProgress);
  });

  it('near miss: a success that is a verb done, not a completion word, leaves ACTIVE out', () => {
    const values = ['SYNCING', 'IN_SYNC', 'SYNC_FAILED', 'ACTIVE'];
    const found = judgeVerbOutcome(values)!;
    expect(found.inProgress).toEqual(['SYNCING']);
    expect(withActiveRun(found, values).inProgress).toEqual(['SYNCING']);
  });
});

const runs = (values: string[]) => [
  rpc('StartReplicationRun', obj({ replicationJobId: str() }, ['replicationJobId']), obj({ replicationRunId: str() })),
  rpc(
    'GetReplicationRun',
    obj({ replicationRunId: str() }, ['replicationRunId']),
    obj({ replicationRun: obj({ replicationRunId: str(), state: str(values) }) }),
  ),
];

describe('a run that is active until it completes', () => {
  it('is a job family, though its only other word under way is a tear-down', () => {
    expect(familyVocabulary(runs(['PENDING', 'ACTIVE', 'FAILED', 'COMPLETED', 'DELETING', 'DELETED']))).toMatchObject({
      kind: 'job',
      poll: 'GetReplicationRun',
      states: { ACTIVE: 'running', COMPLETED: 'succeeded' },
    });
  });

  it('near miss: without ACTIVE, a tear-down alone is no work under way', () => {
    expect(familyVocabulary(runs(['PENDING', 'FAILED', 'COMPLETED', 'DELETING', 'DELETED']))).toBeNull();
  });
});
