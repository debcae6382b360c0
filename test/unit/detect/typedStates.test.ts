/**
 * A status spelled as typed objects (src/detect/status/typedStates.ts): Bitbucket's `pipeline.state` is a
 * `pipeline_state` whose subtypes fix `name` to PENDING, IN_PROGRESS or COMPLETED, and a completed state's `result`
 * is typed the same way (SUCCESSFUL, FAILED, ERROR, STOPPED, EXPIRED): read as `state.name` and `state.result.name`.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { analyzeStatusSchema } from '../../../src/detect/status/analyzeStatusSchema.js';
import { createModel, createOperation, createRequestBody, createResponse, createResponseHeader } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const base = (description: string): JsonSchema => ({ type: 'object', description, properties: {} });
/** A subtype of `of` fixing `name` to `value` (or, with `fixed: false`, leaving it open), with more properties. */
const subtype = (of: string, value: string, more: Record<string, JsonSchema> = {}, fixed = true): JsonSchema => ({
  allOf: [ref(of), { type: 'object', properties: { name: { type: 'string', ...(fixed ? { enum: [value] } : {}) }, ...more } }],
});

function pipelineSchemas(fixed = true): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {
    pipeline: { type: 'object', properties: { uuid: { type: 'string' }, state: ref('pipeline_state') } },
    pipeline_state: base('The progress state of a pipeline.'),
    pipeline_state_pending: subtype('pipeline_state', 'PENDING', {}, fixed),
    pipeline_state_in_progress: subtype('pipeline_state', 'IN_PROGRESS', {}, fixed),
    pipeline_state_completed: subtype('pipeline_state', 'COMPLETED', { result: ref('pipeline_state_completed_result') }, fixed),
    pipeline_state_completed_result: base('A result of a completed pipeline state.'),
  };
  for (const r of ['SUCCESSFUL', 'FAILED', 'ERROR', 'STOPPED', 'EXPIRED'])
    schemas[`pipeline_state_completed_${r.toLowerCase()}`] = subtype('pipeline_state_completed_result', r);
  return Object.fromEntries(Object.entries(schemas).map(([k, v]) => [`#/components/schemas/${k}`, v]));
}

const analyze = (schemas: Record<string, JsonSchema>) =>
  analyzeStatusSchema(new SchemaReader(createModel([], { schemas })), ref('pipeline'));

describe('states spelled as subtypes of a typed object', () => {
  it('reads the property each subtype fixes as the status, and the typed result as the outcome', () => {
    const status = analyze(pipelineSchemas());
    expect(status).toMatchObject({ field: 'state.name', valuesFrom: 'enum', values: ['PENDING', 'IN_PROGRESS', 'COMPLETED'] });
    expect(status.lifecycle.states).toEqual({ PENDING: 'queued', IN_PROGRESS: 'running', COMPLETED: 'succeeded' });
    expect(status.outcome).toEqual({
      field: 'state.result.name',
      valuesFrom: 'enum',
      outcomes: { SUCCESSFUL: 'succeeded', FAILED: 'failed', ERROR: 'failed', STOPPED: 'cancelled', EXPIRED: 'failed' },
    });
  });

  // Bitbucket's in-progress state types its `stage` (PAUSED, RUNNING) as the completed one types its `result`: the
  // outcome is the one that says success and failure, whichever state the document lists first.
  it.each([false, true])('reads the outcome that ends well or badly, not a stage (subtypes reversed: %s)', (reversed) => {
    const schemas = pipelineSchemas();
    schemas['#/components/schemas/pipeline_state_in_progress'] = subtype('pipeline_state', 'IN_PROGRESS', {
      stage: ref('pipeline_state_in_progress_stage'),
    });
    schemas['#/components/schemas/pipeline_state_in_progress_stage'] = base('A stage of a running pipeline.');
    for (const st of ['PAUSED', 'RUNNING'])
      schemas[`#/components/schemas/pipeline_state_in_progress_${st.toLowerCase()}`] = subtype('pipeline_state_in_progress_stage', st);
    const status = analyze(reversed ? Object.fromEntries(Object.entries(schemas).reverse()) : schemas);
    expect(status.field).toBe('state.name');
    expect(status.outcome?.field).toBe('state.result.name');
  });

  it('near miss: subtypes that leave the property open are no vocabulary', () => {
    expect(analyze(pipelineSchemas(false)).field).toBeNull();
  });

  it('near miss: a base with more subtypes than a vocabulary has words is a type hierarchy (and bounds the search)', () => {
    const schemas = pipelineSchemas();
    for (let i = 0; i < 62; i++) schemas[`#/components/schemas/pipeline_state_extra_${i}`] = subtype('pipeline_state', `EXTRA_${i}`);
    expect(analyze(schemas).field).toBeNull();
  });

  it('near miss: a single subtype is an extension, not a closed set of states', () => {
    const schemas = pipelineSchemas();
    for (const k of Object.keys(schemas)) if (/pipeline_state_(pending|in_progress)$/.test(k)) delete schemas[k];
    expect(analyze(schemas).field).toBeNull();
  });
});

