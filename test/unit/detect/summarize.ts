/** Compact views of a detection for table rows: operationIds instead of whole refs. */
import { expect } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink, type JobDetection, type JobFamily, type JobOperationLink } from '../../../src/model/jobs.js';

export interface FamilySummary {
  name: string;
  confidence: JobFamily['confidence'];
  start: string[];
  poll: string;
  cancel: string | null;
  result: string | null;
}

function linkName(l: JobFamily['poll'] | JobFamily['cancel'] | JobFamily['result']): string | null {
  if (l === null) return null;
  if ('op' in l) return l.op.operationId ?? `${l.op.method} ${l.op.path}`;
  if ('via' in l) return `via ${l.via}`;
  if ('field' in l) return `field ${l.field}`;
  return `finalStateVia ${l.finalStateVia}`;
}

export function summarize(d: JobDetection): FamilySummary[] {
  return d.families.map((f) => ({
    name: f.name,
    confidence: f.confidence,
    start: f.start.map((s) => s.op.operationId ?? `${s.op.method} ${s.op.path}`),
    poll: linkName(f.poll)!,
    cancel: linkName(f.cancel),
    result: linkName(f.result),
  }));
}

export function hintIds(d: JobDetection): string[] {
  return d.hints.map((h) => h.operationId ?? `${h.method} ${h.path}`);
}

/** An id-flow row's expected family: its first start, its poll, its kind and where the start's id comes from. */
export interface IdFlowFamily {
  start: string;
  poll: string;
  kind: string;
  idFrom: string | null;
}

/**
 * Detects `ops` (with the named `schemas` they `$ref`) and checks the one family they make, or, for `null`, that the first operation starts none (another
 * convention may still find its own, as an x-ms DELETE).
 */
export function expectIdFlowRow(ops: Operation[], family: IdFlowFamily | null, schemas?: Record<string, JsonSchema>): JobDetection {
  const d = detectJobs(createModel(ops, schemas ? { schemas } : {}));
  if (family === null) {
    expect(d.families.filter((f) => f.start.some((s) => s.op.operationId === ops[0]!.operationId))).toEqual([]);
    return d;
  }
  expect(d.families).toHaveLength(1);
  const f = d.families[0]!;
  expect({
    start: f.start[0]!.op.operationId,
    poll: isOperationLink(f.poll) ? f.poll.op.operationId : null,
    kind: f.kind,
    idFrom: f.start[0]!.idFrom,
  }).toEqual(family);
  return d;
}

/**
 * Detects `ops` and returns the one family they make with its poll link, for rows to compare as they need; or,
 * where `expected` is null, checks that they make none and returns null.
 */
export function onlyLinkedFamily(
  ops: Operation[],
  expected: unknown,
  schemas?: Record<string, JsonSchema>,
): { f: JobFamily; poll: JobOperationLink } | null {
  const d = detectJobs(createModel(ops, schemas ? { schemas } : {}));
  if (expected === null) {
    expect(d.families.map((f) => f.start.map((s) => s.op.operationId))).toEqual([]);
    return null;
  }
  expect(d.families).toHaveLength(1);
  const f = d.families[0]!;
  if (!isOperationLink(f.poll)) throw new Error('expected an operation link');
  return { f, poll: f.poll };
}

/** The one family `ops` make, as a vocabulary row compares it (kind, status field, poll, states); null for none. */
export function familyVocabulary(
  ops: Operation[],
): { kind: JobFamily['kind']; statusField: JobFamily['statusField']; poll: string | null; states: JobFamily['states'] } | null {
  const d = detectJobs(createModel(ops));
  if (d.families.length === 0) return null;
  expect(d.families).toHaveLength(1);
  const f = d.families[0]!;
  return {
    kind: f.kind,
    statusField: f.statusField,
    poll: isOperationLink(f.poll) ? (f.poll.op.operationId ?? null) : null,
    states: f.states,
  };
}
