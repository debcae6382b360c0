/**
 * A step's completion beside the whole work's (src/detect/status/stepCompletions.ts): Salesforce Bulk 2.0's query job
 * reads `UploadComplete` (the data is in, the job is yet to run), `InProgress`, `JobComplete`, `Failed`, `Aborted`.
 * Read by its done word alone, `UploadComplete` ended the job at its first poll. Near misses: completions of
 * activities with no unit of work among them (CloudFormation, Rekognition), two wholes, none.
 */
import { describe, expect, it } from 'vitest';
import { assessLifecycle, judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { stepCompletions } from '../../../src/detect/status/stepCompletions.js';

const SALESFORCE = ['UploadComplete', 'InProgress', 'Aborted', 'JobComplete', 'Failed'];

describe('a step’s completion beside the whole work’s', () => {
  it.each<[string, string[], string[]]>([
    ['Salesforce Bulk query job', SALESFORCE, ['UploadComplete']],
    ['snake case', ['UPLOAD_COMPLETED', 'RUNNING', 'TASK_COMPLETED', 'FAILED'], ['UPLOAD_COMPLETED']],
    ['near miss: activities only (CloudFormation)', ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'IMPORT_COMPLETE', 'UPDATE_COMPLETE'], []],
    ['near miss: activities only (Rekognition)', ['TRAINING_IN_PROGRESS', 'TRAINING_COMPLETED', 'COPYING_COMPLETED', 'FAILED'], []],
    ['near miss: two wholes', ['JobComplete', 'RunComplete', 'UploadComplete', 'Failed'], []],
    ['near miss: the whole alone', ['InProgress', 'JobComplete', 'Failed'], []],
  ])('%s', (_label, values, steps) => {
    expect(stepCompletions(values)).toEqual(steps);
  });

  it('is under way in both readings of the vocabulary', () => {
    expect(assessLifecycle(SALESFORCE).states).toMatchObject({ UploadComplete: 'running', JobComplete: 'succeeded' });
    expect(judgeLifecycle(SALESFORCE)).toMatchObject({
      kind: 'job',
      states: { UploadComplete: 'running', JobComplete: 'succeeded' },
      success: ['JobComplete'],
    });
  });
});
