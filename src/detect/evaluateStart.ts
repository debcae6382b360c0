/**
 * Decides whether one operation starts a job: gathers its protocol signals, finds what polls it, weighs
 * the evidence, and answers a family candidate, an async hint (looked async, rejected, and why), or nothing.
 */
import type { JsonSchema, Operation } from '../model/ir.js';
import type { Confidence, ValueSource } from '../model/jobs.js';
import type { DetectContext, ResourceAssessment, StartCandidate, StartVerdict } from './detectTypes.js';
import { nameFromSchemaRef } from './familyName.js';
import { linkFieldPolls } from './idflow/linkFieldPoll.js';
import { azureLroVerdict, isAzureLro } from './marked/azureLroStart.js';
import { evaluateCloudOperationStart } from './marked/cloudOperations.js';
import { evaluateGoogleStart } from './marked/googleOperations.js';
import { monitorSources, readStartSignals, type StartSignals } from './marked/startSignals.js';
import { sameAcceptedDocument } from './read/acceptedDocument.js';
import { asyncSchema, describeOp, pathParams, pathShape, splitPath, successSchema } from './read/operationIndex.js';
import { BARE_IDS, isIdName, norm } from './read/operationInputs.js';
import { idNoun, operationName, READ_VERBS } from './read/operationNames.js';
import { pollStatusRead } from './resource/actionStatusRead.js';
import { assessJobResource, JOB_RESOURCE_THRESHOLD, RESOURCE_WEIGHTS } from './resource/assessJobResource.js';
import { clientSetsStatus } from './resource/clientSetsStatus.js';
import { editsWhatExists } from './resource/editsWhatExists.js';
import { jobItemPath } from './resource/findCompanions.js';
import { findPollOperation, type PollFound } from './resource/findPollOperation.js';
import { statusCallbackInput } from './resource/statusCallback.js';
import { urlCancel } from './resource/urlCancel.js';
import { analyzeStatusSchema, type StatusAnalysis } from './status/analyzeStatusSchema.js';
import { acceptedCreateComesUp } from './status/createComesUp.js';
import { endsWellAt } from './status/outcomeCompletes.js';
import { readsAnEnd } from './status/readsAnEnd.js';
import { lookupStateWord } from './status/stateWords.js';

export function evaluateStart(op: Operation, ctx: DetectContext): StartVerdict {
  const verdict = evaluateSignals(op, ctx);
  // `x-ms-long-running-operation` alone makes a start (src/detect/marked/azureLroStart.ts).
  return isAzureLro(op) ? azureLroVerdict(op, ctx, verdict) : verdict;
}

