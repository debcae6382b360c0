/**
 * Whose end a compound status names (issue 24). A compound that ends in a done word (`CREATE_COMPLETE`) is read as
 * the success of the work its first part names; read by its tail alone, every `*_COMPLETE` was a success, also
 * where the work that completed is not the work the start set off. AWS's own waiters say otherwise:
 *
 * - a failure and then a done word (`CREATE_FAILED_CLEANUP_COMPLETE`, `UPDATE_FAILED_CLEANUP_COMPLETE`): the work
 *   failed, and what completed is the cleanup after it: `failed` (Proton's `ServiceCreated` fails on it);
 * - the done word of a stop or cancel (`CANCEL_COMPLETE`, `ABORT_COMPLETED`, `STOP_SUCCEEDED`): the work was
 *   stopped, and the stop is what completed: `cancelled` (Cloud Control's `ResourceRequestSuccess` fails on it);
 * - the done word of a tear-down (`DELETE_COMPLETE`, `DELETION_COMPLETED`, `TERMINATE_SUCCEEDED`): the thing is gone,
 *   so whatever brought it up or changed it will not end well: `failed`, as a tear-down word is in a provisioning
 *   lifecycle (CloudFormation's `StackCreateComplete` fails on `DELETE_COMPLETE`).
 *
 * Only a done word as the last part counts (`COMPLETED_WITH_ERRORS` says its state first and is left to the rules),
 * and work still under way (`CANCEL_IN_PROGRESS`, `CREATE_FAILED_CLEANUP_IN_PROGRESS`) is read before this, as
 * running. A leaf: the caller passes the table lookup (stateWords.ts reads compounds through it).
 */
import type { CanonicalState } from '../../model/jobs.js';

/** A table entry as far as this rule reads it. */
interface Entry {
  state: CanonicalState;
  strong: boolean;
}

/** First parts that name stopping the work (the verbs of `STOP_REQUESTED`, `CANCELLATION_REQUESTED`). */
const STOP_VERB = /^(cancel|cancell?ation|abort|stop|halt)$/;
/** First parts that name tearing the thing down (`DELETE`, `DELETION`, `TERMINATE`, `DEREGISTRATION`). */
const TEAR_DOWN_VERB = /^(delet|terminat|deregist(er|ration)|decommission|deprovision)(e|ion)?$/;

/** The parts of a compound value, normalised: `CREATE_FAILED_CLEANUP_COMPLETE` → create, failed, cleanup, complete. */
export function compoundParts(value: string): string[] {
  return value
    .slice(0, 120)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== '')
    .map((p) => p.toLowerCase());
}

/**
 * The state a compound ending in a done word names, when that done is not the work's own success; else null.
 * `lookup` is the status table (normalised word → entry).
 */
export function compoundEnd(value: string, lookup: (normalized: string) => Entry | null): CanonicalState | null {
  const parts = compoundParts(value);
  if (parts.length < 2 || lookup(parts.at(-1)!)?.state !== 'succeeded') return null;
  const before = parts.slice(0, -1);
  if (before.some((p) => lookup(p)?.state === 'failed')) return 'failed';
  const head = before[0]!;
  if (TEAR_DOWN_VERB.test(head)) return 'failed';
  if (STOP_VERB.test(head)) return 'cancelled';
  return null;
}
