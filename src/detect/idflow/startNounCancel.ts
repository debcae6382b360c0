/**
 * The cancel named after the start's own work (IoT Analytics `StartPipelineReprocessing` answers `reprocessingId`;
 * `CancelPipelineReprocessing {pipelineName, reprocessingId}` ends that run), when the poll reads the run some other
 * way (`DescribePipeline` lists it among `reprocessingSummaries`) and so takes no id a sibling of the poll could
 * share. The cancel must take the id under the name the start answered it and need nothing the job does not carry.
 * Only `cancel` and `abort`: a `Stop` or `Terminate` of the start's noun (`StartInstances` → `StopInstances`) undoes
 * the thing the start acted on rather than cancelling its work.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { CancelFound } from '../detectTypes.js';
import type { OperationInput } from '../read/operationInputs.js';
import type { OperationName } from '../read/operationNames.js';
import { type CancelScope, siblingCancel } from './siblingCancel.js';

const CANCEL_ONLY: readonly string[] = ['cancel', 'abort'];

export function startNounCancel(
  start: Operation,
  startName: OperationName | null,
  /** The answer field the start hands the id out in (`reprocessingId`), or null when the id is not in its answer. */
  answerField: string | null,
  scope: CancelScope,
  carry: JobOperationLink['carry'],
): CancelFound | null {
  const name = answerField?.split('.').at(-1);
  if (!name) return null;
  const id: OperationInput = { name, in: 'body', required: true };
  return siblingCancel(start, startName, id, scope, carry, CANCEL_ONLY);
}
