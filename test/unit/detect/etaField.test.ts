/** A family's `etaField`: the start answer's or the status document's top-level field saying how long the work takes. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';

const STATES = ['queued', 'running', 'succeeded', 'failed'];

/** `POST /exports` answering 202 with `startExtra`, polled at `GET /exports/{id}` whose document has `statusExtra`. */
function etaOf(startExtra: Record<string, JsonSchema>, statusExtra: Record<string, JsonSchema> = {}): string | null {
  const model = createModel(
    [
      createOperation('POST', '/exports', {
        operationId: 'createExport',
        responses: [createResponse('202', { schema: { type: 'object', properties: { id: { type: 'string' }, ...startExtra } } })],
      }),
      createOperation('GET', '/exports/{id}', {
        operationId: 'getExport',
        responses: [createResponse('200', { schema: createSchemaRef('Export') })],
      }),
    ],
    { schemas: componentSchemas({ Export: jobSchema(STATES, statusExtra) }) },
  );
  const families = detectJobs(model).families;
  expect(families).toHaveLength(1);
  return families[0]!.etaField;
}

describe('detectJobs: etaField', () => {
  it.each<[string, Record<string, JsonSchema>, Record<string, JsonSchema>, string | null]>([
    [
      'a date-time finishing time on the start answer',
      { estimated_completion_time: { type: 'string', format: 'date-time' } },
      {},
      'estimated_completion_time',
    ],
    ['a number of seconds on the start answer', { expected_duration_sec: { type: 'number' } }, {}, 'expected_duration_sec'],
    ['a remaining time on the status document', {}, { estimatedSecondsRemaining: { type: 'integer' } }, 'estimatedSecondsRemaining'],
    [
      'the start answer wins over the status document',
      { expected_duration_ms: { type: 'integer' } },
      { estimated_finish: { type: 'string' } },
      'expected_duration_ms',
    ],
    ['no ETA field anywhere', { created_at: { type: 'string', format: 'date-time' } }, { duration: { type: 'number' } }, null],
  ])('%s', (_, startExtra, statusExtra, expected) => {
    expect(etaOf(startExtra, statusExtra)).toBe(expected);
  });
});
