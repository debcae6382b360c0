/**
 * Job handles not named like ids (src/detect/idflow/handleInputs.ts): a request token the start answers and the poll
 * requires under the same name, and an ARN-typed input named after the thing (`DescribeSimulationJob {job}`).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const PROGRESS = str(['IN_PROGRESS', 'COMPLETE', 'FAILED']);
const ARN: JsonSchema = { type: 'string', pattern: 'arn:.*' };
/** A REST-JSON AWS operation (RoboMaker's `POST /describeSimulationJob`), its input in the body. */
const restJson = (op: string, input: JsonSchema, output: JsonSchema): Operation =>
  createOperation('POST', `/${op[0]!.toLowerCase()}${op.slice(1)}`, {
    operationId: op,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });
const SIM_STATUS = str(['Pending', 'Running', 'Completed', 'Failed', 'Canceled']);

const pollOf = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a request token as the job handle', () => {
  const describeRegistration = rpc(
    'DescribeTypeRegistration',
    obj({ RegistrationToken: str() }, ['RegistrationToken']),
    obj({ ProgressStatus: PROGRESS, Description: str() }),
  );

  it.each<[string, Operation[], string[][]]>([
    [
      'answered and required under the same name',
      [rpc('RegisterType', obj({ TypeName: str() }, ['TypeName']), obj({ RegistrationToken: str() })), describeRegistration],
      [['RegisterType', 'DescribeTypeRegistration(RegistrationToken)']],
    ],
    [
      'one object down in the answer (Cloud Control `ProgressEvent.RequestToken`)',
      [
        rpc(
          'CreateResource',
          obj({ TypeName: str() }, ['TypeName']),
          obj({ ProgressEvent: obj({ RequestToken: str(), OperationStatus: PROGRESS }) }),
        ),
        rpc(
          'GetResourceRequestStatus',
          obj({ RequestToken: str() }, ['RequestToken']),
          obj({ ProgressEvent: obj({ RequestToken: str(), OperationStatus: PROGRESS }) }),
        ),
      ],
      [['CreateResource', 'GetResourceRequestStatus(RequestToken)']],
    ],
    [
      'near miss: a paging token the read takes optionally is no handle',
      [
        rpc('RegisterType', obj({ TypeName: str() }, ['TypeName']), obj({ NextToken: str() })),
        rpc('DescribeTypeRegistrations', obj({ NextToken: str() }), obj({ ProgressStatus: PROGRESS })),
      ],
      [],
    ],
    [
      'near miss: a token named otherwise than the poll asks for links nothing',
      [rpc('RegisterType', obj({ TypeName: str() }, ['TypeName']), obj({ UploadToken: str() })), describeRegistration],
      [],
    ],
    [
      'near miss: a session token required by a read of another noun is a credential, not the job',
      [
        rpc('CreateSession', obj({ UserName: str() }, ['UserName']), obj({ SessionToken: str() })),
        rpc('DescribeSessionStatus', obj({ SessionToken: str() }, ['SessionToken']), obj({ Status: PROGRESS })),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(pollOf(ops)).toEqual(expected);
  });
});

describe('an ARN-typed input named after the thing', () => {
  const describeJob = restJson('DescribeSimulationJob', obj({ job: ARN }, ['job']), obj({ arn: ARN, status: SIM_STATUS }));

  it.each<[string, Operation[], string[][]]>([
    [
      'the start answers the ARN, the read of the same noun takes it as `job`',
      [restJson('CreateSimulationJob', obj({ iamRole: str() }, ['iamRole']), obj({ arn: ARN, status: SIM_STATUS })), describeJob],
      [['CreateSimulationJob', 'DescribeSimulationJob(job)']],
    ],
    [
      'the ARN shape by `$ref` and `allOf` beside a description',
      [
        restJson('CreateSimulationJob', obj({ iamRole: str() }, ['iamRole']), obj({ arn: ARN, status: SIM_STATUS })),
        restJson(
          'DescribeSimulationJob',
          obj({ job: { allOf: [ARN, { description: 'The ARN of the job.' }] } }, ['job']),
          obj({ status: SIM_STATUS }),
        ),
      ],
      [['CreateSimulationJob', 'DescribeSimulationJob(job)']],
    ],
    [
      'near miss: a read of another noun takes an ARN of something else',
      [
        restJson('CreateSimulationJob', obj({ iamRole: str() }, ['iamRole']), obj({ arn: ARN, status: SIM_STATUS })),
        restJson('DescribeFleet', obj({ fleet: ARN }, ['fleet']), obj({ status: SIM_STATUS })),
      ],
      [],
    ],
    [
      'near miss: an input without an ARN shape is a name, not the ARN answered',
      [
        restJson('CreateSimulationJob', obj({ iamRole: str() }, ['iamRole']), obj({ arn: ARN, status: SIM_STATUS })),
        restJson('DescribeSimulationJob', obj({ job: str() }, ['job']), obj({ status: SIM_STATUS })),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(pollOf(ops)).toEqual(expected);
  });
});
