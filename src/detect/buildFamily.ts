/**
 * Turns the start candidates that share a job resource into one `JobFamily`, filling every field of the
 * contract from the evidence gathered (status analysis, companions, start signals).
 */
import type { JsonSchema, Operation } from '../model/ir.js';
import type { Confidence, JobFamily, JobOperationLink, StartOperation } from '../model/jobs.js';
import { byOperationKey, operationKey } from '../model/operationKey.js';
import type { StartCandidate } from './detectTypes.js';
import { azurePageable } from './marked/azureLroStart.js';
import { answerSignals, monitorSources, type StartSignals } from './marked/startSignals.js';
import { describeOp, pathParams, pathShape, splitPath, successResponses, successSchema, toOperationRef } from './read/operationIndex.js';
import { operationName } from './read/operationNames.js';
import type { SchemaReader } from './read/schemaWalk.js';
import { ARM_MONITOR_PROGRESS, AZURE_MONITOR_HEADERS, equalsIgnoreCase, inList } from './read/signalWords.js';
import { keptReason } from './status/analyzeStatusSchema.js';
import { earlierRunTime } from './status/earlierRun.js';
import { editEnds, editEndsAfterMake } from './status/editEndsAfterMake.js';
import { endsWithoutVerdict } from './status/neutralEnds.js';
import { AZURE_LRO_STATES, FINISHED_WORDS, lookupStateWord, normalizeStateWord } from './status/stateWords.js';
import { stoppedOffWords } from './status/stoppedOff.js';
import { endsWhenUp, tearsDown } from './status/tearDownCancel.js';
import { upEndsWork } from './status/upEndsWork.js';

const RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

export function toStartOperation(op: Operation, signals: StartSignals, idFrom: StartOperation['idFrom']): StartOperation {
  const s: StartOperation = {
    op: toOperationRef(op),
    idFrom,
    pollUrlFrom: monitorSources(signals),
    cancelUrlFrom: signals.cancelUrlField ? `body:${signals.cancelUrlField}` : null,
    preferAsync: signals.preferAsync,
    idempotency: signals.idempotency,
  };
  if (signals.finalStateVia) s.finalStateVia = signals.finalStateVia;
  if (signals.lro) s.azureLro = true;
  const pageable = signals.lro ? azurePageable(op) : null;
  if (pageable) s.pageable = pageable;
  return s;
}

/** ARM's resource id: `/subscriptions/{subscriptionId}/resourceGroups/{rg}/providers/{namespace}/…`. */
const ARM_PROVIDER_SEGMENT = /\/providers\//i;

