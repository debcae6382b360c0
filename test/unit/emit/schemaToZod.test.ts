import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createZodContext, propertyToZod, schemaToZod, type ZodMode } from '../../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { anyJson } from '../../../templates/runtime/core/anyJson.js';
import { listForm } from '../../../templates/runtime/core/listForm.js';
import { pairs } from '../../../templates/runtime/core/mapPairs.js';

const SCHEMAS: Record<string, JsonSchema> = {
  '#/components/schemas/Pet': { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } },
  '#/components/schemas/Node': { type: 'object', properties: { value: { type: 'integer' }, next: { $ref: '#/components/schemas/Node' } } },
  '#/components/schemas/Alias': { $ref: '#/components/schemas/Pet' },
  '#/components/schemas/Base': { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
  '#/components/schemas/Color': { type: 'string', enum: ['red', 'blue'], description: 'A color' },
};

function print(schema: JsonSchema, mode: ZodMode = 'input', budget = 300): string {
  return schemaToZod(schema, createZodContext(SCHEMAS, mode, budget)).code;
}

/** Evaluates printed code (TypeScript: its type arguments erased) against the real zod, so tests check behaviour, not only text. */
function compile(code: string): z.ZodType {
  return new Function('z', 'pairs', 'listForm', 'anyJson', `return ${ts.transpile(`(${code})`)}`)(z, pairs, listForm, anyJson) as z.ZodType;
}

/** An input object cut by a bound: any object, read from JSON-text pairs too (src/emit/zod/printed.ts CUT_OBJECT_INPUT). */
const CUT_INPUT = "z.preprocess(pairs.json, z.record(z.string(), z.unknown())).meta({ 'x-mcp-jobgen-map': 'json' })";
/** An input value of no type: any value, read from its JSON-text wrapper too (src/emit/zod/printed.ts ANY_JSON_INPUT). */
const ANY_INPUT = "z.preprocess(anyJson, z.unknown()).meta({ 'x-mcp-jobgen-any': true })";

