/**
 * A resource that waits, then is active, and takes time to go away: `PENDING`, `ACTIVE`, `TERMINATING` (GameLift
 * computes), `pending`, `active`, `deleting`, `deleted`, `error`. `ACTIVE` alone ends an account's, a subscription's
 * or an invitation's pending too (pendingUntilUp.ts leaves it out for that), but those are records: they are closed,
 * cancelled or expired at once, never torn down over time. A tear-down under way (`DELETING`, `TERMINATING`,
 * `DEPROVISIONING`) is said only of a resource whose coming and going are work, so the bare waiting word before
 * `ACTIVE` is that resource coming up, as AWS's waiters for a created resource read `ACTIVE` (EKS `ClusterActive`,
 * ECS `DaemonActive`). The tear-down words are `failed` for the start that brings it up (stateWords.ts `isTearDown`).
 * Id flow still asks for a start that brings a resource up: alone, this is no evidence.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { isTearDown, type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';

type Provisioning = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

export function judgePendingUntilActive(values: readonly string[]): Provisioning | null {
  const read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.filter(([, w]) => w.known).length / Math.max(values.length, 1) < 0.5) return null;
  if (read.some(([, w]) => w.state === 'succeeded')) return null;
  // The bare table word (`PENDING`): `PENDING_DELETION` waits to go away, not to come up; `CREATED` says the thing
  // exists (a RUM app monitor `CREATED`, `ACTIVE`, `DELETING`), not that it waits for anything.
  const waiting = values.filter((v) => {
    const w = lookupStateWord(v);
    return w?.state === 'queued' && w.provisioning !== 'steady' && !isTearDown(v);
  });
  const active = values.filter((v) => normalizeStateWord(v) === 'active');
  const goingAway = values.some((v) => isTearDown(v) && normalizeStateWord(v).endsWith('ing'));
  if (waiting.length === 0 || active.length !== 1 || !goingAway) return null;
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = active.includes(v) ? 'succeeded' : isTearDown(v) ? 'failed' : w.state;
  return { kind: 'provisioning', states, inProgress: waiting, success: active };
}

/** The judgement is this rule's: its waiting word is the resource coming up (idFlowJobs.ts asks for such a word). */
export function comesUpUntilActive(values: readonly string[], judgement: Provisioning): boolean {
  const mine = judgePendingUntilActive(values);
  return mine?.success.every((v) => judgement.success.includes(v)) ?? false;
}
