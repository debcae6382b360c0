/**
 * A value the contract leaves untyped (any JSON), listed as a string, number, boolean, null or `{json: "<JSON
 * text>"}` (templates/runtime/wireSchema.ts ANY_KEYWORD) and read back by the zod a generated tool prints
 * (templates/runtime/core/anyJson.ts). OpenAI's strict mode refuses a subschema without `type`, so `{}` made the
 * OpenAI Agents SDK's strict tools fail every model call (test/frameworks/ measures it). The shapes are argo's event
 * body, deepgram's agent variable `value` and OGC's value lists (`items: {}`).
 */
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createZodContext, schemaToZod } from '../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../src/model/ir.js';
import { anyJson } from '../../templates/runtime/core/anyJson.js';
import { definition, op } from './defs.js';
import { type Connected, connect, textOf } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const BODY: JsonSchema = {
  type: 'object',
  required: ['value'],
  properties: {
    value: { description: 'Any type.' },
    values: { type: 'array', items: {} },
  },
};

/** The zod an input prints, evaluated with the real zod and the runtime's reader. */
function printedInput(schema: JsonSchema): z.ZodType {
  const code = schemaToZod(schema, createZodContext({}, 'input', 100)).code;
  return new Function('z', 'anyJson', `return ${ts.transpile(`(${code})`)}`)(z, anyJson) as z.ZodType;
}

type Json = { [key: string]: unknown };

let upstream: LocalUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startLocalUpstream();
  upstream.route('POST /variables', (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(req.bodyText);
  });
  const body = { arg: 'body', mediaType: 'application/json', required: true } as const;
  const ops = [op({ tool: 'set_variable', method: 'POST', path: '/variables', input: z.object({ body: printedInput(BODY) }), body })];
  mcp = await connect(definition(ops), { env: { API_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

/** What the upstream received for one call (its JSON body). */
async function sent(body: Json): Promise<Json> {
  const before = upstream.requests.length;
  const result = await mcp.call('set_variable', { body });
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(upstream.requests).toHaveLength(before + 1);
  return JSON.parse(upstream.requests.at(-1)!.body) as Json;
}

describe('a value the contract leaves untyped', () => {
  it('is listed as typed members, an object or array as its JSON text', async () => {
    const { tools } = await mcp.client.listTools();
    const properties = (tools[0]!.inputSchema.properties!.body as Json).properties as Json;
    const members = [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      {
        type: 'object',
        properties: { json: { type: 'string', description: 'any JSON value (object, array, …) as JSON text' } },
        required: ['json'],
        additionalProperties: false,
      },
    ];
    expect(properties.value).toEqual({ description: 'Any type.', anyOf: members });
    expect(properties.values).toEqual({ type: 'array', items: { anyOf: members } });
    expect(JSON.stringify(tools)).not.toContain('x-mcp-jobgen');
  });

  it('sent as JSON text reaches the upstream as the value; raw values and scalars as they are', async () => {
    expect(await sent({ value: { json: '{"a":[1,2]}' } })).toEqual({ value: { a: [1, 2] } });
    expect(await sent({ value: { a: [1, 2] } })).toEqual({ value: { a: [1, 2] } });
    // A string is never parsed: "123" stays the string, and the number is the number.
    expect(await sent({ value: '123' })).toEqual({ value: '123' });
    expect(await sent({ value: 123 })).toEqual({ value: 123 });
    expect(await sent({ value: null, values: [{ json: '[1]' }, 'x', { json: '"y"' }, false] })).toEqual({
      value: null,
      values: [[1], 'x', 'y', false],
    });
    // Its one edge: an object whose only key is `json` holding a string is JSON text; with another key it is an object.
    expect(await sent({ value: { json: '{"json":"a"}' } })).toEqual({ value: { json: 'a' } });
    expect(await sent({ value: { json: 'a', b: 1 } })).toEqual({ value: { json: 'a', b: 1 } });
  });

  it('refuses JSON text that does not parse, naming the argument, before anything is sent', async () => {
    const before = upstream.requests.length;
    const bad = await mcp.call('set_variable', { body: { value: 1, values: [2, { json: '{a: 1' }] } });
    expect(bad.isError).toBe(true);
    // The SDK's validation error names the argument's path: body → values → 1.
    expect(textOf(bad)).toMatch(/"path": \[\s*"body",\s*"values",\s*1\s*\]/);
    expect(textOf(bad)).toContain('`json` must be JSON text');
    expect(upstream.requests).toHaveLength(before);
  });
});

describe('the reader, row by row', () => {
  const read = z.preprocess(anyJson, z.unknown());

  it.each<[string, unknown, unknown]>([
    ['an object as JSON text', { json: '{"a":[1,2]}' }, { a: [1, 2] }],
    ['an array as JSON text', { json: '[1,"b",null]' }, [1, 'b', null]],
    ['a scalar as JSON text is that scalar', { json: '123' }, 123],
    ['the string "123" is the string', '123', '123'],
    ['a number, boolean or null as itself', 7, 7],
    ['false', false, false],
    ['null', null, null],
    ['a raw object as it is', { a: 1 }, { a: 1 }],
    ['a raw array as it is', [{ json: '[1]' }], [{ json: '[1]' }]],
    ['`json` beside another key is an object', { json: '[1]', b: 2 }, { json: '[1]', b: 2 }],
    ['`json` that is not a string is an object', { json: [1] }, { json: [1] }],
  ])('%s', (_name, input, expected) => {
    expect(read.parse(input)).toEqual(expected);
  });

  it.each(['{a: 1', '', 'undefined', "{'a': 1}"])('refuses the text %j, saying why, and guesses nothing', (text) => {
    const issues = read.safeParse({ json: text }).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]).toMatchObject({ code: 'custom', message: expect.stringContaining('`json` must be JSON text (') });
  });
});
