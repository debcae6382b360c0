/**
 * The IR factories build what normalize builds: the same keys, defaults and pointers for the same declaration,
 * so a test (or detect's synthetic operations) made with them sees the IR a parsed spec would give.
 */
import { describe, expect, it } from 'vitest';
import {
  createOperation,
  createParameter,
  createRequestBody,
  createResponse,
  operationPointer,
  toOperationRef,
} from '../../../src/model/factories.js';
import { buildFrom, oas3 } from '../normalize/buildFrom.js';

const job = { type: 'object', properties: { id: { type: 'string' } } };

describe('IR factories', () => {
  it('make the operation normalize makes from the same declaration', () => {
    const { model, diagnostics } = buildFrom(
      oas3({
        '/jobs/{id}': {
          post: {
            operationId: 'runJob',
            tags: ['jobs'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: { required: true, content: { 'application/json': { schema: job } } },
            responses: { '202': { description: 'accepted', content: { 'application/json': { schema: job } } } },
          },
        },
      }),
    );
    expect(diagnostics).toEqual([]);
    const pointer = operationPointer('POST', '/jobs/{id}');
    const made = createOperation('POST', '/jobs/{id}', {
      operationId: 'runJob',
      tags: ['jobs'],
      parameters: [createParameter('id', 'path', { pointer: `${pointer}/parameters/0` })],
      requestBody: createRequestBody(job, { pointer: `${pointer}/requestBody` }),
      responses: [createResponse('202', { schema: job, description: 'accepted', pointer: `${pointer}/responses/202` })],
    });
    expect(made).toEqual(model.operations[0]);
    expect(JSON.stringify(made)).toBe(JSON.stringify(model.operations[0]));
  });

  it('give every {name} of the path a required string path parameter unless one is declared', () => {
    const op = createOperation('GET', '/threads/{thread_id}/runs/{run_id}?beta=true', {
      parameters: [createParameter('run_id', 'path', { schema: { type: 'integer' } })],
    });
    expect(op.pointer).toBe('#/paths/~1threads~1{thread_id}~1runs~1{run_id}?beta=true/get');
    expect(op.parameters.map((p) => [p.name, p.in, p.required, p.schema])).toEqual([
      ['run_id', 'path', true, { type: 'integer' }],
      ['thread_id', 'path', true, { type: 'string' }],
    ]);
    expect(toOperationRef(op)).toEqual({ method: 'GET', path: op.path, pointer: op.pointer });
  });
});
