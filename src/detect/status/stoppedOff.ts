/**
 * Where a Stop leaves the thing: a family whose cancel is a `Stop` of the thing it brings up (`StopServer`,
 * `StopRecommender`, `StopContinuousExport`) ends that cancel at the thing's off word (`OFFLINE`, `INACTIVE`), which
 * reads as failed by its make-up (faultWords.ts: a negated up word). Once the family's own cancel leads there, the
 * off word is that cancel's end, `cancelled`: read as failed, a cancel that worked would say "finished as failed before
 * the cancel took effect". Only where the vocabulary says it stops (a stopping word under way, `STOPPING`,
 * `STOP_IN_PROGRESS`) and keeps failure words of its own (`START_FAILED`, `ERROR`), so that a start that failed still
 * reads failed: the off word is then no failure the work could end in but the stop's.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { isOffWord } from './faultWords.js';
import { isUpWord, normalizeStateWord } from './stateWords.js';

/** The values of `states` a Stop cancel ends at, or none when the vocabulary does not read so. */
export function stoppedOffWords(states: Readonly<Record<string, CanonicalState>>): string[] {
  const words = Object.keys(states);
  const stopping = words.some((w) => states[w] === 'running' && normalizeStateWord(w).includes('stop'));
  if (!stopping) return [];
  const off = words.filter((w) => states[w] === 'failed' && isOffWord(normalizeStateWord(w), isUpWord));
  const failures = words.filter((w) => states[w] === 'failed' && !off.includes(w));
  return failures.length > 0 ? off : [];
}
