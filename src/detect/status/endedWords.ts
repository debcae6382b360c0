/**
 * Status words no table lists that say the work has come to an end short of finishing whole, read by their
 * make-up, for the default state of a word (stateWords.ts `toCanonicalState`): left alone they read as `running`
 * and a job that has ended polls until it expires (the state-map measure's "never ends").
 *
 * - Part done: `PARTIAL`, `Partial`, `PARTIALLY_REPLICATED`, `PARTIALLY_LAUNCHED` (AWS Backup jobs, Chime phone
 *   number orders, SMS replication and launches). The work stopped with only part of it done: `failed`, as the
 *   table reads `PARTIAL_FAILED`; `succeeded` would promise the whole result. Work still going in part
 *   (`PARTIALLY_PROCESSING`) names no participle and keeps running; `PARTIALLY_COMPLETED` or `PartiallySucceeded` never
 *   reach here (their table tail and the default rules read them first).
 * - Replaced or withdrawn: `Superseded` (a CodePipeline execution overtaken by a newer one), `OBSOLETE` (a
 *   CloudFormation change set another one outdated), `DEPRECATED` (Image Builder images, IoT Events detector models).
 *   Nothing will come of the thing any more, by someone's decision: `cancelled`, as a thing gone (`DELETED`) is.
 * - Dead: `DEAD` (Jira's long tasks), `DEADLINE_EXCEEDED` (gRPC): the work died, `failed`.
 * - Shut down: `Shutdown`, `SHUT_OFF` (GitHub codespaces, VM states): stopped by hand, `cancelled` as `stopped` is.
 *   `SHUTTING_DOWN` is a gerund: still under way.
 *
 * They map only: they never count as known lifecycle words (readStateWord's `known`), so they make no family, and
 * a word that merely contains them (`undead`, `nonpartial`) is no match: each stem must start the word.
 */
import type { CanonicalState } from '../../model/jobs.js';

/** Stems (normalized: lower case letters and digits), each anchored at the word's start. Linear: plain literals. */
const ENDED: ReadonlyArray<[RegExp, CanonicalState]> = [
  [/^partial(ly[a-z]+ed)?$/, 'failed'],
  [/^(superseded|obsolete|deprecated)$/, 'cancelled'],
  [/^dead/, 'failed'],
  [/^shut(down|off)$/, 'cancelled'],
];

/** The end a word names by its make-up (see above), or null. */
export function endedState(normalized: string): CanonicalState | null {
  for (const [stem, state] of ENDED) if (stem.test(normalized)) return state;
  return null;
}
