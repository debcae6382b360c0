/**
 * One row per rule stop 67 took from the tenth generality batch's misses (fixtures/generality/, batch 10), over the
 * smallest IR that carries the shape, beside a near miss that must stay as it was. Each rule's own row was checked to
 * fail with the rule taken out.
 */
import { describe, expect, it } from 'vitest';
import { plainListValues } from '../../../src/detect/status/lifecycleInDescription.js';
import { assessLifecycle } from '../../../src/detect/status/stateWords.js';

describe('values as code spells them (status/lifecycleInDescription.ts camelList)', () => {
  it.each<[string, string, string[]]>([
    [
      'ArcGIS: a colon’s list of camel-case identifiers, the last after `or`',
      'Status of the job: esriJobNew, esriJobSubmitted, esriJobExecuting, esriJobSucceeded, esriJobFailed or esriJobCancelled.',
      ['esriJobNew', 'esriJobSubmitted', 'esriJobExecuting', 'esriJobSucceeded', 'esriJobFailed', 'esriJobCancelled'],
    ],
    ['near miss: one identifier among words of prose', 'Set by the worker: queued, then running once itsWorker starts or done.', []],
  ])('%s', (_label, text, values) => {
    expect(plainListValues(text)).toEqual(values);
  });
});

describe('a namespace before every state (status/stateWords.ts assessLifecycle)', () => {
  it('ArcGIS: `esriJob` before each state is read off, the states keyed as spelled', () => {
    const a = assessLifecycle([
      'esriJobSubmitted',
      'esriJobExecuting',
      'esriJobSucceeded',
      'esriJobFailed',
      'esriJobCancelling',
      'esriJobCancelled',
    ]);
    expect(a.states).toEqual({
      esriJobSubmitted: 'queued',
      esriJobExecuting: 'running',
      esriJobSucceeded: 'succeeded',
      esriJobFailed: 'failed',
      esriJobCancelling: 'running',
      esriJobCancelled: 'cancelled',
    });
    expect(a.lifecycleLike).toBe(true);
  });

  it('Dataflow: `JOB_STATE_CANCELLED` is cancelled, not the done half of a pair read whole', () => {
    const a = assessLifecycle(['JOB_STATE_RUNNING', 'JOB_STATE_DONE', 'JOB_STATE_FAILED', 'JOB_STATE_CANCELLING', 'JOB_STATE_CANCELLED']);
    expect(a.states['JOB_STATE_CANCELLED']).toBe('cancelled');
    expect(a.strong).toBe(true);
  });

  it('near miss: a namespace before words that are no states leaves the values as they were', () => {
    const a = assessLifecycle(['ZONE_NORTH_EAST', 'ZONE_SOUTH_WEST']);
    expect(a.knownCount).toBe(0);
    expect(Object.keys(a.states)).toEqual(['ZONE_NORTH_EAST', 'ZONE_SOUTH_WEST']);
  });
});
