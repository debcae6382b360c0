/**
 * Detection's memos (src/detect/read/readerMemo.ts and the per-string memos) must answer exactly what the plain
 * computation answers. Tables over real contracts: every schema, operation, path and name they hold is asked
 * through the memo twice (the second answer comes from it) and through the uncached path, with a fresh reader so
 * no memo is shared; plus the hand-made answers where a shortcut would differ (dotted names, several answers).
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathNoun, pathNounUncached, toSnakeCase, toSnakeCaseUncached } from '../../../src/detect/familyName.js';
import { answerSignals, answerSignalsUncached, readStartSignals } from '../../../src/detect/marked/startSignals.js';
import {
  answerProperties,
  bodyProperties,
  fileBodyField,
  fileFieldIn,
  generationBodyField,
  generationInputIn,
  inlineMediaAnswerField,
  inlineMediaIn,
  meteredAnswerField,
  meteredIn,
} from '../../../src/detect/promotion/promotionFields.js';
import { PROMOTION_RULES, SLOW_PHRASES, STATED_DURATION } from '../../../src/detect/promotion/promotionRules.js';
import { nameTokens, nameTokensUncached } from '../../../src/detect/read/nameTokens.js';
import {
  OperationIndex,
  pathParams,
  pathParamsUncached,
  pathShape,
  pathShapeUncached,
  shapeOfJoined,
  splitPath,
  splitPathUncached,
  staticSegments,
  staticSegmentsUncached,
  trailingParam,
  trailingParamUncached,
} from '../../../src/detect/read/operationIndex.js';
import { SchemaReader, wrappedSchema } from '../../../src/detect/read/schemaWalk.js';
import { analyzeStatusSchema, analyzeStatusSchemaUncached } from '../../../src/detect/status/analyzeStatusSchema.js';
import { loadDocument } from '../../../src/load/index.js';
import { createMediaContent, createModel, createOperation, createResponse } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema, Operation } from '../../../src/model/ir.js';
import { followRefs, modelLookup } from '../../../src/model/schemaRefs.js';
import { normalizeModel } from '../../../src/normalize/index.js';
import { fixture } from '../load/fixturePaths.js';

const githubSpec = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

const specs: Array<[name: string, path: string]> = [
  ['openai', fixture('real/openai.yaml').path],
  ['stripe', fixture('real/stripe-spec3-2022-04-12.json').path],
  ['replicate', fixture('real/replicate.json').path],
  ['argo', fixture('real/argo-workflows.swagger.json').path],
  ['azure-deid', fixture('real/azure-deid-2024-11-15.json').path],
  ['google-tts', fixture('real/google-texttospeech-v1.openapi.yaml').path],
  ['github', githubSpec],
];

/** Every schema a detection could be asked about: components, named ones, and each answer's and body's. */
function schemasOf(model: ApiModel): JsonSchema[] {
  const out: JsonSchema[] = [...Object.values(model.schemas), ...Object.values(model.namedSchemas ?? {})];
  for (const op of model.operations) {
    for (const r of op.responses) for (const c of r.content) if (c.schema !== undefined) out.push(c.schema);
    for (const c of op.requestBody?.content ?? []) if (c.schema !== undefined) out.push(c.schema);
  }
  return out;
}

/** Paths as detection builds them from operation paths: items, verbs and sub-resources of each. */
function pathsOf(model: ApiModel): string[] {
  return model.operations.flatMap((op) => {
    const { pathname, query } = splitPathUncached(op.path);
    return [op.path, `${pathname}/{}${query}`, `${pathname}:cancel`, `${pathname}/results`, pathname.slice(0, pathname.lastIndexOf('/'))];
  });
}

