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

/** The operation's name as its author wrote the handler: its operationId without a generated route (handlerName). */
export function operationIdName(op: Operation): string | undefined {
  if (op.operationId === undefined || op.operationId === null) return undefined;
  let name = NAMES.get(op);
  if (name === undefined) {
    name = handlerName(op.operationId, op.path, op.method);
    NAMES.set(op, name);
  }
  return name;
}

/** Asked of both sides of every pair id flow weighs: once per operation. */
const NAMES = new WeakMap<Operation, string>();
