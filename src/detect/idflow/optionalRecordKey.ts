/**
 * Convention: an optional id of a read that answers one record is that record's key, not a filter (issue 24).
 * Smithy leaves members optional that the service needs in practice: Server Migration Service's
 * `GetApp {appId?}` answers one `appSummary`, as `CreateApp` → `{appSummary: {appId, status}}` does. A filter
 * narrows a list; a read that answers no list has nothing to narrow, so the optional id asks for the one thing.
 * It counts only where nothing else could be meant (idFlowJobs.ts takes it as the poll's input then):
 * the start answers the id under the very name the read takes it (`appId` → `appId`), and both are of one noun
 * (`CreateApp` ↔ `GetApp`): a different noun's read with an optional id (`GetAppLaunchConfiguration {appId?}`)
 * takes it as the parent of another thing, or a part's.
 *
 * A read whose status sits in a list is judged as such a list's filter by id flow already.
 */
import { norm, type OperationInput } from '../read/operationInputs.js';

export function optionalRecordKey(input: OperationInput, answeredField: string, sameNoun: boolean): boolean {
  if (input.required || input.list || input.filter || !sameNoun) return false;
  return norm(answeredField.split('.').at(-1)!) === norm(input.name);
}
