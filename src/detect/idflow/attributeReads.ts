/**
 * Convention: AWS names the read of a thing's settings after the thing, with a last word that says what of it is
 * read: `DescribeLDAPSSettings` reads what `EnableLDAPS` turns on, `DescribeFleetLocationAttributes` the locations
 * `CreateFleetLocations` adds (`DescribeFleetAttributes`, `GetQueueAttributes`, `DescribeLoadBalancerAttributes`).
 * Such a read is a read of the start's own noun, as `Get<Noun>` is: idFlowJobs then weighs it as the same noun,
 * and its status checks still decide (a provisioning lifecycle only for a verb that brings the thing up).
 */
import type { OperationName } from '../read/operationNames.js';

/** Last words of a read's name that say it reads a thing's settings, not another thing. */
const SETTINGS_WORDS = new Set(['attribute', 'setting']);

/** `poll` reads the settings of the very thing `start` names: its noun is the start's, then one settings word. */
export function readsOwnSettings(start: OperationName | null, poll: OperationName | null): boolean {
  if (!start || !poll || start.noun.length === 0) return false;
  const last = poll.noun.at(-1);
  if (last === undefined || !SETTINGS_WORDS.has(last)) return false;
  return poll.noun.slice(0, -1).join(' ') === start.noun.join(' ');
}
