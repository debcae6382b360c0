/**
 * A contract that ends every path with a slash (Django REST framework's style) addresses the same items as one that
 * ends none: the empty last segment names nothing (read/operationIndex.ts `pathShape`, `children`;
 * read/resourcePath.ts). The metamorphic test's `trailingSlash` rewrite lost MediaPackage's harvest jobs, Connect's
 * instances, Box's zip downloads and Climate's uploads to rules that compared raw path keys. Each row is detected
 * with and without the slashes, and must find the same family.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { pathShapeUncached, splitPathUncached, trailingParamUncached } from '../../../src/detect/read/operationIndex.js';
import { resourcePath } from '../../../src/detect/read/resourcePath.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const JOB = ['IN_PROGRESS', 'SUCCEEDED', 'FAILED'];
const slashed = (path: string) => path.replace(/^([^?#]*?)\/?([?#].*)?$/, (_, a: string, rest = '') => `${a}/${rest}`);

type Op = [string, 'GET' | 'POST' | 'PUT', string, JsonSchema, string[]];
const build = (ops: Op[], slash: boolean): Operation[] =>
  ops.map(([operationId, method, path, answer, params]) =>
    createOperation(method, slash ? slashed(path) : path, {
      operationId,
      parameters: params.map((n) => createParameter(n, 'path', { required: true })),
      ...(method === 'GET' ? {} : { requestBody: createRequestBody(obj({ name: str() })) }),
      responses: [createResponse('200', { schema: answer })],
    }),
  );

const rows: Array<[string, Op[]]> = [
  [
    // MediaPackage CreateHarvestJob → DescribeHarvestJob: the item of the collection the POST creates into.
    'a POST to a collection, polled at its item',
    [
      ['CreateHarvestJob', 'POST', '/harvest_jobs', obj({ Id: str(), Status: str(JOB) }), []],
      ['DescribeHarvestJob', 'GET', '/harvest_jobs/{id}', obj({ Id: str(), Status: str(JOB) }), ['id']],
    ],
  ],
  [
    // Connect CreateInstance answers a bare `Id`: linked only because the poll is the item the start creates.
    'a PUT that creates, answering a bare Id, polled at the item it creates',
    [
      ['CreateInstance', 'PUT', '/instance', obj({ Id: str(), Arn: str() }), []],
      [
        'DescribeInstance',
        'GET',
        '/instance/{InstanceId}',
        obj({ Instance: obj({ Id: str(), InstanceStatus: str(['CREATION_IN_PROGRESS', 'ACTIVE', 'CREATION_FAILED']) }) }),
        ['InstanceId'],
      ],
    ],
  ],
  [
    // Box's zip download answers `status_url`, a link to the GET one segment below the item it made.
    'a link field to the status read below the item the start made',
    [
      ['post_zip_downloads', 'POST', '/zip_downloads', obj({ download_url: str(), status_url: str() }), []],
      [
        'get_zip_downloads_id_status',
        'GET',
        '/zip_downloads/{zip_download_id}/status',
        obj({ state: str(['in_progress', 'failed', 'success']) }),
        ['zip_download_id'],
      ],
    ],
  ],
  [
    // graph-beta's estimateStatistics: the read one segment below the same item names the action's last run.
    'an action at an item, read as the item’s last run of it',
    [
      [
        'estimateStatistics',
        'POST',
        '/cases/{case-id}/searches/{search-id}/microsoft.graph.security.estimateStatistics',
        obj({}),
        ['case-id', 'search-id'],
      ],
      [
        'getLastEstimateStatisticsOperation',
        'GET',
        '/cases/{case-id}/searches/{search-id}/lastEstimateStatisticsOperation',
        obj({ id: str(), status: str(['notStarted', 'submissionFailed', 'running', 'succeeded', 'failed', 'partiallySucceeded']) }),
        ['case-id', 'search-id'],
      ],
    ],
  ],
];

describe('a slash that ends every path changes no family', () => {
  it.each(rows)('%s', (_, ops) => {
    const plain = summarize(detectJobs(createModel(build(ops, false))));
    expect(plain).toHaveLength(1);
    expect(summarize(detectJobs(createModel(build(ops, true))))).toEqual(plain);
  });
});

describe('path readers', () => {
  it.each([
    ['/jobs/{id}/', '/jobs/{}'],
    ['/jobs/', '/jobs'],
    ['/', '/'],
    ['/{Bucket}/?uploads', '/{}?uploads'],
    ['/#Action=StartJob', '/#Action=StartJob'],
  ])('pathShape(%s) = %s', (path, shape) => expect(pathShapeUncached(path)).toBe(shape));
  it.each([
    ['/jobs/{id}/', '/jobs/{id}'],
    ['/getReplicationSet/#arn', '/getReplicationSet#arn'],
    ['/#Action=StartJob', '/#Action=StartJob'],
    ['/', '/'],
  ])('splitPath(%s).pathname = %s', (path, pathname) => expect(splitPathUncached(path).pathname).toBe(pathname));
  it.each([
    ['/jobs/{id}/', 'id'],
    ['/jobs/{id}', 'id'],
    ['/jobs/{id}/cancel/', null],
  ])('trailingParam(%s) = %s', (path, param) => expect(trailingParamUncached(path)).toBe(param));
  it.each([
    ['/instance/{InstanceId}/', '/instance/{InstanceId}'],
    ['/access-preview/{id}/#analyzerArn', '/access-preview/{id}'],
    ['/', '/'],
  ])('resourcePath(%s) = %s', (path, address) => expect(resourcePath(path)).toBe(address));
});
