/**
 * A resource that waits, then is up (src/detect/status/pendingUntilUp.ts): `PENDING` → `DEPLOYED` (Route 53 Recovery
 * Control), `Pending` → `InService`, read as a provisioning lifecycle for a start that brings the resource up.
 * Near misses: an order's or an account's pending, a waiting word that is a teardown, a start that brings nothing up.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgePendingUntilUp } from '../../../src/detect/status/pendingUntilUp.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj } from './rpcSchemas.js';

describe('judgePendingUntilUp', () => {
  const table: Array<[string[], { inProgress: string[]; success: string[] } | null]> = [
    [['PENDING', 'DEPLOYED', 'PENDING_DELETION'], { inProgress: ['PENDING'], success: ['DEPLOYED'] }],
    [['Pending', 'InService', 'Failed'], { inProgress: ['Pending'], success: ['InService'] }],
    [['pending', 'active', 'cancelled'], null],
    [['pending', 'paid', 'shipped', 'cancelled'], null],
    [['PENDING_DELETION', 'DEPLOYED'], null],
    [['DEPLOYED', 'FAILED'], null],
  ];
  it.each(table)('%j', (values, expected) => {
    const j = judgePendingUntilUp(values);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('maps the up word to succeeded and keeps the rest', () => {
    expect(judgePendingUntilUp(['PENDING', 'DEPLOYED', 'PENDING_DELETION'])?.states).toEqual({
      PENDING: 'queued',
      DEPLOYED: 'succeeded',
      PENDING_DELETION: 'queued',
    });
  });
});

const STATUS: JsonSchema = { type: 'string', enum: ['PENDING', 'DEPLOYED', 'PENDING_DELETION'] };
const ops = (verb: string) => [
  createOperation('POST', '/cluster', {
    operationId: `${verb}Cluster`,
    requestBody: createRequestBody(obj({ Name: { type: 'string' } }, ['Name'])),
    responses: [createResponse('200', { schema: obj({ Cluster: obj({ ClusterArn: { type: 'string' }, Status: STATUS }) }) })],
  }),
  createOperation('GET', '/cluster/{ClusterArn}', {
    operationId: 'DescribeCluster',
    parameters: [createParameter('ClusterArn', 'path', { required: true })],
    responses: [createResponse('200', { schema: obj({ Cluster: obj({ ClusterArn: { type: 'string' }, Status: STATUS }) }) })],
  }),
];

describe('a create whose resource goes PENDING → DEPLOYED', () => {
  it('is a provisioning family polled by the item read', () => {
    const d = detectJobs(createModel(ops('Create')));
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect([f.kind, f.statusField, isOperationLink(f.poll) ? f.poll.op.operationId : null]).toEqual([
      'provisioning',
      'Cluster.Status',
      'DescribeCluster',
    ]);
    expect(f.states).toMatchObject({ PENDING: 'queued', DEPLOYED: 'succeeded' });
  });

  it('near miss: a verb that brings nothing up gets no family from it', () => {
    expect(detectJobs(createModel(ops('Tag'))).families).toEqual([]);
  });
});
