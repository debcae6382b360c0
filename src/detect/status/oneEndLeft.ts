/**
 * A job that ends on its own names its good end, even in a word no table knows: OpsWorks CM backups `IN_PROGRESS`,
 * `OK`, `FAILED`, `DELETING`; GitHub Pages builds `building`, `built`, `errored`. Where the table places every value
 * but one, the work runs in a bare running word and can fail, and nothing else could end it, that one value is the
 * success.
 *
 * lifecycleGaps.ts keeps "the one value left is the success" out as a general rule: on the dev half it made jobs of
 * MTurk reviews, savings plans, check deposits and a server's last launch. Each guard here is one of those shapes:
 * - the work runs in the table's own strong running word (`IN_PROGRESS`, `building`), not a waiting one (a review
 *   `Submitted`, a deposit `pending`) nor a gerund guessed from its ending (a health's `warning`, `Recovering`);
 * - it fails in the table's own strong failure word (not a review's `Rejected`);
 * - nothing stops, pauses or cancels it (a campaign `Paused`/`Stopped`, a launch `TERMINATED`: a thing that runs
 *   until stopped, runUntilStopped.ts), and no word already says it ended well;
 * - the one value left is no negation (`unknown`, `NOT_AVAILABLE`) and no default rule claims it (`timeout`);
 * - nor a condition the thing stands in (`InSync`, `IN_PREVIEW`, `InAlert`): `in` and a noun says how it is, not
 *   that work ended (a Secrets Manager replica `InProgress`, `InSync`, `Failed` is read beside every call on the
 *   secret). Only the verb itself listed failing makes such a condition an end (verbOutcome.ts: `SYNC_FAILED`);
 * - nor a past participle (Connect numbers `CLAIMED`): it is one verb's done, which only a start of that verb reads
 *   as its end (startVerbDone.ts), or the vocabulary shows that verb failing (verbOutcome.ts).
 */
import type { CanonicalState } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import { type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord, toCanonicalState } from './stateWords.js';

type Job = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

const NEGATION = /^(un|not|non|no)(?=[a-z])/;
/** Words that stop the work from outside, under way or done (`STOPPING`, `Paused`, `CANCELLED`, `TERMINATED`). */
const STOPS = /^(stop|paus|suspend|cancel|abort|terminat)/;

export function judgeOneEndLeft(values: readonly string[]): Job | null {
  if (values.length < 3) return null;
  const read = values.map((v) => [v, readStateWord(v)] as const);
  const left = read.filter(([, w]) => !w.known).map(([v]) => v);
  if (left.length !== 1) return null;
  const end = left[0]!;
  const tokens = nameTokens(end);
  const negated = NEGATION.test(normalizeStateWord(end)) || tokens.includes('not') || tokens.includes('no');
  const condition = tokens.length > 1 && tokens[0] === 'in';
  const participle = /[a-z]ed$/.test(normalizeStateWord(end));
  if (negated || condition || participle || toCanonicalState(end) !== 'running') return null;
  const exact = values.map((v) => lookupStateWord(v));
  const running = values.filter((_, i) => exact[i]?.state === 'running' && exact[i]!.strong);
  if (running.length === 0 || !exact.some((w) => w?.state === 'failed' && w.strong)) return null;
  if (read.some(([v, w]) => w.state === 'succeeded' || w.state === 'cancelled' || STOPS.test(normalizeStateWord(v)))) return null;
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = v === end ? 'succeeded' : w.state;
  return { kind: 'job', states, inProgress: running, success: [end] };
}
