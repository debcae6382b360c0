/**
 * Status values that say the work stopped, not how it went: Google's `DONE` ("when the status is DONE, check the error
 * field", BigQuery's jobs as its Cloud Operations), Azure Data Lake's `Ended`, a `finished` run. Read alone they map to
 * `succeeded` (stateWords.ts), and where the vocabulary holds no failure value at all a job whose answer carries an
 * error there would read as a success. A family that reads an error field beside such a status lists these values as
 * its neutral ends (JobFamily.neutralEnds): the runtime reads one with a non-empty error as `failed`. A vocabulary that
 * can say failed itself (`DONE | FAILED`) or says how the run ended in an outcome field has said how; `completed` and
 * `terminated` name an end the vocabularies that use them mean as it reads. Pure.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { normalizeStateWord } from './stateWords.js';

/** Normalized words that end the work without a verdict; `true` is a done flag's (doneFlag.ts). */
const NEUTRAL_END_WORDS: ReadonlySet<string> = new Set(['done', 'ended', 'finished', 'true']);

/** The values of `states` read `succeeded` that only say the work ended, when no value can say it went badly. */
export function endsWithoutVerdict(states: Readonly<Record<string, CanonicalState>>): string[] {
  const all = Object.entries(states);
  if (all.some(([, s]) => s === 'failed' || s === 'cancelled')) return [];
  return all.filter(([v, s]) => s === 'succeeded' && NEUTRAL_END_WORDS.has(normalizeStateWord(v))).map(([v]) => v);
}
