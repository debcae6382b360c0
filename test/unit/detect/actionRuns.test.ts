/**
 * Other vendors' jobs without a marker (issue 24): a collection named by its action (actionCollection.ts), linked
 * by the answered id or by a 201's Location (createdLocationPoll.ts); a read that takes nothing but the id the start
 * answers (soleKeyPoll.ts); a resource documented as made asynchronously (describedAsync.ts). Rows over
 * factory-built IR, each with a near miss its guard turns away.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { type FamilySummary, summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  properties,
  ...(description ? { description } : {}),
});
const path = (...names: string[]) => names.map((n) => createParameter(n, 'path', { required: true }));
const UPGRADE = obj({ id: str(), status: str(['created', 'in_progress', 'completed', 'canceled']) });

/** Mist-style: `POST {parent}/{segment}` named `opId` answering `{id}`, its item read, and another action by `verb`. */
function actionCollection(segment: string, opId: string, verb: string): Operation[] {
  const parent = '/orgs/{org_id}/devices';
  return [
    createOperation('POST', `${parent}/${segment}`, {
      operationId: opId,
      parameters: path('org_id'),
      requestBody: createRequestBody(obj({ device_ids: { type: 'array', items: str() } })),
      responses: [createResponse('200', { schema: obj({ id: str() }) })],
    }),
    createOperation('GET', `${parent}/${segment}/{upgrade_id}`, {
      operationId: 'getOrgUpgrade',
      parameters: path('org_id', 'upgrade_id'),
      responses: [createResponse('200', { schema: UPGRADE })],
    }),
    createOperation('POST', '/sites/{site_id}/devices/{device_id}/action', {
      operationId: `${verb}SiteDevice`,
      parameters: path('site_id', 'device_id'),
      responses: [createResponse('200', { schema: obj({}) })],
    }),
  ];
}

const IMPORT_STATUS = obj({ id: str(), status: str(['pending', 'failed', 'aborted', 'complete']) });

/** Snyk-style: `POST {parent}/{segment}` answering 201 with only a Location, and the collection's item read (or one below it). */
function createdWithLocation(segment: string, opId: string, location = true, below = ''): Operation[] {
  const parent = '/org/{orgId}/integrations/{integrationId}';
  return [
    createOperation('POST', `${parent}/${segment}`, {
      operationId: opId,
      parameters: path('orgId', 'integrationId'),
      requestBody: createRequestBody(obj({ target: obj({ name: str() }) })),
      responses: [createResponse('201', location ? { headers: [{ name: 'Location', schema: str() }] } : {})],
    }),
    createOperation('GET', `${parent}/${segment}/{jobId}${below}`, {
      operationId: 'getImportJob',
      parameters: path('orgId', 'integrationId', 'jobId'),
      responses: [createResponse('200', { schema: IMPORT_STATUS })],
    }),
  ];
}

const RESULT = obj({ status: str(['new', 'processing', 'finished', 'error']), url: str() });

/** DeepArt-style: nameless `POST /upload` answering `answer`, `GET /result` taking `params` only. */
function soleKey(answer: string, params: ReturnType<typeof createParameter>[], otherRead = false): Operation[] {
  return [
    createOperation('POST', '/noauth/upload', {
      requestBody: createRequestBody(obj({ imageBase64Encoded: str() })),
      responses: [createResponse('200', { schema: obj({ [answer]: str() }) })],
    }),
    createOperation('GET', '/noauth/result', { parameters: params, responses: [createResponse('200', { schema: RESULT })] }),
    ...(otherRead
      ? [createOperation('GET', '/noauth/preview', { parameters: params, responses: [createResponse('200', { schema: RESULT })] })]
      : []),
  ];
}
const optionalQuery = (name: string) => createParameter(name, 'query', { required: false });

/** Increase-style: `POST /exports` and `GET /exports/{export_id}`, the Export documented by `description`. */
function exports(description: string): Operation[] {
  const doc = obj({ id: str(), status: str(['pending', 'complete']), file_download_url: { type: 'string', format: 'uri' } }, description);
  return [
    createOperation('POST', '/exports', {
      operationId: 'create_an_export',
      requestBody: createRequestBody(obj({ category: str() })),
      responses: [createResponse('200', { schema: doc })],
    }),
    createOperation('GET', '/exports/{export_id}', {
      operationId: 'retrieve_an_export',
      parameters: path('export_id'),
      responses: [createResponse('200', { schema: doc })],
    }),
  ];
}

/** Climate-style: `POST /v4/uploads` answering `answer` bare, and the upload's `/status` read. */
function bareId(answer: JsonSchema, statusRead = '/v4/uploads/{uploadId}/status'): Operation[] {
  return [
    createOperation('POST', '/v4/uploads', {
      operationId: 'postUpload',
      requestBody: createRequestBody(obj({ contentType: str(), length: { type: 'integer' } })),
      responses: [createResponse('201', { schema: answer })],
    }),
    createOperation('GET', statusRead, {
      operationId: 'fetchUploadStatusById',
      parameters: path('uploadId'),
      responses: [createResponse('200', { schema: obj({ status: str(['UPLOADING', 'PENDING', 'IMPORTING', 'SUCCESS', 'FAILED']) }) })],
    }),
  ];
}

