/**
 * Cancel and result operations mounted on a job resource. A cancel is a verb sub-resource
 * (`/cancel`, `:cancel`, `/stop`, ...), or that verb said of the item's own noun (`/jobs/{jobName}/cancelJob`,
 * `/pipelines/{pipeline_uuid}/stopPipeline`), a POST on the item whose name says cancel, or a DELETE that the
 * contract shows to be a cancel (it answers the job itself and the job can end cancelled, or it is named
 * so, or its operation's verb is a cancel verb). A plain DELETE that removes the resource is never a cancel.
 */
import type { HttpMethod, Operation } from '../../model/ir.js';
import type { CanonicalState, JobOperationLink } from '../../model/jobs.js';
import { operationKey } from '../../model/operationKey.js';
import type { CancelFound } from '../detectTypes.js';
import { isAzureLro } from '../marked/azureLroStart.js';
import { nameTokens } from '../read/nameTokens.js';
import {
  lastPathSegment,
  type OperationIndex,
  pathParams,
  splitPath,
  successResponses,
  successSchema,
  toOperationRef,
} from '../read/operationIndex.js';
import { operationName, singular } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { CANCEL_VERBS, CANCEL_WORDS_IN_TEXT, RESULT_SEGMENTS } from '../read/signalWords.js';

const CANCEL_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** `/cancel`, `:cancel`, `/abort`, …: each verb as a sub-resource, then as a custom method, best verb first. */
const CANCEL_SUFFIXES = CANCEL_VERBS.flatMap((verb) => ['/', ':'].map((sep) => ({ verb, suffix: `${sep}${verb}` })));
const RESULT_SUFFIXES = RESULT_SEGMENTS.map((seg) => `/${seg}`);

/** The item path a poll operation addresses (`/backup/{jobId}/pending` → `/backup/{jobId}`). */
export function jobItemPath(pollPath: string, idParam: string): string {
  const { pathname, query } = splitPath(pollPath);
  const i = pathname.indexOf(`{${idParam}}`);
  return i < 0 ? pollPath : pathname.slice(0, i + idParam.length + 2) + query;
}

export function findCancel(
  item: string,
  poll: Operation,
  link: JobOperationLink,
  index: OperationIndex,
  reader: SchemaReader,
  states: Record<string, CanonicalState>,
): CancelFound | null {
  const verbOps: Array<{ op: Operation; verb: string; said?: string }> = [];
  for (const { verb, suffix } of CANCEL_SUFFIXES) {
    // An Azure LRO (`…/stop`, `…/powerOff`) starts work of its own: a job start, never another job's cancel. A marked
    // `…/cancel` too (Data Lake Analytics `CancelJob`): linked, it would lose its start (an operation plays one role,
    // detectJobs.ts withoutRoleClashes), and every marked operation is a start, as AutoRest makes it.
    for (const op of index.under(item, suffix)) if (CANCEL_METHODS.includes(op.method) && !isAzureLro(op)) verbOps.push({ op, verb });
  }
  if (verbOps.length === 0) verbOps.push(...verbOfItemOps(item, index));
  if (verbOps.length === 0) verbOps.push(...verbBeforeIdOps(item, link.idParam, index));
  if (verbOps.length === 0) verbOps.push(...cancelNamedParts(item, index));
  if (verbOps.length > 0) {
    const [first, ...rest] = verbOps;
    return make(
      first!.op,
      first!.said === undefined
        ? `${operationKey(first!.op)} (\`${first!.verb}\` on the job)`
        : `${operationKey(first!.op)} (\`${first!.said}\`: \`${first!.verb}\` said of the job's own noun)`,
      rest.map((r) => r.op),
    );
  }
  const pollFp = reader.fingerprint(successSchema(poll));
  // A read below the item (`GET …/{id}/restore`, the restore's run) is cancelled at its own path first
  // (`DELETE …/{id}/restore`), not at the item, whose DELETE ends another run (Weaviate's backup itself).
  const below = splitPath(poll.path).pathname !== splitPath(item).pathname ? index.at(poll.path) : [];
  for (const op of [...below, ...index.at(item)]) {
    if (op === poll || isAzureLro(op)) continue;
    // An operationId's words apart (`cancelJob` → `cancel Job`), so that the text's verb is read as a word.
    const named = CANCEL_WORDS_IN_TEXT.test(`${(op.operationId ?? '').replace(/([a-z0-9])([A-Z])/g, '$1 $2')} ${op.summary ?? ''}`);
    if (op.method === 'POST' && named) return make(op, `${operationKey(op)} is named a cancel`, []);
    const canEndCancelled = Object.values(states).includes('cancelled');
    const verb = cancelVerbOf(op);
    // Without an operationId the name was read from the summary or the path (contractName.ts): say which.
    const by = op.operationId ?? `by its ${operationName(op)?.from ?? 'name'}`;
    // A POST on the job whose own name's verb is a cancel verb (AWS Backup's `StopBackupJob` at
    // `POST /backup-jobs/{backupJobId}`), on a job that can end cancelled: as the DELETE below.
    if (op.method === 'POST' && canEndCancelled && verb !== null)
      return make(op, `${operationKey(op)} is named ${by} (verb ${verb}) and the job can end cancelled`, []);
    if (op.method !== 'DELETE') continue;
    const answersJob = pollFp !== '' && reader.fingerprint(successSchema(op)) === pollFp;
    if (answersJob && (named || canEndCancelled)) {
      return make(op, `DELETE ${op.path} answers the job itself${named ? ' and is named a cancel' : ', which can end cancelled'}`, []);
    }
    // A body-less DELETE whose name says cancel (`Cancel or delete a task`) on a job that can end cancelled.
    if (named && canEndCancelled && successSchema(op) === undefined) {
      return make(op, `DELETE ${op.path} is named a cancel and the job can end cancelled`, []);
    }
    // A DELETE whose own name's verb is a cancel verb (EMR Serverless `CancelJobRun` on the job run), whatever it
    // answers, on a job that can end cancelled: the contract names the call for what it does to the job.
    if (verb !== null && canEndCancelled) {
      return make(op, `DELETE ${op.path} is named ${by} (verb ${verb}) and the job can end cancelled`, []);
    }
  }
  return null;

  function make(op: Operation, why: string, alternatives: Operation[]): CancelFound {
    const carry = link.carry.filter((c) => pathParams(op.path).includes(c.param));
    // The cancel's own name for the id, at the id's place below the same item (`{workflow_execution.workflow_id}`
    // where the read says `{execution.workflow_id}`: grpc-gateway names each route's parameter by its own message).
    const at = pathParams(item).indexOf(link.idParam);
    const own = at >= 0 && (link.idIn ?? 'path') === 'path' ? pathParams(op.path)[at] : undefined;
    return {
      op,
      link: { op: toOperationRef(op), idParam: own ?? link.idParam, carry },
      why,
      accepted: successResponses(op).some((r) => r.status === '202'),
      alternatives,
    };
  }
}

