/**
 * A start that brings up the item at its own path names it by that path's last parameter, whatever it is called
 * (src/detect/idflow/itemPathPoll.ts): GitHub `PUT /repos/{owner}/{repo}/import` → `GET /repos/{owner}/{repo}/import`,
 * IoT TwinMaker `POST /workspaces/{workspaceId}/sync-jobs/{syncSource}` → `GET /sync-jobs/{syncSource}?workspace=`.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const IMPORT_STATES = ['detecting', 'importing', 'mapping', 'pushing', 'complete', 'error', 'auth_failed'];
const SYNC_STATES = ['CREATING', 'INITIALIZING', 'ACTIVE', 'DELETING', 'ERROR'];
const paramsOf = (path: string) => [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => createParameter(m[1]!, 'path', { required: true }));
const start = (method: 'PUT' | 'POST', path: string, operationId: string): Operation =>
  createOperation(method, path, {
    operationId,
    parameters: paramsOf(path),
    requestBody: createRequestBody(obj({ vcs_url: str() }, ['vcs_url'])),
    responses: [createResponse('201', { schema: obj({ url: str(), status: str(IMPORT_STATES) }) })],
  });
const read = (path: string, operationId: string, states: string[], query: string[] = []): Operation =>
  createOperation('GET', path, {
    operationId,
    parameters: [...paramsOf(path), ...query.map((q) => createParameter(q, 'query', { schema: str() }))],
    responses: [createResponse('200', { schema: obj({ url: str(), status: str(states) }) })],
  });

const importRead = read('/repos/{owner}/{repo}/import', 'migrations/get-import-status', IMPORT_STATES);
const syncRead = (query: string[]) => read('/sync-jobs/{syncSource}', 'GetSyncJob', SYNC_STATES, query);
const createSync = start('POST', '/workspaces/{workspaceId}/sync-jobs/{syncSource}', 'CreateSyncJob');

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return [f.start.map((s) => `${s.op.operationId}<-${s.idFrom}`).join(','), poll ? `${poll.op.operationId}(${poll.idParam})` : null];
  });

describe('a start named by its own path’s last parameter', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'GitHub: the one import of a repo, named by the repo, read at the same path',
      [start('PUT', '/repos/{owner}/{repo}/import', 'migrations/start-import'), importRead],
      [['migrations/start-import<-arg:repo', 'migrations/get-import-status(repo)']],
    ],
    [
      'TwinMaker: the sync job under its workspace, read at the top by the source, the workspace asked for',
      [createSync, syncRead(['workspace'])],
      [['CreateSyncJob<-arg:syncSource', 'GetSyncJob(syncSource)']],
    ],
    ['near miss: the top-level read does not ask for the parent’s scope', [createSync, syncRead([])], []],
    [
      'near miss: an upsert (Azure’s `CreateOrUpdate`) names another thing than the read’s: no job',
      [
        start('PUT', '/providers/Bridge/activations/{activationName}', 'Activations_CreateOrUpdate'),
        read('/providers/Bridge/activations/{activationName}', 'Activations_Get', SYNC_STATES),
      ],
      [],
    ],
    [
      'near miss: a REST `POST` to the thing edits it',
      [start('POST', '/repos/{owner}/{repo}/import', 'migrations/post-import'), importRead],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
