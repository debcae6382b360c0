/**
 * A cancel verb said of the job's own noun, as the segment below the job (resource/findCompanions.ts): Azure Media
 * Services' `POST …/jobs/{jobName}/cancelJob`, Bitbucket's `POST …/pipelines/{pipeline_uuid}/stopPipeline`. The noun
 * is the collection's the job is read from, made singular. Near misses: the verb said of another noun (a step of
 * the pipeline), another verb said of the job's noun, and a verb said of the noun one level further down.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createResponse } from '../../../src/model/factories.js';
import { obj, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const PIPELINE = obj({ uuid: str(), state: str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'STOPPED', 'FAILED']) });

function pipelines(cancelPath: string) {
  return createModel([
    createOperation('POST', '/repositories/{repo}/pipelines', {
      operationId: 'createPipeline',
      responses: [createResponse('201', { schema: PIPELINE })],
    }),
    createOperation('GET', '/repositories/{repo}/pipelines/{pipeline_uuid}', {
      operationId: 'getPipeline',
      responses: [createResponse('200', { schema: PIPELINE })],
    }),
    createOperation('POST', cancelPath, { operationId: 'endIt', responses: [createResponse('204')] }),
  ]);
}

describe("a cancel verb said of the job's own noun", () => {
  it.each([
    ['stopPipeline below the pipeline', '/repositories/{repo}/pipelines/{pipeline_uuid}/stopPipeline', 'endIt'],
    ['cancel-pipeline, spelt with a dash', '/repositories/{repo}/pipelines/{pipeline_uuid}/cancel-pipeline', 'endIt'],
    ['CancelPipeline, capitalised', '/repositories/{repo}/pipelines/{pipeline_uuid}/CancelPipeline', 'endIt'],
    ['near miss: the verb said of another noun', '/repositories/{repo}/pipelines/{pipeline_uuid}/stopStep', null],
    ["near miss: another verb said of the job's noun", '/repositories/{repo}/pipelines/{pipeline_uuid}/rerunPipeline', null],
    ['near miss: one level further down', '/repositories/{repo}/pipelines/{pipeline_uuid}/steps/stopPipeline', null],
  ])('%s', (_label, cancelPath, cancel) => {
    expect(summarize(detectJobs(pipelines(cancelPath)))).toMatchObject([{ start: ['createPipeline'], poll: 'getPipeline', cancel }]);
  });

  it('says which segment it read, and how', () => {
    const [family] = detectJobs(pipelines('/repositories/{repo}/pipelines/{pipeline_uuid}/stopPipeline')).families;
    expect(family!.evidence).toContain(
      "cancel: POST /repositories/{repo}/pipelines/{pipeline_uuid}/stopPipeline (`stopPipeline`: `stop` said of the job's own noun)",
    );
  });
});
