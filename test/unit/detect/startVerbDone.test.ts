/**
 * The start's own verb done is its success (src/detect/status/startVerbDone.ts): `ClaimPhoneNumber` → `IN_PROGRESS`,
 * `CLAIMED`, `FAILED` (Connect). Read only with the start's verb, only where the status is rejected alone.
 * Near misses: the same values under another verb, a review that only waits (`Submitted` → `Approved`), a
 * vocabulary that already names a success, two forms of the verb done.
 */
import { describe, expect, it } from 'vitest';
import { judgeStartVerbDone, pastParticiples } from '../../../src/detect/status/startVerbDone.js';
import { createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import { obj, str } from './rpcSchemas.js';
import { familyVocabulary } from './summarize.js';

describe('pastParticiples', () => {
  it.each([
    ['claim', ['claimed']],
    ['approve', ['approved']],
    ['verify', ['verifyed', 'verified']],
    ['submit', ['submited', 'submitted']],
    ['go', []],
  ])('%s', (verb, forms) => {
    expect(pastParticiples(verb)).toEqual(forms);
  });
});

describe('judgeStartVerbDone', () => {
  const table: Array<[string[], string, { inProgress: string[]; success: string[] } | null]> = [
    [['CLAIMED', 'IN_PROGRESS', 'FAILED'], 'claim', { inProgress: ['IN_PROGRESS'], success: ['CLAIMED'] }],
    [['Processing', 'Verified', 'Failed'], 'verify', { inProgress: ['Processing'], success: ['Verified'] }],
    // Near miss: the participle of another verb is no success of this start.
    [['CLAIMED', 'IN_PROGRESS', 'FAILED'], 'create', null],
    // Near miss: a review waits for a reviewer; the approve is done when it answers.
    [['Submitted', 'Approved', 'Rejected'], 'approve', null],
    // Near miss: a vocabulary that names a success is read without the verb.
    [['CLAIMED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED'], 'claim', null],
    // Near miss: no failure named: nothing says the work can go wrong, so nothing says it is work.
    [['CLAIMED', 'IN_PROGRESS', 'RELEASED'], 'claim', null],
  ];
  it.each(table)('%j by %s', (values, verb, expected) => {
    const j = judgeStartVerbDone(values, verb);
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('maps the verb done to succeeded and keeps the rest', () => {
    expect(judgeStartVerbDone(['CLAIMED', 'IN_PROGRESS', 'FAILED'], 'claim')?.states).toEqual({
      CLAIMED: 'succeeded',
      IN_PROGRESS: 'running',
      FAILED: 'failed',
    });
  });
});

const NUMBER = obj({
  Number: obj({ NumberId: { type: 'string' }, Status: str(['CLAIMED', 'IN_PROGRESS', 'FAILED']) }),
});
const ops = (verb: string) => [
  createOperation('POST', '/number/act', {
    operationId: `${verb}Number`,
    requestBody: createRequestBody(obj({ PhoneNumber: { type: 'string' } }, ['PhoneNumber'])),
    responses: [createResponse('200', { schema: obj({ NumberId: { type: 'string' } }) })],
  }),
  createOperation('GET', '/number/{NumberId}', {
    operationId: 'DescribeNumber',
    parameters: [createParameter('NumberId', 'path', { required: true })],
    responses: [createResponse('200', { schema: NUMBER })],
  }),
];

describe('a claim whose number is claimed when done', () => {
  it('is a job family that ends on the verb done', () => {
    expect(familyVocabulary(ops('Claim'))).toMatchObject({
      kind: 'job',
      statusField: 'Number.Status',
      poll: 'DescribeNumber',
      states: { CLAIMED: 'succeeded', IN_PROGRESS: 'running', FAILED: 'failed' },
    });
  });

  it('near miss: a start of another verb gets no family from the same read', () => {
    expect(familyVocabulary(ops('Create'))).toBeNull();
  });
});
