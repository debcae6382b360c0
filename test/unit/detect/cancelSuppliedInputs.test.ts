/**
 * A sibling cancel that needs more than the job's id, where the server can supply it (idflow/siblingCancel.ts): the
 * cancel's own idempotency token (SageMaker `StopPipelineExecution {PipelineExecutionArn, ClientRequestToken}`, both
 * required; WorkMail `CancelMailboxExportJob {JobId, ClientToken}`), sent derived from the job, and a parameter the
 * contract fixes to one value (Chime's `StopSpeakerSearchTask` at `…/{SpeakerSearchTaskId}?operation=stop`,
 * `enum: [stop]`), sent as the constant emit makes of it (model/singleValue.ts). Shapes written here by hand after
 * those APIs; each rule with its near miss: a token that is no idempotency token, and a parameter of two values. An
 * input only the agent can give (AWS Batch's `CancelJob {jobId, reason}`) is asked of it (detect/cancelInputs.ts).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink, type JobFamily } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const EXECUTION = obj({
  PipelineExecutionArn: str(),
  PipelineExecutionStatus: str(['Executing', 'Stopping', 'Stopped', 'Failed', 'Succeeded']),
});
const startExecution = rpc('StartPipelineExecution', obj({ PipelineName: str() }, ['PipelineName']), obj({ PipelineExecutionArn: str() }));
const describeExecution = rpc('DescribePipelineExecution', obj({ PipelineExecutionArn: str() }, ['PipelineExecutionArn']), EXECUTION);
const stopExecution = (members: Record<string, JsonSchema>, required: string[]) =>
  rpc('StopPipelineExecution', obj({ PipelineExecutionArn: str(), ...members }, ['PipelineExecutionArn', ...required]), obj({}));

const familyOf = (ops: Operation[]): JobFamily | undefined => detectJobs(createModel(ops)).families[0];
const cancelOf = (ops: Operation[]) => {
  const f = familyOf(ops);
  return f && isOperationLink(f.cancel)
    ? { op: f.cancel.op.operationId, idParam: f.cancel.idParam, idempotency: f.cancel.idempotency, asks: f.cancel.asks?.map((a) => a.name) }
    : null;
};

describe("a sibling cancel's inputs the server supplies", () => {
  it.each<[string, Record<string, JsonSchema>, string[], ReturnType<typeof cancelOf>]>([
    ['the id alone', {}, [], { op: 'StopPipelineExecution', idParam: 'PipelineExecutionArn', idempotency: undefined, asks: undefined }],
    [
      'a required idempotency token: sent derived from the job',
      { ClientRequestToken: str() },
      ['ClientRequestToken'],
      {
        op: 'StopPipelineExecution',
        idParam: 'PipelineExecutionArn',
        idempotency: { in: 'body', name: 'ClientRequestToken' },
        asks: undefined,
      },
    ],
    [
      'an optional idempotency token: sent too, so a cancel asked twice is one',
      { ClientToken: str() },
      [],
      { op: 'StopPipelineExecution', idParam: 'PipelineExecutionArn', idempotency: { in: 'body', name: 'ClientToken' }, asks: undefined },
    ],
    // Before stop 58 this was a near miss, refused; the cancel tool now asks the agent for it (cancelInputs.ts).
    [
      'a required reason only the agent can give: the cancel tool asks for it',
      { Reason: str() },
      ['Reason'],
      { op: 'StopPipelineExecution', idParam: 'PipelineExecutionArn', idempotency: undefined, asks: ['Reason'] },
    ],
    ['near miss: a required structure, which no agent is asked for', { Settings: obj({ Mode: str() }) }, ['Settings'], null],
    ['near miss: a required id of another thing', { DetectorId: str() }, ['DetectorId'], null],
    ['near miss: a required token that is no idempotency token', { SessionToken: str() }, ['SessionToken'], null],
  ])('%s', (_case, members, required, expected) => {
    expect(cancelOf([startExecution, describeExecution, stopExecution(members, required)])).toEqual(expected);
  });

  it('says in its evidence that the token is sent derived from the job', () => {
    const f = familyOf([startExecution, describeExecution, stopExecution({ ClientRequestToken: str() }, ['ClientRequestToken'])]);
    expect(f!.evidence).toContain(
      'cancel: POST /#X-Amz-Target=Svc.StopPipelineExecution takes the same `PipelineExecutionArn` (sibling verb stop on the same pipeline execution); its idempotency token `ClientRequestToken` is sent derived from the job',
    );
  });
});

describe('a sibling cancel at a path the contract fixes a query value of', () => {
  // AWS's REST-JSON form of a verb on the thing: `POST /executions/{PipelineExecutionArn}?operation=stop` (Chime's
  // `StopSpeakerSearchTask` is written so), the query value fixed by its schema.
  const stopAt = (operationSchema: JsonSchema) =>
    createOperation('POST', '/executions/{PipelineExecutionArn}#operation=stop', {
      operationId: 'StopPipelineExecution',
      parameters: [
        createParameter('PipelineExecutionArn', 'path'),
        createParameter('operation', 'query', { required: true, schema: operationSchema }),
      ],
      responses: [createResponse('204')],
    });
  const stopOf = (operationSchema: JsonSchema) => cancelOf([startExecution, describeExecution, stopAt(operationSchema)]);

  it('cancels: `operation` admits one value, which the server sends itself', () => {
    const expected = { op: 'StopPipelineExecution', idParam: 'PipelineExecutionArn', idempotency: undefined, asks: undefined };
    expect(stopOf(str(['stop']))).toEqual(expected);
    expect(stopOf({ const: 'stop' })).toEqual(expected);
    expect(stopOf({ allOf: [{ enum: ['stop'] }] })).toEqual(expected);
  });

  it("near miss: a value of two, or any string, is the agent's choice, and the cancel is not taken", () => {
    expect(stopOf(str(['stop', 'pause']))).toBeNull();
    expect(stopOf(str())).toBeNull();
  });
});

describe('two sibling cancels (AWS Batch `CancelJob` and `TerminateJob`)', () => {
  // Both take the id and a reason the agent gives; the metamorphic `order` transform found the choice followed the
  // contract's order of operations.
  const terminate = rpc(
    'TerminatePipelineExecution',
    obj({ PipelineExecutionArn: str(), Reason: str() }, ['PipelineExecutionArn', 'Reason']),
    obj({}),
  );
  const cancel = rpc(
    'CancelPipelineExecution',
    obj({ PipelineExecutionArn: str(), Reason: str() }, ['PipelineExecutionArn', 'Reason']),
    obj({}),
  );

  it('takes the cancel verb, whichever the contract lists first', () => {
    expect(cancelOf([startExecution, describeExecution, terminate, cancel])?.op).toBe('CancelPipelineExecution');
    expect(cancelOf([startExecution, describeExecution, cancel, terminate])?.op).toBe('CancelPipelineExecution');
  });
});
