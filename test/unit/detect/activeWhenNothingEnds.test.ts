/**
 * `ACTIVE` ends the work well when no other value can (src/detect/status/activeWhenNothingEnds.ts): DigitalOcean app
 * deployments go PENDING_BUILD, BUILDING, PENDING_DEPLOY, DEPLOYING, ACTIVE, and later SUPERSEDED, ERROR or
 * CANCELED. Read as running, the job ran until the next deployment and then ended cancelled. Near misses: a
 * vocabulary that names its own success, one with two ACTIVE-like values, an ACTIVE with no work under way beside it.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { activeEndsWork } from '../../../src/detect/status/activeWhenNothingEnds.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import type { JobFamily } from '../../../src/model/jobs.js';

describe('activeEndsWork', () => {
  it.each<[string, JobFamily['states'], string | null]>([
    [
      'a deployment that names no success',
      { PENDING_BUILD: 'queued', BUILDING: 'running', DEPLOYING: 'running', ACTIVE: 'running', SUPERSEDED: 'cancelled', ERROR: 'failed' },
      'ACTIVE',
    ],
    ['lower case, work queued beside it', { pending: 'queued', active: 'running', failed: 'failed' }, 'active'],
    // Near misses.
    ['a named success keeps ACTIVE a run (SMS replication runs)', { PENDING: 'queued', ACTIVE: 'running', COMPLETED: 'succeeded' }, null],
    ['no work under way beside ACTIVE', { ACTIVE: 'running', CANCELLED: 'cancelled', EXPIRED: 'failed' }, null],
    ['ACTIVE read otherwise already', { CREATING: 'running', ACTIVE: 'succeeded' }, null],
    ['two values that are ACTIVE', { 'in-progress': 'running', Active: 'running', ACTIVE: 'running' }, null],
  ])('%s', (_name, states, live) => {
    expect(activeEndsWork(states)).toBe(live);
  });
});

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
  });
});
