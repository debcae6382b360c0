/**
 * An edit of the thing a resource read reads is no start of it (src/detect/resource/editsWhatExists.ts). MotaWord's
 * `PUT /projects/{id}` (`updateProject`) and `PUT /projects/{id}/webhooks` (`updateProjectWebhook`, answered with the
 * project) were starts of the project job, whose status stays `pending` until the project is launched: an agent that
 * edited a project got a job that could only expire. Azure Batch's `Task_Update` was a start of its task the same
 * way. Near misses: a PUT of a client-named item creates it, a start verb said with PUT (`submitBatch`) starts, and a
 * 202 on an edit still says the edit runs on.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createRequestBody,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { HttpMethod, Operation } from '../../../src/model/ir.js';
import { obj, str } from './rpcSchemas.js';
import { summarize } from './summarize.js';

const PROJECT = createSchemaRef('Project');
const schemas = componentSchemas({
  Project: obj({ id: str(), status: str(['pending', 'started', 'completed', 'failed']), name: str() }),
});

const pathParams = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => createParameter(m[1]!, 'path', { required: true, schema: str() }));
const call = (method: HttpMethod, path: string, operationId: string | undefined, status = '200'): Operation =>
  createOperation(method, path, {
    ...(operationId ? { operationId } : {}),
    parameters: pathParams(path),
    ...(method === 'GET' ? {} : { requestBody: createRequestBody(obj({ name: str() })) }),
    responses: [createResponse(status, { schema: PROJECT })],
  });

const read = call('GET', '/projects/{id}', 'getProject');
const create = call('POST', '/projects', 'createProject', '201');
const launch = call('POST', '/projects/{id}/launch', 'launchProject');
// What makes MotaWord's project read a job's: a cancel and a download beside it (assessJobResource.ts).
const companions = [call('POST', '/projects/{id}/cancel', 'cancelProject'), call('GET', '/projects/{id}/download', 'download')];
const detect = (ops: Operation[]) => summarize(detectJobs(createModel([...ops, ...companions], { schemas })));

describe('an edit of what a resource read reads', () => {
  it('the project job starts by its create and its launch, not by its update', () => {
    const update = call('PUT', '/projects/{id}', 'updateProject');
    expect(detect([create, read, update, launch]).map((f) => [f.start, f.poll])).toEqual([
      [['createProject', 'launchProject'], 'getProject'],
    ]);
  });

  it.each([
    ['an update of a setting answered with the thing', call('PUT', '/projects/{id}/webhooks', 'updateProjectWebhook')],
    ['a modify verb', call('PUT', '/projects/{id}', 'modifyProject')],
    ['an Azure `Noun_Verb` update', call('PUT', '/projects/{id}', 'Project_Update')],
  ])('%s starts no job', (_, edit) => {
    const reads = edit.path.endsWith('webhooks') ? [read, call('GET', '/projects/{id}/webhooks', 'getProjectWebhooks')] : [read];
    const starts = detect([...reads, edit]).flatMap((f) => f.start);
    expect(starts).toEqual([]);
  });

  it.each([
    ['a PUT of a client-named item creates it', call('PUT', '/projects/{id}', 'createProject')],
    ['a PUT of a client-named item with no name creates it', call('PUT', '/projects/{id}', undefined)],
    ['a start verb said with PUT', call('PUT', '/projects/{id}', 'submitProject')],
  ])('near miss: %s, a start', (_, start) => {
    expect(detect([read, start]).map((f) => f.start)).toEqual([[start.operationId ?? 'PUT /projects/{id}']]);
  });

  it('near miss: an update answering 202 says the edit itself runs on', () => {
    const accepted = call('PUT', '/projects/{id}', 'updateProject', '202');
    expect(detect([read, accepted]).map((f) => f.start)).toEqual([['updateProject']]);
  });
});
