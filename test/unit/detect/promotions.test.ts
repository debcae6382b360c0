/**
 * Async promotion of plain operations: one row per rule (fires / does not fire), the scoring, and overrides
 * from x-mcp-jobgen and the config. IR built by factories, never by parsing a spec.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { PROMOTION_RULES, statedDurationMs } from '../../../src/detect/promotion/promotionRules.js';
import { nameTokens } from '../../../src/detect/read/nameTokens.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import {
  componentSchemas,
  createMediaContent,
  createModel,
  createOperation,
  createRequestBody,
  createResponse,
  createResponseHeader,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });

/** The operation answers `status` with a binary body of `mediaType` (and nothing else). */
function withMedia(o: Operation, mediaType: string, status = '200'): Operation {
  o.responses = [createResponse(status, { content: [createMediaContent({ type: 'string', format: 'binary' }, mediaType)] })];
  return o;
}

function withBody(o: Operation, mediaType: string, schema: JsonSchema): Operation {
  o.requestBody = createRequestBody(schema, { mediaType, pointer: `${o.pointer}/requestBody` });
  return o;
}

function fired(o: Operation): Record<string, number> {
  const reader = new SchemaReader(createModel([o]));
  const out: Record<string, number> = {};
  for (const rule of PROMOTION_RULES) {
    const hit = rule.test(o, reader);
    if (hit) out[hit.rule] = hit.weight;
  }
  return out;
}