interface Row {
  name: string;
  ops: Operation[];
  family: Partial<FamilySummary> | null;
}

const rows: Row[] = [
  {
    name: 'a POST to a collection its own verb names: each item is a run of the action',
    ops: actionCollection('upgrade', 'upgradeOrgDevices', 'upgrade'),
    family: { start: ['upgradeOrgDevices'], poll: 'getOrgUpgrade' },
  },
  {
    name: 'the action in the noun of the start, a verb of another operation (`multiUpgradeOrgDevices`)',
    ops: actionCollection('upgrade', 'multiUpgradeOrgDevices', 'upgrade'),
    family: { start: ['multiUpgradeOrgDevices'], poll: 'getOrgUpgrade' },
  },
  {
    name: 'near miss: a plural collection names things, not an action (`/refunds`)',
    ops: actionCollection('refunds', 'refundOrgDevices', 'refund'),
    family: null,
  },
  {
    name: 'near miss: a singular segment no operation of the contract acts by',
    ops: actionCollection('upgrade', 'multiUpgradeOrgDevices', 'reboot'),
    family: null,
  },
  {
    name: '201 Created with a Location to the run of the action collection',
    ops: createdWithLocation('import', 'importTargets'),
    family: { start: ['importTargets'], poll: 'via header:Location' },
  },
  {
    name: 'near miss: 201 with a Location into a plural collection of things',
    ops: createdWithLocation('imports', 'importTargets'),
    family: null,
  },
  {
    name: '201 with a Location, the one read below the item made its status (Adobe: `/operation/ocr/{jobID}/status`)',
    ops: createdWithLocation('imports', 'importTargets', true, '/status'),
    family: { start: ['importTargets'], poll: 'via header:Location' },
  },
  {
    name: 'near miss: the one read below a plural collection’s item is another part of it',
    ops: createdWithLocation('imports', 'importTargets', true, '/logs'),
    family: null,
  },
  {
    name: 'near miss: 201 without a Location hands out nothing to follow',
    ops: createdWithLocation('import', 'importTargets', false),
    family: null,
  },
  {
    name: 'a read taking nothing but the answered id, optional as API Gateway exports it',
    ops: soleKey('submissionId', [optionalQuery('submissionId')]),
    family: { start: ['POST /noauth/upload'], poll: 'GET /noauth/result' },
  },
  {
    name: 'near miss: the read takes another input the id might only narrow',
    ops: soleKey('submissionId', [optionalQuery('submissionId'), optionalQuery('page')]),
    family: null,
  },
  {
    name: 'near miss: two reads take that id alone, and its name does not say which',
    ops: soleKey('submissionId', [optionalQuery('submissionId')], true),
    family: null,
  },
  {
    name: 'near miss: a bare `id` is every resource’s',
    ops: soleKey('id', [optionalQuery('id')]),
    family: null,
  },
  {
    name: 'an answer that is the id itself fills the item of the collection, read at its status',
    ops: bareId({ type: 'string', format: 'uuid' }),
    family: { start: ['postUpload'], poll: 'fetchUploadStatusById' },
  },
  {
    name: 'near miss: a bare string that is a URL, not an id',
    ops: bareId({ type: 'string', format: 'uri' }),
    family: null,
  },
  {
    name: 'near miss: a read elsewhere than the collection the start posts to',
    ops: bareId({ type: 'string', format: 'uuid' }, '/v4/files/{uploadId}/status'),
    family: null,
  },
  {
    name: 'a resource documented as made asynchronously, pending until complete',
    ops: exports('Exports are batch summaries. Since they can take a while, they are generated asynchronously.'),
    family: { start: ['create_an_export'], poll: 'retrieve_an_export' },
  },
  {
    name: 'near miss: the same resource without the word',
    ops: exports('Exports are batch summaries. They may take a while.'),
    family: null,
  },
];

describe('other vendors’ job layouts', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const d = detectJobs(createModel(ops));
    const first = ops[0]!.operationId ?? `${ops[0]!.method} ${ops[0]!.path}`;
    const found = summarize(d).filter((f) => f.start.includes(first));
    if (family === null) expect(found).toEqual([]);
    else expect(found).toEqual([expect.objectContaining(family)]);
  });
});

describe('an id answered bare', () => {
  it('is read from the whole answer (`body:`)', () => {
    const d = detectJobs(createModel(bareId({ type: 'string', format: 'uuid' })));
    expect(d.families.map((f) => f.start.map((s) => s.idFrom))).toEqual([['body:']]);
  });
});