function evaluateSignals(op: Operation, ctx: DetectContext): StartVerdict {
  const { index, reader } = ctx;
  // AIP-151 first: an Operation-returning method is a start whatever its method and path.
  const google = evaluateGoogleStart(op, ctx);
  if (google) return google;
  // Google Cloud's older Operation resource (Compute Engine, Deployment Manager): marked/cloudOperations.ts.
  const cloud = evaluateCloudOperationStart(op, ctx);
  if (cloud) return cloud;
  // Most GETs and DELETEs answer 200/204: settle them before reading any schema (GitHub has ~700 GETs).
  if ((op.method === 'GET' || op.method === 'DELETE') && !op.responses.some((r) => r.status === '201' || r.status === '202')) return null;
  const signals = withStatusLinks(readStartSignals(op, reader), op, ctx);
  const where = describeOp(op);
  if (op.method === 'DELETE') {
    // A delete is a job only when the contract hands out a status monitor for it (Azure LRO deletes).
    if (signals.monitorHeaders.length > 0 && (signals.lro || signals.has202)) return deleteJob(op, signals, ctx);
    return signals.has202
      ? { kind: 'hint', reason: 'DELETE answering 202: the deletion finishes in the background; nothing to poll and no result' }
      : null;
  }
  const startSchema = asyncSchema(op);
  // The start's own answer is a status document only for a poll URL on a job-like body or when nothing polls
  // it: read it then (most POSTs of a large API do neither).
  const startStatus = () => analyzeStatusSchema(reader, startSchema);
  // `urls.get` is also how files and models link themselves: it is a poll URL only on a job-like body.
  const urlStart =
    (signals.has201 || signals.has202) &&
    signals.pollUrlFields.length > 0 &&
    (signals.pollUrlDescribed || startStatus().lifecycle.lifecycleLike);
  if (op.method === 'GET' && !urlStart) {
    return signals.has202 ? { kind: 'hint', reason: 'GET answering 202: the answer is being computed; repeat the same GET later' } : null;
  }
  const sources = monitorSources(signals);
  let poll = findPollOperation(op, index, reader, {
    monitorHeaders: signals.monitorHeaders,
    allowSchemaMatch: signals.has201 || signals.has202 || signals.lro,
    // A 202, or a POST to its own verb below an item (`POST …/{id}/restore` beside `GET …/{id}/restore`: Weaviate's
    // restore and its status), where the GET of that very verb reads its run.
    sameResourceGet: signals.has202 || verbBelowItem(op),
  });
  // A poll by layout whose id the answer does not give (the start's own argument, or nothing: an answered `taskId`
  // fills no `{subscriptionId}`, findPollOperation.ts genericId), while the answer hands out the handle of another
  // thing that a read takes as its own, is not where the work is read: Redis Cloud's `POST /subscriptions` and
  // `PUT …/databases/{databaseId}` answer `{taskId}`, read at `GET /tasks/{taskId}`; the item's status says where the
  // thing is, not the change. Left to id flow, which follows the handle.
  if (poll && poll.match !== 'links' && poll.idFrom === null && sources.length === 0 && answersOtherHandle(op, poll, ctx)) poll = null;
  // An action under the job's own item (`…/pipelines/{id}/retry`) acts on a job that already exists.
  if (poll && actsOnExistingJob(op, poll)) {
    return signals.has202
      ? {
          kind: 'hint',
          reason: `answers 202 Accepted, but the GET that reads its answer (${describeOp(poll.op)}) is the resource it is mounted under, not a job of its own`,
        }
      : null;
  }
  const status = poll ? analyzeStatusSchema(reader, successSchema(poll.op)) : null;
  // A GET answering an AIP-151 Operation reads operations only: a start that does not return one (a resource
  // PUT collapsed onto the same `/v1/{name}`) is no job of it. Operation-returning starts were taken above.
  if (status?.googleOperation) return null;
  // Azure ARM-style LROs: the resource GET has no job status (only `properties.provisioningState`); the
  // status monitor is the URL in the header, so poll that instead of the resource.
  // Not an Azure LRO, that GET is the very monitor the URL leads to where it answers 202 the document the start did
  // (RFC 9110 §15.3.3; Snowflake's `QueryStatus`): its item is where a cancel is (urlCancel.ts).
  let monitorCancel: ResourceAssessment | null = null;
  if (poll && poll.match !== 'links' && !status?.field && sources.length > 0 && (signals.lro || signals.has202)) {
    if (!signals.lro && sameAcceptedDocument(op, poll.op, reader)) monitorCancel = urlCancel(poll.op, {}, ctx);
    poll = null;
  }
  const evidence = protocolEvidence(signals, where);
  if (!poll || !status) {
    if (urlStart) evidence.push(urlEvidence(signals, where));
    if (evidence.length > 0 && sources.length > 0) {
      evidence.push(...(monitorCancel?.evidence ?? []));
      return candidate(op, signals, null, sources, startStatus(), startSchema, monitorCancel, evidence, 'high');
    }
    return unpolledHint(signals);
  }
  const pollSchema = successSchema(poll.op);
  // An enumerated status reads as a job's lifecycle, or as the thing the 202 create makes coming up (createComesUp.ts).
  const status202Ok =
    poll.match === 'path' &&
    status.field !== null &&
    (status.valuesFrom !== 'enum' || (status.lifecycle.lifecycleLike && endsWellAt(status)) || acceptedCreateComesUp(op, poll, status));
  if (poll.match === 'links' && status.lifecycle.lifecycleLike) evidence.push(`OpenAPI link from ${where} to ${describeOp(poll.op)}`);
  if (urlStart) evidence.push(urlEvidence(signals, where));
  if (signals.has202 && status202Ok)
    evidence.push(`${where} answers 202 Accepted; ${describeOp(poll.op)} reports its status in \`${status.field}\``);
  if (evidence.length > 0) {
    const resource = resourceOf(poll, status, ctx);
    evidence.push(...resource.evidence);
    return candidate(op, signals, poll, sources, status, pollSchema, resource, evidence, 'high');
  }

  // No protocol signal: the created resource must itself look like a job.
  // A read bound to POST (`POST /ListWorkflowStepExecutions`, AWS REST-JSON; RFC 9110 §9.3.3 lets a POST query) names
  // itself by a read verb: it creates nothing, whatever GET reads the ids in its answer.
  const name = operationName(op);
  if (name && READ_VERBS.includes(name.verb)) return null;
  // An edit of what the read reads starts nothing the read could follow (resource/editsWhatExists.ts).
  if (editsWhatExists(name)) return null;
  // A client that sends the status itself (`POST …/statuses {state}`, check runs) records state; it does not start work.
  const clientSends = status.field !== null && !status.field.includes('.') && clientSetsStatus(op, status.field, reader, pollSchema);
  if (clientSends) return unpolledHint(signals);
  const resource = resourceOf(poll, status, ctx);
  const how =
    poll.match === 'schema'
      ? `returns the schema that ${describeOp(poll.op)} reads`
      : poll.match === 'links'
        ? `links to ${describeOp(poll.op)}`
        : `creates the resource that ${describeOp(poll.op)} reads`;
  // The answer says how long the work takes and the resource it creates reports a lifecycle.
  if (signals.etaField && status.field && status.lifecycle.lifecycleLike) {
    const eta = `${where} answers \`${signals.etaField}\`: the work takes time; ${describeOp(poll.op)} reports its status in \`${status.field}\``;
    return candidate(op, signals, poll, sources, status, pollSchema, resource, [`${where} ${how}`, eta, ...resource.evidence], 'medium');
  }
  // The start asks where to report progress (statusCallback.ts): a sign of the start, so not in the poll's cached
  // assessment. Only for a lifecycle that can end well: a callback cannot tell a job that never finishes when to stop.
  const endsWell = status.values.some((v) => {
    const w = lookupStateWord(v);
    return w?.state === 'succeeded' && w.strong;
  });
  const callback = resource.score < JOB_RESOURCE_THRESHOLD && endsWell ? statusCallbackInput(op, reader) : null;
  const told = callback ? [`${where} takes a status callback URL \`${callback}\`: the work outlives the call`] : [];
  if (resource.score + (callback ? RESOURCE_WEIGHTS.statusCallback : 0) >= JOB_RESOURCE_THRESHOLD) {
    const confidence: Confidence = resource.strongEnum ? 'medium' : 'low';
    const evidence = [`${where} ${how}`, ...resource.evidence, ...told];
    // A job's own status read is its poll (actionStatusRead.ts).
    const read = pollStatusRead(poll, index, reader);
    if (read !== poll) {
      evidence.push(`polled at its status read ${describeOp(read.op)}, not the item`);
      const readSchema = successSchema(read.op);
      const readStatus = analyzeStatusSchema(reader, readSchema);
      if (!readsAnEnd(readStatus)) return null;
      return candidate(op, signals, read, sources, readStatus, readSchema, resource, evidence, confidence);
    }
    if (!readsAnEnd(status)) return null;
    return candidate(op, signals, poll, sources, status, pollSchema, resource, evidence, confidence);
  }
  if (signals.has202) {
    return {
      kind: 'hint',
      reason: `answers 202 Accepted, but ${describeOp(poll.op)} does not report a job lifecycle${status.values.length ? ` (status values: ${status.values.slice(0, 6).join(', ')}${status.values.length > 6 ? ', …' : ''})` : ''}`,
    };
  }
  return null;
}

