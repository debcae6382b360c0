/**
 * JSON:API documents (jsonapi.org v1.1 §7): the primary data under `data` as a resource object whose fields sit in
 * `attributes`, beside its `type` and `id` (read/envelope.ts `isResourceObject`, `resourceMembers`). Found by the metamorphic `jsonApi`
 * rewrite (scripts/corpus/jsonApi.ts), which lost 48 of the 67 other vendors' labelled starts before.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { answerFields, isResourceObject } from '../../../src/detect/read/envelope.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj as required, rpc, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const document = (resource: string): JsonSchema => obj({ data: createSchemaRef(resource), links: obj({ self: str() }) });

describe('isResourceObject: a JSON:API resource object', () => {
  const reader = new SchemaReader(createModel([]));
  it.each<[string, JsonSchema, boolean]>([
    ['type, id and attributes', obj({ type: str(), id: str(), attributes: obj({ status: str() }) }), true],
    [
      'with relationships, links and meta',
      obj({ type: str(), attributes: obj({}), relationships: obj({}), links: obj({}), meta: obj({}) }),
      true,
    ],
    ['near miss: no type', obj({ id: str(), attributes: obj({}) }), false],
    ['near miss: a member the format does not define', obj({ type: str(), attributes: obj({}), status: str() }), false],
    ['near miss: attributes that are not an object', obj({ type: str(), attributes: str() }), false],
  ])('%s', (_label, schema, expected) => {
    expect(isResourceObject(reader, schema)).toBe(expected);
  });
});

describe('answerFields: the fields of an answer that is a JSON:API document', () => {
  it('lists the resource’s own members and its attributes, each with its path from the body', () => {
    const reader = new SchemaReader(createModel([]));
    const body = obj({ data: obj({ type: str(), id: str(), attributes: obj({ status_url: str() }) }), links: obj({}) });
    expect(answerFields(reader, body).map((f) => f.path)).toEqual([
      'data.type',
      'data.id',
      'data.attributes',
      'data.attributes.status_url',
    ]);
  });
});

describe('detection reads a JSON:API resource in its attributes', () => {
  const STATES = ['queued', 'processing', 'complete', 'failed'];
  /** `POST /exports` and `GET /exports/{param}`, both answering a JSON:API document of `Export`. */
  const exportsOf = (param: string, resource: JsonSchema) =>
    createModel(
      [
        createOperation('POST', '/exports', {
          operationId: 'createExport',
          responses: [createResponse('201', { schema: document('Export') })],
        }),
        createOperation('GET', `/exports/{${param}}`, {
          operationId: 'getExport',
          responses: [createResponse('200', { schema: document('Export') })],
        }),
      ],
      { schemas: componentSchemas({ Export: resource }) },
    );
  it('a job resource whose status is `data.attributes.status`', () => {
    const found = detectJobs(
      exportsOf('id', obj({ type: str(), id: str(), attributes: obj({ status: str(STATES), file_url: str() }) })),
    ).families;
    expect(summarize({ families: found } as never)).toMatchObject([{ start: ['createExport'], poll: 'getExport' }]);
    expect(found[0]!.statusField).toBe('data.attributes.status');
  });
  it('a poll whose path takes an id the resource keeps in its attributes (`data.attributes.export_id`)', () => {
    const found = detectJobs(
      exportsOf('export_id', obj({ type: str(), attributes: obj({ export_id: str(), status: str(STATES) }) })),
    ).families;
    expect(summarize({ families: found } as never)).toMatchObject([{ start: ['createExport'], poll: 'getExport' }]);
    expect(found[0]!.start[0]!.idFrom).toBe('body:data.attributes.export_id');
  });
  it('an id flow from an id the answer keeps in its resource’s attributes (`StartExportJob` → `DescribeExportJob`)', () => {
    const job = obj({
      type: str(),
      attributes: obj({ ExportJobId: str(), JobStatus: str(['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED']) }),
    });
    const model = createModel([
      rpc('StartExportJob', required({ Source: str() }, ['Source']), obj({ data: job })),
      rpc('DescribeExportJob', required({ ExportJobId: str() }, ['ExportJobId']), obj({ data: job })),
    ]);
    const found = detectJobs(model).families;
    expect(summarize({ families: found } as never)).toMatchObject([{ start: ['StartExportJob'], poll: 'DescribeExportJob' }]);
    expect(found[0]!.start[0]!.idFrom).toBe('body:data.attributes.ExportJobId');
  });
  it('a resource whose attributes are itself (a hostile `$ref` cycle) is read once, not without end', () => {
    expect(detectJobs(exportsOf('id', obj({ type: str(), id: str(), attributes: createSchemaRef('Export') }))).families).toEqual([]);
  });
});
