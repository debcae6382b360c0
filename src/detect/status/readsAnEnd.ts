/**
 * A job resource found by its shape alone (no 202, no marker, no URL: evaluateStart.ts) must say when its work has
 * ended: a status field or a `done` flag. Without either the runtime has nothing to read and polls until the job
 * expires: Microcks' `ImportJob` is a scheduled import's definition (`active`, `lastImportDate`), not a run of it;
 * an AWS job whose status sits deeper than the item read looks (IoT `job.status`, Amplify `job.summary.status`) is
 * left to id flow, which reads statuses nested by meaning (statusByMeaning.ts). Issue 24: a family needs a terminal
 * success value. A protocol family ends by HTTP (a 202's monitor answering 200) and is not asked this.
 */
import type { StatusAnalysis } from './analyzeStatusSchema.js';

export function readsAnEnd(status: Pick<StatusAnalysis, 'field' | 'doneField'>): boolean {
  return status.field !== null || status.doneField !== null;
}