/**
 * A 202's URL field named for the status (`statementStatusUrl`) is the start's poll URL, as a described one is, unless
 * it leads to a GET below the item that declares the status (idflow/linkFieldPoll.ts, which reads that status later:
 * Box's `status_url` → `GET /zip_downloads/{id}/status`). The runtime then follows the URL as a status monitor.
 */
function withStatusLinks(signals: StartSignals, op: Operation, ctx: DetectContext): StartSignals {
  if (signals.statusLinks.length === 0) return signals;
  const linked = new Set(linkFieldPolls(op, ctx, () => true).map((l) => l.field));
  const named = signals.statusLinks.filter((f) => !linked.has(f));
  if (named.length === 0) return signals;
  return { ...signals, pollUrlFields: [...new Set([...signals.pollUrlFields, ...named])], pollUrlDescribed: true };
}

/** Protocol evidence on the start itself: the LRO extension, a monitor header on an async answer, `Prefer`. */
function protocolEvidence(signals: StartSignals, where: string): string[] {
  const evidence: string[] = [];
  if (signals.lro) {
    const via = signals.finalStateVia ? ` (final-state-via ${signals.finalStateVia})` : '';
    evidence.push(`x-ms-long-running-operation on ${where}${via}`);
  }
  if (signals.monitorHeaders.length > 0 && (signals.has202 || signals.lro || (signals.has201 && signals.preferAsync))) {
    const code = signals.has202 ? '202' : signals.has201 ? '201' : '2xx';
    evidence.push(`${code} + ${signals.monitorHeaders.join(' / ')} on ${where}`);
  }
  if (signals.preferAsync) evidence.push(`${where} honours \`Prefer: respond-async\``);
  return evidence;
}