/** The cancel verb an operation's own name starts with (`StopBackupJob` → `stop`), else null. */
function cancelVerbOf(op: Operation): string | null {
  const verb = operationName(op)?.verb;
  return verb !== undefined && CANCEL_VERBS.includes(verb) ? verb : null;
}

/**
 * A cancel verb said of the item's own noun, as the last segment below it: `/jobs/{jobName}/cancelJob` (Azure Media
 * Services), `/pipelines/{pipeline_uuid}/stopPipeline` (Bitbucket). The noun is the collection's the item is read
 * from, made singular; best verb first, as the bare suffixes are.
 */
function verbOfItemOps(item: string, index: OperationIndex): Array<{ op: Operation; verb: string; said: string }> {
  const segments = splitPath(item).pathname.split('/');
  if (!/^\{[^{}]+\}$/.test(segments.at(-1) ?? '')) return [];
  const noun = nameTokens(segments.at(-2) ?? '').map(singular);
  if (noun.length === 0) return [];
  const out: Array<{ op: Operation; verb: string; said: string }> = [];
  for (const verb of CANCEL_VERBS) {
    const said = [verb, ...noun].join(' ');
    for (const op of index.children(item)) {
      if (!CANCEL_METHODS.includes(op.method) || isAzureLro(op)) continue;
      const last = splitPath(op.path).pathname.split('/').at(-1) ?? '';
      if (nameTokens(last).join(' ') === said) out.push({ op, verb, said: last });
    }
  }
  return out;
}

/**
 * A cancel verb before the job's own id, in place of the item's noun or after it: Reducto's `POST /cancel/{job_id}`
 * beside `GET /job/{job_id}`, or `POST /jobs/cancel/{job_id}` (the verb-first layout of infixAction.ts). The id is the
 * job's by its very name: the same parameter ends both paths, and nothing else is asked.
 */
function verbBeforeIdOps(item: string, idParam: string, index: OperationIndex): Array<{ op: Operation; verb: string }> {
  const segments = splitPath(item).pathname.split('/');
  if (segments.at(-1) !== `{${idParam}}` || segments.length < 3) return [];
  const prefix = segments.slice(0, -2).join('/');
  const noun = segments.at(-2)!;
  if (noun.includes('{')) return [];
  const out: Array<{ op: Operation; verb: string }> = [];
  for (const verb of CANCEL_VERBS)
    for (const path of [`${prefix}/${verb}/{${idParam}}`, `${prefix}/${noun}/${verb}/{${idParam}}`])
      for (const op of index.at(path))
        if (CANCEL_METHODS.includes(op.method) && !isAzureLro(op) && pathParams(op.path).join() === pathParams(item).join())
          out.push({ op, verb });
  return out;
}

/**
 * A DELETE of the job item's record of its operation under way, whose own name says cancel: IBM Cloud's `DELETE
 * /v2/resource_instances/{id}/last_operation` (`cancel_lastop_resource_instance`, "Cancel the in progress last
 * operation of the resource instance"): removing the operation under way is cancelling it. Only a part named as the
 * item's operation (`last_operation`, as lastOperationStarts.ts reads `last…Operation`): Crunchy Bridge's `DELETE
 * /clusters/{id}/upgrade` cancels an upgrade, another work than the making. Only the word `cancel` itself,
 * nothing asked beyond the item's own, and not a POST to an action (`…/cancelSync` cancels a sync the item runs).
 */
function cancelNamedParts(item: string, index: OperationIndex): Array<{ op: Operation; verb: string }> {
  const params = pathParams(item).join();
  return index
    .children(item)
    .filter((op) => op.method === 'DELETE' && !isAzureLro(op) && pathParams(op.path).join() === params)
    .filter((op) => operationName(op)?.verb === 'cancel' && nameTokens(lastPathSegment(op.path)).at(-1) === 'operation')
    .map((op) => ({ op, verb: 'cancel' }));
}

/** A GET result sub-resource of the job (`/results`, `/content`, `/output_items`). */
export function findResultOperation(
  item: string,
  link: JobOperationLink,
  index: OperationIndex,
): { op: Operation; link: JobOperationLink } | null {
  for (const suffix of RESULT_SUFFIXES) {
    const op = index.under(item, suffix, 'GET')[0];
    if (!op) continue;
    const carry = link.carry.filter((c) => pathParams(op.path).includes(c.param));
    return { op, link: { op: toOperationRef(op), idParam: link.idParam, carry } };
  }
  return null;
}
