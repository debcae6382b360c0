/**
 * Unions of objects in the wire spelling (templates/runtime/wireUnion.ts, applied by wireSchema): one object with
 * every member's properties, so LangChain's simplifier, which merges object members property by property with the
 * last one winning, has nothing left to overwrite. The framework suite (test/frameworks/) measures the effect.
 */
import { describe, expect, it } from 'vitest';
import { wireSchema } from '../../templates/runtime/wireSchema.js';

const text = { type: 'string' };
const tag = (value: string, description?: string) => ({ type: 'string', enum: [value], ...(description ? { description } : {}) });
const parts = (...types: string[]) => ({
  type: 'array',
  items: types.length === 1 ? part(types[0]!) : { anyOf: types.map(part) },
});
const part = (type: string) => ({ type: 'object', properties: { type: tag(type), [type]: text }, required: ['type', type] });
/** A chat message of one role: its own `content`, as OpenAI's roles have. */
const message = (role: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { role: tag(role, `The role, in this case \`${role}\`.`), content, ...extra },
  required: ['role', 'content', ...Object.keys(extra)],
});

describe('wireSchema: unions of objects', () => {
  it('lists a union of objects as one object: every property, the differing ones united, nested unions merged', () => {
    const union = {
      anyOf: [
        message('system', { anyOf: [text, parts('text')] }),
        message('user', { anyOf: [text, parts('text', 'image')] }),
        message('tool', text, { tool_call_id: text }),
      ],
    };
    expect(wireSchema(union)).toEqual({
      type: 'object',
      properties: {
        role: {
          type: 'string',
          enum: ['system', 'user', 'tool'],
          description: 'The role, in this case `system`. | `user`. | `tool`.',
        },
        content: {
          anyOf: [
            text,
            {
              type: 'array',
              items: {
                type: 'object',
                properties: { type: { type: 'string', enum: ['text', 'image'] }, text, image: text },
                required: ['type'],
                description: 'One of: type=text (text: string) | type=image (image: string).',
              },
            },
          ],
          type: ['string', 'array'],
          items: {
            type: 'object',
            properties: { type: { type: 'string', enum: ['text', 'image'] }, text, image: text },
            required: ['type'],
            description: 'One of: type=text (text: string) | type=image (image: string).',
          },
        },
        tool_call_id: text,
      },
      required: ['role', 'content'],
      description:
        'One of: role=system (content: string or array) | role=user (content: string or array) | role=tool (content: string, tool_call_id: string).',
    });
  });

  it('keeps a nullable union of objects nullable, the merged object a member beside null', () => {
    const a = { type: 'object', properties: { a: text } };
    const b = { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] };
    expect(wireSchema({ description: 'Either', anyOf: [a, b, { type: 'null' }] })).toEqual({
      description: 'Either',
      anyOf: [
        { type: 'object', properties: { a: text, b: { type: 'integer' } }, description: 'One of: (a) | (b: integer).' },
        { type: 'null' },
      ],
    });
  });

  it('merges the objects among themselves beside a member of another kind, which stays', () => {
    const out = wireSchema({ anyOf: [text, part('text'), part('json')] }) as { anyOf: Record<string, unknown>[] };
    expect(out.anyOf).toHaveLength(2);
    expect(out.anyOf[0]).toEqual(text);
    expect(out.anyOf[1]).toMatchObject({ type: 'object', properties: { type: { enum: ['text', 'json'] } }, required: ['type'] });
  });

  it('leaves one object beside null, and a union without two objects, as they are', () => {
    const nullable = { anyOf: [{ type: 'object', properties: { a: text } }, { type: 'null' }] };
    expect(wireSchema(nullable)).toEqual(nullable);
    const mixed = { anyOf: [text, { type: 'object', properties: { a: text } }] };
    expect(wireSchema(mixed)).toEqual(mixed);
  });

  it('leaves a union of more than 64 objects a union: merging is pairwise, a hostile width would cost minutes', () => {
    const wide = (n: number) => ({
      anyOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { [`p${i}`]: text }, required: [`p${i}`] })),
    });
    expect(wireSchema(wide(65))).toEqual(wide(65));
    // Near miss: at the bound it is merged.
    expect(wireSchema(wide(64))).toMatchObject({ type: 'object', properties: { p0: text, p63: text } });
  });

  it('is its own fixed point, and leaves its input unchanged', () => {
    const union = { anyOf: [message('system', { anyOf: [text, parts('text')] }), message('user', parts('text', 'image'))] };
    const before = JSON.stringify(union);
    const once = wireSchema(union);
    expect(JSON.stringify(union)).toBe(before);
    expect(wireSchema(once)).toEqual(once);
  });
});
