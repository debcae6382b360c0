/** Compact views of a detection for table rows: operationIds instead of whole refs. */
import type { JobDetection, JobFamily } from '../../../src/model/jobs.js';

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
