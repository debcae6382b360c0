/**
 * `ACTIVE` is the work's success when no other value can be: DigitalOcean app deployments go `PENDING_BUILD`,
 * `BUILDING`, `PENDING_DEPLOY`, `DEPLOYING`, `ACTIVE`, and later `SUPERSEDED` when another deployment replaces
 * them (or `ERROR`, `CANCELED`). The word table keeps `active` a weak running word (an account or a subscription is
 * active too, and activeBesideDone.ts reads it as a run beside a completion word), so such a family named no
 * success at all: its job ran until the next deployment replaced it and then ended cancelled, never succeeded.
 *
 * A family whose states name no success, with exactly one value that is `ACTIVE` and other work under way beside it
 * (a value read running or queued), ends well at `ACTIVE`: what its work made is live. It maps only, once a family
 * is accepted, so it never makes one (a subscription's `PENDING | ACTIVE | CANCELLED` is still no job). Pure.
 */
import type { JobFamily } from '../../model/jobs.js';
import { normalizeStateWord } from './stateWords.js';

/** The ACTIVE value read as the success, or null when the rule does not apply. */
export function activeEndsWork(states: JobFamily['states']): string | null {
  const values = Object.keys(states);
  if (values.some((v) => states[v] === 'succeeded')) return null;
  const active = values.filter((v) => normalizeStateWord(v) === 'active');
  if (active.length !== 1 || states[active[0]!] !== 'running') return null;
  const underWay = values.some((v) => v !== active[0] && (states[v] === 'running' || states[v] === 'queued'));
  return underWay ? active[0]! : null;
}
