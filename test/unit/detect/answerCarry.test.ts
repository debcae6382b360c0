/**
 * A value the poll requires beside the id that only the start's answer knows (src/detect/idflow/answerCarry.ts): Fraud
 * Detector's `CreateModelVersion {modelId, modelType}` answers the `modelVersionNumber` the service chose, which
 * `GetModelVersion` requires. Near misses: the answer does not carry it, or carries it twice.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATUS = str(['TRAINING_IN_PROGRESS', 'TRAINING_COMPLETE', 'ERROR']);
const create = (answer: JsonSchema) =>
  rpc('CreateModelVersion', obj({ modelId: str(), modelType: str() }, ['modelId', 'modelType']), answer);
const get = rpc(
  'GetModelVersion',
  obj({ modelId: str(), modelType: str(), modelVersionNumber: str() }, ['modelId', 'modelType', 'modelVersionNumber']),
  obj({ modelId: str(), modelVersionNumber: str(), status: STATUS }),
);

const carries = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) =>
    isOperationLink(f.poll) ? [f.poll.idParam, ...f.poll.carry.map((c) => `${c.param}<-${c.from}`)] : [],
  );

describe('a carry from the start’s answer', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the version number the service chose, from the answer',
      [create(obj({ modelId: str(), modelVersionNumber: str(), status: str() })), get],
      [['modelId', 'modelType<-arg:body.modelType', 'modelVersionNumber<-body:modelVersionNumber']],
    ],
    [
      'one object down',
      [create(obj({ version: obj({ modelId: str(), modelVersionNumber: str() }) })), get],
      [['modelId', 'modelType<-arg:body.modelType', 'modelVersionNumber<-body:version.modelVersionNumber']],
    ],
    ['near miss: the answer does not carry it', [create(obj({ modelId: str(), status: str() })), get], []],
    [
      'near miss: two records carry it, no guess',
      [create(obj({ modelVersionNumber: str(), previous: obj({ modelVersionNumber: str(), modelId: str() }) })), get],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(carries(ops)).toEqual(expected);
  });
});
