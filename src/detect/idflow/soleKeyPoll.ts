/**
 * Convention: a read whose one input is the id the start answers asks for that one thing, even where the contract
 * marks the input optional. API Gateway exports every query parameter optional unless a request validator says
 * otherwise: DeepArt Effects' `POST /noauth/upload` answers `submissionId`, and `GET /noauth/result?submissionId=`,
 * which takes nothing else, answers that submission's `status` (`new`, `processing`, `finished`, `error`). Neither
 * operation has a name, so nothing but the id's own name links them; a read that takes no other input has nothing
 * else its one parameter could narrow, and the read answers one document (idFlowJobs.ts refuses a list's items).
 *
 * Only a specific id (`submissionId`, not a bare `id`) under the very name the start answers it, at the top of the
 * answer, and not one the start takes itself (then it names something that exists); only in the query, where a
 * contract may leave it optional (a path parameter is required, and its item read is another rule's); and only
 * where one read alone takes that name: GraphHopper's `jobId` is read at `/vrp/solution/{jobId}`,
 * `/matrix/solution/{jobId}` and `/cluster/solution/{jobId}`, and the name does not say which job it is.
 */
import type { Operation } from '../../model/ir.js';
import { pushTo } from '../read/multiMap.js';
import { BARE_IDS, isIdName, norm, type OperationInput } from '../read/operationInputs.js';

/** Reads by the normalised name of their one input, when that input is a specific id in the query that no other such read takes. */
export type SoleKeyPolls = Map<string, Array<{ op: Operation; input: OperationInput }>>;

export function soleKeyPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
): SoleKeyPolls {
  const out: SoleKeyPolls = new Map();
  for (const op of ops) {
    if (op.method !== 'GET' || !mayPoll(op)) continue;
    const inputs = inputsOf(op);
    if (inputs.length !== 1) continue;
    const input = inputs[0]!;
    if (input.in !== 'query' || input.list || input.filter || !isIdName(input.name) || BARE_IDS.has(norm(input.name))) continue;
    pushTo(out, norm(input.name), { op, input });
  }
  // An id name several reads take alone (`jobId` of a route job, a matrix job, a cluster job) does not say which.
  for (const [key, reads] of out) if (reads.length > 1) out.delete(key);
  return out;
}

/** The reads keyed by one of the start's top-level answer fields under its very name, with that field. */
export function soleKeyPollsOf(
  start: Operation,
  answered: ReadonlyArray<string>,
  polls: SoleKeyPolls,
  inputsOf: (op: Operation) => OperationInput[],
): Array<{ op: Operation; input: OperationInput; field: string }> {
  const own = new Set(inputsOf(start).map((i) => norm(i.name)));
  return answered.flatMap((field) => {
    if (field.includes('.') || own.has(norm(field))) return [];
    return (polls.get(norm(field)) ?? []).filter((p) => p.op !== start).map((p) => ({ ...p, field }));
  });
}
