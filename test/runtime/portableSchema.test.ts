import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portableJsonSchema } from '../../templates/runtime/core/portableSchema.js';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'input') => z.toJSONSchema(schema, { target: 'draft-2020-12', io });

describe('portableJsonSchema', () => {
  it.each<[string, unknown, unknown]>([
    ['drops the dialect URI', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, { type: 'object' }],
    [
      'splits a nullable type array, constraints go to their branch, annotations stay outside',
      { type: ['string', 'null'], maxLength: 3, description: 'd' },
      { description: 'd', anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
    ],
    [
      'splits a multi-type enum by value type',
      { type: ['string', 'integer', 'null'], enum: ['a', 1, null] },
      { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'integer', enum: [1] }, { type: 'null' }] },
    ],
    ['const becomes a one-value enum', { type: 'string', const: 'x' }, { type: 'string', enum: ['x'] }],
    ['an empty additionalProperties restates the default', { type: 'object', additionalProperties: {} }, { type: 'object' }],
    [
      'additionalProperties false means something and stays',
      { type: 'object', additionalProperties: false },
      { type: 'object', additionalProperties: false },
    ],
    [
      'a typed catchall stays',
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'object', additionalProperties: { type: 'string' } },
    ],
    ['string keys are the only keys', { type: 'object', propertyNames: { type: 'string' } }, { type: 'object' }],
    ['empty properties say nothing', { type: 'object', properties: {} }, { type: 'object' }],
    [
      'zod’s safe-integer bounds are not the contract’s',
      { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
      { type: 'integer' },
    ],
    ['a real integer cap stays', { type: 'integer', minimum: 1, maximum: 25000 }, { type: 'integer', minimum: 1, maximum: 25000 }],
    [
      'nested anyOf is flattened',
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(portableJsonSchema(input)).toEqual(expected);
  });

  it('drops the regex zod adds beside a format it checks, keeps a contract pattern', () => {
    expect(portableJsonSchema(json(z.object({ at: z.iso.datetime({ offset: true }) })))).toEqual({
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' } },
      required: ['at'],
    });
    expect(portableJsonSchema({ type: 'string', format: 'date-time', pattern: '^2' })).toEqual({
      type: 'string',
      format: 'date-time',
      pattern: '^2',
    });
  });

  it('walks every subschema position and leaves the input untouched', () => {
    const input = json(
      z.strictObject({
        list: z.array(z.string().nullable()),
        map: z.record(z.string(), z.int()),
        union: z.union([z.looseObject({ a: z.int() }), z.literal(3)]).optional(),
      }),
    );
    const before = JSON.stringify(input);
    const out = JSON.stringify(portableJsonSchema(input));
    expect(JSON.stringify(input)).toBe(before);
    expect(out).not.toMatch(/"\$schema"|"type":\[|"additionalProperties":\{\}|9007199254740991|"const"/);
    expect(out).toContain('"additionalProperties":false');
  });
});