describe.each(specs)('memos answer what the plain computation answers: %s', (_name, path) => {
  let model: ApiModel;
  beforeAll(async () => {
    model = normalizeModel(await loadDocument(path)).model;
  }, 60_000);

  it('path and name questions', () => {
    const memo: unknown[] = [];
    const plain: unknown[] = [];
    const texts = new Set<string>();
    for (const p of pathsOf(model)) {
      const { pathname, query } = splitPathUncached(p);
      for (const suffix of JOIN_SUFFIXES) {
        memo.push(shapeOfJoined(pathname, suffix, query));
        plain.push(pathShapeUncached(`${pathname}${suffix}${query}`));
      }
      for (let round = 0; round < 2; round++) {
        memo.push(pathShape(p), splitPath(p), trailingParam(p), pathParams(p), staticSegments(p), pathNoun(p));
        plain.push(pathShapeUncached(p), splitPathUncached(p), trailingParamUncached(p), pathParamsUncached(p));
        plain.push(staticSegmentsUncached(p), pathNounUncached(p));
      }
      texts.add(p);
    }
    const reader = new SchemaReader(model);
    for (const op of model.operations) {
      texts.add(op.operationId ?? '');
      for (const r of op.responses) for (const h of r.headers) texts.add(h.name);
      for (const c of op.responses.flatMap((r) => r.content)) for (const name of reader.properties(c.schema).keys()) texts.add(name);
    }
    for (const t of texts) {
      for (let round = 0; round < 2; round++) {
        memo.push(nameTokens(t), toSnakeCase(t));
        plain.push(nameTokensUncached(t), toSnakeCaseUncached(t));
      }
    }
    expect(memo).toEqual(plain);
  });

  it('schema questions: resolution, status analysis, answer signals', () => {
    const reader = new SchemaReader(model);
    const lookup = modelLookup(model, true);
    const memo: unknown[] = [];
    const plain: unknown[] = [];
    // What `resolve` stands for, computed afresh: refs followed, then a wrapper seen through (`allOf: [{$ref}]`,
    // `anyOf: [X, {type: 'null'}]`: schemaWalk.ts `wrappedSchema`) to what it wraps, as deep as the reader goes.
    const plainResolve = (s: JsonSchema, depth: number): Record<string, unknown> | undefined => {
      const value = followRefs(s, lookup).value;
      const target = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
      const inner = target !== undefined && depth < 6 ? wrappedSchema(target) : undefined;
      return inner === undefined ? target : (plainResolve(inner, depth + 1) ?? target);
    };
    for (const s of schemasOf(model)) {
      const fresh = new SchemaReader(model);
      const target = plainResolve(s, 0);
      for (let round = 0; round < 2; round++) {
        expect(reader.resolve(s)).toBe(target);
        memo.push(analyzeStatusSchema(reader, s), answerSignals(reader, s));
        plain.push(analyzeStatusSchemaUncached(fresh, s), answerSignalsUncached(fresh, s));
      }
    }
    expect(memo).toEqual(plain);
  });

  it('operation questions: start signals, promotion rules and their field scans', () => {
    const reader = new SchemaReader(model);
    const index = new OperationIndex(
      model,
      (s) => reader.fingerprint(s),
      () => false,
    );
    const memo: unknown[] = [];
    const plain: unknown[] = [];
    for (const op of model.operations) {
      const fresh = new SchemaReader(model);
      for (let round = 0; round < 2; round++) {
        memo.push(
          readStartSignals(op, reader),
          PROMOTION_RULES.map((r) => r.test(op, reader)),
        );
        plain.push(
          readStartSignals(op, fresh),
          PROMOTION_RULES.map((r) => r.test(op, fresh)),
        );
        memo.push(meteredAnswerField(op, reader), inlineMediaAnswerField(op, reader));
        plain.push(meteredIn(answerProperties(op, fresh), fresh), inlineMediaIn(answerProperties(op, fresh), fresh));
        memo.push(generationBodyField(op, reader), fileBodyField(op, reader), index.at(op.path, op.method));
        plain.push(generationInputIn(bodyProperties(op, fresh)), fileFieldIn(bodyProperties(op, fresh), fresh));
        plain.push(index.at(op.path).filter((o) => o.method === op.method));
      }
    }
    expect(memo).toEqual(plain);
  });

  it('prose patterns: every match holds one of the words looked for first', () => {
    const missing: string[] = [];
    for (const op of model.operations) checkNeeds([op.summary, op.description].filter(Boolean).join(' '), missing);
    expect(missing).toEqual([]);
  });
});

/** Records each match of a prose pattern that holds none of the pattern's words. */
function checkNeeds(text: string, missing: string[]): void {
  for (const p of [STATED_DURATION, ...SLOW_PHRASES]) {
    for (const m of text.matchAll(new RegExp(p.pattern.source, `${p.pattern.flags}g`))) {
      if (!p.needs.some((w) => m[0].toLowerCase().includes(w))) missing.push(m[0]);
    }
  }
}

