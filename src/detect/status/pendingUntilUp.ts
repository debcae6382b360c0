/**
 * A resource that waits, then is up: `PENDING` → `DEPLOYED` (Route 53 Recovery Control), `Pending` → `InService`
 * (SageMaker-style). No word says "being brought up", so judgeLifecycle finds no work under way; but the steady
 * words here are said only of a resource that now runs, never of an order, a payment or an account (which end
 * `active`, `enabled` or `created`), so the bare queued word before them is the resource coming up. The start's
 * verb must still bring something up (idFlowJobs.ts): alone, this is no evidence.
 */
import { type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';

/** Steady states only a resource that is up uses. */
export const UP_ONLY = new Set(['inservice', 'available', 'deployed', 'provisioned', 'online', 'operational', 'healthy']);

type Provisioning = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

export function judgePendingUntilUp(values: readonly string[]): Provisioning | null {
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.filter(([, w]) => w.known).length / Math.max(values.length, 1) < 0.5) return null;
  // The bare table word (`PENDING`, `QUEUED`): `PENDING_DELETION` waits to go away, not to come up.
  const waiting = values.filter((v) => lookupStateWord(v)?.state === 'queued');
  const up = values.filter((v) => UP_ONLY.has(normalizeStateWord(v)));
  if (waiting.length === 0 || up.length === 0) return null;
  const states: Provisioning['states'] = {};
  for (const [v, w] of read) states[v] = up.includes(v) ? 'succeeded' : w.state;
  return { kind: 'provisioning', states, inProgress: waiting, success: up };
}
