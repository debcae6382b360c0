// The samplers the contract fake and the corpus run sweep build requests and answers with: each value must fit
// the schema it was drawn from, or the generated server refuses it before anything runs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireSchema } from '../../templates/runtime/wireSchema.js';
import { samplePattern } from './regexSample.js';
import { pointerResolver, type Schema, sampleSchema } from './schemaSample.js';

const text = { type: 'string' };

describe('samplePattern', () => {
  it.each([
    ['^arn:(aws|aws-cn|aws-us-gov):iam::[0-9]{0,63}:role/[A-Za-z0-9:_/+=,@.-]{0,1024}$', 20, 2048],
    ['(s3://|http(s*)://).+', 1, 2000],
    ['[a-zA-Z][-a-zA-Z0-9]*|arn:[-a-zA-Z0-9:/]*', 1, 1600],
    ['^[0-9a-zA-Z._-]+', 1, 200],
    ['^\\d{12}$', 0, 64],
    ['^[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*$', 0, 256],
    ['^(?!aws:)[a-zA-Z+-=._:/]+$', 1, 128],
    ['[^\\s]+', 5, 10],
  ])('%s (%i..%i characters)', (pattern, min, max) => {
    const s = samplePattern(pattern, min, max);
    expect(s).toBeDefined();
    expect(s!.length).toBeGreaterThanOrEqual(min);
    expect(s!.length).toBeLessThanOrEqual(max);
    expect(new RegExp(pattern, 'u').test(s!)).toBe(true);
  });
});

describe('sampleSchema', () => {
  const resolve = pointerResolver({ components: { schemas: { Id: { type: 'string', pattern: '^j-[0-9]{4}$' } } } });

  it('fills required members only, following $ref and folding allOf', () => {
    const schema = {
      type: 'object',
      required: ['id', 'meta'],
      properties: {
        id: { $ref: '#/components/schemas/Id' },
        meta: { allOf: [{ type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 3 } } }, { description: 'x' }] },
        optional: { type: 'string' },
      },
    };
    expect(sampleSchema(schema, { resolve })).toEqual({ id: 'j-0000', meta: { n: 3 } });
  });

  it('reads lengths, formats and unchecked patterns back from a wire description', () => {
    const schema = {
      type: 'object',
      required: ['role', 'when'],
      properties: {
        role: {
          type: 'string',
          description:
            'A role. Should match the pattern ^arn:aws:iam::\\d{12}:role/.+$ (not checked by this server). 20 to 2048 characters.',
        },
        when: { type: 'string', description: 'Format: date-time.' },
      },
    };
    const value = sampleSchema(schema, { resolve }) as { role: string; when: string };
    expect(value.role).toMatch(/^arn:aws:iam::\d{12}:role\/.+$/);
    expect(value.role.length).toBeGreaterThanOrEqual(20);
    expect(Number.isNaN(Date.parse(value.when))).toBe(false);
  });

  it('takes the first non-null branch of a union, on top of the members the node itself requires', () => {
    const schema = {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: ['a', 'b'] } },
      oneOf: [{ type: 'null' }, { type: 'object', required: ['repository_id'], properties: { repository_id: { type: 'integer' } } }],
    };
    expect(sampleSchema(schema, { resolve })).toEqual({ kind: 'a', repository_id: 1 });
  });

  // A union of objects (`anyOf`, as the emitter hands it to wireSchema) is listed as one object whose `required` is
  // what every member requires (wireUnion.ts); the server validates the exact union. Sampled from the listing, a value must still be one member: the needs the
  // listing's description gives for each member, read as a model would.
  it.each([
    [
      'members that require disjoint properties',
      {
        anyOf: [
          { type: 'object', required: ['repository_id'], properties: { repository_id: { type: 'integer' }, ref: text } },
          {
            type: 'object',
            required: ['pull_request'],
            properties: {
              pull_request: { type: 'object', required: ['number'], properties: { number: { type: 'integer' } } },
              ref: text,
            },
          },
        ],
      },
      z.union([z.looseObject({ repository_id: z.int() }), z.looseObject({ pull_request: z.looseObject({ number: z.int() }) })]),
    ],
    [
      'members named by a tag, each with a need of its own',
      {
        anyOf: [
          { type: 'object', required: ['type', 'text'], properties: { type: { type: 'string', enum: ['text'] }, text } },
          { type: 'object', required: ['type', 'url'], properties: { type: { type: 'string', enum: ['image'] }, url: text } },
        ],
      },
      z.union([z.object({ type: z.literal('text'), text: z.string() }), z.object({ type: z.literal('image'), url: z.string() })]),
    ],
  ])('fills one member of a union listed as one object: %s', (_, union, exact) => {
    const listed = wireSchema({ type: 'object', required: ['body'], properties: { body: union } }) as Schema;
    const value = sampleSchema(listed, { resolve: pointerResolver(listed) }) as { body: unknown };
    expect(exact.safeParse(value.body).error).toBeUndefined();
  });

  it('answers with every member and echoes what the request named', () => {
    const schema = {
      type: 'object',
      properties: {
        JobId: { type: 'string' },
        Items: { type: 'array', items: { type: 'object', properties: { JobId: { type: 'string' } } } },
      },
    };
    expect(sampleSchema(schema, { resolve, all: true, echo: (name) => (name === 'JobId' ? 'job-7' : undefined) })).toEqual({
      JobId: 'job-7',
      Items: [{ JobId: 'job-7' }],
    });
  });
});
