/**
 * A contract that calls the item's own path parameter `{id}` (Rails' and Laravel's resource routes) addresses the
 * same items as one that calls it `{Sid}` or `{jobId}`: the collection before it says whose id it is. The
 * metamorphic test's `paramNames` rewrite lost starts whose link rode on the parameter's name. Each row is detected
 * with the name as written and with `{id}`, and must find the same family, its id read from the same answer field.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { summarize } from './summarize.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });

/** An operation: its id, method, path, answer, path parameters and, optionally, what each parameter is described as. */
type Op = [string, 'GET' | 'POST' | 'PUT', string, JsonSchema, string[], Record<string, string>?];
/** The path with its item parameter (`renamed`) called `id`, in the path and the parameter list. */
const build = (ops: Op[], renamed: string | null): Operation[] =>
  ops.map(([operationId, method, path, answer, params, described = {}]) => {
    const to = (n: string) => (n === renamed ? 'id' : n);
    return createOperation(method, path.replaceAll(`{${renamed}}`, '{id}'), {
      operationId,
      parameters: params.map((n) =>
        createParameter(to(n), 'path', { required: true, ...(described[n] ? { description: described[n] } : {}) }),
      ),
      ...(method === 'GET'
        ? {}
        : { requestBody: createRequestBody(obj({ name: str(), StatusCallback: { type: 'string', format: 'uri' } })) }),
      responses: [createResponse('200', { schema: answer })],
    });
  });

/** Each family's starts with where each takes its id from, and its poll. */
const families = (ops: Operation[]) => {
  const d = detectJobs(createModel(ops));
  return d.families.map((f) => ({ ...summarize({ ...d, families: [f] })[0], idFrom: f.start.map((s) => s.idFrom) }));
};

const COMPOSITION = obj({
  sid: str(),
  account_sid: str(),
  room_sid: str(),
  name: str(),
  status: str(['enqueued', 'processing', 'completed', 'deleted', 'failed']),
});

const TRAINING = obj({
  modelId: str(),
  datasetId: str(),
  name: str(),
  status: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED']),
});

const rows: Array<[string, string, Op[]]> = [
  [
    // Twilio's CreateComposition answers `sid` beside other things' `*_sid` and a `name`: the item's `{id}` is the
    // answer's own opaque id, not the `name` a conventional-id list would have taken first.
    'a create polled at its item, the answer naming its id `sid`',
    'Sid',
    [
      ['CreateComposition', 'POST', '/v1/Compositions', COMPOSITION, []],
      ['FetchComposition', 'GET', '/v1/Compositions/{Sid}', COMPOSITION, ['Sid']],
    ],
  ],
  [
    // Einstein's train answers `modelId` beside the model's `name` and its `datasetId`; the item read's parameter is
    // described only as "Model Id". Called `{id}`, that name is all that says which field it takes: not the `name`
    // a conventional-id list would have taken first (paramBinding.ts).
    'a create polled at its item, the parameter described by the name of the field it takes',
    'modelId',
    [
      ['train', 'POST', '/v2/language/train', TRAINING, []],
      ['getTrainStatus', 'GET', '/v2/language/train/{modelId}', TRAINING, ['modelId'], { modelId: 'Model Id' }],
    ],
  ],
];

describe("the item's parameter called `id` changes no family", () => {
  it.each(rows)('%s', (_, param, ops) => {
    const asWritten = families(build(ops, null));
    expect(asWritten).toHaveLength(1);
    expect(families(build(ops, param))).toEqual(asWritten);
  });
});
