/**
 * A start that answers the list document its read answers, read back by the listed items' ids
 * (src/detect/idflow/listedRepresentation.ts): Shutterstock's `POST /v2/ai/audio/renders` and
 * `GET /v2/ai/audio/renders?id=…` both answer `AudioRendersListResults {audio_renders: [{id, status}]}`. The job is
 * the set of the listed renders, whether the document is named or written out inline at both ends. Near misses: an
 * optional id (a filter), two answers that are not one document, and a document with two lists.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const RENDER_FIELDS = {
  id: str(),
  status: str(['WAITING_COMPOSE', 'RUNNING_COMPOSE', 'WAITING_RENDER', 'RUNNING_RENDER', 'CREATED', 'FAILED_CREATE']),
};
const RENDER = obj(RENDER_FIELDS);
const schemas = {
  '#/components/schemas/RenderList': obj({ audio_renders: list(RENDER) }),
  '#/components/schemas/TwoLists': obj({ audio_renders: list(RENDER), errors: list(obj({ id: str(), message: str() })) }),
};

const renders = (opts: { required?: boolean; startAnswers?: JsonSchema; readAnswers?: JsonSchema } = {}) => [
  createOperation('POST', '/v2/ai/audio/renders', {
    operationId: 'createAudioRenders',
    requestBody: createRequestBody(obj({ audio_renders: list(obj({ preset: str() })) })),
    responses: [createResponse('200', { schema: opts.startAnswers ?? ref('RenderList') })],
  }),
  createOperation('GET', '/v2/ai/audio/renders', {
    operationId: 'fetchRenders',
    parameters: [createParameter('id', 'query', { required: opts.required ?? true, schema: list(str()) })],
    responses: [createResponse('200', { schema: opts.readAnswers ?? ref('RenderList') })],
  }),
];

const families = (ops: ReturnType<typeof renders>) =>
  detectJobs(createModel(ops, { schemas })).families.map((f) => ({
    start: f.start[0]!.op.operationId,
    members: f.start[0]!.members ?? null,
    poll: isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
    status: f.statusField,
  }));

describe('a listed document read back by its items ids', () => {
  it.each<[string, ReturnType<typeof renders>, unknown[]]>([
    [
      'the renders the start lists, each polled by its id',
      renders(),
      [
        {
          start: 'createAudioRenders',
          members: { itemsAt: 'audio_renders', itemId: 'id' },
          poll: 'fetchRenders(id)',
          status: 'audio_renders.0.status',
        },
      ],
    ],
    ['near miss: an optional id is a filter of the list, not a read of the items', renders({ required: false }), []],
    [
      'the same list document written out inline at both ends (a code-first contract)',
      renders({ startAnswers: obj({ audio_renders: list(RENDER) }), readAnswers: obj({ audio_renders: list(RENDER) }) }),
      [
        {
          start: 'createAudioRenders',
          members: { itemsAt: 'audio_renders', itemId: 'id' },
          poll: 'fetchRenders(id)',
          status: 'audio_renders.0.status',
        },
      ],
    ],
    [
      'near miss: inline list documents that differ (the read lists each render with its preset) are two documents',
      renders({
        startAnswers: obj({ audio_renders: list(RENDER) }),
        readAnswers: obj({ audio_renders: list(obj({ ...RENDER_FIELDS, preset: str() })) }),
      }),
      [],
    ],
    [
      'near miss: a document with two lists of ids leaves open which are the members',
      renders({ startAnswers: ref('TwoLists'), readAnswers: ref('TwoLists') }),
      [],
    ],
  ])('%s', (_, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
