/**
 * One row per rule stop 68 took from the eleventh generality batch's misses (fixtures/generality/, batch 11), over the
 * smallest IR that carries the shape, beside a near miss that must stay as it was. Each rule's own row was checked to
 * fail with the rule taken out.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { isTearDown } from '../../../src/detect/status/stateWords.js';
import { createModel, createOperation, createRequestBody } from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { answers, expectRow, listed, obj, path, type RuleRow, str } from './ruleRows.js';

const AURA = ['creating', 'destroying', 'running', 'pausing', 'paused', 'resuming', 'loading', 'loading failed', 'updating'];

/** Neo4j Aura: a create answering `code` into the collection whose item reads `creating` until `running`. */
function aura(code: string, values: string[] = AURA): ApiModel {
  const status = listed(...values);
  const instance = obj({ data: obj({ id: str(), name: str(), status }) });
  return createModel([
    createOperation('POST', '/v1/instances', {
      operationId: 'createInstance',
      requestBody: createRequestBody(obj({ name: str(), tenant_id: str() })),
      ...answers(code, obj({ data: obj({ id: str(), name: str(), password: str() }) })),
    }),
    createOperation('GET', '/v1/instances/{instanceId}', {
      operationId: 'getInstance',
      ...path('instanceId'),
      ...answers('200', instance),
    }),
  ]);
}

const rows: RuleRow[] = [
  [
    'Neo4j Aura: a 202 create whose item reads a thing coming up (creating until running) is its provisioning',
    () => aura('202'),
    [{ start: ['createInstance'], poll: 'getInstance', cancel: null, status: 'data.status' }],
  ],
  ['near miss: the same create answering 200 says nothing of outliving its call', () => aura('200'), []],
];

describe('generality batch 11 rules', () => {
  it.each(rows)('%s', (_label, build, expected) => expectRow(build, expected));

  it('maps a 202 create taken for its thing coming up as a provisioning, its tear-down a failure', () => {
    // Amazon Managed Prometheus's workspaces, on the dev half: `ACTIVE` would end the job reading as well, with
    // `DELETING` under way; the provisioning reading fails there, as AWS's waiter does.
    const [family] = detectJobs(aura('202', ['CREATING', 'ACTIVE', 'UPDATING', 'DELETING', 'CREATION_FAILED'])).families;
    expect(family?.kind).toBe('provisioning');
    expect(family?.states).toMatchObject({ CREATING: 'running', ACTIVE: 'succeeded', DELETING: 'failed', CREATION_FAILED: 'failed' });
  });

  it('reads a thing being destroyed, or destroyed, as torn down', () => {
    expect(['destroying', 'DESTROYED', 'destroy'].map(isTearDown)).toEqual([true, true, true]);
    expect(['destroyer', 'indestructible'].map(isTearDown)).toEqual([false, false]);
  });
});
