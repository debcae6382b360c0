/**
 * A start answered `303 See Other`: "the server is redirecting the user agent to a different resource, as indicated
 * by a URI in the Location header field, which is intended to provide an indirect response to the original request"
 * (RFC 9110 §15.4.4). Jira's asynchronous operations answer 303 and the Location is the task that reports how far
 * the work got ("Follow the `location` link in the response to determine the status of the task and use
 * [Get task](#api-rest-api-3-task-taskId-get) to obtain subsequent updates").
 *
 * The Location carries no id a contract could name, so which GET it leads to is read from what the contract says of
 * it: the document the 303 declares is the one exactly one GET answers (the same schema at both ends), or the
 * operation the start's description links (describedOperations.ts). The runtime follows the redirect, and polls the
 * URL it landed on (jobs/startRecord.ts: a 303 hop is where to look next).
 */
import type { Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { describedOperations } from '../read/describedOperations.js';
import { responseSchema, successSchema } from '../read/operationIndex.js';

/** The GET a start's 303 leads to, or null: no 303, or nothing (or more than one thing) the contract says it leads to. */
export function seeOtherPoll(
  start: Operation,
  ctx: DetectContext,
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
): Operation | null {
  if (start.method === 'GET') return null;
  const seeOther = start.responses.find((r) => r.status === '303');
  if (seeOther === undefined) return null;
  const gets = (op: Operation) => op.method === 'GET' && op !== start && mayPoll(op);
  const declared = ctx.reader.resolve(responseSchema(seeOther));
  if (declared !== undefined) {
    const same = (readsByAnswer(ops, ctx).get(declared) ?? []).filter(gets);
    if (same.length === 1) return same[0]!;
  }
  const linked = describedOperations(`${start.description ?? ''}\n${seeOther.description ?? ''}`, ops).filter(gets);
  return linked.length === 1 ? linked[0]! : null;
}

/** The GETs of an operation list by the schema object they answer, built once per list: a contract may hold thousands of 303 starts. */
const byAnswer = new WeakMap<readonly Operation[], Map<object, Operation[]>>();

function readsByAnswer(ops: readonly Operation[], ctx: DetectContext): Map<object, Operation[]> {
  let index = byAnswer.get(ops);
  if (!index) {
    index = new Map();
    for (const op of ops) {
      if (op.method !== 'GET') continue;
      const answer = ctx.reader.resolve(successSchema(op));
      if (answer === undefined) continue;
      const list = index.get(answer);
      if (list) list.push(op);
      else index.set(answer, [op]);
    }
    byAnswer.set(ops, index);
  }
  return index;
}
