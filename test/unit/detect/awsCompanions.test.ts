/**
 * What a poll requires besides the job's id flows from the start too (src/detect/idflow/companionInputs.ts): the start's
 * input of that name, its bare `name` asked for under its noun (`pipelineName`), or a field of its answer.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATUS = str(['InProgress', 'Succeeded', 'Failed', 'Stopped']);
const getExecution = (companion: string) =>
  rpc(
    'GetPipelineExecution',
    obj({ [companion]: str(), pipelineExecutionId: str() }, [companion, 'pipelineExecutionId']),
    obj({ pipelineExecution: obj({ pipelineExecutionId: str(), status: STATUS }) }),
  );

const carried = (ops: Parameters<typeof createModel>[0]) =>
  detectJobs(createModel(ops)).families.map((f) => (isOperationLink(f.poll) ? [f.poll.idParam, f.poll.carry] : null));

describe('a poll that requires more than the id', () => {
  it("takes the start's bare name asked for under the start's noun", () => {
    const start = rpc(
      'StartPipelineExecution',
      obj({ name: str(), clientRequestToken: str() }, ['name']),
      obj({ pipelineExecutionId: str() }),
    );
    expect(carried([start, getExecution('pipelineName')])).toEqual([
      ['pipelineExecutionId', [{ param: 'pipelineName', from: 'arg:body.name', in: 'body' }]],
    ]);
  });

  it("takes a field of the start's answer, one object down", () => {
    const start = rpc(
      'StartPipelineExecution',
      obj({ name: str() }, ['name']),
      obj({ pipelineExecutionId: str(), pipeline: obj({ pipelineVersion: str() }) }),
    );
    expect(carried([start, getExecution('pipelineVersion')])).toEqual([
      ['pipelineExecutionId', [{ param: 'pipelineVersion', from: 'body:pipeline.pipelineVersion', in: 'body' }]],
    ]);
  });

  it('near miss: a value the start neither takes nor answers leaves the poll unusable', () => {
    const start = rpc('StartPipelineExecution', obj({ name: str() }, ['name']), obj({ pipelineExecutionId: str() }));
    expect(carried([start, getExecution('stageName')])).toEqual([]);
  });
});
