/**
 * A REST start at the very item its poll reads, or a verb one segment below it (idFlowJobs.ts `atItem`): its bare
 * `Name` path parameter names that item, so it is no "too common an id" (MWAA `PUT /environments/{Name}`, Pipes
 * `POST /v1/pipes/{Name}` and `POST /v1/pipes/{Name}/start` → `GET /v1/pipes/{Name}`; MotaWord's
 * `POST /projects/{id}/launch` → `GET /projects/{id}`). Near misses: a REST `POST`
 * to the item (Stripe's edits), a verb below it that makes a new one (Argo's resubmit), the same name under another
 * collection (a parent, not the item).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const ENVIRONMENT = obj({
  Environment: obj({ Name: str(), Status: str(['CREATING', 'CREATE_FAILED', 'AVAILABLE', 'UPDATING', 'DELETING']) }),
});
const op = (method: 'GET' | 'PUT' | 'POST', path: string, operationId: string, body?: boolean): Operation =>
  createOperation(method, path, {
    operationId,
    parameters: [createParameter('Name', 'path', { required: true })],
    ...(body ? { requestBody: createRequestBody(obj({ DagS3Path: str() }, ['DagS3Path'])) } : {}),
    responses: [createResponse('200', { schema: method === 'GET' ? ENVIRONMENT : obj({ Arn: str() }) })],
  });
const get = op('GET', '/environments/{Name}', 'GetEnvironment');

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a start at the item its poll reads', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'created by PUT at the item',
      [op('PUT', '/environments/{Name}', 'CreateEnvironment', true), get],
      [['CreateEnvironment', 'GetEnvironment(Name)']],
    ],
    [
      'a verb one segment below the item',
      [op('POST', '/environments/{Name}', 'CreateEnvironment', true), op('POST', '/environments/{Name}/start', 'StartEnvironment'), get],
      [['CreateEnvironment,StartEnvironment', 'GetEnvironment(Name)']],
    ],
    [
      'launch, a verb one segment below the item, brings that item up as start does (MotaWord’s `…/{id}/launch`)',
      [op('POST', '/environments/{Name}/launch', 'LaunchEnvironment'), get],
      [['LaunchEnvironment', 'GetEnvironment(Name)']],
    ],
    ['near miss: a REST `POST` to the item edits it', [op('POST', '/environments/{Name}', 'PostEnvironmentsName', true), get], []],
    [
      'near miss: a verb below the item that makes a new one',
      [op('POST', '/environments/{Name}/resubmit', 'ResubmitEnvironment'), get],
      [],
    ],
    [
      'near miss: the name under another collection is its parent',
      [op('PUT', '/staging/environments/{Name}', 'CreateEnvironment', true), get],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
