/**
 * A verb on an item spelled before its id (infixAction.ts): MediaConnect's `POST /v1/flows/start/{flowArn}` acts on
 * `GET /v1/flows/{flowArn}`, so its `flowArn` names the item the poll reads, not a parent it posts under. Near
 * misses: the same id under another collection, and a verb whose path ends in another thing's id.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const FLOW = obj({
  Flow: obj({ FlowArn: str(), Status: str(['STANDBY', 'ACTIVE', 'UPDATING', 'DELETING', 'STARTING', 'STOPPING', 'ERROR']) }),
});
const op = (method: 'GET' | 'POST', path: string, operationId: string): Operation =>
  createOperation(method, path, {
    operationId,
    parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => createParameter(m[1]!, 'path', { required: true })),
    responses: [createResponse('200', { schema: method === 'GET' ? FLOW : obj({ FlowArn: str(), Status: str() }) })],
  });
const describeFlow = op('GET', '/v1/flows/{flowArn}', 'DescribeFlow');

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
    f.start[0]!.idFrom,
  ]);

describe('a verb spelled before the id of the item it acts on', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'start, before the flow’s id',
      [op('POST', '/v1/flows/start/{flowArn}', 'StartFlow'), describeFlow],
      [['StartFlow', 'DescribeFlow(flowArn)', 'arg:flowArn']],
    ],
    ['near miss: the same id under another collection', [op('POST', '/v1/sources/start/{flowArn}', 'StartFlow'), describeFlow], []],
    [
      'near miss: the path ends in another thing’s id',
      [op('POST', '/v1/flows/{flowArn}/start/{outputArn}', 'StartFlow'), describeFlow],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
