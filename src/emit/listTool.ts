/**
 * The plain tool that lists a family's upstream jobs, if the contract has one: the REST collection the jobs
 * live in. When a start's outcome is unknown and the API has no idempotency key, the runtime names this
 * tool so the agent can find the job before starting it again (JobFamilySpec.listTool).
 *
 * The collection is, in order: the parent of the linked poll operation's path (`GET /batches/{batch_id}` →
 * `GET /batches`), else the path of a start that creates by POST on a collection (`POST /batches` →
 * `GET /batches`; not `POST /v1/{parent}:verb`, not `PUT /disks/{name}`).
 */
import { isOperationLink, type JobFamily } from '../model/jobs.js';
import type { PlannedOperation } from './toolPlan.js';

function withoutQuery(path: string): string {
  const at = path.indexOf('?');
  return at < 0 ? path : path.slice(0, at);
}

/** `/a/{id}` → `/a`; null when the last segment is not a lone template (`/a/{id}:cancel`, `/a/b`). */
export function parentCollection(path: string): string | null {
  const match = /^(.*)\/\{[^}/]+\}$/.exec(withoutQuery(path));
  return match?.[1] ? match[1] : null;
}

/** A POST start whose last segment is a literal name (a collection), not a template or a `:verb`. */
export function startCollection(method: string, path: string): string | null {
  const clean = withoutQuery(path);
  const last = clean.split('/').pop() ?? '';
  if (method.toUpperCase() !== 'POST' || last === '' || last.includes('{') || last.includes(':')) return null;
  return clean;
}

export function findListTool(family: JobFamily, operations: readonly PlannedOperation[]): string | null {
  const candidates: string[] = [];
  if (isOperationLink(family.poll)) {
    const parent = parentCollection(family.poll.op.path);
    if (parent) candidates.push(parent);
  }
  for (const start of family.start) {
    const collection = startCollection(start.op.method, start.op.path);
    if (collection) candidates.push(collection);
  }
  if (candidates.length === 0) return null;
  const lists = listsByPath(operations);
  for (const path of candidates) {
    const list = lists.get(path);
    if (list !== undefined) return list;
  }
  return null;
}

const listsCache = new WeakMap<readonly PlannedOperation[], Map<string, string>>();

/** Path (without query) → the first plain GET tool at it, per plan: one pass, not one per family and candidate. */
function listsByPath(operations: readonly PlannedOperation[]): Map<string, string> {
  let lists = listsCache.get(operations);
  if (lists === undefined) {
    lists = new Map();
    for (const p of operations) {
      if (p.role !== 'tool' || p.op.method !== 'GET') continue;
      const path = withoutQuery(p.op.path);
      if (!lists.has(path)) lists.set(path, p.tool);
    }
    listsCache.set(operations, lists);
  }
  return lists;
}
