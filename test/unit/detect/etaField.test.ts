/**
 * A family's `etaField` (the start answer's or the status document's top-level field saying how long the work
 * takes) and its `etaUnit` (how its value reads: detect/status/etaUnit.ts).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { etaUnitOf } from '../../../src/detect/status/etaUnit.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import type { EtaUnit } from '../../../src/model/jobs.js';
import { jobSchema } from './statusSchemas.js';

const STATES = ['queued', 'running', 'succeeded', 'failed'];

/** `POST /exports` answering 202 with `startExtra`, polled at `GET /exports/{id}` whose document has `statusExtra`. */
function etaOf(startExtra: Record<string, JsonSchema>, statusExtra: Record<string, JsonSchema> = {}): [string | null, EtaUnit | null] {
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
  return [families[0]!.etaField, families[0]!.etaUnit];
}

describe('detectJobs: etaField', () => {
  it.each<[string, Record<string, JsonSchema>, Record<string, JsonSchema>, [string | null, EtaUnit | null]]>([
    [
      'a date-time finishing time on the start answer',
      { estimated_completion_time: { type: 'string', format: 'date-time' } },
      {},
      ['estimated_completion_time', 'date-time'],
    ],
    ['a number of seconds on the start answer', { expected_duration_sec: { type: 'number' } }, {}, ['expected_duration_sec', 's']],
    ['a remaining time on the status document', {}, { estimatedSecondsRemaining: { type: 'integer' } }, ['estimatedSecondsRemaining', 's']],
    [
      'the start answer wins over the status document, with its own unit',
      { expected_duration_ms: { type: 'integer' } },
      { estimated_finish: { type: 'string' } },
      ['expected_duration_ms', 'ms'],
    ],
    [
      'a unit only the description names',
      { estimated_duration: { type: 'integer', description: 'Estimated processing time, in minutes.' } },
      {},
      ['estimated_duration', 'min'],
    ],
    ['a string of no format: the value decides at run time', {}, { estimated_finish: { type: 'string' } }, ['estimated_finish', null]],
    ['no ETA field anywhere', { created_at: { type: 'string', format: 'date-time' } }, { duration: { type: 'number' } }, [null, null]],
  ])('%s', (_, startExtra, statusExtra, expected) => {
    expect(etaOf(startExtra, statusExtra)).toEqual(expected);
  });
});

describe('etaUnitOf', () => {
  const reader = new SchemaReader(createModel([]));
  it.each<[string, JsonSchema, EtaUnit | null]>([
    ['expected_duration_ms', { type: 'integer' }, 'ms'],
    ['estimatedDurationMillis', { type: 'number' }, 'ms'],
    ['expected_duration_sec', { type: 'number' }, 's'],
    ['expected_duration_minutes', { type: 'integer' }, 'min'],
    ['estimated_duration_hours', { type: 'number' }, 'h'],
    ['eta_s', { type: 'integer' }, 's'],
    // The name wins over the description; the description's first unit word over a later one.
    ['expected_duration_ms', { type: 'integer', description: 'How many seconds it takes.' }, 'ms'],
    ['estimated_duration', { type: 'integer', description: 'In milliseconds; at most 10 minutes.' }, 'ms'],
    ['estimated_duration', { type: 'integer', description: 'Hours until the export is ready.' }, 'h'],
    // One letter in prose is no unit ("a", "s" of a plural).
    ['estimated_duration', { type: 'integer', description: "The job's duration: a rough figure." }, 's'],
    ['estimated_duration', { type: 'number' }, 's'],
    ['estimated_completion_time', { type: 'string', format: 'date-time' }, 'date-time'],
    ['estimated_completion_time', { type: ['string', 'null'], format: 'date-time' }, 'date-time'],
    ['estimated_finish', { type: 'string' }, null],
    ['estimated_duration', {}, null],
    ['estimated_duration_seconds', {}, 's'],
    // A Unix time is when it finishes: OpenAI's fine-tuning `estimated_finish` (format unixtime, in an anyOf with null).
    [
      'estimated_finish',
      {
        anyOf: [
          { type: 'integer', format: 'unixtime', description: 'The Unix timestamp (in seconds) for when it is estimated to finish.' },
          { type: 'null' },
        ],
      },
      'unix-s',
    ],
    ['estimated_finish', { type: 'integer', description: 'When it finishes, in milliseconds since the Unix epoch.' }, 'unix-ms'],
    ['estimated_completion_ms', { type: 'integer', description: 'Epoch time the job completes.' }, 'unix-ms'],
    ['estimated_finish', { type: 'string', description: 'A Unix timestamp.' }, null],
  ])('%s %j → %s', (name, schema, unit) => {
    expect(etaUnitOf(name, schema, reader)).toBe(unit);
  });
});
