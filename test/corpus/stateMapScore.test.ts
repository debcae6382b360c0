/** The state-map measure (scripts/corpus/stateMapScore.ts): our map against the labels' values, and every family's map. */
import { describe, expect, it } from 'vitest';
import type { FamilyLinks, Labels } from '../../scripts/corpus/labelScore.js';
import { scoreStateMaps, vocabularyFigures } from '../../scripts/corpus/stateMapScore.js';
import type { CanonicalState } from '../../src/model/jobs.js';

const labels: Labels = {
  awsJobs: [
    {
      spec: 'aws/a.json',
      starts: [
        {
          method: 'POST',
          path: '/#X-Amz-Target=S.StartJob',
          operationId: 'StartJob',
          poll: { method: 'POST', path: '/#X-Amz-Target=S.GetJob' },
          statusField: {
            path: 'Job.Status',
            values: ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'PARTIAL', 'DELETING', 'Stopped', 'EXTRA'],
            inProgress: ['QUEUED', 'IN_PROGRESS', 'DELETING', 'EXTRA'],
          },
        },
      ],
    },
  ],
  awsProvisioning: [],
  genericJobs: [],
  traps: [],
};

const family = (poll: string, states: Record<string, CanonicalState>): FamilyLinks => ({
  starts: ['POST /#X-Amz-Target=S.StartJob'],
  poll,
  kind: 'job',
  vocabulary: { statusField: 'Job.Status', states, unknownRunning: [], statusLess: false, progress: null },
});

describe('scoreStateMaps', () => {
  it('sorts each labelled value into agree, early end, never ends, unmapped, and reasoned tear-downs', () => {
    const states: Record<string, CanonicalState> = {
      QUEUED: 'queued',
      IN_PROGRESS: 'succeeded', // running word read as up: reasoned, counted apart
      COMPLETED: 'succeeded',
      FAILED: 'failed',
      PARTIAL: 'running', // ended by the labels, polled on by us
      DELETING: 'failed', // a tear-down: reasoned
      stopped: 'cancelled', // spelled otherwise: matched normalized
    };
    const s = scoreStateMaps(labels, new Map([['aws/a.json', [family('POST /#X-Amz-Target=S.GetJob', states)]]])).awsJobs;
    expect({ starts: s.starts, values: s.values, agree: s.agree, neverEnds: s.neverEnds, tearDown: s.tearDown, up: s.up }).toEqual({
      starts: 1,
      values: 8,
      agree: 4,
      neverEnds: 1,
      tearDown: 1,
      up: 1,
    });
    expect(s.earlyEnd).toEqual({ succeeded: 0, failed: 0, cancelled: 0 });
    expect(s.unmapped).toEqual({ inProgress: 1, terminal: 0 });
    expect(s.cases[0]!.text).toBe('aws/a.json: StartJob PARTIAL: labels terminal, ours running');
  });

  it('counts a non-running word mapped terminal while the labels say in progress as an early end', () => {
    const s = scoreStateMaps(
      labels,
      new Map([['aws/a.json', [family('POST /#X-Amz-Target=S.GetJob', { QUEUED: 'succeeded', EXTRA: 'failed' })]]]),
    ).awsJobs;
    expect(s.earlyEnd).toEqual({ succeeded: 1, failed: 1, cancelled: 0 });
    expect(s.cases[0]!.text).toContain('QUEUED: labels in progress, ours succeeded');
  });

  it('near miss: a family polling elsewhere is not judged (its map reads another document)', () => {
    const s = scoreStateMaps(
      labels,
      new Map([['aws/a.json', [family('POST /#X-Amz-Target=S.ListJobs', { QUEUED: 'succeeded' })]]]),
    ).awsJobs;
    expect({ starts: s.starts, values: s.values }).toEqual({ starts: 0, values: 0 });
  });
});

describe('vocabularyFigures', () => {
  it('counts unknown running words, families that never succeed or never fail, status-less ones, and progress', () => {
    const f = (
      states: Record<string, CanonicalState>,
      unknownRunning: string[] = [],
      statusLess = false,
      progress: 'field' | 'counts' | null = null,
    ): FamilyLinks => ({
      starts: ['POST /x'],
      poll: 'GET /x/{id}',
      kind: 'job',
      vocabulary: { statusField: Object.keys(states).length ? 'status' : null, states, unknownRunning, statusLess, progress },
    });
    const v = vocabularyFigures([
      {
        file: 'a.json',
        links: [
          f({ pending: 'queued', done: 'succeeded', failed: 'failed' }, [], false, 'counts'),
          f({ pending: 'queued', 'topic-not-exist': 'running', failed: 'failed' }, ['topic-not-exist'], false, 'field'),
          f({}, [], true),
        ],
      },
    ]);
    expect({ families: v.families, withStatus: v.withStatus, unknown: v.unknownRunning.values }).toEqual({
      families: 3,
      withStatus: 2,
      unknown: 1,
    });
    expect([v.neverSucceeds.length, v.neverFails.length, v.statusLess]).toEqual([1, 0, ['a.json: POST /x']]);
    expect(v.progress).toEqual({ field: 1, counts: 1 });
  });
});
