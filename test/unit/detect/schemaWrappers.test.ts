/**
 * Schemas as code-first generators write them (read/schemaWalk.ts `wrappedSchema`): a use of a schema described or
 * made nullable, `allOf: [{$ref: Job}]` (OpenAPI 3.0, NestJS, springdoc) or `anyOf: [{$ref: Job}, {type: 'null'}]`
 * (pydantic's `Optional`, OpenAPI 3.1), reads as the schema it wraps. Found by the metamorphic `refWrap` and
 * `nullableUnion` rewrites (scripts/corpus/schemaStyles.ts), which lost 128 and 86 labelled starts before.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader, wrappedSchema } from '../../../src/detect/read/schemaWalk.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const described = (schema: JsonSchema, description: string): JsonSchema => ({ allOf: [schema], description });

describe('wrappedSchema: what a wrapper stands for', () => {
  const job = createSchemaRef('Job');
  it.each<[string, JsonSchema, JsonSchema | undefined]>([
    ['a described ref', described(job, 'The job.'), job],
    ['a nullable ref (pydantic)', nullable(job), job],
    ['the null branch first', { oneOf: [{ type: 'null' }, job] }, job],
    ["AWS's ref with its description beside it", { allOf: [job, { description: 'The job.' }] }, job],
    ['3.0 nullable on an allOf', { allOf: [job], nullable: true, title: 'Job' }, job],
    ['near miss: a composition of two schemas', { allOf: [job, { properties: { extra: str() } }] }, undefined],
    ['near miss: a union of two schemas', { anyOf: [job, str()] }, undefined],
    ['near miss: a schema of its own beside the branch', { type: 'object', allOf: [job] }, undefined],
  ])('%s', (_label, schema, inner) => {
    expect(wrappedSchema(schema as Record<string, unknown>)).toEqual(inner);
  });
});

describe('SchemaReader through wrappers', () => {
  const reader = new SchemaReader(
    createModel([], {
      schemas: componentSchemas({
        Job: { type: 'object', description: 'A job.', required: ['id'], properties: { id: str() } },
        Request: { type: 'object', required: ['RunId'], properties: { RunId: str(), JobName: str() } },
      }),
    }),
  );
  it('names, reads and describes the wrapped schema', () => {
    const wrapped = nullable(createSchemaRef('Job'));
    expect(reader.refName(wrapped)).toBe('#/components/schemas/Job');
    expect([...reader.properties(wrapped).keys()]).toEqual(['id']);
    expect(reader.description(wrapped)).toBe('A job.');
    expect(reader.description(described(createSchemaRef('Job'), 'The last job.'))).toBe('The last job. A job.');
  });
  it('requires what an allOf branch requires, not what an alternative does', () => {
    expect([...reader.requiredNames({ allOf: [createSchemaRef('Request')] })]).toEqual(['RunId']);
    expect([...reader.requiredNames({ allOf: [createSchemaRef('Request'), { required: ['JobName'] }] })]).toEqual(['RunId', 'JobName']);
    expect([...reader.requiredNames({ anyOf: [createSchemaRef('Request'), createSchemaRef('Job')] })]).toEqual([]);
  });
  it('says a description once', () => {
    expect(reader.description({ type: 'string', description: 'The name of the job.' })).toBe('The name of the job.');
  });
});

describe('detection through wrappers', () => {
  const STATES = ['STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED'];
  it('a poll whose request body is `allOf: [{$ref}]` still requires the run id (Glue’s GetJobRun)', () => {
    const model = createModel(
      [
        rpc('StartJobRun', obj({ JobName: str() }, ['JobName']), obj({ JobRunId: str() })),
        rpc('GetJobRun', { allOf: [createSchemaRef('GetJobRunRequest')] }, obj({ JobRun: obj({ Id: str(), JobRunState: str(STATES) }) })),
      ],
      { schemas: componentSchemas({ GetJobRunRequest: obj({ JobName: str(), RunId: str() }, ['JobName', 'RunId']) }) },
    );
    expect(summarize(detectJobs(model))).toMatchObject([{ start: ['StartJobRun'], poll: 'GetJobRun' }]);
  });
  it('a job read answering its document in a wrapper still says its work is asynchronous (Increase’s exports)', () => {
    const exportDoc: JsonSchema = {
      type: 'object',
      description: 'Exports are generated asynchronously: they can take a while.',
      properties: { id: str(), status: str(['pending', 'complete']), file_download_url: str() },
    };
    const model = createModel(
      [
        createOperation('POST', '/exports', {
          operationId: 'create',
          responses: [createResponse('200', { schema: described(createSchemaRef('Export'), '') })],
        }),
        createOperation('GET', '/exports/{export_id}', {
          operationId: 'get',
          responses: [createResponse('200', { schema: { allOf: [createSchemaRef('Export')] } })],
        }),
      ],
      { schemas: componentSchemas({ Export: exportDoc }) },
    );
    expect(summarize(detectJobs(model))).toMatchObject([{ start: ['create'], poll: 'get' }]);
  });
  it('a nullable list of records and a nullable status read as written (AWS Describe*, pydantic)', () => {
    const model = createModel(
      [
        rpc('CreateSnapshot', obj({ SnapshotName: str() }, ['SnapshotName']), obj({ Snapshot: nullable(createSchemaRef('Snapshot')) })),
        rpc(
          'DescribeSnapshots',
          obj({ SnapshotName: nullable(str()) }),
          obj({ Snapshots: nullable({ type: 'array', items: createSchemaRef('Snapshot') }) }),
        ),
      ],
      {
        schemas: componentSchemas({
          Snapshot: obj({ SnapshotName: nullable(str()), SnapshotStatus: nullable(str(['creating', 'available', 'failed'])) }),
        }),
      },
    );
    expect(summarize(detectJobs(model))).toMatchObject([{ start: ['CreateSnapshot'], poll: 'DescribeSnapshots' }]);
  });
});

describe('a schema without `type` is what its keywords describe (Azure omits `type: object` on property bags)', () => {
  const reader = new SchemaReader(createModel([]));
  it.each<[string, JsonSchema, string | undefined]>([
    ['members', { properties: { status: str() } }, 'object'],
    ['a map', { additionalProperties: str() }, 'object'],
    ['items', { items: str() }, 'array'],
    ['a declared type wins', { type: 'string', properties: {} }, 'string'],
    ['near miss: an enum alone says no type', { enum: ['a', 'b'] }, undefined],
    ['near miss: nothing at all', {}, undefined],
  ])('%s', (_label, schema, type) => {
    expect(reader.typeOf(schema)).toBe(type);
  });

  it('reads a job’s status inside a member whose schema has no type (Azure Automation’s Job_Create)', () => {
    const path = '/automationAccounts/{automationAccountName}/jobs/{jobName}';
    const model = createModel(
      [
        createOperation('PUT', path, { operationId: 'Job_Create', responses: [createResponse('201', { schema: createSchemaRef('Job') })] }),
        createOperation('GET', path, { operationId: 'Job_Get', responses: [createResponse('200', { schema: createSchemaRef('Job') })] }),
      ],
      {
        schemas: componentSchemas({
          Job: { properties: { id: str(), name: str(), properties: createSchemaRef('JobProperties') } },
          JobProperties: { properties: { jobId: str(), status: str(['New', 'Running', 'Completed', 'Failed', 'Stopped']) } },
        }),
      },
    );
    expect(summarize(detectJobs(model))).toMatchObject([{ start: ['Job_Create'], poll: 'Job_Get' }]);
  });
});
