/**
 * An operationId a generator made unique by appending the route, read as the handler's name it was made from.
 * FastAPI's `generate_unique_id` (its default for every route without an id of its own) writes the handler's name and
 * the path with every non-word character `_`, then `_` and the method: `get_job` at `GET /jobs/{job_id}` becomes
 * `get_job_jobs__job_id__get`. The appended route says nothing the operation's own path and method do not, and in a
 * name it reads as nouns (`start_task_ScheduledTasks_Running__taskId__post` would name a start of a task running task
 * id post). Only the exact route of the operation itself is cut, so no other name changes.
 */
import type { Operation } from '../../model/ir.js';

export function handlerName(operationId: string, path: string, method: string): string {
  const route = `${path.split('#')[0]!.replace(/\W/g, '_')}_${method.toLowerCase()}`;
  return operationId.length > route.length && operationId.endsWith(route) ? operationId.slice(0, -route.length) : operationId;
}

/**
 * An operationId spelled from the method and the path and nothing else (`put-v1-companies-company_id-payrolls-payroll_id-calculate`
 * at `PUT /v1/companies/{company_id}/payrolls/{payroll_id}/calculate`, as Gusto's and other generated documents
 * name every operation): it says no more than the method and path, and read as a name its verb is the method (`put`),
 * so the operation is read as if it had none (operationNames.ts reads its summary, else its path). `api` may stand
 * in it where the path has none, a server's base path the id kept.
 */
export function spellsMethodAndPath(operationId: string, path: string, method: string): boolean {
  const words = operationId
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  if (words.length < 2 || words[0] !== method.toLowerCase()) return false;
  const pathWords = new Set(
    path
      .split('#')[0]!
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== ''),
  );
  return words.slice(1).every((w) => pathWords.has(w) || w === 'api');
}

/** The operation's name as its author wrote the handler: its operationId without a generated route (handlerName). */
export function operationIdName(op: Operation): string | undefined {
  if (op.operationId === undefined || op.operationId === null) return undefined;
  if (spellsMethodAndPath(op.operationId, op.path, op.method)) return undefined;
  let name = NAMES.get(op);
  if (name === undefined) {
    name = handlerName(op.operationId, op.path, op.method);
    NAMES.set(op, name);
  }
  return name;
}

/** Asked of both sides of every pair id flow weighs: once per operation. */
const NAMES = new WeakMap<Operation, string>();
