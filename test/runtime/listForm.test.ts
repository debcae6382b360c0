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
