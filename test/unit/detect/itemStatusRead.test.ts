/**
 * A REST job read at its item's status read, and the result read under the item (idflow/idFlowJobs.ts `itemStatusOf`,
 * idflow/itemResult.ts). Climate's `POST /v4/exports` answers a bare `id`; no `GET /v4/exports/{exportId}` exists, only
 * `…/{exportId}/status` and `…/{exportId}/contents`. A bare `id` links only to the item the start creates: its status
 * read is that item's read (RFC 3986 §3.3, as statusSubresource.ts reads it for the job-resource rule), and the contents
 * beside it are what the job made. Near misses: a read of another thing below the item, a status read of another
 * collection, and a thing brought up, whose read below it is another job's output.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';

const JOB = str(['PROCESSING', 'INVALID', 'COMPLETED', 'FAILED']);
const UP = str(['CREATING', 'ACTIVE', 'DELETING']);

const post = (path: string, operationId: string, answer: JsonSchema): Operation =>
  createOperation('POST', path, {
    operationId,
    requestBody: createRequestBody(obj({ definition: str() })),
    responses: [createResponse('201', { schema: answer })],
  });
const get = (path: string, operationId: string, answer: JsonSchema): Operation =>
  createOperation('GET', path, {
    operationId,
    parameters: [...path.matchAll(/\{(\w+)\}/g)].map((m) => createParameter(m[1]!, 'path', { required: true, schema: str() })),
    responses: [createResponse('200', { schema: answer })],
  });

function detect(ops: Operation[]) {
  return detectJobs(createModel(ops)).families;
}

describe("a job read at its item's status read", () => {
  const status = get('/v4/exports/{exportId}/status', 'fetchExportStatusById', obj({ status: JOB }));
  const contents = get('/v4/exports/{exportId}/contents', 'fetchExportContentsById', obj({ data: str() }));

  it('links a bare `id` to the status read of the item the start creates, and reads the contents beside it', () => {
    const [family] = detect([post('/v4/exports', 'postExport', obj({ id: str() })), status, contents]);
    expect(family?.poll).toMatchObject({ op: { path: '/v4/exports/{exportId}/status' } });
    expect(family?.statusField).toBe('status');
    expect(family?.result).toMatchObject({ op: { path: '/v4/exports/{exportId}/contents' }, idParam: 'exportId' });
  });

  it('near miss: a read of another thing below the item is not its status read', () => {
    const parts = get('/v4/exports/{exportId}/parts', 'fetchExportPartsById', obj({ status: JOB }));
    expect(detect([post('/v4/exports', 'postExport', obj({ id: str() })), parts])).toEqual([]);
  });

  it('near miss: the status read of another collection', () => {
    const other = get('/v4/imports/{importId}/status', 'fetchImportStatusById', obj({ status: JOB }));
    expect(detect([post('/v4/exports', 'postExport', obj({ id: str() })), other])).toEqual([]);
  });
});

describe('the result read under an id-flow item', () => {
  it('reads `output` under the item a job is polled at, elsewhere than its start (Azure Automation jobs)', () => {
    const [family] = detect([
      post('/reports/generate', 'generateReport', obj({ reportRunId: str() })),
      get('/report-runs/{reportRunId}', 'getReportRun', obj({ reportRunId: str(), status: JOB })),
      get('/report-runs/{reportRunId}/output', 'getReportRunOutput', obj({ rows: str() })),
    ]);
    expect(family?.poll).toMatchObject({ op: { path: '/report-runs/{reportRunId}' } });
    expect(family?.result).toMatchObject({ op: { path: '/report-runs/{reportRunId}/output' }, idParam: 'reportRunId' });
  });

  it('near miss: a thing brought up is what its start made; a read below it is another job’s output', () => {
    const [family] = detect([
      post('/datasets', 'createDataset', obj({ datasetName: str() })),
      get('/datasets/{datasetName}', 'getDataset', obj({ datasetName: str(), status: UP })),
      get('/datasets/{datasetName}/content', 'getDatasetContent', obj({ uri: str() })),
    ]);
    expect(family?.kind).toBe('provisioning');
    expect(family?.result).toBeNull();
  });
});
