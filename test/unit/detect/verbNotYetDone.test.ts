/**
 * The start's verb named in the vocabulary, its work ending in an outcome word (src/detect/status/verbNotYetDone.ts):
 * CloudFormation `TestType` read by `DescribeType`, `TypeTestsStatus` `PASSED | FAILED | IN_PROGRESS | NOT_TESTED`,
 * beside the extension's `DeprecatedStatus` `LIVE | DEPRECATED`; and the link by the answered `TypeVersionArn` to the
 * read's bare `Arn` (src/detect/idflow/alternativeArnPoll.ts). Near misses fail without their guards.
 */
import { describe, expect, it } from 'vitest';
import { alternativeArnInput } from '../../../src/detect/idflow/alternativeArnPoll.js';
import type { OperationInput } from '../../../src/detect/read/operationInputs.js';
import { pastParticiples } from '../../../src/detect/status/startVerbDone.js';
import { judgeVerbNotYetDone } from '../../../src/detect/status/verbNotYetDone.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const TESTS = ['PASSED', 'FAILED', 'IN_PROGRESS', 'NOT_TESTED'];

describe('judgeVerbNotYetDone', () => {
  const table: Array<[string[], string, { inProgress: string[]; success: string[] } | null]> = [
    [TESTS, 'test', { inProgress: ['IN_PROGRESS'], success: ['PASSED'] }],
    // Near miss: the vocabulary names another verb: whose outcome `PASSED` is, it does not say.
    [TESTS, 'register', null],
    // Near miss: nothing names the verb (an identity check's `PASSED`).
    [['PASSED', 'FAILED', 'IN_PROGRESS', 'EXPIRED'], 'test', null],
    // Near miss: a vocabulary that names a success is read without the verb.
    [['PASSED', 'SUCCEEDED', 'FAILED', 'IN_PROGRESS', 'NOT_TESTED'], 'test', null],
    // Near miss: nothing under way in a running word.
    [['PASSED', 'FAILED', 'NOT_TESTED'], 'test', null],
    // Near miss: no failure named.
    [['PASSED', 'IN_PROGRESS', 'NOT_TESTED'], 'test', null],
  ];
  it.each(table)('%j by %s', (values, verb, expected) => {
    const j = judgeVerbNotYetDone(values, pastParticiples(verb));
    expect(j === null ? null : { inProgress: j.inProgress, success: j.success }).toEqual(expected);
  });

  it('the verb not yet done waits; the outcome word is the success', () => {
    expect(judgeVerbNotYetDone(TESTS, pastParticiples('test'))?.states).toEqual({
      PASSED: 'succeeded',
      FAILED: 'failed',
      IN_PROGRESS: 'running',
      NOT_TESTED: 'queued',
    });
  });
});

const EXTENSION = obj({
  Arn: str(),
  TypeName: str(),
  DeprecatedStatus: str(['LIVE', 'DEPRECATED']),
  TypeTestsStatus: str(TESTS),
  TypeTestsStatusDescription: str(),
});
const KEYS: Record<string, JsonSchema> = { Type: str(['RESOURCE', 'MODULE']), TypeName: str(), Arn: str(), VersionId: str() };
const testType = (answer = obj({ TypeVersionArn: str() }), verb = 'TestType') =>
  rpc(verb, obj({ Arn: str(), Type: str(), TypeName: str(), VersionId: str() }), answer);
const describeType = (keys = KEYS, name = 'DescribeType', answer = EXTENSION) => rpc(name, obj(keys), answer);

describe('TestType → DescribeType by the answered version ARN', () => {
  it.each<[string, Operation[], { poll: string; idFrom: string; idParam: string; statusField: string } | null]>([
    [
      'the test’s status read by the ARN it answers, not the extension’s deprecation',
      [testType(), describeType()],
      { poll: 'DescribeType', idFrom: 'body:TypeVersionArn', idParam: 'Arn', statusField: 'TypeTestsStatus' },
    ],
    ['near miss: a read of another noun (`DescribeTypeRegistration`)', [testType(), describeType(KEYS, 'DescribeTypeRegistration')], null],
    [
      'near miss: a bare `Arn` with no name of the thing beside it is a filter, not the other key',
      [testType(), describeType({ Arn: str(), VersionId: str() })],
      null,
    ],
    [
      'near miss: the start answers the ARN of another thing (`PublisherArn`)',
      [testType(obj({ PublisherArn: str() })), describeType()],
      null,
    ],
    ['near miss: a start of another verb than the vocabulary names', [testType(undefined, 'PublishType'), describeType()], null],
  ])('%s', (_label, ops, expected) => {
    const found = onlyLinkedFamily(ops, expected);
    if (found === null || expected === null) return;
    expect({
      poll: found.poll.op.operationId,
      idFrom: found.f.start[0]!.idFrom,
      idParam: found.poll.idParam,
      statusField: found.f.statusField,
    }).toEqual(expected);
    expect(found.f.states).toEqual({ PASSED: 'succeeded', FAILED: 'failed', IN_PROGRESS: 'running', NOT_TESTED: 'queued' });
  });

  const input = (name: string, required = false): OperationInput => ({ name, in: 'body', required });
  it.each<[string, OperationInput[], string | null]>([
    ['DescribeType', [input('TypeName'), input('Arn')], 'Arn'],
    ['DescribeType', [input('Arn')], null],
    ['DescribeType', [input('PublisherId'), input('Arn')], null],
    ['DescribeType', [input('TypeName', true), input('Arn')], null],
    ['DescribeType', [input('TypeName'), input('Arn', true)], null],
  ])('%s %j: the bare ARN key %s', (read, inputs, expected) => {
    expect(alternativeArnInput(nameOfId(read), inputs)?.name ?? null).toBe(expected);
  });
});