export function buildFamily(name: string, group: StartCandidate[], reader: SchemaReader): JobFamily {
  const first = group[0]!;
  const { status, resource } = first;
  const pollOp = first.poll?.op ?? null;
  const evidence = [...new Set(group.flatMap((c) => c.evidence))];
  const confidence = group.reduce<Confidence>((best, c) => (RANK[c.confidence] > RANK[best] ? c.confidence : best), 'low');
  const startSignals = group.map((c) => c.signals);

  // Starts of one family feed its links differently (`POST /jobs` answers the id, `PUT /jobs/{jobId}` takes it
  // as its own argument): each link carries what any start supplies; the runtime uses what a job's start gave.
  const carries = group.flatMap((c) => c.poll?.link.carry ?? []);
  // The cancel found beside the family's first start by operation key, not by the order the contract lists its
  // starts in: JSON objects are unordered, and SMS's StopAppReplication (found beside StartAppReplication, not beside
  // StartOnDemandAppReplication) came and went with the order of its paths. Not the cancel beside any start: a
  // simulation's stop is no cancel for the snapshot another start of its family takes (SimSpace Weaver).
  const canceller = [...group].sort(byStartKey)[0]!.resource;
  let cancel: JobFamily['cancel'] = canceller?.cancel
    ? withCarries(canceller.cancel.link, carries)
    : first.signals.cancelUrlField
      ? { via: `body:${first.signals.cancelUrlField}` }
      : null;
  if (canceller?.cancel?.alternatives.length) {
    evidence.push(`also cancel-like: ${canceller.cancel.alternatives.map((o) => operationKey(o)).join(', ')}`);
  }
  const finalStateVia = startSignals.find((s) => s.finalStateVia)?.finalStateVia;
  let result: JobFamily['result'] = null;
  let resultSchema: JsonSchema | undefined;
  if (resource?.result) {
    result = withCarries(resource.result.link, carries);
    resultSchema = successSchema(resource.result.op);
  } else if (status.resultUrlField) result = { field: status.resultUrlField };
  else if (finalStateVia) result = { finalStateVia };
  if (resultSchema === undefined && status.resultField) resultSchema = reader.propertyAt(first.statusSchema, status.resultField);

  let states = { ...status.lifecycle.states };
  let statusField = status.field;
  let errorField = status.errorField;
  const azureMonitor = startSignals.some((s) => s.monitorHeaders.some((h) => inList(AZURE_MONITOR_HEADERS, h)));
  const azureStyle = azureMonitor || startSignals.some((s) => s.lro);
  // An Azure status monitor answers `{status, error}` by the REST guidelines, whatever the start returned.
  if (!first.poll && azureMonitor && !statusField && !status.googleOperation) {
    statusField = 'status';
    errorField = 'error';
  }
  if (Object.keys(states).length === 0 && azureStyle && statusField) states = { ...AZURE_LRO_STATES };
  // ARM's Azure-AsyncOperation resource says how far it is (`percentComplete`): read where the contract declares no
  // progress of its own, for an ARM operation (a resource path under `/providers/`, ARM's resource id), not for a
  // data-plane service that reuses the header with a monitor of its own (Key Vault's backup status has no such field).
  const armMonitor =
    !first.poll &&
    group.some((c) => ARM_PROVIDER_SEGMENT.test(c.start.path)) &&
    startSignals.some((s) => s.monitorHeaders.some((h) => equalsIgnoreCase(h, 'Azure-AsyncOperation')));
  const progress = status.progress ?? (armMonitor ? { ...ARM_MONITOR_PROGRESS } : null);
  if (progress !== status.progress)
    evidence.push("progress: `percentComplete` of ARM's Azure-AsyncOperation resource (0 to 100), when the monitor writes it");
  const outcome = statusField === status.field ? status.outcome : null;
  if (outcome) {
    states = finishedMeansSucceeded(states, Object.values(outcome.outcomes).includes('cancelled'));
    const values = Object.keys(outcome.outcomes);
    evidence.push(
      `outcome field \`${outcome.field}\` beside \`${statusField}\` says how a finished job ended` +
        (values.length > 0 ? ` (${values.join(', ')})` : ' (values not listed: read as common outcome words at run time)'),
    );
  }

  // A job that could never succeed ends when what it brings up is up (upEndsWork.ts).
  if (!outcome && !first.returnsToRest && first.familyKind !== 'provisioning') {
    const made = pollOp !== null && group.every((c) => createsPolled(c.start, pollOp));
    const ended = upEndsWork(states, made);
    const up = Object.keys(ended).filter((v) => ended[v] === 'succeeded' && states[v] !== 'succeeded');
    if (up.length > 0)
      evidence.push(
        `${up.map((v) => `\`${v}\``).join(', ')} ends the work well: no other value of \`${statusField}\` says it did, and the thing it brings up is up`,
      );
    states = ended;
  }

  // A create is done once the thing is made; an edit of it that ended later is not its end (editEndsAfterMake.ts).
  if (group.every((c) => operationName(c.start)?.verb === 'create')) {
    const edits = editEnds(states);
    if (edits.length > 0)
      evidence.push(
        `${edits.map((v) => `\`${v}\``).join(', ')} ${edits.length === 1 ? 'ends' : 'end'} a later edit of what the create made: the making is done, succeeded for the create`,
      );
    states = editEndsAfterMake(states);
  }

  // What brings a thing up has no cancel that tears it down (tearDownCancel.ts).
  const bringsUp = first.familyKind === 'provisioning' || endsWhenUp(states);
  const tearDown = canceller?.cancel && bringsUp && tearsDown(canceller.cancel.op) ? canceller.cancel.op : null;
  if (tearDown) {
    cancel = null;
    const gone = [`cancel: ${describeOp(tearDown)}`, `${describeOp(tearDown)} answers 202 Accepted`, 'also cancel-like: '];
    evidence.splice(0, evidence.length, ...evidence.filter((line) => !gone.some((g) => line.startsWith(g))));
    evidence.push(`no cancel: ${describeOp(tearDown)} tears down what the family brings up, not the bringing up`);
  }

  // A Stop that cancels the bring-up leaves the thing off: that off word is the cancel's end (stoppedOff.ts).
  const stop = !tearDown && canceller?.cancel && operationName(canceller.cancel.op)?.verb === 'stop' ? canceller.cancel.op : null;
  const off = stop ? stoppedOffWords(states) : [];
  if (off.length > 0) {
    evidence.push(
      `${off.map((v) => `\`${v}\``).join(', ')} is where the cancel ${operationKey(stop!)} leaves the thing, off: cancelled, not failed`,
    );
    states = { ...states, ...Object.fromEntries(off.map((v) => [v, 'cancelled' as const])) };
  }

  // A start that runs the job again: what dates a finished answer's run (status/earlierRun.ts).
  const earlier = earlierRunOf(group, statusField, first.statusSchema, reader);
  if (earlier.earlierRun)
    evidence.push(
      `started again below its item: a finished answer whose \`${earlier.earlierRun.field}\` is before the start is the earlier run's, not this job's`,
    );

  // Why the status is so (`StatusReason`), beside the status the family reads (statusReason.ts).
  const reasonField = keptReason(status, statusField, errorField);
  const neutral = neutralEndsOf(first, states, errorField, outcome);
  if (neutral.neutralEnds && !first.neutralEnds)
    evidence.push(
      `\`${neutral.neutralEnds.join('`, `')}\` says the job ended, not how: an error in \`${errorField}\` there says it failed`,
    );
  const family: JobFamily = {
    name,
    ...(first.familyKind ? { kind: first.familyKind } : {}),
    confidence,
    evidence,
    start: group.map((c) => ({
      ...toStartOperation(c.start, c.signals, c.idFrom),
      ...(c.idFlow ? { idFlow: c.idFlow } : {}),
      ...(c.members ? { members: c.members } : {}),
      ...(c.idFromArn ? { idFromArn: c.idFromArn } : {}),
    })),
    poll: first.poll ? withCarries(first.poll.link, carries) : { via: first.pollVia! },
    ...(!first.poll && first.linkedRead ? { pollUrlReads: toOperationRef(first.linkedRead) } : {}),
    cancel,
    result,
    statusField,
    doneField: status.doneField,
    errorField,
    ...(reasonField !== null ? { reasonField } : {}),
    resultField: status.resultField,
    progress,
    states,
    outcomeField: outcome?.field ?? null,
    outcomes: outcome ? { ...outcome.outcomes } : {},
    ...(first.returnsToRest ? { returnsToRest: first.returnsToRest } : {}),
    ...(first.statusByCode ? { statusByCode: true as const } : {}),
    ...restsOf(first, states),
    ...neutralEndsOf(first, states, errorField, outcome),
    ...earlier,
    retryAfter: startSignals.some((s) => s.retryAfter) || (pollOp !== null && declaresRetryAfter(pollOp)),
    expectedDurationMs: null,
    ...etaOf(startSignals, reader, first.statusSchema),
  };
  if (first.statusSchema !== undefined) family.statusSchema = first.statusSchema;
  if (resultSchema !== undefined) family.resultSchema = resultSchema;
  // Every start of the family asks for what the poll needs and no start supplies (idflow/askedInputs.ts).
  const asks = [...new Map(group.flatMap((c) => c.asks ?? []).map((a) => [a.name, a])).values()];
  if (asks.length > 0) family.asks = asks;
  return family;
}

