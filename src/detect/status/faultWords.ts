/**
 * Status words no table lists that still say the thing will not get there, read by their make-up, for the
 * default state of a word (stateWords.ts `toCanonicalState`): left alone they read as `running` and a job that
 * has ended polls until it expires.
 *
 * - A negated "up" or "done" word: `in-`, `un-`, `non-`, `de-`, `dis-` before a table word that ends the work well
 *   or says a resource is up (`INACTIVE`, `UNAVAILABLE`, `UNHEALTHY`, `DEAUTHORIZED`, `unsuccessful`), and the
 *   antonym prefixes of the same words (`DISABLED` of enabled, `OFFLINE` of online, `OutOfService` of InService).
 *   The thing has come to rest, not up (AWS Directory Service, DataSync, GuardDuty, MWAA, SageMaker, Transfer).
 *   `not` is no such prefix: `NOT_READY`, `NOT_STARTED` say "not yet".
 * - A fault or a denial: `FAULT` (CodeBuild's build that failed by the service's fault), `Faulted`,
 *   `MISCONFIGURED`, `Impaired`, `Inoperable`, `incompatible-network`, `INACCESSIBLE_ENCRYPTION_CREDENTIALS`,
 *   `no-permission`, `topic-not-exist`, `NOT_FOUND`, `Exception`, `UNSUPPORTED_ENVIRONMENT`, `NOT_ELIGIBLE` (DMS,
 *   Redshift, FSx, Keyspaces, Managed Blockchain, DocumentDB/Neptune event subscriptions, GameLift, Chime, Firebase
 *   Test Lab, OpenSearch).
 *   A fault is read before any compound: `MISCONFIGURED_UNAVAILABLE` is no `AVAILABLE`.
 *
 * Both map only: they never count as known lifecycle words, so they make no family (readStateWord's `known`).
 */
import type { CanonicalState } from '../../model/jobs.js';

/** A word that a resource is up or the work ended well, as the table holds it (normalized). */
export type UpWord = (normalized: string) => boolean;

/**
 * `in-`, `un-`, `non-` negate an adjective (`inactive`, `unhealthy`, `unsuccessful`); before a participle they say
 * "not yet" (`unstarted`, `unfinished`), so they count only before a word not ending in `-ed`. `de-` and `dis-`
 * undo what was done (`deauthorized`, `deactivated`): any up word.
 */
const NEGATION_PREFIXES: ReadonlyArray<[string, 'adjective' | 'any']> = [
  ['in', 'adjective'],
  ['un', 'adjective'],
  ['non', 'adjective'],
  ['de', 'any'],
  ['dis', 'any'],
];
/** Prefixes whose word is the antonym of another prefix's: disabled ↔ enabled, offline ↔ online, out of ↔ in service. */
const ANTONYM_PREFIXES: ReadonlyArray<[string, string]> = [
  ['dis', 'en'],
  ['off', 'on'],
  ['outof', 'in'],
];

/**
 * Fault and denial stems (normalized: letters and digits only). Linear: one alternation of plain literals, one of
 * them after a fixed lookbehind (`default` is no fault).
 * `notfound`/`notexist`/`doesnotexist` are denials of a thing the work needs, unlike `notstarted`/`notready`.
 */
const FAULT =
  /((?<!de|not)fault|exception|denied|forbidden|unauthori[sz]ed|nopermission|notfound|notexist|misconfigur|incompatible|inaccessible|inoperable|impaired|unreachable|unsupported|ineligible|noteligible)/;

/** `failed` for a negated up word or a fault word; else null (left to the default rules). */
export function faultState(normalized: string, up: UpWord): CanonicalState | null {
  // Microsoft Graph's evolvable-enum sentinels (`unknownFutureValue`, `UnsupportedFutureValue`) stand for a value
  // this client is too old to know: no state, whatever their first word says.
  if (normalized.endsWith('futurevalue')) return null;
  if (FAULT.test(normalized)) return 'failed';
  return isOffWord(normalized, up) ? 'failed' : null;
}

/**
 * A negated up word (`INACTIVE`, `OFFLINE`, `DISABLED`): the thing is off. It reads as failed, but where a Stop of the
 * thing is the family's cancel the off word is where the stop leaves it (stoppedOff.ts).
 */
export function isOffWord(normalized: string, up: UpWord): boolean {
  for (const [prefix, before] of NEGATION_PREFIXES) {
    if (!normalized.startsWith(prefix)) continue;
    const rest = normalized.slice(prefix.length);
    if ((before === 'any' || !rest.endsWith('ed')) && up(rest)) return true;
  }
  for (const [prefix, antonym] of ANTONYM_PREFIXES) {
    if (normalized.startsWith(prefix) && up(`${antonym}${normalized.slice(prefix.length)}`)) return true;
  }
  return false;
}