describe('promotion rules', () => {
  it.each<[string, Operation, Record<string, number>]>([
    [
      'a stated duration of minutes',
      createOperation('POST', '/exports', { summary: 'Runs the export. Can take up to 2 minutes.' }),
      { 'stated-duration': 1, 'processing-verb': 0.5 },
    ],
    ['a stated range in seconds', createOperation('POST', '/things', { summary: 'Usually takes 30-90 seconds' }), { 'stated-duration': 1 }],
    ['a short stated duration is no evidence', createOperation('POST', '/things', { summary: 'Takes about 2 seconds' }), {}],
    [
      '"long-running request" in prose',
      createOperation('POST', '/things', { summary: 'A long-running request' }),
      { 'stated-duration': 1 },
    ],
    [
      '"a long-running operation" names a job resource',
      createOperation('DELETE', '/v1/{name}', { summary: 'Deletes a long-running operation.' }),
      {},
    ],
    ['"may take a while"', createOperation('POST', '/things', { summary: 'This may take a while.' }), { 'stated-duration': 1 }],
    ['plain CRUD prose', createOperation('POST', '/pets', { summary: 'Create a pet' }), {}],
    [
      'a declared timeout in ms',
      createOperation('POST', '/things', { extensions: { 'x-gateway': { timeoutInMillis: 60000 } } }),
      { 'declared-timeout': 1 },
    ],
    [
      'a declared timeout in seconds',
      createOperation('POST', '/things', { extensions: { 'x-timeout-seconds': 20 } }),
      { 'declared-timeout': 0.5 },
    ],
    ['a short declared timeout', createOperation('POST', '/things', { extensions: { 'x-timeout': 5 } }), {}],
    [
      'metered usage in the answer',
      createOperation('POST', '/things', {
        responses: [createResponse('200', { schema: obj({ usage: obj({ total_tokens: { type: 'integer' } }) }) })],
      }),
      { 'metered-usage': 1 },
    ],
    [
      'a usage object that meters nothing',
      createOperation('POST', '/things', {
        responses: [createResponse('200', { schema: obj({ usage: obj({ disk: { type: 'integer' } }) }) })],
      }),
      {},
    ],
    [
      'a cost figure in the answer',
      createOperation('POST', '/things', { responses: [createResponse('200', { schema: obj({ cost: { type: 'number' } }) })] }),
      { 'metered-usage': 0.5 },
    ],
    [
      'a metering header',
      createOperation('POST', '/things', { responses: [createResponse('200', { headers: [createResponseHeader('X-Credits-Used')] })] }),
      { 'metered-usage': 0.5 },
    ],
    ['produces audio', withMedia(createOperation('POST', '/things'), 'audio/mpeg'), { 'media-output': 0.5 }],
    ['a GET of an image is a download, not generation', withMedia(createOperation('GET', '/things/{id}'), 'image/png'), {}],
    [
      'returns base64 media',
      createOperation('POST', '/things', {
        responses: [createResponse('200', { schema: obj({ data: obj({ b64_json: { type: 'string' } }) }) })],
      }),
      { 'media-output': 0.5 },
    ],
    [
      'returns base64 media in a 3.1 nullable field (anyOf with null)',
      createOperation('POST', '/things', {
        responses: [
          createResponse('200', {
            schema: obj({ image: { anyOf: [{ type: 'string', format: 'byte' }, { type: 'null' }] } }),
          }),
        ],
      }),
      { 'media-output': 0.5 },
    ],
    [
      'returns base64 media one level down, nullable',
      createOperation('POST', '/things', {
        responses: [
          createResponse('200', {
            schema: obj({ result: obj({ audio: { oneOf: [{ type: 'null' }, { type: 'string', format: 'byte' }] } }) }),
          }),
        ],
      }),
      { 'media-output': 0.5 },
    ],
    [
      'generation input',
      createOperation('POST', '/things', { requestBody: createRequestBody(obj({ prompt: { type: 'string' } })) }),
      { 'generation-inputs': 0.5 },
    ],
    [
      'model + input',
      createOperation('POST', '/things', { requestBody: createRequestBody(obj({ model: { type: 'string' }, input: { type: 'string' } })) }),
      { 'generation-inputs': 0.5 },
    ],
    [
      'a model field alone',
      createOperation('POST', '/cars', { requestBody: createRequestBody(obj({ model: { type: 'string' }, color: { type: 'string' } })) }),
      {},
    ],
    ['a processing verb in the path', createOperation('POST', '/audio/transcriptions'), { 'processing-verb': 0.5 }],
    [
      'a processing verb in the operationId',
      createOperation('POST', '/x', { operationId: 'generateThumbnail' }),
      { 'processing-verb': 0.5 },
    ],
    [
      'a multipart upload',
      withBody(createOperation('POST', '/files'), 'multipart/form-data', obj({ file: { type: 'string', format: 'binary' } })),
      { 'media-upload': 0.25 },
    ],
    [
      'a JSON body with a nullable binary field',
      withBody(
        createOperation('POST', '/files'),
        'application/json',
        obj({ file: { anyOf: [{ type: 'string', format: 'binary' }, { type: 'null' }] } }),
      ),
      { 'media-upload': 0.25 },
    ],
    [
      'a declared 504',
      createOperation('POST', '/things', { responses: [createResponse('200'), createResponse('504')] }),
      { 'timeout-responses': 0.25 },
    ],
  ])('%s', (_why, operation, expected) => {
    expect(fired(operation)).toEqual(expected);
  });

  it.each<[string, number | null]>([
    ['can take up to 2 minutes', 120_000],
    ['takes 30-90 seconds', 90_000],
    ['times out after 300 s', 300_000],
    ['lasts about 1.5 hours', 5_400_000],
    ['a 5 minute read', null],
  ])('reads a duration from "%s"', (text, ms) => expect(statedDurationMs(text)).toBe(ms));

  it('splits names into word tokens', () => {
    expect(nameTokens('createImageVariation /audio/text-to_speech')).toEqual([
      'create',
      'image',
      'variation',
      'audio',
      'text',
      'to',
      'speech',
    ]);
  });
});

