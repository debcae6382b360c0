/**
 * The `mcp-jobgen explain --json` document: a stable contract other tools parse (docs/EXPLAIN.md).
 * Every key is always present (null when empty), in the documented order; nothing here depends on
 * the machine or the run.
 */

import type { Severity } from '../model/diagnostics.js';
import type { ApiModel } from '../model/ir.js';
import {
  type CanonicalState,
  type Confidence,
  type EtaUnit,
  type IdFlowEvidence,
  isOperationLink,
  type JobDetection,
  type JobFamily,
  type OperationRef,
  type ProgressSpec,
  type ReturnsToRest,
} from '../model/jobs.js';

export interface ExplainOperation {
  operationId: string | null;
  method: string;
  path: string;
}

export type ExplainLink = ExplainOperation | { via: string };
export type ExplainResult = ExplainOperation | { via: string } | { field: string } | { finalStateVia: string };

export interface ExplainJob {
  name: string;
  confidence: Confidence;
  evidence: string[];
  start: ExplainOperation[];
  poll: ExplainLink;
  cancel: ExplainLink | null;
  result: ExplainResult | null;
  statusField: string | null;
  states: Record<string, CanonicalState>;
  idempotency: { in: 'header' | 'query' | 'body'; name: string } | null;
  /** Added after the first release, so last: the field saying how a finished job ended, and its value map. */
  outcomeField: string | null;
  outcomes: Record<string, CanonicalState>;
  /** Added after `outcomes` (keys only grow): where a true progress fraction comes from, or null. */
  progress: ProgressSpec | null;
  /**
   * Added after `progress` (keys only grow): the field of the start or status answer that says how long the job
   * takes (`estimated_duration`, `expected_completion_time`), which paces polling and stall detection, or null.
   */
  etaField: string | null;
  /** Added after `etaField`: how its value reads (`ms`, `s`, `min`, `h`, `date-time`), or null when its own form decides. */
  etaUnit: EtaUnit | null;
  /**
   * Added after `etaUnit` (keys only grow): for each start linked to the poll by the data flow of the job's id, the
   * id's path, the status vocabulary's source and every rejected candidate poll; null when no start was.
   */
  idFlow: ExplainIdFlow[] | null;
  /**
   * Added after `idFlow` (keys only grow): each start that acts on several things and answers one handle per thing
   * (a job over a set, detect/idflow/memberSets.ts): where its answer lists them and each item's id field; null
   * when no start of the family does.
   */
  memberSets: ExplainMemberSet[] | null;
  /**
   * Added after `memberSets` (keys only grow): the poll reads a thing that rests between runs (detect/status/
   * returnsToRest.ts): the status values it rests in and its last run's record, status, outcomes and start time;
   * null for every other family.
   */
  returnsToRest: ReturnsToRest | null;
  /**
   * Added after `returnsToRest` (keys only grow): what the cancel call sends beyond the job, where it sends more: the
   * inputs its tool asks the agent for (`asks`, detect/cancelInputs.ts) and the values it sets (`sets`, a cancel that
   * updates the job: detect/updateCancel.ts); null when it sends the job alone, or there is no linked cancel.
   */
  cancelCall: ExplainCancelCall | null;
  /**
   * Added after `cancelCall` (keys only grow): the status values that say the job ended, not how (Google Cloud's
   * Operation `DONE`: detect/marked/cloudOperations.ts), where a non-empty `errorField` value means it failed; null
   * for every other family.
   */
  neutralEnds: string[] | null;
}

/** What a linked cancel sends beside the job: the inputs asked of the agent, and the values it sets. */
export interface ExplainCancelCall {
  asks: Array<{ name: string; in: 'query' | 'body' }>;
  sets: Array<{ param: string; in: 'query' | 'body'; value: string }>;
}

/** A start whose job is a set of members, each followed by the family's poll (StartOperation.members). */
export interface ExplainMemberSet {
  start: ExplainOperation;
  itemsAt: string;
  itemId: string;
}

/** One start's id-flow link (IdFlowEvidence), as explain shows it. */
export interface ExplainIdFlow {
  start: ExplainOperation;
  /** `answer`: the id is the start answer's `field`; `request`: the client names the job in the start's input `field`. */
  from: { flow: 'answer' | 'request'; field: string };
  /**
   * The poll input that takes it: `in` is `path`, `query` or `body`, or `item` when the poll takes no id and lists
   * the scope's items (detect/idflow/scopeListPoll.ts), `none` when it takes none and reads a singleton
   * (detect/idflow/singletonPoll.ts); `list`: as the only item of a list; `item`: the answer's list of
   * what was asked for (`at`) and the listed item's field the job is matched by (`id`).
   */
  to: ExplainOperation & {
    input: string;
    in: 'path' | 'query' | 'body' | 'item' | 'none';
    list: boolean;
    filter?: string;
    item?: { at: string; id: string };
  };
  vocabulary: { field: string; from: 'enum' | 'description'; depth: number; inList: boolean; values: string[] };
  rejected: Array<ExplainOperation & { reason: string }>;
  rejectedMore: number;
}

export interface ExplainHint extends ExplainOperation {
  reason: string;
}

export interface ExplainDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  pointer: string | null;
}

export interface ExplainPromotion extends ExplainOperation {
  promote: boolean;
  /** Added after `expectedDurationMs` (keys only grow): the description says it may answer with a job handle. */
  announce: boolean;
  source: 'rules' | 'x-mcp-jobgen' | 'config';
  score: number;
  evidence: string[];
  timeoutMs: number | null;
  expectedDurationMs: number | null;
}

