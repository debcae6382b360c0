/**
 * The start's verb named in the vocabulary, its work ending in an outcome word: CloudFormation `TestType` is read
 * by `DescribeType`, whose `TypeTestsStatus` is `PASSED | FAILED | IN_PROGRESS | NOT_TESTED` ("Contract tests are
 * currently being performed on the extension"). No status table calls `PASSED` a success: it is how a finished
 * test ended, which stateWords.ts OUTCOME_WORDS records for outcome fields (a test run's success). Here the status
 * field carries the outcome itself, and says whose: a value names the start's own verb, not yet done (`NOT_TESTED`),
 * so the field is that verb's work, and its one outcome-word success (`PASSED`) is the work done well.
 *
 * Read only with the start beside the read (startVerbDone.ts verbStatusReader asks it where the status is rejected
 * alone), never from the values alone: a `PASSED` of an identity check or a review says nothing of a job. As
 * startVerbDone.ts asks, the work is under way in a running word (`IN_PROGRESS`) and can fail; a value that names
 * the verb not yet done is the state before the work runs (queued).
 */
import type { CanonicalState } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import { isTearDown, type LifecycleJudgement, normalizeStateWord, OUTCOME_WORDS, readStateWord } from './stateWords.js';

type Job = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

/** A job whose success is an outcome word, in a vocabulary that names the start's verb (`forms`: its participles). */
export function judgeVerbNotYetDone(values: readonly string[], forms: readonly string[]): Job | null {
  if (values.length < 3 || forms.length === 0) return null;
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.some(([, w]) => w.state === 'succeeded')) return null;
  // `NOT_TESTED`: a word of the value is the verb's participle, and the value is no table word of its own.
  const namesVerb = read.filter(([v, w]) => !w.known && nameTokens(v).some((t) => forms.includes(t)));
  const success = read.filter(([v]) => OUTCOME_WORDS[normalizeStateWord(v)] === 'succeeded');
  if (namesVerb.length === 0 || success.length !== 1) return null;
  const running = read.filter(([v, w]) => w.state === 'running' && w.strong && !isTearDown(v));
  const failed = read.some(([, w]) => w.known && w.state === 'failed');
  if (running.length === 0 || !failed) return null;
  const done = success[0]![0];
  const waiting = new Set(namesVerb.map(([v]) => v));
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = v === done ? 'succeeded' : waiting.has(v) ? 'queued' : w.state;
  return { kind: 'job', states, inProgress: running.map(([v]) => v), success: [done] };
}
