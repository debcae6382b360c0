/**
 * A path that names its own action (`POST /createReplicationSet`) is an RPC call (src/detect/read/actionPath.ts):
 * a pair of such calls is weighed by names and data as `/#X-Amz-Target=…` pairs are, so the bare `arn` a create
 * answers links it to the read of the same noun that requires it.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { pathNamesAction } from '../../../src/detect/read/actionPath.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const STATUS = str(['ACTIVE', 'CREATING', 'UPDATING', 'DELETING', 'FAILED']);

const create = (path: string, id = 'CreateReplicationSet') =>
  createOperation('POST', path, {
    operationId: id,
    requestBody: createRequestBody(obj({ regions: obj({}) }, ['regions'])),
    responses: [createResponse('201', { schema: obj({ arn: str() }, ['arn']) })],
  });
const get = (path: string, id = 'GetReplicationSet') =>
  createOperation('GET', path, {
    operationId: id,
    parameters: [createParameter('arn', 'query', { required: true })],
    responses: [createResponse('200', { schema: obj({ replicationSet: obj({ arn: str(), status: STATUS }) }) })],
  });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a path that names its action', () => {
  it.each<[string, string, string, boolean]>([
    ['lower camel case', 'POST /createReplicationSet', 'CreateReplicationSet', true],
    ['a fragment is no part of it', 'GET /getReplicationSet#arn', 'GetReplicationSet', true],
    ['under a service prefix', 'POST /S3Outposts/CreateEndpoint', 'CreateEndpoint', true],
    ['all lower case', 'POST /associateresourceshare', 'AssociateResourceShare', true],
    ['kebab case', 'POST /start-flow', 'StartFlow', true],
    ['near miss: a collection', 'POST /replication-sets', 'CreateReplicationSet', false],
    ['near miss: a path parameter', 'POST /createReplicationSet/{id}', 'CreateReplicationSet', false],
    ['near miss: one word names no thing', 'POST /search', 'search', false],
  ])('%s: %s', (_why, key, id, expected) => {
    const [method, path] = key.split(' ') as ['POST' | 'GET', string];
    expect(pathNamesAction(createOperation(method, path, { operationId: id }))).toBe(expected);
  });

  it.each<[string, Operation[], string[][]]>([
    [
      'a create named by its path, read by the same noun by the `arn` it answers',
      [create('/createReplicationSet'), get('/getReplicationSet#arn')],
      [['CreateReplicationSet', 'GetReplicationSet(arn)']],
    ],
    [
      'near miss: a REST collection and a read beside it: a bare `arn` is too common to link by',
      [create('/replication-sets'), get('/replication-set')],
      [],
    ],
    ['near miss: a read of another noun', [create('/createReplicationSet'), get('/getResponsePlan#arn', 'GetResponsePlan')], []],
  ])('%s', (_why, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
