/**
 * A listed tool's JSON text is written from its schemas' shipped texts (templates/runtime/mcp/listedText.ts): it
 * must be exactly `JSON.stringify` of the tool the registry lists, the idempotency key spliced into the input's
 * text exactly where the object path puts it, and any text whose shape the splice cannot be sure of left to the
 * object path.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listedToolText, withAddedProperties } from '../../templates/runtime/mcp/listedText.js';
import { shippedSchemas, type ToolEntry, ToolRegistry } from '../../templates/runtime/mcp/toolRegistry.js';

const KEY = { type: 'string', description: 'A key: "quoted", {braced} and [bracketed].' };
/** What the object path lists: the key added last to `properties`, which is created at the end when absent. */
const objectPath = (json: Record<string, unknown>) =>
  JSON.stringify({ ...json, properties: { ...(json.properties as object | undefined), idempotency_key: KEY } });

const strict = (properties: object, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
  additionalProperties: false,
});

const spliced: Array<[string, Record<string, unknown>]> = [
  ['properties, required, strict', strict({ a: { type: 'string' }, b: { type: 'integer' } }, ['a'])],
  ['no top-level required, a nested one', strict({ body: { type: 'object', properties: { x: {} }, required: ['x'] } })],
  ['empty properties', strict({})],
  ['no properties at all', { type: 'object', additionalProperties: false }],
  ['required names with JSON punctuation', strict({ 'a"],"required":["b': {}, c: {} }, ['a"],"required":["b', 'c'])],
  ['a description that reads like the tail', strict({ a: { description: '},"required":["a"],"additionalProperties":false}' } })],
  ['an array of objects last', strict({ list: { type: 'array', items: { type: 'object', properties: {} } } }, ['list'])],
];

/** Texts the splice must leave to the object path (undefined), though a naive splice would change them. */
const declined: Array<[string, Record<string, unknown>]> = [
  [
    'a loose object ending in an additionalProperties schema',
    { type: 'object', properties: { a: {} }, additionalProperties: { type: 'string' } },
  ],
  ['the key already there', strict({ idempotency_key: { type: 'number' }, a: {} })],
  ['a member after properties', { type: 'object', properties: { a: {} }, description: 'x', additionalProperties: false }],
  ['required that is not a list of names', { type: 'object', properties: { a: {} }, required: [1], additionalProperties: false }],
  ['properties that are not first after type', { type: 'object', description: 'x', properties: { a: {} }, additionalProperties: false }],
];

describe('the idempotency key spliced into a shipped input', () => {
  it.each(spliced)('%s: the bytes of the object path', (_name, json) => {
    expect(withAddedProperties(JSON.stringify(json), { idempotency_key: KEY })).toBe(objectPath(json));
  });

  it.each(declined)('%s: left to the object path', (_name, json) => {
    expect(withAddedProperties(JSON.stringify(json), { idempotency_key: KEY })).toBeUndefined();
  });

  it('an array index as the key is left to the object path: it would be listed first', () => {
    expect(withAddedProperties(JSON.stringify(strict({ a: {} })), { '7': KEY })).toBeUndefined();
  });
});

const entry = (name: string, extra: Partial<ToolEntry>): ToolEntry => ({
  name,
  description: `The ${name} tool: “quoted” …`,
  inputSchema: z.strictObject({ q: z.string() }),
  annotations: { readOnlyHint: true },
  _meta: { 'mcp-jobgen/role': 'tool' },
  toolsets: ['t'],
  run: async () => ({ content: [] }),
  ...extra,
});

describe('a listed tool written from its texts', () => {
  const input = JSON.stringify(strict({ owner: { type: 'string' }, body: { type: ['object', 'null'] } }, ['owner']));
  const output = JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } } });

  it('is JSON.stringify of the tool, without parsing a shipped input', () => {
    const registry = new ToolRegistry();
    const keyed = entry('keyed', {
      title: 'Keyed',
      shipped: shippedSchemas({ input, output }, { idempotencyKey: z.string().optional(), outputKeys: { mcp_job: z.string().optional() } }),
    });
    const converted = entry('converted', { outputSchema: z.looseObject({ n: z.number() }) });
    for (const e of [keyed, converted]) registry.add(e);
    const [first, second] = registry.list();
    const text = listedToolText(first);
    // Still the getter: writing the text read no input object.
    expect(Object.getOwnPropertyDescriptor(first, 'inputSchema')?.get).toBeDefined();
    expect(text).toBe(JSON.stringify(first));
    expect(Object.keys(JSON.parse(text ?? '{}').inputSchema.properties)).toEqual(['owner', 'body', 'idempotency_key']);
    expect(listedToolText(first)).toBe(JSON.stringify(first)); // the input read by now: the same bytes
    expect(listedToolText(second)).toBe(JSON.stringify(second));
  });

  it('knows no text for a value the registry did not list, such as an SDK copy', () => {
    const registry = new ToolRegistry();
    registry.add(entry('a', { shipped: shippedSchemas({ input }) }));
    const [tool] = registry.list();
    expect(listedToolText({ ...tool })).toBeUndefined();
    expect(listedToolText(null)).toBeUndefined();
  });
});
