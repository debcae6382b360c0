/**
 * A verb's outcome named by the verb itself: the vocabulary lists the verb failed (`FAILED_CREATE`, `SYNC_FAILED`,
 * `HOSTING_FAILED`) and the verb done, in its past participle (`CREATED`, `HOSTED`) or as the state it leaves the
 * thing in (`IN_SYNC`). The two are the ends of one step, so the done form is how that step ends well, even where
 * the table reads it otherwise (`CREATED` alone only says a thing exists: Shutterstock audio renders
 * `WAITING_RENDER`, `RUNNING_RENDER`, `CREATED`, `FAILED_CREATE`; Kinesis Video edge configurations `SYNCING`,
 * `IN_SYNC`, `SYNC_FAILED`). lifecycleGaps.ts reads a step from its gerund and asks for one step only; here the
 * failure names the verb, and a verb that tears down (`DELETED` beside `DELETE_FAILED`) ends no start's work.
 *
 * Work must still be under way in a word of its own (a strong or transitional word, or a running head:
 * runningHead.ts), and one verb only may end well: two (Directory Service shares `Shared`/`ShareFailed`,
 * `Rejected`/`RejectFailed`) leave open which one the start runs, unless the other is a table's failure word.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { nameTokens } from '../read/nameTokens.js';
import { pastParticiples } from './participles.js';
import { runsByHead } from './runningHead.js';
import { isTearDown, type LifecycleJudgement, normalizeStateWord, readStateWord } from './stateWords.js';

type Job = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

const FAIL_WORDS = new Set(['failed', 'failure', 'fail']);

/**
 * The verb a failure value names (`FAILED_CREATE` → create, `HOSTING_FAILED` → host, `FailedToSync` → sync), as the
 * stem its done forms grow from (`REPLICATION_FAILED` → `replicat`, done `REPLICATED`).
 */
export function failedVerb(value: string): string | null {
  const parts = nameTokens(value.slice(0, 80));
  if (!parts.some((p) => FAIL_WORDS.has(p))) return null;
  const rest = parts.filter((p) => !FAIL_WORDS.has(p) && p !== 'to');
  if (rest.length !== 1) return null;
  const verb = rest[0]!;
  // The gerund or the noun of the verb: `HOSTING_FAILED` → host, `REPLICATION_FAILED` → replicat(e).
  if (verb.length >= 6 && verb.endsWith('ing')) return verb.slice(0, -3);
  return verb.length >= 7 && verb.endsWith('ion') ? verb.slice(0, -3) : verb;
}

/** The forms that say a verb is done: its participles (`created`; `host` → `hosted`) and `in` + verb (`insync`). */
export function doneForms(verb: string): string[] {
  return [...pastParticiples(verb), ...pastParticiples(`${verb}e`), `in${verb}`];
}

/** A job whose success is the done form of a verb the vocabulary also lists failed; else null. */
export function judgeVerbOutcome(values: readonly string[]): Job | null {
  if (values.length < 3) return null;
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.some(([, w]) => w.state === 'succeeded' && w.strong)) return null;
  if (read.filter(([v, w]) => w.known || runsByHead(v)).length / values.length < 0.5) return null;
  const verbs = new Set(read.filter(([, w]) => w.known && w.state === 'failed').flatMap(([v]) => failedVerb(v) ?? []));
  const done = read.filter(
    ([v, w]) =>
      !isTearDown(v) &&
      w.state !== 'failed' &&
      w.state !== 'cancelled' &&
      [...verbs].some((verb) => doneForms(verb).includes(normalizeStateWord(v))),
  );
  if (done.length !== 1) return null;
  const success = done[0]![0];
  const underWay = read.filter(
    ([v, w]) =>
      v !== success &&
      !isTearDown(v) &&
      (runsByHead(v) || ((w.state === 'queued' || w.state === 'running') && (w.strong || w.provisioning === 'transitional'))),
  );
  if (underWay.length === 0) return null;
  const states: Record<string, CanonicalState> = {};
  // The verb done is the one good end: a weak success word beside it is a state before it (SMS launches
  // `READY_FOR_LAUNCH` → `LAUNCH_IN_PROGRESS` → `LAUNCHED`), which must not end the job before it starts.
  for (const [v, w] of read) states[v] = v === success ? 'succeeded' : w.state === 'succeeded' ? 'queued' : w.state;
  return { kind: 'job', states, inProgress: underWay.map(([v]) => v), success: [success] };
}
