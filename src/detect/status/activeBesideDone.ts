/**
 * `ACTIVE` beside a word that says the work completed is the work running: SMS replication runs `PENDING`, `ACTIVE`,
 * `COMPLETED`, `FAILED`, `DELETING`, `DELETED`. A resource that is up is `ACTIVE` for good and never `COMPLETED`; a
 * vocabulary that lists both says the thing ends, and `ACTIVE` is the time between its start and that end. The table
 * keeps `active` weak (an account or a subscription is active too), so a job judgement leaves it out of the values
 * under way; this adds it, so a run whose only other word under way is a tear-down (`DELETING`) still shows work
 * under way. It maps nothing anew: `ACTIVE` is `running` either way.
 */
import { type LifecycleJudgement, lookupStateWord, normalizeStateWord } from './stateWords.js';

type Found = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;

export function withActiveRun(found: Found, values: readonly string[]): Found {
  if (found.kind !== 'job') return found;
  // The completion is a table word that says so by itself (`COMPLETED`, `SUCCEEDED`), not a verb's own end.
  const completes = found.success.some((v) => {
    const w = lookupStateWord(v);
    return w !== null && w.state === 'succeeded' && w.strong;
  });
  const active = values.filter((v) => normalizeStateWord(v) === 'active' && found.states[v] === 'running');
  if (!completes || active.length !== 1 || found.inProgress.includes(active[0]!)) return found;
  return { ...found, inProgress: [...found.inProgress, active[0]!] };
}
