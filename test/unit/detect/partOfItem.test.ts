/**
 * A read below the item the start makes reads a part of it, not it (src/detect/idflow/partOfItem.ts): AppSync's
 * `CreateGraphqlApi` answers `graphqlApi.apiId`, and `GET /v1/apis/{apiId}/ApiCaches` reports the API's cache.
 */
import { describe, expect, it } from 'vitest';
import { readsPartOfItem } from '../../../src/detect/idflow/partOfItem.js';
import { detectJobs } from '../../../src/detect/index.js';
import { operationName } from '../../../src/detect/read/operationNames.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const CACHE = str(['CREATING', 'AVAILABLE', 'DELETING', 'FAILED']);

const create = (path: string, operationId: string, answer: JsonSchema) =>
  createOperation('POST', path, { operationId, responses: [createResponse('200', { schema: answer })] });
const read = (path: string, operationId: string, param: string, answer: JsonSchema) =>
  createOperation('GET', path, {
    operationId,
    parameters: [createParameter(param, 'path', { required: true })],
    responses: [createResponse('200', { schema: answer })],
  });

describe('readsPartOfItem', () => {
  const input = { name: 'apiId', in: 'path' as const, required: true };
  const row = (startId: string, pollPath: string, pollId: string) =>
    readsPartOfItem(
      read(pollPath, pollId, 'apiId', obj({})),
      input,
      operationName(create('/v1/apis', startId, obj({}))),
      operationName(read(pollPath, pollId, 'apiId', obj({}))),
    );
  it.each([
    ['a part the start does not name', 'CreateGraphqlApi', '/v1/apis/{apiId}/ApiCaches', 'GetApiCache', 'api cache'],
    ['a part behind a fragment', 'CreateGraphqlApi', '/v1/apis/{apiId}/ApiCaches#format', 'GetApiCache', 'api cache'],
    // Near misses: the item itself, the thing's status read, a part the start names, a part keyed by its own id.
    ['the item itself', 'CreateGraphqlApi', '/v1/apis/{apiId}', 'GetGraphqlApi', null],
    ["the thing's status read", 'CreateBuild', '/v1/builds/{apiId}/status', 'GetBuildStatus', null],
    ['a part the start names', 'CreateApiCache', '/v1/apis/{apiId}/ApiCaches', 'GetApiCache', null],
    ['a part keyed by its own id last', 'CreateGraphqlApi', '/v1/caches/{apiId}', 'GetApiCache', null],
  ])('%s: %s → %s', (_, startId, pollPath, pollId, part) => {
    expect(row(startId, pollPath, pollId)).toBe(part);
  });
});

describe('detection', () => {
  const families = (ops: Operation[]) =>
    detectJobs(createModel(ops)).families.map((f) => [
      f.start.map((s) => s.op.operationId).join(','),
      isOperationLink(f.poll) ? f.poll.op.operationId : null,
    ]);
  const getApi = read('/v1/apis/{apiId}', 'GetGraphqlApi', 'apiId', obj({ graphqlApi: obj({ apiId: str(), name: str() }) }));
  const getCache = read('/v1/apis/{apiId}/ApiCaches', 'GetApiCache', 'apiId', obj({ apiCache: obj({ status: CACHE }) }));

  it("a new API is not polled at its cache's status", () => {
    expect(families([create('/v1/apis', 'CreateGraphqlApi', obj({ graphqlApi: obj({ apiId: str() }) })), getApi, getCache])).toEqual([]);
  });
  it('near miss: a new build is polled at its status below its item', () => {
    const getStatus = read(
      '/v1/builds/{buildId}/status',
      'GetBuildStatus',
      'buildId',
      obj({ status: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']) }),
    );
    expect(families([create('/v1/builds', 'CreateBuild', obj({ build: obj({ buildId: str() }) })), getStatus])).toEqual([
      ['CreateBuild', 'GetBuildStatus'],
    ]);
  });
});
