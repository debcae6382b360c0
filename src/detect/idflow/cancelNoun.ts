/**
 * Whether a sibling verb's noun names the job the poll reads (idflow/siblingCancel.ts). The same noun, first
 * (`StopQueryExecution` ↔ `GetQueryExecution`); and two ways AWS names the pair apart, each read off the names alone:
 *
 * - the poll reads the thing's status, or a version of the thing's read: `GetResourceRequestStatus` beside
 *   `CancelResourceRequest` (Cloud Control), `DescribeAutoMLJobV2` beside `StopAutoMLJob` (SageMaker);
 * - the cancel ends the start's own act on the thing, named by that act's noun (the start's verb made a noun):
 *   `CreateImage` → `CancelImageCreation` (Image Builder), `CreateSolutionVersion` → `StopSolutionVersionCreation`
 *   (Personalize). Only the start's own act: `CancelServiceInstanceDeployment` beside `CreateServiceInstance` ends
 *   a deployment of the thing, which the create is not.
 */
import type { OperationName } from '../read/operationNames.js';

/** How the cancel's noun names the polled job (`on the same query execution`), said after its verb; null when it does not. */
export function cancelsNoun(cancel: OperationName, poll: OperationName, startVerb: string | null): string | null {
  const own = cancel.noun.join(' ');
  const read = poll.noun.join(' ');
  if (own === read) return `on the same ${own}`;
  const last = poll.noun.at(-1) ?? '';
  if (poll.noun.length > 1 && poll.noun.slice(0, -1).join(' ') === own) {
    if (last === 'status' || last === 'progress') return `on the ${own} whose ${last} the poll reads`;
    if (/^v\d+$/.test(last)) return `on the ${own} the poll reads as ${last}`;
  }
  const act = cancel.noun.at(-1) ?? '';
  // The thing read, or whose status is read (`cancelEnvironmentDeployment` beside `getEnvironmentStatus`: Qovery).
  const thing = poll.noun.length > 1 && (last === 'status' || last === 'progress') ? poll.noun.slice(0, -1) : poll.noun;
  const ofRead = cancel.noun.length === thing.length + 1 && cancel.noun.slice(0, -1).join(' ') === thing.join(' ');
  return startVerb !== null && ofRead && namesAct(act, startVerb) ? `on the ${act} of the ${thing.join(' ')}, the start's own act` : null;
}

/** `creation` of `create`, `deployment` of `deploy`: the verb's stem (a final `e` dropped) with a noun's ending. */
function namesAct(word: string, verb: string): boolean {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  return stem.length >= 3 && (word === `${stem}ion` || word === `${stem}ment` || word === `${verb}ment`);
}