/** The link with every carry of `carries` that fills one of its path parameters (each param and source once). */
function withCarries(link: JobOperationLink, carries: JobOperationLink['carry']): JobOperationLink {
  const params = new Set(pathParams(link.op.path));
  const carry = [...link.carry];
  for (const c of carries) {
    if (params.has(c.param) && !carry.some((x) => x.param === c.param && x.from === c.from)) carry.push(c);
  }
  if (carry.length === link.carry.length) return link;
  // The runtime keeps the last value it can read for a parameter. A start's argument of the parameter's own name is
  // its value; one taken by its place (`{target_id}` ← `arg:id`, read/paramPlace.ts) only fills it for a start that has
  // none, so it goes first: another start's `id` may be another thing's (`…/findings/{id}/retest/`).
  const placed = new Set(carry.filter((c) => c.from.startsWith('arg:') && c.from !== `arg:${c.param}`).map((c) => c.param));
  const late = (c: JobOperationLink['carry'][number]) => (placed.has(c.param) && c.from === `arg:${c.param}` ? 1 : 0);
  return {
    ...link,
    carry: carry
      .map((c, i) => ({ c, i }))
      .sort((a, b) => late(a.c) - late(b.c) || a.i - b.i)
      .map(({ c }) => c),
  };
}

/** The ETA field (and how it reads) of the first start answer that has one, else of the status document. */
function etaOf(
  startSignals: readonly StartSignals[],
  reader: SchemaReader,
  statusSchema: JsonSchema | undefined,
): Pick<JobFamily, 'etaField' | 'etaUnit'> {
  const fromStart = startSignals.find((s) => s.etaField);
  if (fromStart) return { etaField: fromStart.etaField, etaUnit: fromStart.etaUnit };
  const { etaField, etaUnit } = answerSignals(reader, statusSchema);
  return { etaField, etaUnit };
}

