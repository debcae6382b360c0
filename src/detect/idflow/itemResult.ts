/**
 * The result read of an id-flow job whose poll reads it as a REST item by a path parameter: a result sub-resource
 * of that item (`GET /v4/exports/{exportId}/contents` beside `…/{exportId}/status`, `GET /jobs/{id}/output`), found
 * as the job-resource rule finds it (resource/findCompanions.ts). Without it the agent sees the job end and is never
 * offered what it made, though the contract names the read.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { DetectContext, ResourceAssessment } from '../detectTypes.js';
import type { OperationInput } from '../read/operationInputs.js';
import { findResultOperation } from '../resource/findCompanions.js';
import { addressedItem } from './itemVerbCancel.js';

export function itemResult(
  poll: Operation,
  input: OperationInput,
  link: JobOperationLink,
  ctx: DetectContext,
): ResourceAssessment['result'] {
  const item = addressedItem(poll, input, link);
  const found = item === null ? null : findResultOperation(item, link, ctx.index);
  // The poll itself is no result read of its own (`GET /jobs/{id}/output` polled for its status).
  return found !== null && found.op !== poll ? found : null;
}