describe('schemaToZod: printed code', () => {
  it.each<[string, JsonSchema, ZodMode, string]>([
    [
      'string with constraints',
      { type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$' },
      'input',
      "z.string().min(1).max(5).refine(matchesPattern('^[a-z]+$'), 'Invalid string: must match pattern ^[a-z]+$').meta({ pattern: '^[a-z]+$' })",
    ],
    [
      'a pattern beside an unchecked format shares its meta',
      { type: 'string', format: 'byte', pattern: '^[A-Z]+$' },
      'input',
      "z.string().refine(matchesPattern('^[A-Z]+$'), 'Invalid string: must match pattern ^[A-Z]+$').meta({ format: 'byte', pattern: '^[A-Z]+$' })",
    ],
    [
      'a backreference is not checked (RE2 cannot), and said in words',
      { type: 'string', pattern: '^(a)\\1$' },
      'input',
      "z.string().describe('Should match the pattern ^(a)\\\\1$ (not checked by this server).')",
    ],
    [
      'lookahead likewise',
      { type: 'string', pattern: '^(?=a)' },
      'input',
      "z.string().describe('Should match the pattern ^(?=a) (not checked by this server).')",
    ],
    ['output schemas check no pattern', { type: 'string', pattern: '^(a+)+$' }, 'output', 'z.string()'],
    ['string format', { type: 'string', format: 'date-time' }, 'input', 'z.iso.datetime({ offset: true })'],
    ['uuid is lenient guid', { type: 'string', format: 'uuid' }, 'input', 'z.guid()'],
    ['unchecked format reaches the schema', { type: 'string', format: 'byte' }, 'input', "z.string().meta({ format: 'byte' })"],
    ['integer format', { type: 'integer', format: 'int64' }, 'input', "z.int().meta({ format: 'int64' })"],
    ['type inferred from a format', { format: 'date-time' }, 'input', 'z.iso.datetime({ offset: true })'],
    ['3.1 null type', { type: 'null' }, 'input', 'z.null()'],
    ['3.1 anyOf with null', { anyOf: [{ type: 'integer', maximum: 2 }, { type: 'null' }] }, 'input', 'z.int().lte(2).nullable()'],
    [
      'oneOf with a null enum',
      { oneOf: [{ $ref: '#/components/schemas/Pet' }, { enum: [null] }] },
      'output',
      'z.looseObject<z.core.$ZodShape>({ name: z.string().optional(), tag: z.string().optional() }).nullable()',
    ],
    [
      'allOf of a ref and annotations',
      { allOf: [{ $ref: '#/components/schemas/Color' }], nullable: true },
      'input',
      "z.enum<readonly string[]>(['red', 'blue']).nullable()",
    ],
    ['allOf of a type and a constraint', { allOf: [{ type: 'string' }, { maxLength: 3 }] }, 'input', 'z.string().max(3)'],
    [
      'Java-only regex is not checked',
      { type: 'string', pattern: '(?i)abc' },
      'input',
      "z.string().describe('Should match the pattern (?i)abc (not checked by this server).')",
    ],
    ['integer bounds', { type: 'integer', minimum: 1, maximum: 100 }, 'input', 'z.int().gte(1).lte(100)'],
    ['3.0 exclusive bounds', { type: 'number', minimum: 0, exclusiveMinimum: true }, 'input', 'z.number().gt(0)'],
    ['3.1 exclusive bounds', { type: 'number', exclusiveMaximum: 10 }, 'input', 'z.number().lt(10)'],
    ['string enum', { type: 'string', enum: ['a', 'b'] }, 'input', "z.enum<readonly string[]>(['a', 'b'])"],
    ['mixed enum', { enum: [1, 'two'] }, 'input', "z.union([z.literal<number>(1), z.literal<string>('two')])"],
    // Output enums are widened (an upstream's new value must not fail the call); the contract's values stay listed.
    [
      'enum in output is a string that lists the values',
      { type: 'string', enum: ['a', 'b'] },
      'output',
      'z.string().describe(\'The contract lists: "a", "b".\')',
    ],
    [
      'nullable enum in output: null is not listed',
      { enum: ['a', null] },
      'output',
      'z.string().describe(\'The contract lists: "a".\').nullable()',
    ],
    [
      'mixed enum in output: unknown, values still listed',
      { enum: [1, 'two'] },
      'output',
      'z.unknown().describe(\'The contract lists: 1, "two".\')',
    ],
    ['enum of objects in output lists nothing', { enum: [{ a: 1 }] }, 'output', 'z.unknown()'],
    // Numeric codes the contract names (model/enumCodes.ts): the names go beside the codes, for an agent to choose by.
    [
      'named codes in input say their names',
      { type: 'integer', enum: [0, 1], 'x-enumNames': ['Self', 'OtherAccounts'] },
      'input',
      "z.union([z.literal<number>(0), z.literal<number>(1)]).describe('Codes: 0 = Self, 1 = OtherAccounts.')",
    ],
    [
      'named codes in output: listed once, with their names',
      { type: 'integer', enum: [0, 1], 'x-enumNames': ['Queued', 'Done'] },
      'output',
      "z.number().describe('Codes: 0 = Queued, 1 = Done.')",
    ],
    [
      'named codes in output, as titled consts',
      {
        type: 'integer',
        oneOf: [
          { const: 0, title: 'Queued' },
          { const: 1, title: 'Done' },
        ],
      },
      'output',
      "z.number().describe('Codes: 0 = Queued, 1 = Done.')",
    ],
    ['string const', { const: 'circle' }, 'input', "z.literal<string>('circle')"],
    ['number const', { const: 2 }, 'input', 'z.literal<number>(2)'],
    ['boolean enum of one', { enum: [true] }, 'input', 'z.literal<boolean>(true)'],
    // YAML's .inf: printed as null (JSON has no Infinity), which only the unpinned literal accepts.
    ['non-finite const', { const: Number.POSITIVE_INFINITY }, 'input', 'z.literal(null)'],
    ['3.0 nullable', { type: 'string', nullable: true }, 'input', 'z.string().nullable()'],
    ['2.0 x-nullable', { type: 'integer', 'x-nullable': true }, 'input', 'z.int().nullable()'],
    ['3.1 type array', { type: ['string', 'null'] }, 'input', 'z.string().nullable()'],
    ['3.1 multi-type', { type: ['string', 'integer'] }, 'input', 'z.union([z.string(), z.int()])'],
    ['default that fits', { type: 'integer', default: 30 }, 'input', 'z.int().default(30)'],
    ['default that does not fit is dropped', { type: 'integer', default: '30' }, 'input', 'z.int()'],
    ['array bounds', { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 }, 'input', 'z.array(z.string()).min(1).max(3)'],
    // Input maps also read {key, value} pairs, the spelling they are listed in (templates/runtime/wireSchema.ts).
    [
      'free-form object',
      { type: 'object' },
      'input',
      "z.preprocess(pairs.json, z.record(z.string(), z.unknown())).meta({ 'x-mcp-jobgen-map': 'json' })",
    ],
    [
      'map',
      { type: 'object', additionalProperties: { type: 'integer' } },
      'input',
      "z.preprocess(pairs.values, z.record(z.string(), z.int())).meta({ 'x-mcp-jobgen-map': 'value' })",
    ],
    [
      'nullable map: the reader outside, so a required map stays required',
      { type: 'object', additionalProperties: { type: 'string' }, nullable: true },
      'input',
      "z.preprocess(pairs.values, z.record(z.string(), z.string()).nullable()).meta({ 'x-mcp-jobgen-map': 'value' })",
    ],
    [
      'output maps are plain records',
      { type: 'object', additionalProperties: { type: 'string' } },
      'output',
      'z.record(z.string(), z.string())',
    ],
    [
      'closed object',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      'input',
      'z.object<z.core.$ZodShape>({ a: z.string().optional() })',
    ],
    [
      'open object',
      { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      'input',
      'z.looseObject<z.core.$ZodShape>({ a: z.string() })',
    ],
    [
      'output object: all optional, nullable only as the contract says',
      { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
      'output',
      'z.looseObject<z.core.$ZodShape>({ a: z.string().optional() })',
    ],
    [
      'odd keys are quoted',
      JSON.parse('{"type":"object","properties":{"x-y":{"type":"string"},"__proto__":{"type":"string"}}}'),
      'output',
      "z.looseObject<z.core.$ZodShape>({ 'x-y': z.string().optional(), ['__proto__']: z.string().optional() })",
    ],
    [
      'readOnly left out of input',
      { type: 'object', properties: { id: { type: 'string', readOnly: true }, a: { type: 'string' } } },
      'input',
      'z.looseObject<z.core.$ZodShape>({ a: z.string().optional() })',
    ],
    [
      'ref chain',
      { $ref: '#/components/schemas/Alias' },
      'output',
      'z.looseObject<z.core.$ZodShape>({ name: z.string().optional(), tag: z.string().optional() })',
    ],
    ['missing ref', { $ref: '#/components/schemas/Nope' }, 'output', 'z.unknown()'],
    [
      'allOf merges objects',
      { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { n: { type: 'integer' } } }] },
      'input',
      'z.looseObject<z.core.$ZodShape>({ id: z.string(), n: z.int().optional() })',
    ],
    ['oneOf union', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'input', 'z.union([z.string(), z.int()])'],
    // A list beside an object is read from its list form too (templates/runtime/core/listForm.ts), outside .nullable().
    [
      'a nullable union with a list beside an object',
      {
        anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'array', items: { type: 'string' } }, { type: 'null' }],
      },
      'input',
      "z.preprocess(listForm('list'), z.union([z.looseObject<z.core.$ZodShape>({ a: z.string().optional() }), z.array(z.string())]).nullable()).meta({ 'x-mcp-jobgen-list': 'list' })",
    ],
    [
      'the list form takes another key where a member has a property named list',
      {
        anyOf: [
          { type: 'object', properties: { list: { type: 'string' } } },
          { type: 'array', items: { type: 'string' } },
        ],
      },
      'input',
      "z.preprocess(listForm('list_form'), z.union([z.looseObject<z.core.$ZodShape>({ list: z.string().optional() }), z.array(z.string())])).meta({ 'x-mcp-jobgen-list': 'list_form' })",
    ],
    [
      'output unions have no list form',
      {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'array', items: { type: 'string' } },
        ],
      },
      'output',
      'z.union([z.looseObject<z.core.$ZodShape>({ a: z.string().optional() }), z.array(z.string())])',
    ],
    ['union with an unknown member is unknown', { anyOf: [{ type: 'string' }, {}] }, 'input', 'z.unknown()'],
    ['boolean schemas', true, 'input', 'z.unknown()'],
    ['Swagger 2 file upload', { type: 'file' }, 'input', "z.string().describe('File content, base64-encoded.')"],
  ])('%s', (_name, schema, mode, expected) => {
    expect(print(schema, mode)).toBe(expected);
  });
});

