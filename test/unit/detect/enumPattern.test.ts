/**
 * An enum written as a `pattern` of anchored literals (src/detect/status/enumPattern.ts), as AWS specs converted from
 * Smithy carry it (Elastic Transcoder `JobStatus`), read by both status readers. Near misses: any other pattern.
 * Also AWS REST's capitalised `Status` as the resource convention reads it (analyzeStatusSchema.ts).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { analyzeStatusSchema } from '../../../src/detect/status/analyzeStatusSchema.js';
import { patternValues } from '../../../src/detect/status/enumPattern.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const JOB_STATUS = '(^Submitted$)|(^Progressing$)|(^Complete$)|(^Canceled$)|(^Error$)';

describe('patternValues', () => {
  const reader = new SchemaReader(createModel([]));
  it.each<[string, JsonSchema, string[] | null]>([
    ['anchored literals', { type: 'string', pattern: JOB_STATUS }, ['Submitted', 'Progressing', 'Complete', 'Canceled', 'Error']],
    ['without parentheses', { type: 'string', pattern: '^QUEUED$|^DONE$' }, ['QUEUED', 'DONE']],
    [
      'in an allOf branch beside a description',
      { allOf: [{ type: 'string', pattern: JOB_STATUS }, { description: 'The status.' }] },
      ['Submitted', 'Progressing', 'Complete', 'Canceled', 'Error'],
    ],
    ['near miss: a character class', { type: 'string', pattern: '^[A-Za-z]+$' }, null],
    ['near miss: one literal', { type: 'string', pattern: '^ACTIVE$' }, null],
    ['near miss: a literal among other alternatives', { type: 'string', pattern: '(^Submitted$)|(^[0-9]+$)' }, null],
  ])('%s', (_label, schema, values) => {
    expect(patternValues(reader, schema)).toEqual(values);
  });
});

describe('a job whose status enum is a pattern', () => {
  const job = (status: JsonSchema): JsonSchema => obj({ Job: obj({ Id: str(), Status: status }) });
  const ops = (status: JsonSchema) => [
    createOperation('POST', '/2012-09-25/jobs', {
      operationId: 'CreateJob',
      requestBody: createRequestBody(obj({ PipelineId: str() }, ['PipelineId'])),
      responses: [createResponse('201', { schema: job(status) })],
    }),
    createOperation('GET', '/2012-09-25/jobs/{Id}', {
      operationId: 'ReadJob',
      parameters: [createParameter('Id', 'path', { required: true })],
      responses: [createResponse('200', { schema: job(status) })],
    }),
  ];

  it('is a family polled by the item read', () => {
    const d = detectJobs(createModel(ops({ allOf: [{ type: 'string', pattern: JOB_STATUS }, { description: 'The status.' }] })));
    expect(summarize(d)).toMatchObject([{ start: ['CreateJob'], poll: 'ReadJob' }]);
    expect(d.families[0]!.states).toMatchObject({ Submitted: 'queued', Complete: 'succeeded', Error: 'failed' });
  });

  it('near miss: a status whose pattern lists no words gets no family', () => {
    expect(detectJobs(createModel(ops({ type: 'string', pattern: '^[A-Za-z]+$' }))).families).toEqual([]);
  });
});

describe('the resource convention reads a capitalised `Status`', () => {
  const reader = new SchemaReader(createModel([]));
  const job = (status: JsonSchema): JsonSchema =>
    obj({ Job: obj({ AccelerationStatus: str(['NOT_APPLICABLE', 'IN_PROGRESS', 'ACCELERATED']), Id: str(), Status: status }) });
  it('before a part’s `*Status` (MediaConvert `Job.AccelerationStatus`)', () => {
    expect(analyzeStatusSchema(reader, job(str(['SUBMITTED', 'PROGRESSING', 'COMPLETE', 'CANCELED', 'ERROR']))).field).toBe('Job.Status');
  });
  it('near miss: spelled otherwise and listing no values, it is not taken (the part’s is)', () => {
    expect(analyzeStatusSchema(reader, job(str(undefined, 'Creating, Enabled or Deleting.'))).field).toBe('Job.AccelerationStatus');
  });
});
