/**
 * The wire spelling of tool schemas (templates/runtime/wireSchema.ts), row by row: each rewrite on the shape it
 * names, and the shapes it must leave alone. The framework suite (test/frameworks/) measures the effect with
 * the real converters.
 */
import { describe, expect, it } from 'vitest';
import { wireSchema } from '../../templates/runtime/wireSchema.js';

describe('wireSchema', () => {
  it.each<[string, unknown, unknown]>([
    [
      'a nullable string becomes a type array, its description kept',
      { description: 'd', anyOf: [{ type: 'string' }, { type: 'null' }] },
      { description: 'd', type: ['string', 'null'] },
    ],
    [
      'a nullable enum lists null among its values',
      { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
      { type: ['string', 'null'], enum: ['a', 'b', null] },
    ],
    [
      'a nullable object stays a union (LangChain keeps object members; the Agents SDK closes only `type: object`)',
      { anyOf: [{ type: 'object', properties: { a: { type: 'integer' } } }, { type: 'null' }] },
      { anyOf: [{ type: 'object', properties: { a: { type: 'integer' } } }, { type: 'null' }] },
    ],
    [
      'both described: the member’s words follow the outer ones',
      { description: 'The name', anyOf: [{ type: 'string', maxLength: 9 }, { type: 'null' }] },
      { description: 'The name. At most 9 characters.', type: ['string', 'null'] },
    ],
    [
      'a union of two types stays a union (Gemini needs each member’s own keywords) and says its types and items above',
      { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], type: ['string', 'array'], items: { type: 'string' } },
    ],
    [
      'a nullable union of two types stays a union, its types above',
      { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }], type: ['string', 'integer', 'null'] },
    ],
    [
      'a member typed by a type array adds its types',
      { anyOf: [{ type: ['string', 'null'] }, { type: 'array', items: { type: 'integer' } }, { type: 'null' }] },
      {
        anyOf: [{ type: ['string', 'null'] }, { type: 'array', items: { type: 'integer' } }, { type: 'null' }],
        type: ['string', 'array', 'null'],
        items: { type: 'integer' },
      },
    ],
    [
      'two kinds of array: items are either kind, a union of bare unions flattened and typed in turn',
      {
        anyOf: [
          { type: 'array', items: { type: 'string' } },
          { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] } },
        ],
      },
      {
        anyOf: [
          { type: 'array', items: { type: 'string' } },
          {
            type: 'array',
            items: {
              anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }],
              type: ['integer', 'array'],
              items: { type: 'integer' },
            },
          },
        ],
        type: 'array',
        items: {
          anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'integer' } }],
          type: ['string', 'integer', 'array'],
          items: { type: 'integer' },
        },
      },
    ],
    [
      'an enum of numbers is its type, bounded, its values in words (@ai-sdk/google gives it a string-only format)',
      { type: 'number', enum: [24000], description: 'The sample rate.' },
      { type: 'number', minimum: 24000, maximum: 24000, description: 'The sample rate. Allowed values: 24000.' },
    ],
    [
      'a nullable enum of integers keeps null in its type, not in its words',
      { anyOf: [{ type: 'integer', enum: [8000, 16000] }, { type: 'null' }] },
      { type: ['integer', 'null'], minimum: 8000, maximum: 16000, description: 'Allowed values: 8000, 16000.' },
    ],
    ['an untyped enum of booleans says its type', { enum: [true] }, { type: 'boolean', description: 'Allowed values: true.' }],
    [
      'an enum of strings, or of mixed values, keeps its enum',
      { anyOf: [{ enum: ['a'] }, { enum: [1, 'b'] }] },
      { anyOf: [{ enum: ['a'] }, { enum: [1, 'b'] }] },
    ],
    [
      'an array member with no items implies nothing of items',
      { anyOf: [{ type: 'string' }, { type: 'array' }] },
      { anyOf: [{ type: 'string' }, { type: 'array' }], type: ['string', 'array'] },
    ],
    [
      'a union with an object member is left alone (LangChain keeps the object; strict mode refuses a bare object type)',
      { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' } } }] },
      { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' } } }] },
    ],
    [
      'a union with an untyped or referenced member is left alone (nothing is implied)',
      { anyOf: [{ type: 'string' }, { description: 'any' }, { $ref: '#/$defs/x' }] },
      { anyOf: [{ type: 'string' }, { description: 'any' }, { $ref: '#/$defs/x' }] },
    ],
    [
      'a union that already says its type is left alone',
      {
        type: 'string',
        anyOf: [
          { type: 'string', pattern: 'a' },
          { type: 'string', pattern: 'b' },
        ],
      },
      {
        type: 'string',
        anyOf: [
          { type: 'string', pattern: 'a' },
          { type: 'string', pattern: 'b' },
        ],
      },
    ],
    [
      'a string or known strings is a string, the known values in words',
      { description: 'Model ID', anyOf: [{ type: 'string' }, { type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
      { description: 'Model ID. Known values: a, b.', type: ['string', 'null'] },
    ],
    [
      'a union of enums of one type is one enum',
      { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'string', enum: ['b'] }, { type: 'null' }] },
      { type: ['string', 'null'], enum: ['a', 'b', null] },
    ],
    ['format date-time stays', { type: 'string', format: 'date-time' }, { type: 'string', format: 'date-time' }],
    [
      'format uri is said in words',
      { type: 'string', format: 'uri', description: 'Where' },
      { type: 'string', description: 'Where. Format: uri.' },
    ],
    ['format int64 is said in words', { type: 'integer', format: 'int64' }, { type: 'integer', description: 'Format: int64.' }],
    ['lengths in words', { type: 'string', minLength: 1, maxLength: 255 }, { type: 'string', description: '1 to 255 characters.' }],
    ['a zero minLength says nothing', { type: 'string', minLength: 0 }, { type: 'string' }],
    [
      'a default in words',
      { type: 'integer', default: 20, description: 'Page size.' },
      { type: 'integer', description: 'Page size. Default: 20.' },
    ],
    [
      'unique items in words',
      { type: 'array', items: { type: 'string' }, uniqueItems: true },
      { type: 'array', items: { type: 'string' }, description: 'Items are unique.' },
    ],
    [
      'nested positions are rewritten too',
      {
        type: 'object',
        properties: { a: { type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'null' }] } } },
        additionalProperties: false,
      },
      { type: 'object', properties: { a: { type: 'array', items: { type: ['number', 'null'] } } }, additionalProperties: false },
    ],
  ])('%s', (_name, input, expected) => {
    expect(wireSchema(input)).toEqual(expected);
  });

  it('leaves its input unchanged', () => {
    const input = { type: 'object', properties: { a: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] } } };
    const before = JSON.stringify(input);
    wireSchema(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe('wireSchema: maps the server reads from pairs', () => {
  const pairsOf = (value: unknown) => ({
    type: 'object',
    properties: { key: { type: 'string' }, value },
    required: ['key', 'value'],
    additionalProperties: false,
  });

  it('lists a marked map of typed values as {key, value} pairs', () => {
    expect(
      wireSchema({ 'x-mcp-jobgen-map': 'value', type: 'object', additionalProperties: { type: 'integer' }, description: 'Counts' }),
    ).toEqual({
      type: 'array',
      items: pairsOf({ type: 'integer' }),
      description: 'Counts. A map, sent as a list of {key, value} pairs.',
    });
  });

  it('lists values of any JSON as JSON text, and keeps a nullable map nullable', () => {
    const out = wireSchema({ 'x-mcp-jobgen-map': 'json', anyOf: [{ type: 'object' }, { type: 'null' }] }) as Record<string, unknown>;
    expect(out.type).toEqual(['array', 'null']);
    expect(out.items).toEqual(
      pairsOf({ type: 'string', description: 'The value as JSON text (a text that is not JSON is taken as a string).' }),
    );
  });

  it('leaves an unmarked map alone (its zod reads no pairs)', () => {
    const map = { type: 'object', additionalProperties: { type: 'string' } };
    expect(wireSchema(map)).toEqual(map);
  });
});

describe('wireSchema: values the contract leaves untyped (marked, the server opens `{json: "…"}` there)', () => {
  const WRAPPER = {
    type: 'object',
    properties: { json: { type: 'string', description: 'any JSON value (object, array, …) as JSON text' } },
    required: ['json'],
    additionalProperties: false,
  };
  const ANY = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, WRAPPER];

  it.each<[string, unknown, unknown]>([
    ['a marked value is its scalars and the wrapper', { 'x-mcp-jobgen-any': true }, { anyOf: ANY }],
    ['its description kept', { 'x-mcp-jobgen-any': true, description: 'Any type.' }, { description: 'Any type.', anyOf: ANY }],
    [
      'as items and as a property, the object still closed',
      {
        type: 'object',
        properties: { v: { 'x-mcp-jobgen-any': true }, l: { type: 'array', items: { 'x-mcp-jobgen-any': true } } },
        additionalProperties: false,
      },
      { type: 'object', properties: { v: { anyOf: ANY }, l: { type: 'array', items: { anyOf: ANY } } }, additionalProperties: false },
    ],
    // An unmarked `{}` stays `{}`: the server opens the wrapper only where its zod reads it.
    ['an unmarked untyped value is left alone', { type: 'object', properties: { v: {} } }, { type: 'object', properties: { v: {} } }],
  ])('%s', (_name, input, expected) => {
    expect(wireSchema(input)).toEqual(expected);
  });
});

