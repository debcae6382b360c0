/**
 * A state that is an object named by its `name` (src/detect/status/statusByMeaning.ts isNamedState, analyzeStatusSchema,
 * findOutcomeField): Bitbucket Pipelines answers `state: {type, name: PENDING | IN_PROGRESS | COMPLETED, result: {name:
 * SUCCESSFUL | FAILED | …}}`. The state's name is the status and the result's name the outcome, as a `stateName` is.
 * Near misses: a workflow status object whose name lists no values (Jira's issue status), a `name` under an object
 * that is no status.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const str = (values?: string[]): JsonSchema => (values ? { type: 'string', enum: values } : { type: 'string' });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const STATE = obj({
  type: str(),
  name: str(['PENDING', 'IN_PROGRESS', 'COMPLETED']),
  result: obj({ type: str(), name: str(['SUCCESSFUL', 'FAILED', 'ERROR', 'STOPPED']) }),
});

const detect = (holder: string, state: JsonSchema) => {
  const pipeline = obj({ uuid: str(), [holder]: state, created_on: str() });
  const ops = [
    createOperation('POST', '/repositories/{repo}/pipelines', {
      operationId: 'createPipeline',
      parameters: [createParameter('repo', 'path')],
      responses: [createResponse('201', { schema: createSchemaRef('Pipeline') })],
    }),
    createOperation('GET', '/repositories/{repo}/pipelines/{pipeline_uuid}', {
      operationId: 'getPipeline',
      parameters: [createParameter('repo', 'path'), createParameter('pipeline_uuid', 'path')],
      responses: [createResponse('200', { schema: createSchemaRef('Pipeline') })],
    }),
    createOperation('POST', '/repositories/{repo}/pipelines/{pipeline_uuid}/stopPipeline', {
      operationId: 'stopPipeline',
      parameters: [createParameter('repo', 'path'), createParameter('pipeline_uuid', 'path')],
      responses: [createResponse('204')],
    }),
  ];
  return detectJobs(createModel(ops, { schemas: componentSchemas({ Pipeline: pipeline }) })).families.map((f) => ({
    statusField: f.statusField,
    outcomeField: f.outcomeField,
    states: f.states,
  }));
};

describe('a state named by its `name`', () => {
  it('is the status, and the name of the result beside it the outcome', () => {
    expect(detect('state', STATE)).toEqual([
      {
        statusField: 'state.name',
        outcomeField: 'state.result.name',
        states: { PENDING: 'queued', IN_PROGRESS: 'running', COMPLETED: 'succeeded' },
      },
    ]);
  });
  it('near miss: a status object whose name lists no values (a workflow label)', () => {
    expect(detect('status', obj({ name: str(), statusCategory: obj({ key: str() }) }))).toEqual([]);
  });
  it('near miss: a `name` under an object that is no status', () => {
    expect(detect('stage', STATE)).toEqual([]);
  });
});
