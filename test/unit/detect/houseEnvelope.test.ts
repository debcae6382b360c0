/**
 * An API that wraps (nearly) every answer in one member (`{data: …}`: JSON:API, Twitter, Asana) has a house envelope
 * (read/envelope.ts `houseEnvelopes`): its member is the API's top level, not a record's name. Rules that tie a start
 * to its poll by a named record (statusRecordPoll.ts, recordShapePoll.ts) must not read every answer as a record
 * called `data`, and the rule that ties them by one document at both ends (sameRepresentation.ts) reads the document
 * inside it. Measured by the metamorphic `dataEnvelope` rewrite (docs/DEVELOPING.md); the real contract the record rules
 * misread (Classroom, rewritten) is test/corpus/responseStylesSample.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { houseEnvelopes } from '../../../src/detect/read/envelope.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const data = (schema: JsonSchema): JsonSchema => obj({ data: schema, meta: obj({}) });
const schemas = Object.fromEntries(
  Object.entries({
    TrainResponse: obj({ modelId: str(), name: str(), status: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']) }),
    Profile: obj({ id: str(), name: str(), email: str() }),
  }).map(([k, v]) => [`#/components/schemas/${k}`, v]),
);

const op = (method: 'GET' | 'POST' | 'PATCH', path: string, id: string, answer: JsonSchema, params: string[] = []): Operation =>
  createOperation(method, path, {
    operationId: id,
    parameters: params.map((p) => createParameter(p, 'path', { required: true })),
    ...(method === 'GET' ? {} : { requestBody: createRequestBody(obj({ title: str() })) }),
    responses: [createResponse('200', { schema: answer })],
  });
/** Reads of other things, wrapped alike: what makes `data` the house style and not one record's name. */
const others = [1, 2, 3].map((k) => op('GET', `/profiles${k}/{id}`, `getProfile${k}`, data(ref('Profile')), ['id']));
const families = (ops: Operation[]) =>
  detectJobs(createModel(ops, { schemas })).families.map((f) => ({
    start: f.start.map((s) => s.op.operationId),
    idFrom: f.start.map((s) => s.idFrom),
  }));

describe('houseEnvelopes', () => {
  const reader = new SchemaReader(createModel([], { schemas }));
  it('is the member most object answers are wrapped in', () => {
    expect([...houseEnvelopes([...others, op('GET', '/x', 'x', ref('Profile'))], reader)]).toEqual(['data']);
  });
  it('is none when half or fewer are wrapped, or the API answers too few objects to say', () => {
    const bare = [1, 2, 3].map((k) => op('GET', `/bare${k}`, `bare${k}`, ref('Profile')));
    expect([...houseEnvelopes([...others, ...bare], reader)]).toEqual([]);
    expect([...houseEnvelopes(others.slice(0, 2), reader)]).toEqual([]);
  });
});

describe('an API that wraps every answer in `data`', () => {
  // Linked before the house envelope too (as a record called `data`); kept by the same-document rule now.
  it('links a start to the read of the same document inside the envelope, the id read there', () => {
    const ops = [
      op('POST', '/v2/retrain', 'retrain', data(ref('TrainResponse'))),
      op('GET', '/v2/train/{modelId}', 'getTrainStatus', data(ref('TrainResponse')), ['modelId']),
      ...others,
    ];
    expect(families(ops)).toEqual([{ start: ['retrain'], idFrom: ['body:data.modelId'] }]);
  });
});
