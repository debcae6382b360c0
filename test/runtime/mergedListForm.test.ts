/**
 * A list the wire merge of a union's members puts beside an object (no contract union marks it), listed in its list
 * form, read back by the printed union's reader at exactly that place, and sent upstream as the contract's value.
 * The shapes are OpenAI's: eval data sources whose message `content` is `string | array of parts` in one member and
 * `string | part | array of parts` in another, whose tools are objects in one and maps in another, and a grader
 * `content` that is `string | map | array of (string | map)`. LangChain's simplifier keeps only a union's object
 * members, so the list beside them reached no model behind it (test/frameworks/ measures it).
 */
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createZodContext, schemaToZod } from '../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../src/model/ir.js';
import { listForm } from '../../templates/runtime/core/listForm.js';
import { pairs } from '../../templates/runtime/core/mapPairs.js';
import { definition, op } from './defs.js';
import { type Connected, connect, textOf } from './harness.js';
import { type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const PART: JsonSchema = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const PARTS: JsonSchema = { type: 'array', items: PART };
const MAP: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };
const TOOL: JsonSchema = {
  type: 'object',
  required: ['type', 'name'],
  properties: { type: { type: 'string', enum: ['function'] }, name: { type: 'string' } },
};
const message = (content: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['role', 'content'],
  properties: { role: { type: 'string' }, content },
});
/** Two data sources: the same properties, spelled as a list in one and beside objects in the other. */
const SOURCE: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string', enum: ['completions'] },
        messages: { type: 'array', items: message({ anyOf: [{ type: 'string' }, PARTS] }) },
        tools: { type: 'array', items: TOOL },
      },
    },
    {
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string', enum: ['responses'] },
        messages: { type: 'array', items: message({ anyOf: [{ type: 'string' }, PART, PARTS] }) },
        tools: { type: 'array', items: MAP },
      },
    },
  ],
};
/** The grader's content: a string, a map, or a list of strings and maps. */
const GRADER_CONTENT: JsonSchema = { anyOf: [{ type: 'string' }, MAP, { type: 'array', items: { anyOf: [{ type: 'string' }, MAP] } }] };

/** The zod an input prints, evaluated with the real zod and the runtime's readers. */
function printedInput(schema: JsonSchema): z.ZodType {
  const code = schemaToZod(schema, createZodContext({}, 'input', 100)).code;
  return new Function('z', 'pairs', 'listForm', `return ${ts.transpile(`(${code})`)}`)(z, pairs, listForm) as z.ZodType;
}

type Json = { [key: string]: unknown };

let upstream: LocalUpstream;
let mcp: Connected;

beforeAll(async () => {
  upstream = await startLocalUpstream();
  upstream.route('POST /runs', (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(req.bodyText);
  });
  const body = { arg: 'body', mediaType: 'application/json', required: true } as const;
  const ops = [
    op({ tool: 'create_run', method: 'POST', path: '/runs', input: z.object({ body: z.object({ source: printedInput(SOURCE) }) }), body }),
    op({
      tool: 'grade',
      method: 'POST',
      path: '/runs',
      input: z.object({ body: z.object({ content: printedInput(GRADER_CONTENT) }) }),
      body,
    }),
  ];
  mcp = await connect(definition(ops), { env: { API_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await mcp?.close();
  await upstream?.close();
});

/** What the upstream received for one call (its JSON body). */
async function sent(tool: string, body: Json): Promise<Json> {
  const before = upstream.requests.length;
  const result = await mcp.call(tool, { body });
  expect(result.isError, textOf(result)).toBeFalsy();
  expect(upstream.requests).toHaveLength(before + 1);
  return JSON.parse(upstream.requests.at(-1)!.body) as Json;
}

describe('a list the wire merge puts beside an object', () => {
  it('is listed in its list form, merged with the objects at its place', async () => {
    const { tools } = await mcp.client.listTools();
    const body = (name: string) => (tools.find((t) => t.name === name)!.inputSchema.properties!.body as Json).properties as Json;
    const source = body('create_run').source as Json & { properties: Json };
    const content = ((source.properties.messages as Json).items as { properties: Json }).properties.content as { anyOf: Json[] };
    // The completions member's list of parts and the responses member's list form are one `list` beside `text`.
    expect(content.anyOf.map((m) => m.type)).toEqual(['string', 'object']);
    expect(Object.keys(content.anyOf[1]!.properties as Json)).toEqual(['text', 'list']);
    // A tool: the completions member's object and the responses member's map (listed as pairs) in its list form.
    const tool = (source.properties.tools as Json).items as Json;
    expect(Object.keys(tool.properties as Json)).toEqual(['type', 'name', 'list']);
    expect(JSON.stringify(tools)).not.toContain('x-mcp-jobgen');
    // The grader's lists are one list, whose items are a string or an object: a pair, or the list form of pairs.
    const grader = body('grade').content as Json;
    expect(grader.type).toEqual(['string', 'array']);
    expect(((grader.items as { anyOf: Json[] }).anyOf[1]!.properties as Json).list).toMatchObject({ type: 'array' });
  });

  it('sent in its list form reaches the upstream as the contract spells it', async () => {
    const parts = [{ text: 'hi' }];
    const run = await sent('create_run', {
      source: { type: 'completions', messages: [{ role: 'user', content: { list: parts } }] },
    });
    expect(run).toEqual({ source: { type: 'completions', messages: [{ role: 'user', content: parts }] } });
    const responses = await sent('create_run', {
      source: {
        type: 'responses',
        tools: [{ list: [{ key: 'name', value: 'lookup' }] }],
        messages: [{ role: 'user', content: { text: 'a' } }],
      },
    });
    expect(responses).toEqual({
      source: { type: 'responses', tools: [{ name: 'lookup' }], messages: [{ role: 'user', content: { text: 'a' } }] },
    });
    const graded = await sent('grade', { content: ['x', { list: [{ key: 'k', value: 'v' }] }] });
    expect(graded).toEqual({ content: ['x', { k: 'v' }] });
  });

  it('still takes the contract spelling itself, and refuses the list form beside other properties', async () => {
    expect(await sent('create_run', { source: { type: 'completions', messages: [{ role: 'user', content: [{ text: 'b' }] }] } })).toEqual({
      source: { type: 'completions', messages: [{ role: 'user', content: [{ text: 'b' }] }] },
    });
    expect(await sent('grade', { content: [{ key: 'k', value: 'v' }] })).toEqual({ content: { k: 'v' } });
    const before = upstream.requests.length;
    const mixed = await mcp.call('create_run', {
      body: { source: { type: 'completions', messages: [{ role: 'user', content: { list: [{ text: 'c' }], text: 'd' } }] } },
    });
    expect(mixed.isError).toBe(true);
    expect(textOf(mixed)).toContain("`list` is this value's list form and takes nothing beside it (`text`)");
    expect(upstream.requests).toHaveLength(before);
  });
});
