/**
 * Convention: a status read named for the action (a start in place). Some actions hand out no id of their own: they
 * act on a thing the client names, and the contract offers a read of that one action's status, asked by the same
 * name: frauddetector `DeleteEventsByEventType(eventTypeName)` → `GetDeleteEventsByEventTypeStatus(eventTypeName)`,
 * OpenSearch `UpgradeDomain(DomainName)` → `GetUpgradeStatus(DomainName)`, AppSync `StartSchemaCreation(apiId)` →
 * `GetSchemaCreationStatus(apiId)`. The poll's name is the evidence: its noun, once its trailing `Status` is dropped,
 * is the action itself. A change verb (`Delete`, `Update`) must be named in it: `UpdateUser` → `GetUserStatus` reads
 * the user's own status (active, suspended), not the update's. Only `Start`, which names no action of its own, may be
 * left out when the rest is its whole noun (`StartSchemaCreation` ↔ `SchemaCreationStatus`, an action noun); `Put` or
 * `Create` name the thing made (`PutBucketPolicy` ↔ `GetBucketPolicyStatus` reads the policy, not the put).
 *
 * idFlowJobs links such a pair by the request's id (the poll asks for what the start was given), and keeps only a
 * job lifecycle whose work is under way in words of its own (its status checks), never a resource's provisioning.
 */
import type { OperationName } from '../read/operationNames.js';

/** The last word of a read that says it reads an action's status (`GetUpgradeStatus`). */
const STATUS_WORD = 'status';

/** Whether `poll` is a read of the status of the very action `start` names. */
export function namedForAction(start: OperationName | null, poll: OperationName | null): boolean {
  if (!start || !poll || poll.noun.at(-1) !== STATUS_WORD) return false;
  const action = poll.noun.slice(0, -1);
  if (action.length === 0) return false;
  const own = new Set([start.verb, ...start.noun]);
  // Every word of the action is the start's: `GetUpgradeStatus` for `UpgradeDomain`, not `GetClusterUpgradeStatus`.
  if (!action.every((w) => own.has(w))) return false;
  if (action.includes(start.verb)) return true;
  return start.verb === 'start' && action.join(' ') === start.noun.join(' ');
}
