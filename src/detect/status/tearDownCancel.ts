/**
 * A family whose work ends when the thing it brings up is up for use (its every success a word of createdBeforeUp.ts's
 * UP_WORDS: `ACTIVE`, `Up`, `in_service`) has no cancel that tears that thing down. Cancelling the bring-up of a
 * database workspace or a cluster by terminating it destroys what the agent asked for, and once the thing is up the
 * same call destroys a running one: SingleStore's `DELETE /v1/workspaces/{id}` (`terminateWorkspace`), Typesense
 * Cloud's `POST /clusters/{id}/lifecycle` (`terminateCluster`) and Tembo's `DELETE …/instances/{id}` were each linked
 * as the cancel of the create. createComesUp.ts said so already of the creates the resource convention reads again as
 * provisioning; this says it of every family, however its vocabulary was read.
 *
 * A job's tear-down stays its cancel: a build, a task or a run ends in work done (`finished`, `SUCCEEDED`), and
 * deleting it stops the work (Crowdin's build delete, Runway's task delete, Argo's terminate). A cancel named for what
 * it does to the work (`cancel`, `abort`, `stop`, `kill`) is never a tear-down, whatever its method.
 */

import type { Operation } from '../../model/ir.js';
import type { CanonicalState } from '../../model/jobs.js';
import { operationName } from '../read/operationNames.js';
import { UP_WORDS } from './createdBeforeUp.js';
import { normalizeStateWord } from './stateWords.js';

/** Verbs that remove the thing itself (RFC 9110's DELETE, and the clouds' words for it). */
const TEAR_DOWN_VERBS: ReadonlySet<string> = new Set([
  'delete',
  'terminate',
  'destroy',
  'remove',
  'deregister',
  'decommission',
  'deprovision',
]);

/** Verbs that say what a call does to the work, not to the thing. */
const WORK_STOP_VERBS: ReadonlySet<string> = new Set(['cancel', 'abort', 'stop', 'kill', 'halt', 'interrupt']);

/** The family's work ends only when the thing it brings up is up for use. */
export function endsWhenUp(states: Readonly<Record<string, CanonicalState>>): boolean {
  const success = Object.keys(states).filter((v) => states[v] === 'succeeded');
  return success.length > 0 && success.every((v) => UP_WORDS.has(normalizeStateWord(v)));
}

/** The cancel removes the thing rather than stopping work: a tear-down verb, or a DELETE named for no stop. */
export function tearsDown(cancel: Operation): boolean {
  const verb = operationName(cancel)?.verb;
  if (verb !== undefined && WORK_STOP_VERBS.has(verb)) return false;
  return cancel.method === 'DELETE' || (verb !== undefined && TEAR_DOWN_VERBS.has(verb));
}
