/**
 * A union's list beside object members, listed as one more object member `{list: […]}` (templates/runtime/wireSchema.ts
 * LIST_KEYWORD) and read back by the zod a generated tool prints (templates/runtime/core/listForm.ts). LangChain's
 * simplifier keeps only a union's object members; the framework suite (test/frameworks/) measures the effect.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createZodContext, schemaToZod } from '../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../src/model/ir.js';
import { listForm } from '../../templates/runtime/core/listForm.js';
import { pairs } from '../../templates/runtime/core/mapPairs.js';
import { wireSchema } from '../../templates/runtime/wireSchema.js';

const PART: JsonSchema = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const PARTS: JsonSchema = { type: 'array', items: PART };
/** OpenAI's grader `content`: a string, one part, or a list of parts. */
const CONTENT: JsonSchema = { anyOf: [{ type: 'string' }, PART, PARTS] };

function printed(schema: JsonSchema) {
  return schemaToZod(schema, createZodContext({}, 'input', 100));
}

/** The zod schema an input prints, evaluated with the real zod and the runtime's readers. */
function printedInput(schema: JsonSchema): z.ZodType {
  const code = printed(schema).code;
  return new Function('z', 'pairs', 'listForm', `return ${ts.transpile(`(${code})`)}`)(z, pairs, listForm) as z.ZodType;
}

describe('the list form on the wire', () => {
  it('lists a list beside objects as one more object member, merged with them', () => {
    expect(wireSchema(printed(CONTENT).json)).toEqual({
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: {
            text: { type: 'string' },
            list: { ...PARTS, description: 'This value as a list, sent as {"list": […]}.' },
          },
          description: 'One of: (text: string) | (list: array).',
        },
      ],
    });
  });

  it('lists a map beside objects (pairs) in the list form, under a key no member uses', () => {
    const taken = { ...PART, properties: { list: { type: 'string' }, text: { type: 'string' } } };
    const wire = wireSchema(printed({ anyOf: [taken, { type: 'object', additionalProperties: { type: 'integer' } }] }).json) as {
      properties: Record<string, { type: string; items: { properties: object } }>;
    };
    expect(Object.keys(wire.properties)).toEqual(['list', 'text', 'list_form']);
    expect(wire.properties.list_form).toMatchObject({ type: 'array', items: { properties: { key: {}, value: { type: 'integer' } } } });
  });

  it('lifts a nested union the same way: its objects merge with the outer ones', () => {
    const wire = wireSchema(
      printed({
        anyOf: [
          { type: 'object', properties: { id: { type: 'string' } } },
          { ...CONTENT, description: 'Inner.' },
        ],
      }).json,
    );
    expect(wire).toMatchObject({
      anyOf: [{ type: 'object', properties: { id: {}, text: {}, list: { type: 'array' } } }, { type: 'string' }],
    });
  });

  it('leaves unions without an object member, or without a list, and output schemas, as they were', () => {
    expect(printed({ anyOf: [{ type: 'string' }, PARTS] }).code).not.toContain('listForm');
    expect(printed({ anyOf: [{ type: 'string' }, PART] }).code).not.toContain('listForm');
    expect(schemaToZod(CONTENT, createZodContext({}, 'output', 100)).code).not.toContain('listForm');
  });
});

describe('the printed union reads its list form', () => {
  const schema = printedInput(CONTENT);

  it('takes the list form, the list itself and the other members, and hands on what the contract takes', () => {
    expect(schema.parse({ list: [{ text: 'a' }] })).toEqual([{ text: 'a' }]);
    expect(schema.parse([{ text: 'a' }])).toEqual([{ text: 'a' }]);
    expect(schema.parse({ text: 'a' })).toEqual({ text: 'a' });
    expect(schema.parse('a')).toBe('a');
  });

  it('still checks the list, and refuses the list form beside other properties by name', () => {
    expect(schema.safeParse({ list: [{ text: 1 }] }).success).toBe(false);
    const mixed = schema.safeParse({ list: [{ text: 'a' }], text: 'b' });
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues[0]?.message).toContain("`list` is this value's list form and takes nothing beside it (`text`)");
  });

  it('reads a map sent in the list form as pairs into the object', () => {
    const map = printedInput({ anyOf: [PART, { type: 'object', additionalProperties: { type: 'integer' } }] });
    expect(map.parse({ list: [{ key: 'a', value: 1 }] })).toEqual({ a: 1 });
  });
});

/** Two objects whose `caption` is `string | array of parts` in one and a part in the other (a merge's list). */
const LINK: JsonSchema = {
  type: 'object',
  required: ['url'],
  properties: { url: { type: 'string' }, caption: { anyOf: [{ type: 'string' }, PARTS] } },
};
const FILE: JsonSchema = { type: 'object', required: ['file'], properties: { file: { type: 'string' }, caption: PART } };
const MAP: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };

describe('lists the wire merge puts beside objects', () => {
  it('finds each place and key, deepest first, and only where a merge puts a list beside an object', () => {
    const places = (schema: JsonSchema) => printed(schema).places;
    expect(places({ oneOf: [LINK, FILE] })).toEqual([[['caption'], 'list']]);
    // Below a list of such unions, and in an array's items (a tool that is an object here, a map there).
    const deep: JsonSchema = {
      oneOf: [
        { type: 'object', properties: { a: { type: 'array', items: { oneOf: [LINK, FILE] } }, tools: { type: 'array', items: PART } } },
        { type: 'object', properties: { a: { type: 'array', items: LINK }, tools: { type: 'array', items: MAP } } },
      ],
    };
    expect(places(deep)).toEqual([
      [['a', null, 'caption'], 'list'],
      [['tools', null], 'list'],
    ]);
    // A string, a map or a list of either: its lists' items put a list of pairs beside a pair.
    expect(places({ anyOf: [{ type: 'string' }, MAP, { type: 'array', items: { anyOf: [{ type: 'string' }, MAP] } }] })).toEqual([
      [[null], 'list'],
    ]);
    // A marked union among another's members: the outer merge unites its members again, so the outer reads there too.
    expect(places({ anyOf: [{ type: 'object', properties: { id: { type: 'string' } } }, { oneOf: [LINK, FILE] }] })).toEqual([
      [['caption'], 'list'],
    ]);
    // The same property spelled alike, objects beside scalars, one list beside a string: nothing to read.
    expect(places({ oneOf: [LINK, { ...LINK, required: ['caption'] }] })).toBeUndefined();
    expect(places({ oneOf: [FILE, { ...FILE, properties: { file: { type: 'string' }, caption: { type: 'string' } } }] })).toBeUndefined();
    expect(places({ anyOf: [{ type: 'string' }, PARTS] })).toBeUndefined();
  });

  it("takes a key no object at the place has, and shares a list form's key with it", () => {
    const taken: JsonSchema = {
      ...FILE,
      properties: { file: { type: 'string' }, caption: { ...PART, properties: { list: { type: 'string' } } } },
    };
    expect(printed({ oneOf: [LINK, taken] }).places).toEqual([[['caption'], 'list_form']]);
    // The other member's caption is a marked union with its own list form: one `list`, both lists its items.
    const own: JsonSchema = {
      ...FILE,
      properties: { file: { type: 'string' }, caption: { anyOf: [PART, { type: 'array', items: { type: 'string' } }] } },
    };
    const wire = wireSchema(printed({ oneOf: [LINK, own] }).json) as { properties: { caption: { anyOf: Array<{ properties?: object }> } } };
    const object = wire.properties.caption.anyOf.find((m) => m.properties) as { properties: { list: { items: object } } };
    expect(Object.keys(object.properties)).toEqual(['text', 'list']);
    expect(object.properties.list.items).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'object' }] });
  });

  it('lifts a list in a merge only under a marked union: the server reads the form there only', () => {
    const unmarked = { anyOf: [printed(LINK).json, printed(FILE).json] };
    const wire = wireSchema(unmarked) as { properties: { caption: { anyOf: Array<{ type: string }> } } };
    expect(wire.properties.caption.anyOf.map((m) => m.type)).toEqual(['string', 'array', 'object']);
    expect(JSON.stringify(wireSchema(printed({ oneOf: [LINK, FILE] }).json))).not.toContain('x-mcp-jobgen');
  });
});

describe('the printed union reads the list form where its merge lifts one', () => {
  const schema = printedInput({
    oneOf: [
      { type: 'object', required: ['url'], properties: { url: { type: 'string' }, parts: { type: 'array', items: LINK } } },
      { type: 'object', required: ['file'], properties: { file: { type: 'string' }, parts: { type: 'array', items: FILE } } },
    ],
  });

  it('reads it at the place, in every item, and leaves the arguments it was given as they were', () => {
    const sent = {
      url: 'u',
      parts: [
        { url: 'a', caption: { list: [{ text: 'x' }] } },
        { url: 'b', caption: 'y' },
      ],
    };
    const copy = structuredClone(sent);
    expect(schema.parse(sent)).toEqual({
      url: 'u',
      parts: [
        { url: 'a', caption: [{ text: 'x' }] },
        { url: 'b', caption: 'y' },
      ],
    });
    expect(sent).toEqual(copy);
    expect(schema.parse({ file: 'f', parts: [{ file: 'g', caption: { text: 'z' } }] })).toEqual({
      file: 'f',
      parts: [{ file: 'g', caption: { text: 'z' } }],
    });
  });

  it('still checks the list, and refuses the list form beside other properties by name', () => {
    expect(schema.safeParse({ url: 'u', parts: [{ url: 'a', caption: { list: [{ text: 1 }] } }] }).success).toBe(false);
    const mixed = schema.safeParse({ url: 'u', parts: [{ url: 'a', caption: { list: [], text: 'b' } }] });
    expect(mixed.error?.issues[0]?.message).toContain("`list` is this value's list form and takes nothing beside it (`text`)");
  });

  it('walks a __proto__ property as a property, never the prototype', () => {
    const read = listForm([[['__proto__'], 'list']]);
    const value = JSON.parse('{"__proto__": {"list": [1]}}') as object;
    const out = read(value, { addIssue: () => undefined } as never) as object;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual([1]);
  });
});