describe('prose patterns and their words, on every alternative', () => {
  const phrases = [
    'takes 30 seconds',
    'TAKING 2 minutes',
    'lasts 5 s',
    'runs for 10 minutes',
    'waits 3 hours',
    'Waiting 20 s',
    'wait 2 h',
    'up to 90 seconds',
    'as long as 2 h',
    'around 30 s',
    'About 1 minute',
    'approximately 40 seconds',
    'between 10 and 20 minutes',
    'times out after 120 s',
    'time out after 3 min',
    'timeout of 60 seconds',
    'Long-running request',
    'long running computation',
    'several minutes',
    'a few hours',
    'many seconds',
    'can take a while',
    'Will take longer',
    'time consuming',
    'Time-consuming',
    'Compute-intensive operation',
    'resource intensive process',
    'slow endpoint',
    'EXPENSIVE call',
  ];
  it.each(phrases)('%s', (text) => {
    expect([STATED_DURATION, ...SLOW_PHRASES].some((p) => p.pattern.test(text))).toBe(true);
    const missing: string[] = [];
    checkNeeds(text, missing);
    expect(missing).toEqual([]);
  });
});

const JOIN_SUFFIXES = ['/{}', '/cancel', ':cancel', '/{}/status', '/results', '', '/{', '}', '/{x}/y'];

describe('shapeOfJoined: the shape of a joined path from its parts', () => {
  const cases: Array<[pathname: string, suffix: string, query: string]> = [
    ['/a/{x}', '/{}', '?beta=true'],
    // A `{` left open runs on into the suffix and the query: the whole is shaped.
    ['/a/{x', '/{}', '?b}'],
    ['/a/{x', '/cancel', ''],
    ['/a/{x}', '/{', '}'],
    ['/a/{x}/{y', ':cancel', '?q={v}'],
    ['/a/}{', '/results', '}'],
    ['/a', '/{}/status', '?q={v}&r={w'],
    ['', '', ''],
  ];
  it.each(cases)('%s + %s + %s', (pathname, suffix, query) => {
    expect(shapeOfJoined(pathname, suffix, query)).toBe(pathShapeUncached(`${pathname}${suffix}${query}`));
  });
});

/** One operation answering each of `answers` as JSON (200, 201, …). */
function answering(...answers: JsonSchema[]): Operation {
  return createOperation('POST', '/things', {
    responses: answers.map((schema, i) => createResponse(String(200 + i), { content: [createMediaContent(schema)] })),
  });
}

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const twice = (schema: JsonSchema): JsonSchema[] => [schema, schema];

describe('answer scans where walking the schema directly would differ from the rule map', () => {
  const cases: Array<[what: string, op: Operation, metered: string | null, inline: string | null]> = [
    // `a.b` written at the top overwrites the value of `a`'s inner `b` (a base64 string) in the map.
    [
      'a dotted top-level name overwrites an inner one',
      answering(obj({ a: obj({ b: { type: 'string', format: 'byte' } }), 'a.b': { type: 'string' } })),
      null,
      null,
    ],
    ['a dotted top-level name reads as usage.*', answering(obj({ 'usage.credits': { type: 'integer' } })), 'usage.credits', null],
    ['a later answer overwrites a value', answering(obj({ cost: { type: 'string' } }), obj({ cost: { type: 'number' } })), 'cost', null],
    [
      'usage one level down',
      answering(obj({ id: { type: 'string' }, usage: obj({ total_tokens: { type: 'integer' } }) })),
      'usage.total_tokens',
      null,
    ],
    ['base64 one level down', answering(obj({ data: obj({ b64_json: { type: 'string' } }) })), null, 'data.b64_json'],
    ['no answer', createOperation('POST', '/things', { responses: [createResponse('204')] }), null, null],
    ['two answers of one schema', answering(...twice(obj({ credits: { type: 'integer' } }))), 'credits', null],
    ['two answers of one dotted schema', answering(...twice(obj({ a: obj({ b: { format: 'byte' } }), 'a.b': {} }))), null, null],
  ];
  it.each(cases)('%s', (_what, op, metered, inline) => {
    const reader = new SchemaReader(createModel([op]));
    expect(meteredAnswerField(op, reader)).toEqual(meteredIn(answerProperties(op, reader), reader));
    expect(inlineMediaAnswerField(op, reader)).toEqual(inlineMediaIn(answerProperties(op, reader), reader));
    expect(meteredAnswerField(op, reader)?.name ?? null).toBe(metered);
    expect(inlineMediaAnswerField(op, reader)?.name ?? null).toBe(inline);
  });
});
