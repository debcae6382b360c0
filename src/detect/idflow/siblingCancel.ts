/**
 * A sibling-verb cancel of an id-flow job (issue 24): `StopQueryExecution`, `CancelExportTask` beside
 * `GetQueryExecution`, taking the same id the same way.
 */
import type { Operation } from '../../model/ir.js';
import type { IdempotencyParam, JobOperationLink } from '../../model/jobs.js';
import { byOperationKey } from '../../model/operationKey.js';
import { cancelAsks } from '../cancelInputs.js';
import { nameTokens } from '../read/nameTokens.js';
import { toOperationRef } from '../read/operationIndex.js';
import { ID_TOKENS, norm, type OperationInput } from '../read/operationInputs.js';
import { type OperationName, STOP_VERBS, singular } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { cancelsNoun } from './cancelNoun.js';

/** Where a cancel is looked for: the operations, which are free to take, and how each is named and what it takes. */
export interface CancelScope {
  ops: readonly Operation[];
  isFree: (op: Operation) => boolean;
  nameOf: (op: Operation) => OperationName | null;
  inputsOf: (op: Operation) => OperationInput[];
  /** The operation's own idempotency token (marked/startSignals.ts findIdempotency), which the runtime fills. */
  idempotencyOf: (op: Operation) => IdempotencyParam | null;
  /** Reads the schemas of what a cancel requires beyond the job, to ask the agent for it (cancelInputs.ts). */
  reader: SchemaReader;
}

/**
 * `Stop|Cancel|Abort|Terminate <noun>` of the poll's noun, taking the same id the same way, needing nothing more than
 * the job carries or the server supplies itself: a constant the contract fixes (`?operation=stop`), or the cancel's
 * own idempotency token (`ClientRequestToken`, which SageMaker's `StopPipelineExecution` requires), sent derived from
 * the job so that asking twice is one cancel (runtime jobs/pollRequest.ts); or the agent gives it when it cancels,
 * a value it can say without looking anything up (Batch `CancelJob`'s `reason`: cancelInputs.ts, which asks it).
 */
export function siblingCancel(
  poll: Operation,
  pollName: OperationName | null,
  idInput: OperationInput,
  scope: CancelScope,
  carry: JobOperationLink['carry'],
  verbs: readonly string[] = STOP_VERBS,
  /** The start's verb, where a cancel may name the start's own act on the thing (`CancelImageCreation`: cancelNoun.ts). */
  startVerb: string | null = null,
): { op: Operation; link: JobOperationLink; why: string; accepted: boolean; alternatives: Operation[] } | null {
  if (!pollName) return null;
  const { ops, isFree, nameOf, inputsOf, idempotencyOf, reader } = scope;
  // A filter's id (`replication-task-arn`) is a plain field of the cancel (`StopReplicationTask {ReplicationTaskArn}`).
  const idName = norm(idInput.filter ? idInput.filter.name : idInput.name);
  // A poll asked by a list of ids (`BatchGetBuilds {ids}`) takes the job's id as the list's one item; the cancel
  // takes that one id (`StopBuild {id}`), under the name the list lists (operationInputs.ts `list.idName`).
  // The id named with the thing's whole noun is the same id (Glue's `GetJobRun {RunId}` reads a job run, and
  // `BatchStopJobRun {JobRunIds}` lists `JobRunId`s); a cancel that lists ids takes the job's as the only one.
  const qualified = nounQualifiedId(idInput.name, pollName.noun);
  const idNames = new Set([idName, ...(idInput.list ? [norm(idInput.list.idName)] : []), ...(qualified ? [qualified] : [])]);
  const takesId = (i: OperationInput) => idNames.has(norm(i.name)) || (i.list !== undefined && idNames.has(norm(i.list.idName)));
  // Each match with what was read of it on the way, so the chosen one's link and evidence are not read again.
  const found: Array<{ op: Operation; id: OperationInput; token: IdempotencyParam | null; why: string; rank: number }> = [];
  for (const op of ops) {
    if (op === poll || op.method === 'GET' || !isFree(op)) continue;
    const n = nameOf(op);
    const said = n && verbs.includes(n.verb) ? cancelsNoun(n, pollName, startVerb) : null;
    if (said === null) continue;
    const theirs = inputsOf(op);
    const id = theirs.find(takesId);
    if (!id) continue;
    const token = idempotencyOf(op);
    const supplied = (i: OperationInput) =>
      i === id ||
      i.fixed === true ||
      (token !== null && i.in === token.in && i.name === token.name) ||
      carry.some((c) => norm(c.param) === norm(i.name));
    const rest = theirs.filter((i) => i.required && !supplied(i));
    if (rest.length === 0 || 'asked' in cancelAsks(rest, op, reader))
      found.push({ op, id, token, why: `sibling verb ${n!.verb} ${said}`, rank: verbs.indexOf(n!.verb) });
  }
  // Batch has `CancelJob` and `TerminateJob`: the first verb of `verbs` wins, then the operation key, so the
  // choice never rests on the order the contract lists its operations in.
  found.sort((a, b) => a.rank - b.rank || byOperationKey(a.op, b.op));
  const chosen = found[0];
  if (!chosen) return null;
  const { op, id, token, why } = chosen;
  const theirCarry = carry.filter((c) => inputsOf(op).some((i) => norm(i.name) === norm(c.param)));
  return {
    op,
    link: {
      op: toOperationRef(op),
      idParam: id.name,
      idIn: id.in,
      ...(id.list && id.in === 'body' ? { idList: true as const } : {}),
      carry: theirCarry,
      ...(token ? { idempotency: token } : {}),
    },
    why,
    accepted: op.responses.some((r) => r.status === '202'),
    alternatives: found.slice(1).map((f) => f.op),
  };
}

/**
 * `RunId` of a poll whose noun is `job run`, named with the whole noun: `jobrunid` (normalised); null where the id's
 * own words are not the noun's last ones (`ExportTaskId` of `export image task`) or already name all of it.
 */
export function nounQualifiedId(idName: string, noun: readonly string[]): string | null {
  const tokens = nameTokens(idName.split('.').at(-1) ?? '');
  const last = tokens.at(-1);
  if (last === undefined || !ID_TOKENS.has(last) || tokens.length < 2) return null;
  const head = tokens.slice(0, -1).map(singular);
  if (noun.length <= head.length || !head.every((t, i) => t === noun[noun.length - head.length + i])) return null;
  return norm([...noun, last].join(''));
}
