/**
 * A lifecycle that names no success at all, whose work under way brings something up (the table's transitional
 * words: `BUILDING`, `DEPLOYING`) and that can fail, with exactly one word saying a thing is up (the table's steady
 * words: `ACTIVE`): that word is where the work ends well. DigitalOcean's app deployment goes PENDING_BUILD, BUILDING,
 * PENDING_DEPLOY, DEPLOYING, ACTIVE, and is SUPERSEDED by the next one. Read as a job, `ACTIVE` stays `running` (a
 * job that is active is at work), so the job could never end well and its agent would poll forever. It maps only;
 * it is no evidence. Pure; the table is passed in (stateWords.ts calls this while it judges).
 */
import type { CanonicalState } from '../../model/jobs.js';

interface Entry {
  state: CanonicalState;
  provisioning?: 'transitional' | 'steady';
}

export function soleUpWordSuccess(
  values: readonly string[],
  states: Record<string, CanonicalState>,
  entryOf: (value: string) => Entry | null,
): string | null {
  if (Object.values(states).includes('succeeded')) return null;
  if (!values.some((v) => entryOf(v)?.state === 'failed')) return null;
  const under = values.filter((v) => entryOf(v)?.provisioning === 'transitional' && states[v] === 'running');
  const up = values.filter((v) => entryOf(v)?.provisioning === 'steady' && states[v] === 'running');
  return under.length > 0 && up.length === 1 ? up[0]! : null;
}
