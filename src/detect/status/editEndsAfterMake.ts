/**
 * A later edit's end, read by the start that makes the thing (issue 24). A lifecycle may name how edits of the thing
 * end (`UPDATE_FAILED`, `UPDATE_ROLLBACK_COMPLETE`, SageMaker's `Update_Failed`, Grafana's `UPGRADE_FAILED`): the thing
 * was made, and an update of it failed or rolled back after. For the create the making is done, so it is `succeeded`
 * there, whatever the edit's own reading. AWS's own waiters read them so: CloudFormation's `StackCreateComplete`
 * succeeds on every `UPDATE_*`, and the waiters that fail on an update's failure are the update's own (Proton
 * `ServiceUpdated`, SageMaker `ImageUpdated`), never a create's. An edit under way (`UPDATING`, `UPDATE_IN_PROGRESS`)
 * keeps its reading, running: the creates' waiters wait it out (AMP `WorkspaceActive`, the omics stores' retry on
 * `UPDATING`), and its end then reads as above.
 *
 * Only for a family every start of which creates (another verb's start, an update's, fails at its own failure), only
 * compounds headed by an edit verb (a bare `UPDATED` says nothing of whose work ended), and only where the map has a
 * success of the making's own (`CREATE_COMPLETE`, `ACTIVE`). Pure.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { verbNouns } from '../read/verbNouns.js';
import { EDIT_VERBS } from './changeVerbs.js';
import { compoundParts } from './compoundEnds.js';

/** The edit verb whose end `value` names (`UPDATE_FAILED` → update), or null; under way or not. */
export function editOf(value: string): string | null {
  const parts = compoundParts(value);
  if (parts.length < 2) return null;
  return EDIT_VERBS.find((v) => verbNouns(v).includes(parts[0]!)) ?? null;
}

const ENDS: ReadonlySet<CanonicalState> = new Set(['succeeded', 'failed', 'cancelled']);

/** The values of `states` that end an edit and are read otherwise than `succeeded`: what a create's map moves. */
export function editEnds(states: Readonly<Record<string, CanonicalState>>): string[] {
  const values = Object.keys(states);
  const made = values.some((v) => states[v] === 'succeeded' && editOf(v) === null);
  if (!made) return [];
  return values.filter((v) => editOf(v) !== null && ENDS.has(states[v]!) && states[v] !== 'succeeded');
}

/** `states` with every edit's end `succeeded`, as the create reads it. */
export function editEndsAfterMake(states: Readonly<Record<string, CanonicalState>>): Record<string, CanonicalState> {
  const out = { ...states };
  for (const v of editEnds(states)) out[v] = 'succeeded';
  return out;
}
