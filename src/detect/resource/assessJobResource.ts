/**
 * Evidence that a resource read by a GET is a job, when no protocol signal (202 + monitor, LRO extension,
 * Google Operation, links) says so. Each signal adds weight; a family needs JOB_RESOURCE_THRESHOLD.
 *
 * Weights are chosen so that one signal never suffices: payments, subscriptions and invitations have status
 * enums and business cancels too (Stripe: `pending/succeeded/failed` charges, `payment_intents/{id}/cancel`),
 * while real jobs combine a job lifecycle with a cancel, a result sub-resource, progress or a queued state.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { ResourceAssessment } from '../detectTypes.js';
import { describeOp, type OperationIndex, pathParams, successSchema } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { EXPLICIT_JOB_NOUNS, JOB_NOUNS } from '../read/signalWords.js';
import type { StatusAnalysis } from '../status/analyzeStatusSchema.js';
import { completedByOutcome } from '../status/outcomeCompletes.js';
import { asyncPath, describedAsync } from './describedAsync.js';
import { findCancel, findResultOperation } from './findCompanions.js';
import { findQueryCompanions } from './findQueryCompanions.js';
import { resourceNouns } from './resourceNouns.js';
import { findStatusSubresource } from './statusSubresource.js';

export const JOB_RESOURCE_THRESHOLD = 4;

/** Weights, as data, so that tests and docs can name them. */
export const RESOURCE_WEIGHTS = {
  strongLifecycle: 2,
  strongQueued: 1,
  weakLifecycle: 1,
  cancel: 2,
  cancelAccepted: 1,
  result: 1,
  progress: 1,
  jobNoun: 1,
  /** The resource calls itself a job (`/jobs/{id}`, `TranscriptionJob`): worth a lifecycle-like status on its own. */
  explicitJobNoun: 2,
  /** A read of the item's status alone (`{item}/status`) with a lifecycle of its own: made to be polled. */
  statusSubresource: 1,
  /** The start takes a status callback URL (statusCallback.ts; weighed in evaluateStart.ts, a sign of the start). */
  statusCallback: 1,
  /** The read document, or its status, says it is made asynchronously, or its path files it under `async` (describedAsync.ts). */
  describedAsync: 1,
} as const;

export function assessJobResource(
  poll: Operation,
  item: string,
  link: JobOperationLink,
  status: StatusAnalysis,
  index: OperationIndex,
  reader: SchemaReader,
  schemaName: string | null,
): ResourceAssessment {
  const w = RESOURCE_WEIGHTS;
  const evidence: string[] = [];
  let score = 0;
  const lc = status.lifecycle;
  const strongEnum = status.valuesFrom === 'enum' && lc.strong;
  // A description that quotes the values (`Possible values: "waiting", "processing", "completed", "failed"`) lists
  // them as an enum does; a full job lifecycle weighs the same either way (confidence still asks for the enum).
  // A status that only completes counts with the outcome beside it that says how (outcomeCompletes.ts).
  if ((lc.strong || completedByOutcome(status)) && status.valuesFrom !== 'none') {
    score += w.strongLifecycle;
    const from = status.valuesFrom === 'enum' ? 'enumerates' : 'lists in its description';
    evidence.push(`status field \`${status.field}\` of ${describeOp(poll)} ${from} a job lifecycle (${status.values.join(', ')})`);
    // In a full lifecycle even `pending` is the queued state of a job.
    if (Object.values(lc.states).includes('queued')) {
      score += w.strongQueued;
      evidence.push('its lifecycle starts in a queued state');
    }
  } else if (status.values.length > 0 && lc.lifecycleLike) {
    score += w.weakLifecycle;
    const from = status.valuesFrom === 'enum' ? 'enumerates' : 'describes';
    evidence.push(`status field \`${status.field}\` of ${describeOp(poll)} ${from} lifecycle-like values (${status.values.join(', ')})`);
  }
  // Id in the query (no item path to mount verbs on): the companions are siblings taking the same id.
  const byQuery = !pathParams(poll.path).includes(link.idParam) ? findQueryCompanions(poll, link.idParam, index, reader) : null;
  const cancel = byQuery ? byQuery.cancel : findCancel(item, poll, link, index, reader, lc.states);
  if (cancel) {
    score += w.cancel;
    evidence.push(`cancel: ${cancel.why}`);
    if (cancel.accepted) {
      score += w.cancelAccepted;
      evidence.push(`${describeOp(cancel.op)} answers 202 Accepted`);
    }
  }
  const result = byQuery ? byQuery.result : findResultOperation(item, link, index);
  if (result) {
    score += w.result;
    evidence.push(`result sub-resource ${describeOp(result.op)}`);
  } else if (status.resultUrlField) {
    score += w.result;
    evidence.push(`result URL field \`${status.resultUrlField}\``);
  }
  if (status.progress) {
    score += w.progress;
    evidence.push(
      'field' in status.progress
        ? `progress field \`${status.progress.field}\``
        : `progress counts \`${status.progress.counts || status.progress.total}\``,
    );
  }
  const statusRead = findStatusSubresource(item, index, reader);
  if (statusRead && statusRead !== poll) {
    score += w.statusSubresource;
    evidence.push(`status sub-resource ${describeOp(statusRead)} reports the item's lifecycle on its own`);
  }
  const told = lc.lifecycleLike ? describedAsync(reader, successSchema(poll), status.field) : null;
  const filed = lc.lifecycleLike && told === null ? asyncPath(poll.path) : null;
  if (told !== null) {
    score += w.describedAsync;
    evidence.push(`${describeOp(poll)} documents its work as asynchronous: "${told}"`);
  } else if (filed !== null) {
    score += w.describedAsync;
    evidence.push(`${describeOp(poll)} is filed under \`async\` in its path: its work is asynchronous`);
  }
  const nouns = resourceNouns(item, successSchema(poll), reader, schemaName);
  const noun = nouns.flatMap((n) => n.split('_')).find((word) => JOB_NOUNS.includes(word));
  if (noun) {
    score += EXPLICIT_JOB_NOUNS.includes(noun) ? w.explicitJobNoun : w.jobNoun;
    evidence.push(`resource noun \`${noun}\` names work`);
  }
  return { score, evidence, cancel, result, strongEnum };
}