/**
 * Bitbucket-shaped: `POST …/pipelines` answers 201 with a Location and the pipeline; `GET …/pipelines` pages them
 * (`{values: [pipeline]}`, resource/pagedList.ts: not the item); `GET …/pipelines/{pipeline_uuid}` reads one.
 */
function pipelineOps(wrap: (schema: JsonSchema) => JsonSchema = (schema) => schema): Operation[] {
  const pipeline = ref('pipeline');
  return [
    createOperation('POST', '/repositories/{repo}/pipelines', {
      operationId: 'createPipeline',
      requestBody: createRequestBody(pipeline),
      responses: [createResponse('201', { schema: wrap(pipeline), headers: [createResponseHeader('Location')] })],
    }),
    createOperation('GET', '/repositories/{repo}/pipelines', {
      operationId: 'listPipelines',
      responses: [
        createResponse('200', {
          schema: wrap({ type: 'object', properties: { page: { type: 'integer' }, values: { type: 'array', items: pipeline } } }),
        }),
      ],
    }),
    createOperation('GET', '/repositories/{repo}/pipelines/{pipeline_uuid}', {
      operationId: 'getPipeline',
      responses: [createResponse('200', { schema: wrap(pipeline) })],
    }),
  ];
}

describe('a job whose states are typed objects', () => {
  const families = (schemas: Record<string, JsonSchema>) =>
    detectJobs(createModel(pipelineOps(), { schemas })).families.map((f) => ({
      poll: 'op' in f.poll ? f.poll.op.operationId : null,
      status: f.statusField,
      outcome: f.outcomeField,
    }));

  it('is polled at the item, its status and outcome read from the subtypes', () => {
    expect(families(pipelineSchemas())).toEqual([{ poll: 'getPipeline', status: 'state.name', outcome: 'state.result.name' }]);
  });

  it('is polled at the item when every answer is wrapped in `data`: the page is read inside its envelope', () => {
    const inData = (schema: JsonSchema): JsonSchema => ({ type: 'object', required: ['data'], properties: { data: schema } });
    const found = detectJobs(createModel(pipelineOps(inData), { schemas: pipelineSchemas() })).families.map((f) => ({
      poll: 'op' in f.poll ? f.poll.op.operationId : null,
      status: f.statusField,
    }));
    expect(found).toEqual([{ poll: 'getPipeline', status: 'data.state.name' }]);
  });

  it('near miss: without a typed outcome a status that only completes is no job lifecycle', () => {
    const schemas = pipelineSchemas();
    for (const k of Object.keys(schemas)) if (k.includes('completed_')) delete schemas[k];
    expect(families(schemas)).toEqual([]);
  });
});
