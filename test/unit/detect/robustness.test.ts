/** Bad or odd IR never makes detection throw or hang: cycles, boolean schemas, dangling refs, no operationIds. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { toExplainJson } from '../../../src/explain/index.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema, model, op, ref } from './factories.js';

const rows: Array<[string, () => ApiModel]> = [
  ['an empty model', () => model([])],
  [
    'a self-referencing allOf cycle',
    () =>
      model(
        [
          op('POST', '/a', { responses: [{ status: '202', schema: ref('A') }] }),
          op('GET', '/a/{id}', { responses: [{ status: '200', schema: ref('A') }] }),
        ],
        { A: { allOf: [ref('B')], properties: { status: { $ref: '#/components/schemas/A' } } }, B: { allOf: [ref('A')] } },
      ),
  ],
  [
    'a $ref chain that loops',
    () => model([op('POST', '/x', { responses: [{ status: '202', schema: ref('L1') }] })], { L1: ref('L2'), L2: ref('L1') }),
  ],
  [
    'dangling refs and boolean schemas',
    () =>
      model([
        op('POST', '/y', { responses: [{ status: '201', schema: ref('Missing') }], body: true }),
        op('GET', '/y/{id}', { responses: [{ status: '200', schema: true }] }),
        op('POST', '/y/{id}/cancel', { responses: [{ status: '200', schema: false }] }),
      ]),
  ],
  [
    'operations without operationIds and odd statuses',
    () => {
      const m = model(
        [
          op('POST', '/jobs', { responses: [{ status: '2XX', schema: ref('J') }, { status: 'default' }] }),
          op('GET', '/jobs/{id}', { responses: [{ status: '200', schema: ref('J') }] }),
          op('POST', '/jobs/{id}/cancel', { responses: [{ status: '202' }] }),
        ],
        { J: jobSchema(['queued', 'running', 'succeeded', 'failed']) },
      );
      for (const o of m.operations) delete o.operationId;
      return m;
    },
  ],
  [
    'links to operations that do not exist',
    () =>
      model(
        [
          op('POST', '/t', {
            responses: [{ status: '200', schema: ref('T'), links: [{ name: 'x', operationId: 'nope', parameters: { id: 42 } }] }],
          }),
        ],
        { T: jobSchema(['queued', 'completed', 'error']) },
      ),
  ],
  ['an x-mcp-jobgen that is null', () => model([op('POST', '/n', { extensions: { 'x-mcp-jobgen': null } })])],
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