function declaresRetryAfter(op: Operation): boolean {
  return successResponses(op).some((r) => r.headers.some((h) => equalsIgnoreCase(h.name, 'Retry-After')));
}

/**
 * Beside an outcome field the status says only whether the job ended: its finished words (`completed`, `TERMINATED`)
 * end it as succeeded until the outcome refines it.
 * Where the outcome can say cancelled, a stop in the status is that end too (Foreman's tasks end `stopped`, their
 * `result` success, error or cancelled). A success the state table reads into a word that is no known end (`planned`,
 * a participle, before Foreman's task runs) is the work still under way, once the status has a finished word.
 */
function finishedMeansSucceeded(states: Record<string, JobFamily['states'][string]>, cancelledBy: boolean): JobFamily['states'] {
  const out = { ...states };
  const ends = (value: string) => {
    const n = normalizeStateWord(value);
    return FINISHED_WORDS.includes(n) || (cancelledBy && n === 'stopped');
  };
  const finished = Object.keys(out).filter(ends);
  for (const value of finished) out[value] = 'succeeded';
  if (finished.length > 0)
    for (const value of Object.keys(out))
      if (out[value] === 'succeeded' && !finished.includes(value) && lookupStateWord(value) === null) out[value] = 'running';
  return out;
}

const byStartKey = (a: StartCandidate, b: StartCandidate) => byOperationKey(a.start, b.start);

/** The rest values of a start that runs a thing made apart, as long as the family's final map still queues them. */
function restsOf(first: StartCandidate, states: JobFamily['states']): Pick<JobFamily, 'restsBeforeStart'> {
  const rest = (first.restsBeforeStart ?? []).filter((v) => states[v] === 'queued');
  return rest.length > 0 ? { restsBeforeStart: rest } : {};
}

/**
 * The values that end the job without saying how, where the family reads an error that can say it failed: the
 * convention's (Cloud Operation's `DONE`), else a vocabulary's own end words when no outcome field says how.
 */
function neutralEndsOf(
  first: StartCandidate,
  states: JobFamily['states'],
  errorField: string | null,
  outcome: unknown,
): Pick<JobFamily, 'neutralEnds'> {
  const ends = (first.neutralEnds ?? (outcome ? [] : endsWithoutVerdict(states))).filter((v) => states[v] === 'succeeded');
  return ends.length > 0 && errorField !== null ? { neutralEnds: ends } : {};
}

/** For a family a start of which acts on the job its poll reads (a re-run): what dates a finished answer's run. */
function earlierRunOf(
  group: readonly StartCandidate[],
  statusField: string | null,
  statusSchema: JsonSchema | undefined,
  reader: SchemaReader,
): Pick<JobFamily, 'earlierRun'> {
  const actsOnJob = (c: StartCandidate) => c.idFrom?.startsWith('arg:') && c.poll !== null && actionBelow(c.start.path, c.poll.op.path);
  if (statusField === null || !group.some(actsOnJob)) return {};
  const found = earlierRunTime(reader, statusSchema, statusField);
  return found ? { earlierRun: found } : {};
}

/** `…/jobs/{job_id}/rerun` below `…/jobs/{job_id}`: an action (static segments only) on the item a path reads. */
function actionBelow(start: string, item: string): boolean {
  const own = pathShape(item);
  const shape = pathShape(start);
  return shape.startsWith(`${own}/`) && !shape.slice(own.length).includes('{');
}

/** A POST to the collection the poll reads an item of (`POST /servers` beside `GET /servers/{server_id}`). */
function createsPolled(start: Operation, poll: Operation): boolean {
  const item = splitPath(poll.path).pathname.replace(/\/$/, '');
  const at = item.lastIndexOf('/');
  return (
    start.method === 'POST' &&
    /^\{[^{}]+\}$/.test(item.slice(at + 1)) &&
    splitPath(start.path).pathname.replace(/\/$/, '') === item.slice(0, at)
  );
}
