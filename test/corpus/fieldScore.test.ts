/** The status-field measure (scripts/corpus/fieldScore.ts): the family's status path against the label's. */
import { describe, expect, it } from 'vitest';
import { listSpelling, scoreStatusFields } from '../../scripts/corpus/fieldScore.js';
import type { FamilyLinks, LabelledStart, Labels } from '../../scripts/corpus/labelScore.js';

const start = (op: string, statusPath: string): LabelledStart => ({
  method: 'POST',
  path: `/#X-Amz-Target=S.${op}`,
  operationId: op,
  poll: { method: 'POST', path: '/#X-Amz-Target=S.DescribeClusters' },
  statusField: { path: statusPath, values: ['CREATING', 'AVAILABLE'], inProgress: ['CREATING'] },
});

const labels: Labels = {
  awsJobs: [],
  awsProvisioning: [
    {
      spec: 'aws/a.json',
      starts: [
        start('CreateCluster', 'Clusters[].ClusterStatus'),
        start('RestoreCluster', 'Clusters[].RestoreStatus.Status'),
        start('ResumeCluster', 'Clusters[].ClusterStatus'),
      ],
    },
  ],
  genericJobs: [],
  traps: [],
};

const family = (op: string, poll: string, statusField: string | null): FamilyLinks => ({
  starts: [`POST /#X-Amz-Target=S.${op}`],
  poll,
  kind: 'provisioning',
  vocabulary: { statusField, states: {}, unknownRunning: [], statusLess: false, progress: null },
});

describe('listSpelling', () => {
  it.each([
    ['Clusters.0.ClusterStatus', 'Clusters[].ClusterStatus'],
    ['Clusters[].ClusterStatus', 'Clusters[].ClusterStatus'],
    ['Clusters.[].ClusterStatus', 'Clusters[].ClusterStatus'],
    ['Job.Status', 'Job.Status'],
    ['Runs.0.Steps.0.State', 'Runs[].Steps[].State'],
  ])('%s → %s', (path, spelled) => expect(listSpelling(path)).toBe(spelled));
});

describe('scoreStatusFields', () => {
  it('agrees across the two list spellings, names the other field read, and skips a start polled elsewhere', () => {
    const poll = 'POST /#X-Amz-Target=S.DescribeClusters';
    const s = scoreStatusFields(
      labels,
      new Map([
        [
          'aws/a.json',
          [
            family('CreateCluster', poll, 'Clusters.0.ClusterStatus'),
            family('RestoreCluster', poll, 'Clusters.0.ClusterStatus'),
            family('ResumeCluster', 'POST /#X-Amz-Target=S.DescribeEvents', 'Clusters.0.ClusterStatus'),
          ],
        ],
      ]),
    );
    expect({ total: s.total, agree: s.agree }).toEqual({ total: 2, agree: 1 });
    expect(s.sets.awsProvisioning.total).toBe(2);
    expect(s.sets.awsJobs.total).toBe(0);
    expect(s.mismatches).toEqual([
      'awsProvisioning aws/a.json: RestoreCluster: label Clusters[].RestoreStatus.Status, ours Clusters.0.ClusterStatus',
    ]);
  });

  it('counts a linked family without a status field as a disagreement', () => {
    const s = scoreStatusFields(
      labels,
      new Map([['aws/a.json', [family('CreateCluster', 'POST /#X-Amz-Target=S.DescribeClusters', null)]]]),
    );
    expect({ total: s.total, agree: s.agree }).toEqual({ total: 1, agree: 0 });
    expect(s.mismatches[0]).toContain('ours (none)');
  });
});