describe('detectPromotions', () => {
  const imageGen = () =>
    createOperation('POST', '/images/generations', {
      operationId: 'createImage',
      requestBody: createRequestBody(obj({ prompt: { type: 'string' }, model: { type: 'string' } })),
      responses: [createResponse('200', { schema: obj({ data: obj({ b64_json: { type: 'string' } }) }) })],
    });

  it('promotes every plain operation, and announces the ones whose evidence adds up, with the reasons', () => {
    const detection = detectJobs(
      createModel([imageGen(), createOperation('GET', '/pets'), createOperation('POST', '/reports', { operationId: 'createReport' })]),
    );
    expect(detection.promotions).toHaveLength(3);
    const [image, pets, report] = detection.promotions!;
    expect(image).toMatchObject({ promote: true, announce: true, source: 'rules', score: 1.5, timeoutMs: null, expectedDurationMs: null });
    expect(image!.evidence.at(-1)).toBe('announced: evidence adds up to 1.5 (1 needed)');
    expect(pets).toMatchObject({ promote: true, announce: false, source: 'default', score: 0 });
    expect(pets!.evidence).toEqual(['promoted by default: no evidence of slowness, so the description says nothing of it']);
    expect(report).toMatchObject({ promote: true, announce: false, source: 'rules', score: 0.5 });
    expect(report!.evidence.at(-1)).toBe('promoted by default, not announced: evidence adds up to 0.5, 1 needed');
  });

  it('asks more of a read before announcing it', () => {
    const slowRead = createOperation('GET', '/reports/{id}/export', { summary: 'Builds the export, which can take up to 60 seconds.' });
    const [decision] = detectJobs(createModel([slowRead])).promotions!;
    expect(decision).toMatchObject({ promote: true, announce: true, score: 1.5, expectedDurationMs: 60_000 });
    const [quick] = detectJobs(createModel([createOperation('GET', '/things/{id}', { summary: 'Takes about 20 seconds' })])).promotions!;
    expect(quick).toMatchObject({ promote: true, announce: false, score: 1 });
  });

  it('never promotes a job family operation or a streamed answer', () => {
    const start = createOperation('POST', '/batches', {
      operationId: 'createBatch',
      summary: 'Can take up to 24 hours',
      responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
    });
    const poll = createOperation('GET', '/batches/{batch_id}', {
      responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
    });
    const streamed = withMedia(
      createOperation('POST', '/chat', {
        summary: 'A long-running chat',
        requestBody: createRequestBody(obj({ messages: { type: 'array' } })),
      }),
      'text/event-stream',
    );
    const detection = detectJobs(
      createModel([start, poll, streamed], {
        schemas: componentSchemas({ Batch: jobSchema(['validating', 'in_progress', 'completed', 'failed']) }),
      }),
    );
    expect(detection.families.map((f) => f.name)).toEqual(['batch']);
    expect(detection.promotions!.map((p) => [p.op.path, p.promote, p.announce])).toEqual([['/chat', false, false]]);
    expect(detection.promotions![0]!.evidence.at(-1)).toMatch(/streams its answer/);
  });

  it('lets x-mcp-jobgen decide, and the config beat x-mcp-jobgen', () => {
    const forcedOn = createOperation('POST', '/pets', {
      operationId: 'createPet',
      extensions: { 'x-mcp-jobgen': { promote: { timeoutMs: 90_000 } } },
    });
    const forcedOff = imageGen();
    forcedOff.extensions['x-mcp-jobgen'] = { promote: true };
    const detection = detectJobs(createModel([forcedOn, forcedOff]), { operations: { createImage: { promote: false } } });
    expect(detection.diagnostics).toEqual([]);
    expect(detection.promotions!.map((p) => [p.op.operationId, p.promote, p.announce, p.source, p.timeoutMs])).toEqual([
      ['createPet', true, true, 'x-mcp-jobgen', 90_000],
      ['createImage', false, false, 'config', null],
    ]);
    expect(detection.promotions![1]!.evidence.at(-1)).toBe('config says promote: false');
  });

  it('reports a malformed promote setting and ignores it', () => {
    const bad = createOperation('POST', '/pets', { operationId: 'createPet', extensions: { 'x-mcp-jobgen': { promote: 'yes' } } });
    const detection = detectJobs(createModel([bad]), { operations: { createPet: { promote: { timeoutMs: -1 } } } });
    expect(detection.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['MJG308', 'x-mcp-jobgen.promote on POST /pets is not a valid promote setting and is ignored'],
      ['MJG308', 'config operations["createPet"].promote is not a valid promote setting and is ignored'],
    ]);
    expect(detection.promotions!.map((p) => [p.promote, p.source])).toEqual([[true, 'default']]);
  });

  it('carries the idempotency parameter of a promoted operation', () => {
    const paid = imageGen();
    paid.parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' }, pointer: '#/p' });
    const [decision] = detectJobs(createModel([paid])).promotions!;
    expect(decision!.idempotency).toEqual({ in: 'header', name: 'Idempotency-Key' });
  });
});
