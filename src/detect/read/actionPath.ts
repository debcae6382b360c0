/**
 * A call whose path names its own action (`POST /createReplicationSet`, `GET /getReplicationSet#arn`,
 * `POST /S3Outposts/CreateEndpoint`, `POST /associateresourceshare`): the REST-JSON services AWS models as RPC
 * give each action a path of its own name. Such a path holds no collection and no item to relate one call to
 * another, so a pair of them is weighed as an RPC pair (`/#X-Amz-Target=Service.Op`): by names and data alone.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from './nameTokens.js';
import { splitPath } from './operationIndex.js';
import { rpcAction } from './operationNames.js';
import { memoByString } from './readerMemo.js';

const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The path's last segment spells the operationId (case and separators aside), and the path takes no parameter. */
export function pathNamesAction(op: Operation): boolean {
  return op.operationId !== undefined && op.operationId !== null && namesAction(`${op.operationId}\n${op.path}`);
}

/** Asked of both sides of every pair id flow weighs: once per operationId and path. */
const namesAction = memoByString((key: string): boolean => {
  const at = key.indexOf('\n');
  const id = key.slice(0, at);
  const path = splitPath(key.slice(at + 1)).pathname.split('#')[0]!;
  // A verb and a noun at least: `POST /search` (`search`) names no thing the call acts on.
  if (path.includes('{') || nameTokens(id).length < 2) return false;
  const last = path.split('/').at(-1) ?? '';
  return last !== '' && letters(last) === letters(id);
});

/** An RPC call: an RPC path (`/#X-Amz-Target=…`, `/#Action=…`) or a path that names its action. */
export const isRpcCall = (op: Operation): boolean => rpcAction(op.path) !== null || pathNamesAction(op);
