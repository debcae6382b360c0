/**
 * Guard: an RPC read that answers a list and is asked by one id reads the one item asked for only when that id names
 * the listed things (issue 24). AWS's Describe calls answer lists whatever they are asked: `DescribeStacks
 * {StackName}` lists the one stack of that name, `DescribeSnapshots {SnapshotName}` the one snapshot. Asked by the id
 * of what the items belong to, the same reads list all of that thing's items: `DescribeSnapshots {ClusterName}` every
 * snapshot of the cluster, `DescribeProjectVersions {ProjectArn}` every version of the project,
 * `GetPartitionIndexes {DatabaseName}` every index of the database. The job would be whichever the upstream lists
 * first, and an older snapshot's `available` would end a snapshot still being made: a wrong answer, worse than none.
 * Only items that carry an id (their own or another's) are things apart; a list of items with none is the scope's
 * own record in rows (`DescribeLDAPSSettings {DirectoryId}` → `LDAPSSettingsInfo: [{LDAPSStatus}]`), read as before.
 *
 * The id names the listed things when its noun ends in the read's noun (`SubscriptionName` for
 * `DescribeEventSubscriptions`, `UserGroupId` for `DescribeUserGroups`) or names all of it (idNamesPoll). A bare id
 * (`Id`, `Name`) names nothing and is left as it was; so are lists and filters of ids (their own guard:
 * parentFilter.ts), reads that pick the job out of the list by its id (scopeListPoll.ts), and a read of the start's
 * own action's status narrowed by what the start was given (actionStatusList.ts: the exchanges of the one node the
 * start exchanged). The start's noun does not change it: `CreateFleetLocations {FleetId, Locations}` adds several
 * locations, and `DescribeFleetLocationAttributes {FleetId}` lists the fleet's home location with them, first.
 *
 * Such a read still serves when it can also be asked for the item: an optional input of its own that names the listed
 * things (`DescribeSnapshots {SnapshotName}`, `DescribeRegions {RegionName}`), whose value the start supplies
 * (companionInputs.ts), is sent beside the scope, and the upstream lists the one item.
 */
import type { Operation } from '../../model/ir.js';
import type { StartArgSource, ValueSource } from '../../model/jobs.js';
import { BARE_IDS, idNameOf, isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNamesPoll, idNoun, type OperationName, readNoun, singular } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { companionSource } from './companionInputs.js';

/** What the list read is asked by, as the guard sees it: one scalar id, where the status is read in a list. */
export interface ListAsk {
  input: OperationInput;
  /** Dotted path of the status, `.0.` at the list (`Snapshots.0.Status`). */
  statusField: string;
  /** The names of the listed items' own fields (`Name`, `ClusterName`, `Status`). */
  itemFields: readonly string[];
}

/** An id names the read's listed things: its noun ends in the read's noun, or names all of it. */
function namesListed(input: OperationInput, poll: OperationName): boolean {
  const noun = idNoun(idNameOf(input)).map(singular);
  const read = readNoun(poll).map(singular);
  if (noun.length === 0 || read.length === 0) return true;
  return noun.at(-1) === read.at(-1) || idNamesPoll(noun, poll);
}

/**
 * The noun of what the read's items belong to, when `ask.input` names that (`project` for `ProjectArn` of
 * `DescribeProjectVersions`) and not the listed things; null when it names them, or says nothing either way.
 */
export function listScope(ask: ListAsk, poll: OperationName | null): string | null {
  const { input } = ask;
  if (!poll || input.list !== undefined || input.filter !== undefined || BARE_IDS.has(norm(idNameOf(input)))) return null;
  if (!ask.statusField.split('.').includes('0') || namesListed(input, poll)) return null;
  // Items with no id of any kind are no things told apart: rows of the scope's own record (its LDAPS settings).
  if (!ask.itemFields.some(isIdName)) return null;
  return idNoun(idNameOf(input)).join(' ');
}

/**
 * An optional input of the read that names its listed things, with the start's value for it: sent beside the scope,
 * it narrows the list to the one item. Null when the read has none, or the start supplies none.
 */
export function itemKeyOf(
  poll: Operation,
  pollName: OperationName,
  pollInputs: readonly OperationInput[],
  start: Operation,
  startName: OperationName | null,
  startInputs: readonly OperationInput[],
  reader: SchemaReader,
): { input: OperationInput; from: StartArgSource | ValueSource } | null {
  for (const input of pollInputs) {
    if (input.required || input.list !== undefined || input.filter !== undefined || !isIdName(input.name)) continue;
    if (BARE_IDS.has(norm(idNameOf(input))) || !namesListed(input, pollName)) continue;
    const from = companionSource(input, start, poll, startName, startInputs, reader);
    if (from) return { input, from };
  }
  return null;
}