function urlEvidence(signals: StartSignals, where: string): string {
  return `${signals.has202 ? 202 : 201} response of ${where} hands out a poll URL in ${signals.pollUrlFields.map((f) => `\`${f}\``).join(', ')}`;
}

/** Why an async-looking start with nothing that reads its job is no family, if it looked async at all. */
function unpolledHint(signals: StartSignals): StartVerdict {
  if (signals.has202) return { kind: 'hint', reason: 'answers 202 Accepted but the contract offers nothing to poll (fire-and-forget)' };
  if (signals.lro) return { kind: 'hint', reason: 'x-ms-long-running-operation without a monitor header or a status operation' };
  if (signals.callbacks.length > 0) {
    return { kind: 'hint', reason: `delivers results only through callbacks (${signals.callbacks.join(', ')}); no poll endpoint` };
  }
  return null;
}

/** A long-running delete: polled only through its monitor header (the resource GET answers 404 once it is gone). */
function deleteJob(op: Operation, signals: StartSignals, ctx: DetectContext): StartCandidate {
  const schema = asyncSchema(op);
  const evidence = [
    ...(signals.lro ? [`x-ms-long-running-operation on ${describeOp(op)}`] : []),
    `${signals.has202 ? '202' : '2xx'} + ${signals.monitorHeaders.join(' / ')} on ${describeOp(op)}`,
  ];
  const status = analyzeStatusSchema(ctx.reader, schema);
  return candidate(op, signals, null, monitorSources(signals), status, schema, null, evidence, 'high');
}

/** The start sits under the item path of the job it would poll, and is not that path itself (`PUT /jobs/{name}`). */
function actsOnExistingJob(op: Operation, poll: PollFound): boolean {
  // Google `POST /v1/{parent}:verb` → `GET /v1/{name}` shares only the shape, not the job's id parameter.
  if (pathShape(op.path) === pathShape(poll.op.path) || !pathParams(op.path).includes(poll.link.idParam)) return false;
  const item = pathShape(splitPath(jobItemPath(poll.op.path, poll.link.idParam)).pathname);
  const own = pathShape(splitPath(op.path).pathname);
  return own.startsWith(`${item}/`) || own.startsWith(`${item}:`);
}

function resourceOf(poll: PollFound, status: StatusAnalysis, ctx: DetectContext): ResourceAssessment {
  let r = ctx.resources.get(poll.op);
  if (!r) {
    const item = jobItemPath(poll.op.path, poll.link.idParam);
    const name = nameFromSchemaRef(ctx.reader.refName(successSchema(poll.op)));
    r = assessJobResource(poll.op, item, poll.link, status, ctx.index, ctx.reader, name);
    ctx.resources.set(poll.op, r);
  }
  return r;
}

function candidate(
  start: Operation,
  signals: StartSignals,
  poll: PollFound | null,
  sources: ValueSource[],
  status: StatusAnalysis,
  statusSchema: JsonSchema | undefined,
  resource: ResourceAssessment | null,
  evidence: string[],
  confidence: Confidence,
): StartCandidate {
  const idFrom = poll ? poll.idFrom : null;
  return {
    kind: 'family',
    start,
    signals,
    idFrom,
    poll,
    pollVia: poll ? null : (sources[0] ?? null),
    status,
    statusSchema,
    resource,
    evidence,
    confidence,
  };
}

/** The answer's one non-bare id names another thing than the poll's parameter, and a read of its own takes it: a handle. */
function answersOtherHandle(op: Operation, poll: PollFound, ctx: DetectContext): boolean {
  const { idParam } = poll.link;
  const ids = [...ctx.reader.properties(asyncSchema(op)).keys()].filter((n) => isIdName(n) && !BARE_IDS.has(norm(n)));
  if (ids.length !== 1) return false;
  const handle = ids[0]!;
  const noun = idNoun(handle).join(' ');
  if (noun === '' || noun === idNoun(idParam).join(' ')) return false;
  return ctx.index.getsKeyedBy(handle).some((g) => g !== poll.op);
}

/** A POST to a static segment below an item that is the operation's own verb (`POST /backups/{backend}/{id}/restore`). */
function verbBelowItem(op: Operation): boolean {
  if (op.method !== 'POST') return false;
  const segments = splitPath(op.path).pathname.split('/');
  const last = segments.at(-1) ?? '';
  const verb = operationName(op)?.verb;
  return verb !== undefined && last.toLowerCase() === verb && /^\{[^{}]+\}$/.test(segments.at(-2) ?? '');
}
