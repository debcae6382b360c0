/**
 * A family that names no success ends when what it brings up is up (src/detect/status/upEndsWork.ts, applied in
 * buildFamily.ts, with an evidence line): DigitalOcean app deployments go PENDING_BUILD, BUILDING, PENDING_DEPLOY,
 * DEPLOYING, ACTIVE, and later SUPERSEDED, ERROR or CANCELED. Read as running, the job ran until the next deployment
 * and then ended cancelled. The rule's own rows are in endingWords.test.ts; this is the family built from IR.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';

describe('a deployment resource whose phases name no success', () => {
  const PHASES = ['UNKNOWN', 'PENDING_BUILD', 'BUILDING', 'PENDING_DEPLOY', 'DEPLOYING', 'ACTIVE', 'SUPERSEDED', 'ERROR', 'CANCELED'];
  const deployment: JsonSchema = {
    type: 'object',
    properties: { deployment: { type: 'object', properties: { id: { type: 'string' }, phase: { type: 'string', enum: PHASES } } } },
  };
  const app = createParameter('app_id', 'path', { required: true, schema: { type: 'string' } });
  const id = createParameter('deployment_id', 'path', { required: true, schema: { type: 'string' } });
  const ops = [
    createOperation('POST', '/v2/apps/{app_id}/deployments', {
      operationId: 'apps_create_deployment',
      parameters: [app],
      responses: [createResponse('200', { schema: deployment })],
    }),
    createOperation('GET', '/v2/apps/{app_id}/deployments/{deployment_id}', {
      operationId: 'apps_get_deployment',
      parameters: [app, id],
      responses: [createResponse('200', { schema: deployment })],
    }),
    createOperation('POST', '/v2/apps/{app_id}/deployments/{deployment_id}/cancel', {
      operationId: 'apps_cancel_deployment',
      parameters: [app, id],
      responses: [createResponse('200', { schema: deployment })],
    }),
  ];

  it('succeeds at ACTIVE', () => {
    const families = detectJobs(createModel(ops)).families;
    expect(families).toHaveLength(1);
    expect(families[0]!.states).toMatchObject({ BUILDING: 'running', ACTIVE: 'succeeded', SUPERSEDED: 'cancelled', ERROR: 'failed' });
    expect(families[0]!.evidence).toContain(
      '`ACTIVE` ends the work well: no other value of `deployment.phase` says it did, and the thing it brings up is up',
    );
  });
});
