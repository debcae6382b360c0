/**
 * Convention: a call that answers the id of a new thing of its own noun made that thing, whatever its verb (issue 24).
 * Directory Service `ConnectDirectory {Name, Password, Size, ConnectSettings}` answers `{DirectoryId}`, and
 * `DescribeDirectories {DirectoryIds}` reads the directory going `Requested → Creating → Active`: connect is no verb
 * of BRING_UP_VERBS, yet the data says a directory came into being, as a POST that answers a new item's id does
 * (RFC 9110 §9.3.3: the server creates a resource and names it). The evidence is the answer, not the word:
 *
 * - the start answers the id at its top, under its own noun (`DirectoryId` for `ConnectDirectory`): the call's
 *   thing, not a part's or a parent's (`Volume.FileSystemId`);
 * - it takes no input of that id: the id is fresh, not the thing it acts on (`UpdateDirectory {DirectoryId}`);
 * - the poll reads that very noun and requires the id, or lists it (`DirectoryIds`).
 *
 * A provisioning lifecycle read after such a call is the thing coming up (idFlowJobs.ts).
 */
import { norm, type OperationInput } from '../read/operationInputs.js';
import { idNamesPoll, idNoun, NON_START_VERBS, type OperationName } from '../read/operationNames.js';

/** What the pairing knows of the id's path: its flow, the answered field, and the poll input it goes to. */
export interface AnsweredId {
  flow: 'answer' | 'request';
  field: string;
  input: OperationInput;
}

export function madeByAnswer(
  c: AnsweredId,
  start: OperationName | null,
  poll: OperationName | null,
  startInputs: readonly OperationInput[],
): boolean {
  if (c.flow !== 'answer' || !start || start.noun.length === 0 || NON_START_VERBS.includes(start.verb)) return false;
  if (c.field.includes('.') || !(c.input.required || c.input.list !== undefined)) return false;
  const noun = idNoun(c.field);
  if (noun.join(' ') !== start.noun.join(' ') || !idNamesPoll(noun, poll)) return false;
  return !startInputs.some((i) => norm(i.name) === norm(c.field));
}
