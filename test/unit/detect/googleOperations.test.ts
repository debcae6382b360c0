/**
 * AIP-151: every Operation-returning method is a job start, polled by the operation's name under the API's
 * version root, with a declared or synthetic GetOperation / CancelOperation. One row per rule, IR from factories.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { versionRoot } from '../../../src/detect/marked/googleOperations.js';
import { formatExplainText, toExplainJson } from '../../../src/explain/index.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { type FamilySummary, hintIds, summarize } from './summarize.js';

const OPERATION: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    done: { type: 'boolean' },
    metadata: { type: 'object', additionalProperties: {} },
    error: createSchemaRef('Status'),
    response: { type: 'object', additionalProperties: {} },
  },
};
const SCHEMAS = {
  Operation: OPERATION,
  Status: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
};
const returns = (schema: JsonSchema) => ({ responses: [createResponse('200', { schema })] });
const lro = (id: string) => ({ operationId: id, ...returns(createSchemaRef('Operation')) });

type Row = [label: string, build: () => ApiModel, families: Array<Partial<FamilySummary>>, synthetic: string[], hints?: string[]];

const rows: Row[] = [
  [
    'declared GET /v1/{name} and :cancel; colon verbs on {name}, DELETE and PATCH returning an Operation are starts',
    () =>
      createModel(
        [
          createOperation('GET', '/v1/{name}', { operationId: 'operations.get', ...returns(createSchemaRef('Operation')) }),
          createOperation('DELETE', '/v1/{name}', lro('instances.delete')),
          createOperation('PATCH', '/v1/{name}', lro('instances.patch')),
          createOperation('POST', '/v1/{name}:cancel', { operationId: 'operations.cancel', ...returns({ type: 'object' }) }),
          createOperation('POST', '/v1/{name}:failover', lro('instances.failover')),
          createOperation('POST', '/v1/{parent}/instances', lro('instances.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [
      {
        name: 'operation',
        confidence: 'high',
        start: ['instances.delete', 'instances.patch', 'instances.failover', 'instances.create'],
        poll: 'operations.get',
        cancel: 'operations.cancel',
      },
    ],
    [],
  ],
  [
    'discovery collapse: GET /v1/{name} is a resource get, so the poll is synthetic (GET /v1/{operation_name}); the declared :cancel is linked',
    () =>
      createModel(
        [
          createOperation('GET', '/v1/{name}', {
            operationId: 'workstations.get',
            ...returns({ type: 'object', properties: { name: { type: 'string' } } }),
          }),
          createOperation('POST', '/v1/{name}:cancel', { operationId: 'operations.cancel', ...returns({ type: 'object' }) }),
          createOperation('POST', '/v1/{name}:start', lro('workstations.start')),
          createOperation('POST', '/v1/{parent}/workstations', lro('workstations.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [{ start: ['workstations.start', 'workstations.create'], poll: 'GET /v1/{operation_name}', cancel: 'operations.cancel' }],
    ['GET /v1/{operation_name}'],
  ],
  [
    'no operations service declared at all: synthetic GET /v1/{name}, and no cancel (the API declares none)',
    () => createModel([createOperation('POST', '/v1/{parent}/backups', lro('backups.create'))], { schemas: componentSchemas(SCHEMAS) }),
    [{ start: ['backups.create'], poll: 'GET /v1/{name}', cancel: null }],
    ['GET /v1/{name}'],
  ],
  [
    'the cancel declared only in the operations service form (…/operations/{id}:cancel): synthesised where the poll is',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/projects/{projectsId}/operations/{operationsId}:cancel', { operationId: 'operations.cancel' }),
          createOperation('POST', '/v1/{parent}/backups', lro('backups.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [{ start: ['backups.create'], poll: 'GET /v1/{name}', cancel: 'POST /v1/{name}:cancel' }],
    ['GET /v1/{name}', 'POST /v1/{name}:cancel'],
    // The split-name form stays a plain tool: it cannot take the name a start returns.
    ['operations.cancel'],
  ],
  [
    'a getter with the name split over several parameters cannot take the name: synthetic poll instead',
    () =>
      createModel(
        [
          createOperation('GET', '/v1/projects/{projectsId}/operations/{operationsId}', {
            operationId: 'operations.get',
            ...returns(createSchemaRef('Operation')),
          }),
          createOperation('POST', '/v1/projects/{projectsId}/backups', lro('backups.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [{ start: ['backups.create'], poll: 'GET /v1/{name}' }],
    ['GET /v1/{name}'],
  ],
  [
    'a getter under operations/ with the whole name (Speech `GET /v1/operations/{name}`) is used, with its own :cancel',
    () =>
      createModel(
        [
          createOperation('GET', '/v1/operations/{name}', { operationId: 'operations.get', ...returns(createSchemaRef('Operation')) }),
          createOperation('POST', '/v1/operations/{name}:cancel', { operationId: 'operations.cancel' }),
          createOperation('POST', '/v1/speech:longrunningrecognize', lro('speech.longrunningrecognize')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [{ start: ['speech.longrunningrecognize'], poll: 'operations.get', cancel: 'operations.cancel' }],
    [],
  ],
  [
    'two version roots are two families, each polled under its own root',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/{parent}/jobs', lro('v1.create')),
          createOperation('POST', '/v1beta1/{parent}/jobs', lro('v1beta1.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [
      { start: ['v1.create'], poll: 'GET /v1/{name}' },
      { start: ['v1beta1.create'], poll: 'GET /v1beta1/{name}' },
    ],
    ['GET /v1/{name}', 'GET /v1beta1/{name}'],
  ],
  [
    'metadata alone beside name and done is an Operation too',
    () =>
      createModel(
        [
          createOperation(
            'POST',
            '/v2/{parent}:import',
            returns({ properties: { name: { type: 'string' }, done: { type: 'boolean' }, metadata: { type: 'object' } } }),
          ),
        ],
        { schemas: componentSchemas({}) },
      ),
    [{ poll: 'GET /v2/{name}' }],
    ['GET /v2/{name}'],
  ],
  [
    'a resource PUT collapsed onto the operations GET path is no start of it (it returns the resource, not an Operation)',
    () =>
      createModel(
        [
          createOperation('GET', '/v1/{name}', { operationId: 'operations.get', ...returns(createSchemaRef('Operation')) }),
          createOperation('PUT', '/v1/{name}', {
            operationId: 'artifacts.replace',
            ...returns({ type: 'object', properties: { name: { type: 'string' } } }),
          }),
          createOperation('POST', '/v1/{name}:cancel', { operationId: 'operations.cancel' }),
          createOperation('GET', '/v1/{parent}/artifacts', { operationId: 'artifacts.list', ...returns({ type: 'object' }) }),
          createOperation('POST', '/v1/{parent}/instances', lro('instances.create')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [{ start: ['instances.create'], poll: 'operations.get', cancel: 'operations.cancel', result: null }],
    [],
  ],
  [
    'not Operations: `done` that is not a boolean, a GET answering an Operation, AIP-151 WaitOperation (:wait)',
    () =>
      createModel(
        [
          createOperation(
            'POST',
            '/v1/{parent}/things',
            returns({ properties: { name: { type: 'string' }, done: { type: 'string' }, error: { type: 'object' } } }),
          ),
          createOperation('GET', '/v1/{name}', lro('operations.get')),
          createOperation('POST', '/v1/{name}:wait', lro('operations.wait')),
        ],
        { schemas: componentSchemas(SCHEMAS) },
      ),
    [],
    [],
  ],
];

describe('AIP-151 Operation-returning methods', () => {
  it.each(rows)('%s', (_label, build, expected, synthetic, hints = []) => {
    const detection = detectJobs(build());
    const found = summarize(detection);
    expect(found).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) expect(found[i]).toMatchObject(e);
    expect((detection.syntheticOperations ?? []).map((o) => `${o.method} ${o.path}`)).toEqual(synthetic);
    for (const f of detection.families) {
      expect(f).toMatchObject({ statusField: null, doneField: 'done', states: {} });
      expect(f.start.every((s) => s.idFrom === 'body:name')).toBe(true);
    }
    expect(hintIds(detection)).toEqual(hints);
  });

  it('a synthetic poll is a whole IR operation: one path parameter, the Operation schema, the start security', () => {
    const m = createModel([createOperation('POST', '/v1/{parent}/backups', lro('backups.create'))], { schemas: componentSchemas(SCHEMAS) });
    m.operations[0]!.security = [['oauth2']];
    const detection = detectJobs(m);
    const [poll] = detection.syntheticOperations!;
    expect(poll).toMatchObject({
      method: 'GET',
      path: '/v1/{name}',
      pointer: '#/paths/~1v1~1{name}/get',
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      responses: [{ status: '200', content: [{ mediaType: 'application/json', schema: createSchemaRef('Operation') }] }],
      security: [['oauth2']],
    });
    const family = detection.families[0]!;
    expect(family.poll).toMatchObject({ op: { method: 'GET', path: '/v1/{name}', pointer: poll!.pointer }, idParam: 'name', carry: [] });
    expect(family).toMatchObject({ errorField: 'error', resultField: 'response', confidence: 'high' });
    expect(family.evidence.join('\n')).toContain('not declared by the spec: synthetic');
    expect(toExplainJson(m, detection).syntheticOperations).toEqual([{ operationId: null, method: 'GET', path: '/v1/{name}' }]);
    expect(formatExplainText(m, detection)).toContain('poll    GET /v1/{name} [synthetic: not declared by the spec]');
  });

  it.each([
    [
      'a percent in a metadata type no operation references',
      { CreateBackupMetadata: { properties: { progressPercent: { type: 'integer' }, createTime: { type: 'string' } } } },
      { field: 'metadata.progressPercent', scale: 100 },
    ],
    [
      'one object down (Spanner `progress.progressPercent`)',
      {
        RestoreMetadata: { properties: { progress: createSchemaRef('OperationProgress') } },
        OperationProgress: { properties: { progressPercent: { type: 'integer' } } },
      },
      { field: 'metadata.progress.progressPercent', scale: 100 },
    ],
    [
      'the most common field when metadata types differ',
      {
        AMetadata: { properties: { progressPercentage: { type: 'number' } } },
        BMetadata: { properties: { progressPercent: { type: 'integer' } } },
        CMetadata: { properties: { progressPercent: { type: 'integer' } } },
      },
      { field: 'metadata.progressPercent', scale: 100 },
    ],
    ['no progress field in any metadata type', { OperationMetadata: { properties: { createTime: { type: 'string' } } } }, null],
    ['a progress field outside …Metadata types does not count', { Instance: { properties: { progress: { type: 'number' } } } }, null],
  ])('progress: %s', (_label, unreferenced, progress) => {
    const m = createModel([createOperation('POST', '/v1/{parent}/backups', lro('backups.create'))], {
      schemas: componentSchemas(SCHEMAS),
      namedSchemas: componentSchemas({ ...SCHEMAS, ...unreferenced }),
    });
    expect(detectJobs(m).families[0]!.progress).toEqual(progress);
  });

  it.each([
    ['/v1/{parent}/instances', '/v1'],
    ['/v1beta1/projects/{projectsId}/locations', '/v1beta1'],
    ['/v1p1beta1/speech:longrunningrecognize', '/v1p1beta1'],
    ['/api/v2alpha/{name}:export', '/api/v2alpha'],
    ['/{name}:export', ''],
    ['/projects/{project}/v1/things', ''],
  ])('version root of %s is "%s"', (path, root) => {
    expect(versionRoot(path)).toBe(root);
  });
});
