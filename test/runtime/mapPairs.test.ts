/**
 * Maps sent as `{key, value}` pairs (the wire spelling of free-form maps, templates/runtime/wireSchema.ts) read
 * back into the object the upstream takes, through the zod a generated tool prints for a map.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createZodContext, schemaToZod } from '../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../src/model/ir.js';
import { fromJsonPairs, fromPairs, pairs } from '../../templates/runtime/core/mapPairs.js';

/** The zod schema an input map prints, evaluated with the real zod and the runtime's readers. */
function printedInput(schema: JsonSchema): z.ZodType {
  const code = schemaToZod(schema, createZodContext({}, 'input', 100)).code;
  return new Function('z', 'pairs', `return ${ts.transpile(`(${code})`)}`)(z, pairs) as z.ZodType;
}

describe('fromPairs / fromJsonPairs', () => {
  it.each<[string, unknown, unknown]>([
    [
      'pairs become an object',
      [
        { key: 'a', value: 'x' },
        { key: 'b', value: 2 },
      ],
      { a: 'x', b: 2 },
    ],
    ['an object passes as it is', { a: 'x' }, { a: 'x' }],
    [
      'a repeated key keeps its last value',
      [
        { key: 'a', value: 1 },
        { key: 'a', value: 2 },
      ],
      { a: 2 },
    ],
    ['a list that is not pairs is left for the schema to refuse', [{ name: 'a' }], [{ name: 'a' }]],
    ['no pairs, no keys', [], {}],
  ])('%s', (_name, input, expected) => {
    expect(fromPairs(input)).toEqual(expected);
  });

  it('a key named __proto__ is a key, never the prototype', () => {
    const out = fromPairs([{ key: '__proto__', value: { polluted: true } }]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('values of any JSON arrive as JSON text; a text that is not JSON is its string', () => {
    expect(
      fromJsonPairs([
        { key: 'a', value: '{"n":1}' },
        { key: 'b', value: 'plain words' },
        { key: 'c', value: 3 },
      ]),
    ).toEqual({
      a: { n: 1 },
      b: 'plain words',
      c: 3,
    });
  });
});

describe('the printed map schema', () => {
  const map: JsonSchema = { type: 'object', additionalProperties: { type: 'integer' } };

  it('takes pairs and objects alike, and hands on the object', () => {
    const schema = printedInput(map);
    expect(schema.parse([{ key: 'a', value: 1 }])).toEqual({ a: 1 });
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
  });

  it('still checks each value, and refuses what is neither', () => {
    const schema = printedInput(map);
    expect(schema.safeParse([{ key: 'a', value: 'x' }]).success).toBe(false);
    expect(schema.safeParse('a=1').success).toBe(false);
  });

  it('a required nullable map stays required, and takes null', () => {
    const object = z.object({ m: printedInput({ ...map, nullable: true } as JsonSchema) });
    expect(object.safeParse({}).success).toBe(false);
    expect(object.parse({ m: null })).toEqual({ m: null });
    expect(object.parse({ m: [{ key: 'a', value: 1 }] })).toEqual({ m: { a: 1 } });
  });
});