export interface ExplainJson {
  operations: number;
  jobs: ExplainJob[];
  hints: ExplainHint[];
  diagnostics: ExplainDiagnostic[];
  /**
   * Added after `diagnostics` (keys only grow): operations detection adds because a convention guarantees
   * them while the spec does not declare them (AIP-151 GetOperation), in the order first linked.
   */
  syntheticOperations: ExplainOperation[];
  /**
   * Added after `syntheticOperations` (keys only grow): plain operations with promotion evidence, an override or
   * a streamed answer (the others are promoted by default and not listed).
   */
  promotions: ExplainPromotion[];
}

export function toExplainJson(model: ApiModel, detection: JobDetection): ExplainJson {
  return {
    operations: model.operations.length,
    jobs: detection.families.map(toExplainJob),
    hints: detection.hints.map((h) => ({ ...toExplainOperation(h), reason: h.reason })),
    diagnostics: detection.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, pointer: d.pointer ?? null })),
    syntheticOperations: (detection.syntheticOperations ?? []).map(toExplainOperation),
    promotions: (detection.promotions ?? []).flatMap((p) =>
      p.source === 'default'
        ? []
        : [
            {
              ...toExplainOperation(p.op),
              promote: p.promote,
              source: p.source,
              score: p.score,
              evidence: [...p.evidence],
              timeoutMs: p.timeoutMs,
              expectedDurationMs: p.expectedDurationMs,
              announce: p.announce,
            },
          ],
    ),
  };
}

function toExplainJob(f: JobFamily): ExplainJob {
  const idem = f.start.find((s) => s.idempotency)?.idempotency ?? null;
  return {
    name: f.name,
    confidence: f.confidence,
    evidence: [...f.evidence],
    start: f.start.map((s) => toExplainOperation(s.op)),
    poll: linkOf(f.poll),
    cancel: f.cancel === null ? null : linkOf(f.cancel),
    result: f.result === null ? null : resultOf(f.result),
    statusField: f.statusField,
    states: { ...f.states },
    idempotency: idem ? { in: idem.in, name: idem.name } : null,
    outcomeField: f.outcomeField,
    outcomes: { ...f.outcomes },
    progress: progressOf(f.progress),
    etaField: f.etaField,
    etaUnit: f.etaUnit,
    idFlow: idFlowOf(f),
    memberSets: memberSetsOf(f),
    returnsToRest: f.returnsToRest
      ? { ...f.returnsToRest, rest: [...f.returnsToRest.rest], lastRunOutcomes: { ...f.returnsToRest.lastRunOutcomes } }
      : null,
    cancelCall: cancelCallOf(f),
    neutralEnds: f.neutralEnds ? [...f.neutralEnds].sort() : null,
  };
}

function cancelCallOf(f: JobFamily): ExplainCancelCall | null {
  if (!isOperationLink(f.cancel)) return null;
  const asks = (f.cancel.asks ?? []).map((a) => ({ name: a.name, in: a.in }));
  const sets = (f.cancel.sets ?? []).map((v) => ({ param: v.param, in: v.in, value: v.value }));
  return asks.length + sets.length > 0 ? { asks, sets } : null;
}

function memberSetsOf(f: JobFamily): ExplainMemberSet[] | null {
  const sets = f.start.flatMap((s) =>
    s.members ? [{ start: toExplainOperation(s.op), itemsAt: s.members.itemsAt, itemId: s.members.itemId }] : [],
  );
  return sets.length > 0 ? sets : null;
}

function idFlowOf(f: JobFamily): ExplainIdFlow[] | null {
  const poll = 'op' in f.poll ? toExplainOperation(f.poll.op) : null;
  const flows = f.start.flatMap((s) => (s.idFlow && poll ? [toExplainIdFlow(toExplainOperation(s.op), poll, s.idFlow)] : []));
  return flows.length > 0 ? flows : null;
}

function toExplainIdFlow(start: ExplainOperation, poll: ExplainOperation, e: IdFlowEvidence): ExplainIdFlow {
  return {
    start,
    from: { flow: e.flow, field: e.field },
    to: {
      ...poll,
      input: e.pollInput.name,
      in: e.pollInput.in,
      list: e.pollInput.list,
      ...(e.pollInput.filter !== undefined ? { filter: e.pollInput.filter } : {}),
      ...(e.pollInput.item !== undefined ? { item: { ...e.pollInput.item } } : {}),
    },
    vocabulary: { ...e.vocabulary, values: [...e.vocabulary.values] },
    rejected: e.rejected.map((r) => ({ ...toExplainOperation(r.op), reason: r.reason })),
    rejectedMore: e.rejectedMore,
  };
}

function progressOf(p: ProgressSpec | null): ProgressSpec | null {
  if (p === null) return null;
  return 'counts' in p ? { counts: p.counts, done: [...p.done], total: p.total } : { field: p.field, scale: p.scale };
}

function toExplainOperation(op: Pick<OperationRef, 'operationId' | 'method' | 'path'>): ExplainOperation {
  return { operationId: op.operationId ?? null, method: op.method, path: op.path };
}

function linkOf(l: JobFamily['poll']): ExplainLink {
  return 'via' in l ? { via: l.via } : toExplainOperation(l.op);
}

function resultOf(r: NonNullable<JobFamily['result']>): ExplainResult {
  if ('op' in r) return toExplainOperation(r.op);
  if ('field' in r) return { field: r.field };
  return { finalStateVia: r.finalStateVia };
}
