/**
 * A call whose path names its own action (`POST /createReplicationSet`, `GET /getReplicationSet#arn`,
 * `POST /S3Outposts/CreateEndpoint`, `POST /associateresourceshare`): the REST-JSON services AWS models as RPC
 * give each action a path of its own name. Such a path holds no collection and no item to relate one call to
 * another, so a pair of them is weighed as an RPC pair (`/#X-Amz-Target=Service.Op`): by names and data alone.
 */
import type { Operation } from '../../model/ir.js';
import { operationIdName } from './generatedIds.js';
import { nameTokens } from './nameTokens.js';
import { splitPath } from './operationIndex.js';
import { rpcAction } from './operationNames.js';

const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The path's last segment spells the operationId (case and separators aside), and the path takes no parameter. */
export function pathNamesAction(op: Operation): boolean {
  const id = operationIdName(op);
  if (id === undefined) return false;
  let known = NAMES_ACTION.get(op);
  if (known === undefined) {
    known = namesAction(id, op.path);
    NAMES_ACTION.set(op, known);
  }
  return known;
}

/**
 * Asked of both sides of every pair id flow weighs (graph-beta: millions of times): once per operation. Kept by the
 * operation, not by a string of its id and path, which would be built and hashed anew at each asking.
 */
const NAMES_ACTION = new WeakMap<Operation, boolean>();

function namesAction(id: string, address: string): boolean {
  const path = splitPath(address).pathname.split('#')[0]!;
  // A verb and a noun at least: `POST /search` (`search`) names no thing the call acts on.
  if (path.includes('{') || nameTokens(id).length < 2) return false;
  const last = path.split('/').at(-1) ?? '';
  return last !== '' && letters(last) === letters(id);
}

/** An RPC call: an RPC path (`/#X-Amz-Target=…`, `/#Action=…`) or a path that names its action. */
export const isRpcCall = (op: Operation): boolean => rpcAction(op.path) !== null || pathNamesAction(op);
