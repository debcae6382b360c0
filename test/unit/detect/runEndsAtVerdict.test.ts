/**
 * A run that ends at a verdict (src/detect/status/runEndsAtVerdict.ts): `running` beside `passed` and a failure is work
 * under way, and the pass (or a pass with warnings) is how it ends well: DMS assessment runs. Near misses: a resource
 * that runs until stopped (EC2 instances), a lifecycle with a pass but no failure, a provisioning lifecycle whose
 * success is a steady word other than the run.
 */
import { describe, expect, it } from 'vitest';
import { withVerdictEnds } from '../../../src/detect/status/runEndsAtVerdict.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

const ASSESSMENT_RUN = ['cancelling', 'deleting', 'failed', 'error-provisioning', 'passed', 'provisioning', 'running', 'starting'];

describe('withVerdictEnds', () => {
  const table: Array<[string, string[], { success: string[]; running: string } | 'unchanged']> = [
    ['DMS assessment runs', ASSESSMENT_RUN, { success: ['passed'], running: 'running' }],
    ['a pass with warnings ends well too', [...ASSESSMENT_RUN, 'warning'], { success: ['passed', 'warning'], running: 'running' }],
    ['upper case, `PASS`', ['STARTING', 'RUNNING', 'PASS', 'FAILED'], { success: ['PASS'], running: 'RUNNING' }],
    // Near miss: EC2 instances run until stopped; no verdict says the run ends.
    ['EC2 instances', ['pending', 'starting', 'running', 'stopping', 'stopped', 'terminated'], 'unchanged'],
    // Near miss: a pass with no failure beside it is no verdict of the run.
    ['a pass without a failure', ['starting', 'provisioning', 'running', 'passed'], 'unchanged'],
    // Near miss: a thing up at `available` is not a run, whatever else it lists.
    ['up at available', ['creating', 'available', 'passed', 'failed'], 'unchanged'],
  ];
  it.each(table)('%s', (_why, values, expected) => {
    const judged = judgeLifecycle(values);
    if (judged.kind === null) throw new Error(judged.reason);
    const j = withVerdictEnds(judged, values);
    if (expected === 'unchanged') {
      expect(j).toEqual(judged);
      return;
    }
    expect(judged.success).toContain(expected.running);
    expect(j.kind).toBe('job');
    expect(j.success).toEqual(expected.success);
    expect(j.inProgress).toContain(expected.running);
    expect(j.states[expected.running]).toBe('running');
    for (const v of expected.success) expect(j.states[v]).toBe('succeeded');
  });
});

describe('a started assessment run', () => {
  const run = (values: string[]) => [
    rpc(
      'StartReplicationTaskAssessmentRun',
      obj({ ReplicationTaskArn: str() }, ['ReplicationTaskArn']),
      obj({ ReplicationTaskAssessmentRun: obj({ ReplicationTaskAssessmentRunArn: str(), Status: str(values) }) }),
    ),
    rpc(
      'DescribeReplicationTaskAssessmentRun',
      obj({ ReplicationTaskAssessmentRunArn: str() }, ['ReplicationTaskAssessmentRunArn']),
      obj({ ReplicationTaskAssessmentRun: obj({ ReplicationTaskAssessmentRunArn: str(), Status: str(values) }) }),
    ),
  ];

  it('runs while `running` and ends at `passed`', () => {
    expect(familyVocabulary(run(ASSESSMENT_RUN))).toMatchObject({
      kind: 'job',
      poll: 'DescribeReplicationTaskAssessmentRun',
      states: { running: 'running', passed: 'succeeded', failed: 'failed', starting: 'queued' },
    });
  });

  it('near miss: without a verdict a started thing is up at `running`', () => {
    const values = ASSESSMENT_RUN.filter((v) => v !== 'passed');
    expect(familyVocabulary(run(values))).toMatchObject({ states: { running: 'succeeded' } });
  });
});
