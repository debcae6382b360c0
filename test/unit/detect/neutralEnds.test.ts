/**
 * A vocabulary whose end says only that the work stopped (src/detect/status/neutralEnds.ts): BigQuery's job reads
 * `status.state` PENDING | RUNNING | DONE, and `status.errorResult` is set when it failed, while `status.errors` may
 * hold warnings on a success. The family lists `DONE` as a neutral end and reads `errorResult` as its error
 * (fieldRoles.ts errorRank: the final error object over a list). Near misses: a vocabulary that can say failed, an
 * outcome field that says how, an end that reads as a verdict (`COMPLETED`), no error field.
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

const ERROR: JsonSchema = { type: 'object', properties: { reason: { type: 'string' }, message: { type: 'string' } } };
const job = (states: string[], status: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: {
      type: 'object',
      properties: { state: { type: 'string', enum: states }, errors: { type: 'array', items: ERROR }, errorResult: ERROR, ...status },
    },
  },
});
const detect = (schema: JsonSchema) => {
  const ops = [
    createOperation('POST', '/jobs', { operationId: 'insertJob', responses: [createResponse('200', { schema: createSchemaRef('Job') })] }),
    createOperation('GET', '/jobs/{jobId}', {
      operationId: 'getJob',
      parameters: [createParameter('jobId', 'path')],
      responses: [createResponse('200', { schema: createSchemaRef('Job') })],
    }),
    // BigQuery's cancel: with it, a vocabulary that names no failure still weighs as a job.
    createOperation('POST', '/jobs/{jobId}/cancel', {
      operationId: 'cancelJob',
      parameters: [createParameter('jobId', 'path')],
      responses: [createResponse('200', { schema: createSchemaRef('Job') })],
    }),
  ];
  const [f] = detectJobs(createModel(ops, { schemas: componentSchemas({ Job: schema }) })).families;
  return { errorField: f?.errorField, neutralEnds: f?.neutralEnds };
};

describe('an end that says the work stopped, not how', () => {
  it('is a neutral end where the final error object is read beside it', () => {
    expect(detect(job(['PENDING', 'RUNNING', 'DONE']))).toEqual({ errorField: 'status.errorResult', neutralEnds: ['DONE'] });
  });
  it.each<[string, JsonSchema, { errorField: string | null | undefined; neutralEnds: string[] | undefined }]>([
    [
      'a vocabulary that can say failed',
      job(['PENDING', 'RUNNING', 'DONE', 'FAILED']),
      { errorField: 'status.errorResult', neutralEnds: undefined },
    ],
    ['an end read as a verdict', job(['PENDING', 'RUNNING', 'COMPLETED']), { errorField: 'status.errorResult', neutralEnds: undefined }],
    [
      'an outcome field beside the status says how',
      job(['PENDING', 'RUNNING', 'DONE'], { result: { type: 'string', enum: ['SUCCEEDED', 'FAILED', 'CANCELLED'] } }),
      { errorField: 'status.errorResult', neutralEnds: undefined },
    ],
    [
      'no error field to tell',
      {
        type: 'object',
        properties: {
          id: { type: 'string' },
          status: { type: 'object', properties: { state: { type: 'string', enum: ['PENDING', 'RUNNING', 'DONE'] } } },
        },
      },
      { errorField: null, neutralEnds: undefined },
    ],
  ])('near miss: %s', (_label, schema, expected) => {
    expect(detect(schema)).toEqual(expected);
  });
  it('near miss: a list of errors alone is read, but an object beside it is the final one', () => {
    // `errorResult` named as no error (a plain field of that name): only the list is left to read.
    const listOnly = job(['PENDING', 'RUNNING', 'DONE'], { errorResult: { type: 'integer' } });
    expect(detect(listOnly).errorField).toBe('status.errors');
  });
});
