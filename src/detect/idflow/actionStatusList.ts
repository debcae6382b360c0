/**
 * Convention: a read of the action's status that lists its records, narrowed by what the start was given (issue 24).
 * Redshift `AcceptReservedNodeExchange {ReservedNodeId, TargetReservedNodeOfferingId}` answers the new node and no
 * handle of the exchange; `DescribeReservedNodeExchangeStatus {ReservedNodeId?, ReservedNodeExchangeRequestId?}`
 * answers `ReservedNodeExchangeStatusDetails: [{Status: REQUESTED | PENDING | IN_PROGRESS | RETRYING | SUCCEEDED |
 * FAILED, …}]`, the exchanges of the node it is given. Smithy leaves the narrowing input optional (empty lists all);
 * given the node the start exchanged it lists that exchange.
 *
 * actionStatusPoll.ts links a status read named for the action that requires what the start was given; this is its
 * listing form, held to the names as closely:
 *
 * - the read's name, its trailing `Status` dropped, is the start's whole noun (`reserved node exchange`): the status
 *   of the very thing the start does, not of a part (`GetClusterUpgradeStatus` for `UpgradeDomain`) or of the thing
 *   it acts on (`GetReservedNodeStatus`);
 * - the read takes, optionally, an id the start requires under the very same name (`ReservedNodeId`): the start
 *   names what the read narrows by, so the list holds its job;
 * - its status sits in that list's items and is a job's (checked with the status in idFlowJobs: an optional input of
 *   a read of one record is no narrowing).
 *
 * The runtime sends the id as the read's input and reads the first listed record's status, as for any read that
 * answers the one item asked for in a list (`DescribeStacks {StackName?}`).
 */
import { norm, type OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';

/** The last word of a read that says it reads a status. */
const STATUS_WORD = 'status';

/** Whether `poll` reads the status of the start's whole noun (`DescribeReservedNodeExchangeStatus` for `AcceptReservedNodeExchange`). */
export function readsStatusOfNoun(start: OperationName | null, poll: OperationName | null): boolean {
  if (!start || !poll || start.noun.length === 0 || poll.noun.at(-1) !== STATUS_WORD) return false;
  return poll.noun.slice(0, -1).join(' ') === start.noun.join(' ');
}

/**
 * Whether the read, by `pollInput`, lists the records of the action the start does with its required `startInput`:
 * the same id, optional on the read, of a read named for the start's noun's status.
 */
export function listsActionStatusBy(
  start: OperationName | null,
  poll: OperationName | null,
  startInput: OperationInput | undefined,
  pollInput: OperationInput,
): boolean {
  if (!startInput?.required || pollInput.required || pollInput.list || pollInput.filter) return false;
  return norm(startInput.name) === norm(pollInput.name) && readsStatusOfNoun(start, poll);
}

/** Explain's line for such a read: what the start was given narrows the action's records, the job the first listed. */
export function actionListEvidence(
  start: OperationName | null,
  poll: OperationName | null,
  startInput: OperationInput | undefined,
  pollInput: OperationInput,
  pollKey: string,
): string[] {
  if (!listsActionStatusBy(start, poll, startInput, pollInput)) return [];
  return [
    `action status list: ${pollKey} lists the ${start!.noun.join(' ')} records narrowed by its optional \`${pollInput.name}\`, the start's own input; the job is the first listed`,
  ];
}
