/**
 * A vocabulary whose values all share a leading word, spelled apart (`REGISTRATION_PENDING`,
 * `REGISTRATION_SUCCESS`, `REGISTRATION_FAILURE`: IoT FleetWise's account registration), names what the status is
 * about once in that word and says the state in the part after it. Read whole, each value is a compound no rule
 * places as work under way; read by the part after the shared prefix (`PENDING`, `SUCCESS`, `FAILURE`) it is the
 * vocabulary every other rule knows. Only a vocabulary rejected whole is read so, and its judgement is given back
 * under the values as the contract spells them.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { sharedPrefix } from './sharedPrefix.js';
import type { LifecycleJudgement } from './stateWords.js';

type Found = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

/** The judgement of the values less their shared prefix, keyed by the values as spelled; null without a prefix. */
export function judgeNamespaced(values: readonly string[], judge: (values: readonly string[]) => LifecycleJudgement): Found | null {
  const prefix = sharedPrefix(values);
  if (prefix === null) return null;
  const judged = judge(values.map((v) => v.slice(prefix.length)));
  if (judged.kind === null) return null;
  const whole = (v: string) => `${prefix}${v}`;
  const states: Record<string, CanonicalState> = {};
  for (const [v, s] of Object.entries(judged.states)) states[whole(v)] = s;
  return { ...judged, states, inProgress: judged.inProgress.map(whole), success: judged.success.map(whole) };
}