describe('wireSchema: a property named __proto__', () => {
  // JSON.parse, as a contract is read: an object literal's `__proto__` would set the prototype instead.
  const withProto = (text: string) => JSON.parse(text) as unknown;
  /** What the AI SDK's MCP client (secure-json-parse) refuses a whole message for: an own `__proto__` key anywhere. */
  const holdsProto = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && (Object.hasOwn(value, '__proto__') || Object.values(value).some(holdsProto));

  it('is left out of an output listing, which stops closing its object', () => {
    const output = withProto(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"integer"}},"required":["__proto__","a"],"additionalProperties":false}',
    );
    const out = JSON.parse(JSON.stringify(wireSchema(output, 'output'))) as unknown;
    expect(holdsProto(out)).toBe(false);
    expect(out).toEqual({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] });
  });

  it('is left out of an input listing at any depth, its name said in words', () => {
    const input = withProto(
      '{"type":"object","properties":{"body":{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"boolean"}},' +
        '"required":["__proto__"],"additionalProperties":false}},"additionalProperties":false}',
    );
    const out = JSON.parse(JSON.stringify(wireSchema(input, 'input'))) as unknown;
    expect(holdsProto(out)).toBe(false);
    expect(out).toEqual({
      type: 'object',
      properties: {
        body: {
          type: 'object',
          properties: { b: { type: 'boolean' } },
          additionalProperties: false,
          description: 'Also needs the property "__proto__" (not listed: some MCP clients refuse a schema naming it).',
        },
      },
      additionalProperties: false,
    });
  });

  it('leaves a property merely named like it (proto, constructor) listed', () => {
    const schema = { type: 'object', properties: { proto: { type: 'string' }, constructor: { type: 'string' } } };
    expect(wireSchema(schema, 'output')).toEqual(schema);
  });
});
