/**
 * A job family whose map names no success can never end well: the agent polls until it gives up. Where its values
 * bring something up and then say it is up for use (`PENDING_BUILD`, `BUILDING`, `PENDING_DEPLOY`, `DEPLOYING`,
 * `ACTIVE`: DigitalOcean app deployments), the work is done when it is up, as judgeLifecycle reads a bring-up; the
 * job table reads `active` beside work words as work under way (SMS replication runs), which is right only where a
 * completion word follows. Only words that say the thing is up for use end it, never a run cycle's (`RUNNING`,
 * `STARTED`: a batch job whose success the contract left out is not done while it runs), and never for a thing that
 * returns to rest between runs (returnsToRest.ts: its resting `READY` is before the run, not after). Pure.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { UP_WORDS } from './createdBeforeUp.js';
import { judgeLifecycle, normalizeStateWord } from './stateWords.js';

/**
 * `states` with the up words of a bring-up as its success, when it names no success; else `states` unchanged. `made`:
 * the family's starts create the very thing the poll reads (a POST to its collection, whatever it answers: OpenStack's
 * 202 with a Location, SingleStore's 200 with the new `workspaceID`), so its vocabulary is that thing's whole life, most of it no lifecycle word (OpenStack's servers: BUILD →
 * ACTIVE beside HARD_REBOOT, RESCUE, SHELVED, …); a word that says it is up, beside one that says it failed, ends
 * the making there, though the table reads no lifecycle in the rest.
 */
export function upEndsWork(states: Readonly<Record<string, CanonicalState>>, made = false): Record<string, CanonicalState> {
  if (Object.values(states).includes('succeeded')) return { ...states };
  const j = judgeLifecycle(Object.keys(states));
  if (j.kind === null && made && Object.values(states).includes('failed')) return upOfMaking(states);
  if (j.kind !== 'provisioning' || j.success.length === 0) return { ...states };
  if (!j.success.every((v) => UP_WORDS.has(normalizeStateWord(v)))) return { ...states };
  const out = { ...states };
  for (const v of j.success) out[v] = 'succeeded';
  return out;
}

/** The made thing's up words (`ACTIVE`), succeeded; unchanged where none. */
function upOfMaking(states: Readonly<Record<string, CanonicalState>>): Record<string, CanonicalState> {
  const out = { ...states };
  for (const v of Object.keys(states)) if (UP_WORDS.has(normalizeStateWord(v))) out[v] = 'succeeded';
  return out;
}