describe('schemaToZod: behaviour of the printed schema', () => {
  it('input keeps constraints so bad arguments are refused before the upstream', () => {
    const schema = compile(
      print({ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 }, s: { type: 'string', enum: ['x'] } } }),
    );
    expect(schema.safeParse({ n: 1, s: 'x' }).success).toBe(true);
    expect(schema.safeParse({ n: 0 }).success).toBe(false);
    expect(schema.safeParse({ n: 1, s: 'y' }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
  });

  it('pinned enums and literals refuse the values the contract does not list', () => {
    const schema = compile(
      print({ type: 'object', properties: { e: { type: 'string', enum: ['a', 'b'] }, m: { enum: [1, 'two', false] }, c: { const: 'k' } } }),
    );
    expect(schema.safeParse({ e: 'b', m: false, c: 'k' }).success).toBe(true);
    expect(schema.safeParse({ e: 'c' }).success).toBe(false);
    expect(schema.safeParse({ m: 'one' }).success).toBe(false);
    expect(schema.safeParse({ m: true }).success).toBe(false);
    expect(schema.safeParse({ c: 'K' }).success).toBe(false);
  });

  it('output tolerates drift (unknown keys, missing fields, new enum values) without a null on every field', () => {
    const code = print(
      {
        type: 'object',
        required: ['status'],
        properties: { status: { type: 'string', enum: ['a'] }, n: { type: 'integer' }, m: { type: ['integer', 'null'] } },
      },
      'output',
    );
    expect(code).toBe(
      'z.looseObject<z.core.$ZodShape>({ status: z.string().describe(\'The contract lists: "a".\').optional(), n: z.number().optional(), m: z.number().nullable().optional() })',
    );
    const schema = compile(code);
    expect(schema.safeParse({ status: 'brand-new', m: null, extra: { deep: 1 } }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.parse({ extra: 1 })).toEqual({ extra: 1 });
    // A null the contract never allowed fails here; the runtime's fitStructured drops that key, never the call.
    expect(schema.safeParse({ n: null }).success).toBe(false);
  });

  it('recursive refs terminate, keep their type and still accept recursive data', () => {
    const code = print({ $ref: '#/components/schemas/Node' }, 'output');
    expect(code).toBe(
      'z.looseObject<z.core.$ZodShape>({ value: z.number().optional(), next: z.looseObject<z.core.$ZodShape>({}).optional() })',
    );
    expect(compile(code).safeParse({ value: 1, next: { value: 2, next: { value: 3 } } }).success).toBe(true);
  });

  it('a cut in input mode names the schema, the reason and what it left out', () => {
    expect(print({ $ref: '#/components/schemas/Node' })).toContain(
      `next: ${CUT_INPUT}.optional().describe('Not spelled out here (schema Node: it contains itself); properties: value, next.')`,
    );
  });

  it('depth and budget bound the size of huge schemas, cutting containers to their type but keeping scalars', () => {
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i < 30; i++) deep = { type: 'object', properties: { child: deep, leaf: { type: 'integer' } } };
    const code = print(deep, 'output');
    // Depth 0..2 spelled out, the third level cut to a bare object.
    expect((code.match(/looseObject<z\.core\.\$ZodShape>\(\{ child/g) ?? []).length).toBe(3);
    expect(code).toContain('child: z.looseObject<z.core.$ZodShape>({}).optional()');
    const wide: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'object', properties: { a: { type: 'string' } } }]),
      ),
    };
    const bounded = print(wide, 'input', 50);
    expect((bounded.match(/z\.looseObject<z\.core\.\$ZodShape>\(\{ a/g) ?? []).length).toBeLessThanOrEqual(50);
    expect(bounded).toContain(
      `p499: ${CUT_INPUT}.optional().describe('Not spelled out here (this object: this tool\\'s schema size limit was reached); properties: a.')`,
    );
    expect(() => compile(bounded)).not.toThrow();
  });

  it('huge unions keep the types of their members and say how many there were', () => {
    const variants = Array.from({ length: 40 }, (_, i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } } }));
    expect(print({ oneOf: variants })).toBe(
      `${CUT_INPUT}.describe('Not spelled out here (this object: more than 12 alternatives); one of 40: object.')`,
    );
    expect(print({ oneOf: [...variants, { type: 'string' }] })).toBe(
      `z.union([${CUT_INPUT}, z.string()]).describe('Not spelled out here (this value: more than 12 alternatives); one of 41: object, string.')`,
    );
  });

  it('a cut union gives the types of the unions among its members, and a nullable array its items', () => {
    const schemas: Record<string, JsonSchema> = {
      '#/components/schemas/Item': { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'string' } } }] },
      '#/components/schemas/Items': { type: 'array', items: { $ref: '#/components/schemas/Item' } },
      '#/components/schemas/Part': { type: 'object', properties: { b: { type: 'string' } } },
    };
    // The array is spelled out; its items are past the tool's budget.
    const cut = (schema: JsonSchema) => schemaToZod({ type: 'array', items: schema }, createZodContext(schemas, 'input', 1)).code;
    const content = cut({ anyOf: [{ $ref: '#/components/schemas/Item' }, { $ref: '#/components/schemas/Items' }] });
    // On the wire its lists are one list whose items put a list of pairs beside a pair: read in its list form there.
    expect(content).toBe(
      `z.array(z.preprocess(listForm([[[null], 'list']]), z.union([z.string(), ${CUT_INPUT}, z.array(z.union([z.string(), ${CUT_INPUT}]))]))` +
        ".meta({ 'x-mcp-jobgen-lists': true })" +
        ".describe('Not spelled out here (this value: this tool\\'s schema size limit was reached); one of 2: Item, Items.'))",
    );
    expect(compile(content).safeParse([['x', [{ key: 'a', value: '1' }]], 'y']).success).toBe(true);
    expect(compile(content).parse([['x', { list: [{ key: 'a', value: '1' }] }]])).toEqual([['x', { a: 1 }]]);
    const nullableArray = cut({ anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/Part' } }, { type: 'null' }] });
    expect(nullableArray).toBe(
      `z.array(z.array(${CUT_INPUT}).nullable()` +
        ".describe('Not spelled out here (the items: this tool\\'s schema size limit was reached); one of 2: array, null.'))",
    );
    expect(compile(nullableArray).safeParse([null, [{ b: 'x' }]]).success).toBe(true);
  });

  it('a cut array of arrays keeps its items typed down to theirs (argo: steps, a list of lists of steps)', () => {
    const schemas: Record<string, JsonSchema> = {
      '#/components/schemas/Step': { type: 'object', properties: { name: { type: 'string' } } },
      '#/components/schemas/Parallel': { type: 'array', items: { $ref: '#/components/schemas/Step' } },
      '#/components/schemas/Grid': { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
      '#/components/schemas/Loop': { type: 'array', items: { $ref: '#/components/schemas/Loop' } },
    };
    const cut = (schema: JsonSchema) => schemaToZod(schema, createZodContext(schemas, 'input', 0)).code;
    const steps = cut({ type: 'array', items: { $ref: '#/components/schemas/Parallel' } });
    expect(steps).toBe(
      `z.array(z.array(${CUT_INPUT})).describe('Not spelled out here (the items: this tool\\'s schema size limit was reached); items: Parallel.')`,
    );
    expect(compile(steps).parse([[[{ key: 'name', value: '"a"' }]]])).toEqual([[{ name: 'a' }]]);
    expect(cut({ type: 'array', items: { $ref: '#/components/schemas/Grid' } })).toMatch(/^z\.array\(z\.array\(z\.array\(z\.int\(\)\)\)\)/);
    // An array that holds itself ends untyped, four levels down: any JSON there (its JSON-text wrapper read too).
    expect(cut({ $ref: '#/components/schemas/Loop' }).startsWith(`z.array(z.array(z.array(z.array(z.array(${ANY_INPUT})))))`)).toBe(true);
  });

  it('a $recursiveRef is the anchored schema on the path, cut where it contains itself', () => {
    const schemas: Record<string, JsonSchema> = {
      '#/components/schemas/Compound': {
        $recursiveAnchor: true,
        type: 'object',
        properties: { filters: { type: 'array', items: { oneOf: [{ type: 'string' }, { $recursiveRef: '#' }] } } },
      },
    };
    const code = schemaToZod({ $ref: '#/components/schemas/Compound' }, createZodContext(schemas, 'input', 100)).code;
    expect(code).toContain(
      `filters: z.array(z.union([z.string(), ${CUT_INPUT}.describe('Not spelled out here (schema Compound: it contains itself); properties: filters.')]))`,
    );
    // Outside any anchored schema nothing says what it stands for.
    expect(schemaToZod({ $recursiveRef: '#' }, createZodContext(schemas, 'input', 100)).code).toBe('z.unknown()');
  });

  // Found by test/fault/mutationFuzz.test.ts: a cut whose schema names no JSON type (`{id}`, `constructor`) crashed.
  it.each(['{id}', 'constructor', 'A'.repeat(1_000)])('a cut of a schema whose type is %s prints no type, without a crash', (type) => {
    const variants = Array.from({ length: 13 }, () => ({ type }));
    expect(print({ oneOf: variants })).toMatch(/^z\.unknown\(\)/);
    expect(print({ type: 'array', items: { type } }, 'input', 0).startsWith(`z.array(${ANY_INPUT})`)).toBe(true);
  });

  // An untyped value of its own (an argument, a property, an array's items) is any JSON, read from `{json: "…"}` too
  // and marked for the wire spelling (templates/runtime/wireSchema.ts ANY_KEYWORD); inside a union, or as a map's
  // values, it stays z.unknown() (the union is untyped then; a map lists its values as JSON text already).
  it.each<[string, JsonSchema, boolean, ZodMode, string, number?]>([
    ['a required property of no type', { description: 'Any type.' }, true, 'input', `${ANY_INPUT}.describe('Any type.')`],
    ['an optional one', {}, false, 'input', `${ANY_INPUT}.optional()`],
    ['a union with an untyped member', { oneOf: [{ type: 'string' }, { description: 'Any type' }] }, true, 'input', ANY_INPUT],
    ['untyped items', { type: 'array', items: {} }, true, 'input', `z.array(${ANY_INPUT})`],
    ["a tuple's items", { type: 'array', items: [{ type: 'string' }] as unknown as JsonSchema }, true, 'input', `z.array(${ANY_INPUT})`],
    [
      'items a depth cut left untyped (the inner array is past a depth limit of 1)',
      { type: 'array', items: { type: 'array', items: {} }, minItems: 1 },
      true,
      'input',
      `z.array(z.array(${ANY_INPUT}).describe('Not spelled out here`,
      1,
    ],
    ['an output keeps z.unknown()', {}, true, 'output', 'z.unknown().optional()'],
    ['a map of untyped values stays a map read from JSON-text pairs', { type: 'object' }, true, 'input', CUT_INPUT],
  ])('%s', (_name, schema, required, mode, expected, maxDepth) => {
    const ctx = createZodContext(SCHEMAS, mode, 100);
    if (maxDepth !== undefined) ctx.maxDepth = maxDepth;
    const printed = propertyToZod(schema, required, ctx, 1);
    expect(printed.code.startsWith(expected), printed.code).toBe(true);
    expect(ctx.frame.readers.has('anyJson')).toBe(expected.includes('anyJson'));
  });

  it('an untyped input takes any value, opens `{json: "…"}`, and refuses JSON text that does not parse', () => {
    const schema = compile(print({ type: 'object', required: ['v'], properties: { v: {}, l: { type: 'array', items: {} } } }));
    expect(schema.parse({ v: { json: '{"a":[1]}' }, l: [{ json: '[2]' }, 'x'] })).toEqual({ v: { a: [1] }, l: [[2], 'x'] });
    expect(schema.parse({ v: '123' })).toEqual({ v: '123' });
    expect(schema.parse({ v: { a: 1 } })).toEqual({ v: { a: 1 } });
    expect(schema.safeParse({ v: { json: 'nope' } }).error?.issues).toMatchObject([{ code: 'custom', path: ['v'] }]);
  });

  it('a 3.1 nullable union lifts the description of its typed member', () => {
    const ctx = createZodContext(SCHEMAS, 'input', 100);
    const schema: JsonSchema = { anyOf: [{ type: 'number', minimum: 0, description: 'Sampling temperature' }, { type: 'null' }] };
    expect(propertyToZod(schema, false, ctx, 1).code).toBe("z.number().gte(0).nullable().optional().describe('Sampling temperature')");
    expect(propertyToZod({ $ref: '#/components/schemas/Color' }, false, ctx, 1).code).toBe(
      "z.enum<readonly string[]>(['red', 'blue']).optional().describe('A color')",
    );
  });

  it('reads the allOf spellings of generated specs: a $ref beside its own description, pattern or xml', () => {
    const ctx = createZodContext(SCHEMAS, 'input', 100);
    const aws: JsonSchema = { allOf: [{ $ref: '#/components/schemas/Color' }, { xml: { name: 'color' }, description: 'Paint it' }] };
    expect(propertyToZod(aws, false, ctx, 1).code).toBe("z.enum<readonly string[]>(['red', 'blue']).optional().describe('Paint it')");
    const constrained: JsonSchema = { allOf: [{ type: 'string' }, { pattern: '^arn:', description: 'An ARN' }] };
    expect(propertyToZod(constrained, true, ctx, 1).code).toBe(
      "z.string().refine(matchesPattern('^arn:'), 'Invalid string: must match pattern ^arn:').meta({ pattern: '^arn:' }).describe('An ARN')",
    );
  });

  it('records the runtime readers printed for the import, also when the conversion is reused from the memo', () => {
    const cache = new Map();
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[a-z]+$' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        tags: {
          anyOf: [
            { type: 'array', items: { type: 'string' } },
            { type: 'object', properties: { name: { type: 'string' } } },
          ],
        },
        extra: {},
      },
    };
    // The second conversion reuses the first; the third reuses it inside another, which must report them too.
    for (const converted of [schema, schema, { type: 'object', properties: { inner: schema } } as JsonSchema]) {
      const ctx = createZodContext(SCHEMAS, 'input', 100, cache);
      schemaToZod(converted, ctx);
      expect(ctx.frame.readers.imports()).toEqual(['matchesPattern', 'pairs', 'listForm', 'anyJson']);
    }
    const plainCtx = createZodContext(SCHEMAS, 'input', 100, cache);
    schemaToZod({ type: 'object', properties: { code: { type: 'string', pattern: '^(a)\\1$' } } }, plainCtx);
    expect(plainCtx.frame.readers.has('pattern')).toBe(false);
  });

  it('merges an allOf whose extra parts only say which fields must be present', () => {
    const schema: JsonSchema = {
      allOf: [
        { $ref: '#/components/schemas/Pet' },
        { required: ['tag'] },
        { anyOf: [{ required: ['name'], title: 'By name' }, { required: ['tag'] }] },
      ],
    };
    expect(print(schema)).toBe('z.looseObject<z.core.$ZodShape>({ name: z.string(), tag: z.string() })');
  });

  it('describes properties at every input depth', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'string', description: 'Deep' } } } } },
      },
    };
    expect(print(schema)).toContain("c: z.string().optional().describe('Deep')");
  });

  it('properties get optional, default and description in a fixed order', () => {
    const ctx = createZodContext(SCHEMAS, 'input', 100);
    expect(propertyToZod({ type: 'integer', default: 5, description: "It's\nlong" }, false, ctx, 1).code).toBe(
      "z.int().default(5).describe('It\\'s\\nlong')",
    );
    expect(propertyToZod({ type: 'string' }, false, ctx, 1, [], 'From the parameter').code).toBe(
      "z.string().optional().describe('From the parameter')",
    );
    const parsed = compile(propertyToZod({ type: 'integer', default: 5 }, false, ctx, 1).code).parse(undefined);
    expect(parsed).toBe(5);
  });
});

