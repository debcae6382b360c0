/**
 * A verb one static segment below an item brings up something of that item, and the item's own read reports it:
 * DataBrew's `PUT /projects/{name}/startProjectSession` is followed at `GET /projects/{name}`, whose `SessionStatus`
 * goes INITIALIZING → PROVISIONING → READY. REST's layout says whose the path parameter is (the item's, RFC 3986
 * hierarchy), and the verb that the item's thing is brought up in place (`start`, `enable`, `activate`, `deploy`).
 *
 * When the start's noun has words the item's read does not (`project session` against `project`), the status the
 * read answers must name them (`SessionStatus`): the project's own `Status` says how the project is, not whether the
 * session it started is up. idFlowJobs.ts weighs what this offers as any request-flow candidate (`atItem`).
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { OperationIndex } from '../read/operationIndex.js';
import { splitPath } from '../read/operationIndex.js';
import type { OperationInput } from '../read/operationInputs.js';
import { type OperationName, singular } from '../read/operationNames.js';
import { STATUS_SEGMENTS } from '../read/resourcePath.js';

/** Verbs that bring up the thing they act on in place (idFlowJobs.ts's UP_IN_PLACE). */
const IN_PLACE = new Set(['start', 'enable', 'activate', 'deploy']);

/** The GET of the item `start` acts on, one literal segment below it, with the path parameter that names it. */
export function itemActedOn(
  start: Operation,
  name: OperationName | null,
  index: OperationIndex,
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
): Array<{ op: Operation; input: OperationInput }> {
  if (!name || !IN_PLACE.has(name.verb)) return [];
  const segments = splitPath(start.path).pathname.replace(/\/$/, '').split('/');
  const param = /^\{([^{}]+)\}$/.exec(segments.at(-2) ?? '')?.[1];
  if (param === undefined || !/^[A-Za-z][\w-]*$/.test(segments.at(-1)!)) return [];
  const item = segments.slice(0, -1).join('/');
  // The item's read, or the read of its status beside it (`POST /environment/{id}/deploy` → `GET
  // /environment/{id}/status`: Qovery), which exists only to say how the item's work stands (statusSubresource.ts).
  return [...index.at(item, 'GET'), ...STATUS_SEGMENTS.flatMap((word) => index.at(`${item}/${word}`, 'GET'))]
    .filter(mayPoll)
    .flatMap((op) => {
      const input = inputsOf(op).find((i) => i.in === 'path' && i.required && i.name === param);
      return input ? [{ op, input }] : [];
    });
}

/**
 * The status the item's read answers is that of what the start brings up: the start's noun is the read's, or the
 * status field names the start's own words (`StartProjectSession` → `SessionStatus`).
 */
export function statusOfActedOn(start: OperationName | null, poll: OperationName | null, statusField: string): boolean {
  if (!start || !poll) return false;
  const extra = start.noun.filter((w) => !poll.noun.includes(w));
  const fieldWords = new Set(statusField.split('.').flatMap((p) => nameTokens(p).map(singular)));
  return extra.every((w) => fieldWords.has(w));
}
