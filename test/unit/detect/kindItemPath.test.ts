/**
 * A kind of thing made at its item in a collection of its own is read at the plain collection of its head noun
 * (src/detect/idflow/kindItemPath.ts): `POST /dynamic-thing-groups/{thingGroupName}` → `GET /thing-groups/{thingGroupName}`.
 */
import { describe, expect, it } from 'vitest';
import { kindItemPath } from '../../../src/detect/idflow/kindItemPath.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const create = (path: string, id = 'CreateDynamicThingGroup') =>
  createOperation('POST', path, {
    operationId: id,
    requestBody: createRequestBody(obj({ queryString: str() }, ['queryString'])),
    responses: [createResponse('200', { schema: obj({ thingGroupName: str(), thingGroupArn: str() }) })],
  });
const describeGroup = createOperation('GET', '/thing-groups/{thingGroupName}', {
  operationId: 'DescribeThingGroup',
  responses: [createResponse('200', { schema: obj({ thingGroupName: str(), status: str(['ACTIVE', 'BUILDING', 'REBUILDING']) }) })],
});

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a kind of thing at the plain collection of its head noun', () => {
  it.each<[string, string, string, boolean]>([
    ['a qualified collection, the same item', '/dynamic-thing-groups/{thingGroupName}', '/thing-groups/{thingGroupName}', true],
    ['under a shared parent', '/v1/{org}/scheduled-exports/{exportId}', '/v1/{org}/exports/{exportId}', true],
    ['near miss: another noun', '/thing-group-sets/{thingGroupName}', '/thing-groups/{thingGroupName}', false],
    ['near miss: another item parameter', '/dynamic-thing-groups/{name}', '/thing-groups/{thingGroupName}', false],
    ['near miss: the poll is the qualified one', '/thing-groups/{thingGroupName}', '/dynamic-thing-groups/{thingGroupName}', false],
    ['near miss: two segments differ', '/v2/dynamic-thing-groups/{thingGroupName}', '/v1/thing-groups/{thingGroupName}', false],
    ['near miss: a collection, not an item', '/dynamic-thing-groups', '/thing-groups', false],
  ])('%s', (_why, start, poll, expected) => {
    expect(kindItemPath(start, poll)).toBe(expected);
  });

  it.each<[string, Operation[], string[][]]>([
    [
      'a create of the kind at its item, read at the plain collection by the name it was given',
      [create('/dynamic-thing-groups/{thingGroupName}'), describeGroup],
      [['CreateDynamicThingGroup', 'DescribeThingGroup(thingGroupName)']],
    ],
    [
      'near miss: a create in a collection of another noun names a parent, not the group',
      [create('/thing-group-sets/{thingGroupName}', 'CreateThingGroupSet'), describeGroup],
      [],
    ],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
