/**
 * Convention: an edit of the thing a resource read reads is no start of it. `PUT /projects/{id}` (MotaWord's
 * `updateProject`), `PUT /jobs/{jobId}/tasks/{taskId}` (Azure Batch's `Task_Update`), `PUT /projects/{id}/webhooks`
 * (`updateProjectWebhook`, answered with the project): each changes something that exists, and the read's status
 * says where that thing is (a project `pending` until launched), not how the edit went. Issue 24 says it of
 * provisioning (ACTIVE ends a create, not an update); it holds of any status: a job started by an edit would read
 * the thing's old state, and end at once or never. Id flow skips these verbs the same way unless the answer hands out
 * a handle of the edit's own (idflow/changeVerbStarts.ts); the resource convention has only the thing's own read, so
 * it skips them outright. A protocol signal (a 202, a monitor header, an Azure or Google marker) is weighed before
 * this and still makes such a call a job: there the contract says the edit itself runs on.
 *
 * An edit is said by the operation's verb: the edit verbs of NON_START_VERBS, however the name was read (an operationId,
 * a summary, or a PATCH's method, contractName.ts). A PUT is not one by its method alone: a PUT of a client-named item
 * creates it (`PUT /jobs/{jobId}`, AWS IoT's `CreateJob`, Azure's `Job_Create`). Pure.
 */
import type { OperationName } from '../read/operationNames.js';

/** The verbs of NON_START_VERBS that edit a thing in place (not reads, stops, deletions or tagging). */
const EDIT_NAME_VERBS: readonly string[] = ['update', 'modify', 'set', 'patch', 'replace', 'edit'];

/** Whether an operation so named (operationNames.ts `operationName`) edits what exists rather than starting anything. */
export function editsWhatExists(name: OperationName | null): boolean {
  return name !== null && EDIT_NAME_VERBS.includes(name.verb);
}
