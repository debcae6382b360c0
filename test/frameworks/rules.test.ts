/**
 * The checks the framework suite counts with, on hand-written schemas: a path a converter drops or leaves
 * without a type is found, and each provider rule fires on the shape it names and not on its fixed form.
 * Needs no framework installed.
 */
import { describe, expect, it } from 'vitest';
import { geminiProblems, openAiStrictProblems } from './providerRules.js';
import { comparePaths, isUnder, narrowedEnums, parameterPaths, unionPaths } from './schemaPaths.js';

const listed = {
  type: 'object',
  properties: {
    body: {
      type: 'object',
      properties: {
        content: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } }] },
        metadata: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
        note: { description: 'any JSON' },
      },
    },
  },
};

describe('parameterPaths / comparePaths', () => {
  it('lists properties, items, map values and union members under one path', () => {
    expect([...parameterPaths(listed)]).toEqual([
      ['body', true],
      ['body.content', true],
      ['body.content[]', true],
      ['body.content[].text', true],
      ['body.metadata', true],
      ['body.metadata{}', true],
      ['body.note', false],
    ]);
  });

  it.each([
    ['nothing changed', listed, { lost: [], typeless: [] }],
    [
      "LangChain's simplifier on a non-object union (the union dropped, its description kept)",
      {
        type: 'object',
        properties: { body: { type: 'object', properties: { content: { description: 'x' }, metadata: { type: 'object' }, note: {} } } },
      },
      { lost: ['body.content[]', 'body.content[].text', 'body.metadata{}'], typeless: ['body.content'] },
    ],
    [
      'a path gone entirely',
      { type: 'object', properties: {} },
      {
        lost: ['body', 'body.content', 'body.content[]', 'body.content[].text', 'body.metadata', 'body.metadata{}', 'body.note'],
        typeless: [],
      },
    ],
  ])('%s', (_name, sent, expected) => {
    expect(comparePaths(listed, sent)).toEqual(expected);
  });

  it('finds the unions LangChain cannot keep whole, and what lies under them', () => {
    const unions = unionPaths(listed);
    expect([...unions]).toEqual(['body.content']);
    expect(isUnder('body.content[].text', unions)).toBe(true);
    expect(isUnder('body.metadata{}', unions)).toBe(false);
    expect([...unionPaths({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } })]).toEqual([]);
  });

  it('follows $ref into $defs', () => {
    const sent = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', properties: { b: { type: 'string' } } } },
    };
    expect([...parameterPaths(sent)]).toEqual([
      ['a', true],
      ['a.b', true],
    ]);
  });
});

const strictOk = {
  type: 'object',
  properties: { a: { type: ['string', 'null'], pattern: '^x', format: 'date-time' }, n: { type: 'integer', minimum: 1 } },
  required: ['a', 'n'],
  additionalProperties: false,
};

describe('narrowedEnums', () => {
  const tagged = (...tags: string[]) => ({
    type: 'object',
    properties: { format: { anyOf: tags.map((t) => ({ type: 'object', properties: { type: { type: 'string', enum: [t] } } })) } },
  });

  it("finds a tag whose values LangChain's merge cut to the last member's", () => {
    const sent = { type: 'object', properties: { format: { type: 'object', properties: { type: { type: 'string', enum: ['b'] } } } } };
    expect(narrowedEnums(tagged('a', 'b'), sent)).toEqual(['format.type']);
  });

  it('passes every value kept, and leaves a path kept without an enum to the path count', () => {
    const merged = {
      type: 'object',
      properties: { format: { type: 'object', properties: { type: { type: 'string', enum: ['a', 'b'] } } } },
    };
    expect(narrowedEnums(tagged('a', 'b'), merged)).toEqual([]);
    expect(narrowedEnums(tagged('a', 'b'), { type: 'object', properties: { format: { type: 'object' } } })).toEqual([]);
  });

  it('reads null as allowed where the type allows it, however it is spelt', () => {
    const listed = { type: 'object', properties: { effort: { type: ['string', 'null'], enum: ['low', 'high', null] } } };
    const nullableFlag = { type: 'object', properties: { effort: { type: 'string', enum: ['low', 'high'], nullable: true } } };
    const notNull = { type: 'object', properties: { effort: { type: 'string', enum: ['low', 'high'] } } };
    expect(narrowedEnums(listed, nullableFlag)).toEqual([]);
    expect(narrowedEnums(listed, notNull)).toEqual(['effort']);
  });
});

describe('openAiStrictProblems', () => {
  it('accepts a schema inside the documented subset', () => {
    expect(openAiStrictProblems(strictOk)).toEqual([]);
  });
  it.each([
    ['an optional property', { ...strictOk, required: ['a'] }, '.n: not required'],
    ['an open object', { ...strictOk, additionalProperties: true }, ': additionalProperties is not false'],
    ['minLength', { ...strictOk, properties: { ...strictOk.properties, a: { type: 'string', minLength: 1 } } }, '.a: keyword minLength'],
    ['a default', { ...strictOk, properties: { ...strictOk.properties, n: { type: 'integer', default: 3 } } }, '.n: keyword default'],
    ['format uri', { ...strictOk, properties: { ...strictOk.properties, a: { type: 'string', format: 'uri' } } }, '.a: format uri'],
    [
      'a free-form map',
      { ...strictOk, properties: { ...strictOk.properties, a: { type: 'object', additionalProperties: { type: 'string' } } } },
      '.a: object with no properties',
    ],
    ['an untyped property', { ...strictOk, properties: { ...strictOk.properties, a: { description: 'x' } } }, '.a: no type'],
  ])('finds %s', (_name, schema, problem) => {
    expect(openAiStrictProblems(schema)).toContain(problem);
  });
});

describe('geminiProblems', () => {
  const ok = {
    type: 'object',
    properties: { a: { type: 'string', format: 'date-time', nullable: true }, n: { type: 'integer', format: 'int64' } },
  };
  it('accepts the OpenAPI subset, and a tool with no parameters', () => {
    expect(geminiProblems(ok)).toEqual([]);
    expect(geminiProblems(undefined)).toEqual([]);
  });
  it.each([
    ['format uri', { type: 'object', properties: { a: { type: 'string', format: 'uri' } } }, '.a: format uri'],
    ['format binary', { type: 'object', properties: { a: { type: 'string', format: 'binary' } } }, '.a: format binary'],
    ['an object with no properties', { type: 'object', properties: { a: { type: 'object' } } }, '.a: object with no properties'],
    ['an array with no items', { type: 'object', properties: { a: { type: 'array' } } }, '.a: array with no items'],
    ['oneOf', { type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } }, '.a: keyword oneOf'],
  ])('finds %s', (_name, schema, problem) => {
    expect(geminiProblems(schema)).toContain(problem);
  });
});
