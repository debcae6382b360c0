/**
 * A 202's status read must be able to say the job ended well (src/detect/status/outcomeCompletes.ts endsWellAt;
 * issue 24: a family needs a terminal success value): a configuration's `Pending | Enabled | Disabled | Invalid`
 * never does, and a family on it would poll forever.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

const thing = (values: string[]): JsonSchema => ({
  type: 'object',
  properties: { id: { type: 'string' }, state: { type: 'string', enum: values } },
});

const families = (values: string[]) =>
  detectJobs(
    createModel([
      createOperation('POST', '/configs', {
        operationId: 'createConfig',
        requestBody: createRequestBody({ type: 'object' }),
        responses: [createResponse('202', { schema: thing(values) })],
      }),
      createOperation('GET', '/configs/{id}', { operationId: 'getConfig', responses: [createResponse('200', { schema: thing(values) })] }),
    ]),
  ).families.map((f) => f.statusField);

describe('a 202 start whose status read can end well', () => {
  it('is a job when a value is a success', () => {
    expect(families(['Pending', 'Running', 'Succeeded', 'Failed'])).toEqual(['state']);
  });

  it('near miss: a lifecycle-like state without a success is none', () => {
    expect(families(['Pending', 'Enabled', 'Disabled', 'Deleted', 'Invalid'])).toEqual([]);
  });
});