describe('schemaToZod: long enums', () => {
  it('cost budget in proportion and fall back to their base type when it runs out', () => {
    const values = Array.from({ length: 300 }, (_, i) => `v${i}`);
    expect(print({ type: 'string', enum: values }, 'input', 300)).toMatch(/^z\.enum<readonly string\[\]>\(\['v0', /);
    expect(print({ type: 'string', enum: values }, 'input', 10)).toBe(
      "z.string().describe('One of 300 values (not listed: this tool\\'s schema size limit).')",
    );
    expect(print({ type: 'string', enum: values, nullable: true, default: 'v1' }, 'input', 10)).toBe(
      "z.string().nullable().default('v1').describe('One of 300 values (not listed: this tool\\'s schema size limit).')",
    );
  });
});

describe('schemaToZod: unions beside a shape', () => {
  it('keeps the object when oneOf only adds required-field alternatives', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    };
    expect(print(schema)).toBe('z.looseObject<z.core.$ZodShape>({ a: z.string().optional(), b: z.string().optional() })');
  });

  it('says why a value was not expanded in input schemas, and stays terse in output schemas', () => {
    let deep: JsonSchema = { type: 'object', properties: { leaf: { type: 'string' } } };
    for (let i = 0; i < 10; i++) deep = { type: 'object', properties: { child: deep } };
    expect(print(deep)).toContain(
      `child: ${CUT_INPUT}.optional().describe('Not spelled out here (this object: nested deeper than this tool schema goes); properties: child.')`,
    );
    expect(print(deep, 'output')).not.toContain('describe');
  });
});
