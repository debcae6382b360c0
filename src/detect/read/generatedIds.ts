/**
 * An operationId a generator made unique by appending the route, read as the handler's name it was made from.
 * FastAPI's `generate_unique_id` (its default for every route without an id of its own) writes the handler's name and
 * the path with every non-word character `_`, then `_` and the method: `get_job` at `GET /jobs/{job_id}` becomes
 * `get_job_jobs__job_id__get`. The appended route says nothing the operation's own path and method do not, and in a
 * name it reads as nouns (`start_task_ScheduledTasks_Running__taskId__post` would name a start of a task running task
 * id post). Only the exact route of the operation itself is cut, so no other name changes.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from './nameTokens.js';

export function handlerName(operationId: string, path: string, method: string): string {
  const route = `${path.split('#')[0]!.replace(/\W/g, '_')}_${method.toLowerCase()}`;
  return operationId.length > route.length && operationId.endsWith(route) ? operationId.slice(0, -route.length) : operationId;
}

/**
 * An operationId spelled from the method and the path and nothing else (`put-v1-companies-company_id-payrolls-payroll_id-calculate`
 * at `PUT /v1/companies/{company_id}/payrolls/{payroll_id}/calculate`, as Gusto's and other generated documents
 * name every operation): it says no more than the method and path, and read as a name its verb is the method (`put`),
 * so the operation is read as if it had none (operationNames.ts reads its summary, else its path). `api` and a
 * version may stand in it where the path has none, a server's base path the id kept (GitLab's `postApiV4ProjectsIdExport`).
 */
export function spellsMethodAndPath(operationId: string, path: string, method: string): boolean {
  const words = nameTokens(operationId);
  if (words.length < 2 || words[0] !== method.toLowerCase()) return false;
  const segments = path
    .split('#')[0]!
    .split('/')
    .filter((s) => s !== '');
  const params = segments.filter((s) => s.includes('{')).map((s) => nameTokens(s));
  const statics = segments.filter((s) => !s.includes('{')).flatMap((s) => nameTokens(s));
  const pathWords = new Set([...statics, ...params.flat()]);
  const own = new Set(words.slice(1));
  // The id is the path spelled out: each of its words the path's, each static word of the path in it, and a parameter
  // too where there is one, as no name a person wrote does (`getUsers` at `GET /users` names the call; the
  // `GetPipeline` of `GET /…/osis/getPipeline/{PipelineName}` leaves out `osis`).
  return (
    words.slice(1).every((w) => pathWords.has(w) || BASE_WORDS.test(w)) &&
    statics.every((w) => own.has(w) || BASE_WORDS.test(w)) &&
    params.some((p) => p.every((w) => own.has(w)))
  );
}
/** What a server's base path adds (`/api/v4`): the API and its version. */
const BASE_WORDS = /^(?:api|v\d+)$/;

/**
 * The operation's name as its author wrote the handler: its operationId without a generated route (handlerName), or
 * none where the id only spells the method and the path (spellsMethodAndPath).
 */
export function operationIdName(op: Operation): string | undefined {
  if (op.operationId === undefined || op.operationId === null) return undefined;
  let name = NAMES.get(op);
  if (name === undefined) {
    name = spellsMethodAndPath(op.operationId, op.path, op.method) ? null : handlerName(op.operationId, op.path, op.method);
    NAMES.set(op, name);
  }
  return name ?? undefined;
}

/** Asked of both sides of every pair id flow weighs: once per operation (null: the id names nothing). */
const NAMES = new WeakMap<Operation, string | null>();
