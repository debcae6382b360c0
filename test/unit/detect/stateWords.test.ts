/** Status words → canonical states: vendor tables and the reasoned default for unknown words. */
import { describe, expect, it } from 'vitest';
import { assessLifecycle, toCanonicalState } from '../../../src/detect/index.js';
import { readStateWord } from '../../../src/detect/status/stateWords.js';
import type { CanonicalState } from '../../../src/model/jobs.js';

const vendorWords: Array<[string, string, CanonicalState]> = [
  ['OpenAI', 'validating', 'queued'],
  ['OpenAI', 'in_progress', 'running'],
  ['OpenAI', 'finalizing', 'running'],
  ['OpenAI', 'completed', 'succeeded'],
  ['OpenAI', 'expired', 'failed'],
  ['OpenAI', 'cancelling', 'running'],
  ['OpenAI', 'cancelled', 'cancelled'],
  ['Replicate', 'starting', 'queued'],
  ['Replicate', 'processing', 'running'],
  ['Replicate', 'succeeded', 'succeeded'],
  ['Replicate', 'aborted', 'cancelled'],
  ['Replicate', 'canceled', 'cancelled'],
  ['Azure', 'NotStarted', 'queued'],
  ['Azure', 'Running', 'running'],
  ['Azure', 'Canceled', 'cancelled'],
  ['Azure', 'PartialFailed', 'failed'],
  ['Azure', 'ValidationFailed', 'failed'],
  ['AssemblyAI', 'queued', 'queued'],
  ['AssemblyAI', 'error', 'failed'],
  ['OGC', 'accepted', 'queued'],
  ['OGC', 'successful', 'succeeded'],
  ['OGC', 'dismissed', 'cancelled'],
  ['Prefect', 'CRASHED', 'failed'],
  ['OVHcloud', 'doing', 'running'],
  ['Argo', 'Pending', 'queued'],
  ['Argo', 'Error', 'failed'],
  ['GitLab', 'waiting_for_resource', 'queued'],
  ['GitLab', 'skipped', 'cancelled'],
  ['Anthropic', 'canceling', 'running'],
  ['Anthropic', 'ended', 'succeeded'],
  ['Runway', 'THROTTLED', 'queued'],
  ['Climate', 'INVALID', 'failed'],
  ['Climate', 'DECLINED', 'failed'],
];

const unknownWords: Array<[string, CanonicalState]> = [
  ['upload_failed', 'failed'],
  ['InternalError', 'failed'],
  ['TimedOutWaiting', 'failed'],
  ['user_aborting', 'running'],
  ['dismissed_by_admin', 'cancelled'],
  ['SuccessWithWarnings', 'succeeded'],
  ['DONE_OK', 'succeeded'],
  ['awaiting_submission', 'queued'],
  ['Scheduled-Later', 'queued'],
  ['transcoding', 'running'],
  ['', 'running'],
];

describe('state words', () => {
  it.each(vendorWords)('%s %s → %s', (_vendor, word, state) => {
    expect(toCanonicalState(word)).toBe(state);
  });

  it.each(unknownWords)('unknown word %s → %s by the default rules', (word, state) => {
    expect(toCanonicalState(word)).toBe(state);
  });

  it.each([
    ['OpenAI batch', ['validating', 'failed', 'in_progress', 'finalizing', 'completed', 'expired', 'cancelling', 'cancelled'], true, true],
    ['OGC', ['accepted', 'running', 'successful', 'failed', 'dismissed'], true, true],
    [
      'payment intent',
      ['canceled', 'processing', 'requires_action', 'requires_capture', 'requires_confirmation', 'requires_payment_method', 'succeeded'],
      false,
      true,
    ],
    ['charge', ['failed', 'pending', 'succeeded'], false, true],
    ['membership', ['active', 'pending'], false, false],
    ['transfer', ['authorised', 'booked', 'refused', 'returned'], false, false],
    // A vendor's own stages between a strong start word and a strong failure (Shotstack renders).
    ['render', ['queued', 'fetching', 'preprocessing', 'rendering', 'saving', 'done', 'failed'], true, true],
    ['near miss: the same stages with no failure word', ['queued', 'fetching', 'rendering', 'saving', 'done'], false, false],
    // British spelling reads as the table's `-ize` word (Zamzar imports).
    ['import', ['initialising', 'downloading', 'successful', 'failed'], true, true],
    ['near miss: the same without the British start word', ['downloading', 'successful', 'failed'], false, true],
    [
      'near miss: stages without a strong start word',
      ['new', 'fetching', 'preprocessing', 'rendering', 'saving', 'done', 'failed'],
      false,
      false,
    ],
  ])('lifecycle of %s: strong=%s lifecycleLike=%s', (_label, values, strong, like) => {
    const a = assessLifecycle(values as string[]);
    expect(a.strong).toBe(strong);
    expect(a.lifecycleLike).toBe(like);
    expect(Object.keys(a.states)).toEqual(values);
  });

  it.each<[string, string[], string | null]>([
    ['the only unknown participle beside waiting and failing words', ['pending', 'merged', 'enqueued', 'failed'], 'merged'],
    ['two unknown participles: neither is taken', ['pending', 'merged', 'published', 'failed'], null],
    ['a success word already there', ['queued', 'completed', 'merged', 'failed'], null],
    ['no failure word: not a lifecycle to complete', ['pending', 'merged'], null],
    ['a participle the default rules place (`rejected`) is not it', ['pending', 'rejected', 'failed'], null],
  ])('sole participle as success: %s', (_label, values, success) => {
    const { states } = assessLifecycle(values);
    const succeeded = Object.entries(states)
      .filter(([, s]) => s === 'succeeded')
      .map(([v]) => v);
    expect(succeeded).toEqual(success === null ? (values.includes('completed') ? ['completed'] : []) : [success]);
  });
});

