/** Bad or odd IR never makes detection throw or hang: cycles, boolean schemas, dangling refs, no operationIds. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { toExplainJson } from '../../../src/explain/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createRequestBody,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';

const rows: Array<[string, () => ApiModel]> = [
  ['an empty model', () => createModel([])],
  [
    'a self-referencing allOf cycle',
    () =>
      createModel(
        [
          createOperation('POST', '/a', { responses: [createResponse('202', { schema: createSchemaRef('A') })] }),
          createOperation('GET', '/a/{id}', { responses: [createResponse('200', { schema: createSchemaRef('A') })] }),
        ],
        {
          schemas: componentSchemas({
            A: { allOf: [createSchemaRef('B')], properties: { status: { $ref: '#/components/schemas/A' } } },
            B: { allOf: [createSchemaRef('A')] },
          }),
        },
      ),
  ],
  [
    'a $ref chain that loops',
    () =>
      createModel([createOperation('POST', '/x', { responses: [createResponse('202', { schema: createSchemaRef('L1') })] })], {
        schemas: componentSchemas({ L1: createSchemaRef('L2'), L2: createSchemaRef('L1') }),
      }),
  ],
  [
    'dangling refs and boolean schemas',
    () =>
      createModel([
        createOperation('POST', '/y', {
          responses: [createResponse('201', { schema: createSchemaRef('Missing') })],
          requestBody: createRequestBody(true),
        }),
        createOperation('GET', '/y/{id}', { responses: [createResponse('200', { schema: true })] }),
        createOperation('POST', '/y/{id}/cancel', { responses: [createResponse('200', { schema: false })] }),
      ]),
  ],
  [
    'operations without operationIds and odd statuses',
    () => {
      const m = createModel(
        [
          createOperation('POST', '/jobs', {
            responses: [createResponse('2XX', { schema: createSchemaRef('J') }), createResponse('default')],
          }),
          createOperation('GET', '/jobs/{id}', { responses: [createResponse('200', { schema: createSchemaRef('J') })] }),
          createOperation('POST', '/jobs/{id}/cancel', { responses: [createResponse('202')] }),
        ],
        { schemas: componentSchemas({ J: jobSchema(['queued', 'running', 'succeeded', 'failed']) }) },
      );
      for (const o of m.operations) delete o.operationId;
      return m;
    },
  ],
  [
    'links to operations that do not exist',
    () =>
      createModel(
        [
          createOperation('POST', '/t', {
            responses: [
              createResponse('200', { schema: createSchemaRef('T'), links: [{ name: 'x', operationId: 'nope', parameters: { id: 42 } }] }),
            ],
          }),
        ],
        { schemas: componentSchemas({ T: jobSchema(['queued', 'completed', 'error']) }) },
      ),
  ],
  ['an x-mcp-jobgen that is null', () => createModel([createOperation('POST', '/n', { extensions: { 'x-mcp-jobgen': null } })])],
];

describe('detectJobs: robustness', () => {
  it.each(rows)('%s', (_label, build) => {
    const m = build();
    const d = detectJobs(m);
    expect(Array.isArray(d.families)).toBe(true);
    expect(() => JSON.stringify(toExplainJson(m, d))).not.toThrow();
    for (const f of d.families) expect(f.start.length).toBeGreaterThan(0);
  });

  it('without operationIds, families and hints name operations by method and path', () => {
    const d = detectJobs(rows[4]![1]());
    expect(d.families).toHaveLength(1);
    expect(d.families[0]!.start[0]!.op).toMatchObject({ method: 'POST', path: '/jobs' });
    expect(d.families[0]!.start[0]!.op.operationId).toBeUndefined();
    expect(d.families[0]!.cancel).toMatchObject({ op: { method: 'POST', path: '/jobs/{id}/cancel' } });
  });
});
