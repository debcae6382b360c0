import { test } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { emitProject } from '../../../src/emit/index.js';
import { createFamily, createModel, createOperation, createParam, jsonResponse, noJobs } from './factories.js';
test('try', () => {
  const job = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, status: { type: 'string', enum: ['running', 'done'] }, parent: { $ref: '#/components/schemas/Job' } } };
  const create = createOperation('POST', '/jobs', { operationId: 'createJob', summary: 'Create a job', tags: ['jobs'],
    parameters: [createParam('Idempotency-Key', 'header')],
    requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { type: 'object', properties: { input: { type: 'string', minLength: 1 }, n: { type: 'integer', minimum: 1, default: 2 } }, required: ['input'] } }], pointer: '#/x' },
    responses: [jsonResponse('201', { $ref: '#/components/schemas/Job' })] });
  const get = createOperation('GET', '/jobs/{id}', { operationId: 'getJob', tags: ['jobs'], parameters: [createParam('id', 'path'), createParam('id', 'query', { type: 'integer' }), createParam('X-Trace', 'header', {type:'string', format: 'uuid'})], responses: [jsonResponse('200', { $ref: '#/components/schemas/Job' })] });
  const list = createOperation('GET', '/pets', { summary: 'List pets', responses: [jsonResponse('200', { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Job' } } } })] });
  const model = createModel([create, get, list], { schemas: { '#/components/schemas/Job': job }, securitySchemes: [{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }], });
  const family = createFamily('job', create, get);
  family.start[0]!.idempotency = { in: 'header', name: 'Idempotency-Key' };
  const t0 = performance.now();
  const out = emitProject(model, { families: [family], hints: [], diagnostics: [] }, {});
  console.log(performance.now() - t0, out.diagnostics);
  mkdirSync('.tmp/try', { recursive: true });
  for (const f of out.files) { if (f.path.startsWith('src/runtime')) continue; console.log('=== ' + f.path + '\n' + f.contents); }
});