// Found by test/fault/mutationFuzz.test.ts: a 150 KB value in a status enum took 80 s (every suffix sliced and
// looked up), and a prototype name read Object's own members as table words.
describe('state words from hostile enums', () => {
  it.each([
    ['A'.repeat(150_000), false],
    [`${'x'.repeat(150_000)}_COMPLETED`, true],
    ['constructor', false],
    ['__proto__', false],
  ])('%# reads as a word or not, in one pass', (value, known) => {
    expect(readStateWord(value).known).toBe(known);
  });
});

// Bitrise's `0: not finished` read as finished (the default rule's `finish`): an end word negated is work under way;
// `not successful` read as succeeded: a success verdict negated is a failure.
describe('an end word negated', () => {
  it.each([
    ['not finished', 'running'],
    ['NOT_COMPLETE', 'running'],
    ['notCompleted', 'running'],
    ['unfinished', 'running'],
    ['not done', 'running'],
    ['NOT_YET_ENDED', 'running'],
    // Near misses: an end word whose negation is a verdict stays one.
    ['incomplete', 'failed'],
    ['not successful', 'failed'],
    ['NOT_SUCCEEDED', 'failed'],
    ['NOT_READY', 'running'],
  ])('%s → %s', (word, state) => {
    expect(toCanonicalState(word)).toBe(state);
    expect(readStateWord(word).state).toBe(state);
  });
});

// Comprehend Medical's STOP_REQUESTED read as queued (its `requested` tail); a stop asked for is work winding down.
describe('a stop or cancel asked for and not yet done', () => {
  it.each([
    ['STOP_REQUESTED', 'running'],
    ['CANCELLATION_REQUESTED', 'running'],
    ['CancelRequested', 'running'],
    ['TERMINATION_REQUESTED', 'running'],
    ['REQUESTED', 'queued'],
    ['CREATE_REQUESTED', 'queued'],
  ])('%s reads as %s', (value, state) => {
    expect(readStateWord(value).state).toBe(state);
  });
});

// omics' COMPLETED_WITH_FAILURES read as succeeded through id flow and as failed through the resource convention;
// AWS's own omics waiters fail on it. An end qualified by its failures is one word with one state, whichever
// convention found the family.
describe('an end qualified by its failures', () => {
  it.each([
    ['COMPLETED_WITH_FAILURES', 'failed'],
    ['COMPLETED_WITH_ERRORS', 'failed'],
    ['completedWithErrors', 'failed'],
    ['SUCCEEDED_WITH_ERRORS', 'failed'],
    // Near misses: a qualifier that is no failure, and a failure's own compound.
    ['COMPLETED_WITH_WARNINGS', 'succeeded'],
    ['COMPLETED_SUCCESSFULLY', 'succeeded'],
    ['FAILED_WITH_ERRORS', 'failed'],
  ])('%s reads as %s', (value, state) => {
    expect(readStateWord(value).state).toBe(state);
  });
});
