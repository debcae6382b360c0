/**
 * A verb one segment below an item, followed at the item's read (itemActedOn.ts): DataBrew's
 * `PUT /projects/{name}/startProjectSession` → `GET /projects/{name}`, its `SessionStatus` going INITIALIZING →
 * READY. Near misses: the item's own status says nothing of the session; a verb that does not bring up in place
 * (a resubmit makes a new thing); the name under another collection is a parent.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const SESSION_STATES = ['INITIALIZING', 'PROVISIONING', 'READY', 'FAILED', 'TERMINATING', 'TERMINATED'];
const nameParam = [createParameter('name', 'path', { required: true })];
const start = (path: string, operationId: string): Operation =>
  createOperation('PUT', path, {
    operationId,
    parameters: nameParam,
    requestBody: createRequestBody(obj({ AssumeControl: { type: 'boolean' } })),
    responses: [createResponse('200', { schema: obj({ Name: str(), ClientSessionId: str() }) })],
  });
const read = (path: string, answer: JsonSchema): Operation =>
  createOperation('GET', path, {
    operationId: 'DescribeProject',
    parameters: nameParam,
    responses: [createResponse('200', { schema: answer })],
  });
const project = (statusField: string) => obj({ Name: str(), DatasetName: str(), [statusField]: str(SESSION_STATES) });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => s.op.operationId).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a verb below the item it acts on', () => {
  it.each<[string, Operation[], Array<Array<string | null>>]>([
    [
      'the item reads the status of what the verb brings up',
      [start('/projects/{name}/startProjectSession', 'StartProjectSession'), read('/projects/{name}', project('SessionStatus'))],
      [['StartProjectSession', 'DescribeProject(name)']],
    ],
    [
      'near miss: the item status is its own, not the session',
      [start('/projects/{name}/startProjectSession', 'StartProjectSession'), read('/projects/{name}', project('Status'))],
      [],
    ],
    [
      'near miss: a verb that does not bring up in place',
      [start('/projects/{name}/resubmitProjectSession', 'ResubmitProjectSession'), read('/projects/{name}', project('SessionStatus'))],
      [],
    ],
    [
      'near miss: the name under another collection is a parent',
      [start('/archive/projects/{name}/startProjectSession', 'StartProjectSession'), read('/projects/{name}', project('SessionStatus'))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  // lookoutvision `POST /projects/{projectName}/models/{modelVersion}/start` → `GET …/models/{modelVersion}`: the
  // parent's id-named parameter is also weighed (and rejected: the parent it posts under); the item's stays.
  it('the item named by the last parameter, beside an id-named parent', () => {
    const path = [createParameter('projectName', 'path', { required: true }), createParameter('modelVersion', 'path', { required: true })];
    const model = '/projects/{projectName}/models/{modelVersion}';
    const ops = [
      createOperation('POST', `${model}/start`, {
        operationId: 'StartModel',
        parameters: path,
        requestBody: createRequestBody(obj({ MinInferenceUnits: { type: 'integer' } }, ['MinInferenceUnits'])),
        responses: [createResponse('202', { schema: obj({ Status: str(MODEL_STATES) }) })],
      }),
      createOperation('GET', model, {
        operationId: 'DescribeModel',
        parameters: path,
        responses: [createResponse('200', { schema: obj({ ModelDescription: obj({ ModelArn: str(), Status: str(MODEL_STATES) }) }) })],
      }),
    ];
    expect(families(ops)).toEqual([['StartModel', 'DescribeModel(modelVersion)']]);
  });
});

const MODEL_STATES = ['TRAINING', 'TRAINED', 'TRAINING_FAILED', 'STARTING_HOSTING', 'HOSTED', 'HOSTING_FAILED', 'STOPPING_HOSTING'];
