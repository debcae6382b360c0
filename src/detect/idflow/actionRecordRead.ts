/**
 * A read of the action itself, the start's verb as its noun: Redshift's `ResizeCluster(ClusterIdentifier)` →
 * `DescribeResize(ClusterIdentifier)`, whose status says how the latest resize of that cluster is going. AWS names
 * the record an action leaves on a resource after the action, and keys it by the resource's own id, the one the
 * start requires: no id of the action's own is handed out, so the RPC pair shares no noun but the resource's.
 * Id flow (idFlowJobs.ts) still asks the read to report a job's status.
 */
import type { OperationName } from '../read/operationNames.js';
import { endsWithNoun } from './rpcNounHead.js';

/** The poll's whole noun is the start's verb, and the id the start requires names the start's own noun. */
export function readsActionOf(idNoun: readonly string[], start: OperationName | null, poll: OperationName | null): boolean {
  if (!start || !poll || idNoun.length === 0) return false;
  return poll.noun.length === 1 && poll.noun[0] === start.verb && endsWithNoun(start.noun, idNoun);
}
