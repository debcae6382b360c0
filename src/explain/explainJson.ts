/**
 * The `mcp-jobgen explain --json` document: a stable contract other tools parse (docs/EXPLAIN.md).
 * Every key is always present (null when empty), in the documented order; nothing here depends on
 * the machine or the run.
 */

import type { Severity } from '../model/diagnostics.js';
import type { ApiModel } from '../model/ir.js';
import type { CanonicalState, Confidence, EtaUnit, JobDetection, JobFamily, OperationRef, ProgressSpec } from '../model/jobs.js';

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
  /** Added after `syntheticOperations` (keys only grow): plain operations with promotion evidence or an override. */
  promotions: ExplainPromotion[];
}

export function toExplainJson(model: ApiModel, detection: JobDetection): ExplainJson {
  return {
    operations: model.operations.length,
    jobs: detection.families.map(toExplainJob),
    hints: detection.hints.map((h) => ({ ...toExplainOperation(h), reason: h.reason })),
    diagnostics: detection.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, pointer: d.pointer ?? null })),
    syntheticOperations: (detection.syntheticOperations ?? []).map(toExplainOperation),
    promotions: (detection.promotions ?? []).map((p) => ({
      ...toExplainOperation(p.op),
      promote: p.promote,
      source: p.source,
      score: p.score,
      evidence: [...p.evidence],
      timeoutMs: p.timeoutMs,
      expectedDurationMs: p.expectedDurationMs,
    })),
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
