/**
 * Shipped JSON texts are parsed once per process (mcp/toolRegistry.ts parsedOnce): tools that ship the same text
 * list the same object, and a tool's added output keys stay its own, however many tools share the text.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shippedSchemas } from '../../templates/runtime/mcp/toolRegistry.js';

const output = JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } });
const input = JSON.stringify({ type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false });

describe('shipped schemas parsed once', () => {
  it('lists one object for one text, the same as parsing it', () => {
    const a = shippedSchemas({ input, output })!;
    const b = shippedSchemas({ input, output })!;
    expect(a.input()).toBe(b.input());
    expect(a.output!()).toBe(b.output!());
    expect(a.output!()).toEqual(JSON.parse(output));
    expect(a.input()).toEqual(JSON.parse(input));
  });

  it('keeps the keys each tool adds apart when tools share a text', () => {
    const handle = { job: z.string().optional() };
    const large = { large: z.number().optional() };
    const promoted = shippedSchemas({ input, output }, { outputKeys: handle })!.output!() as { properties: object };
    const plain = shippedSchemas({ input, output }, { outputKeys: large })!.output!() as { properties: object };
    const bare = shippedSchemas({ input, output })!.output!() as { properties: object };
    expect(Object.keys(promoted.properties)).toEqual(['id', 'job']);
    expect(Object.keys(plain.properties)).toEqual(['id', 'large']);
    expect(Object.keys(bare.properties)).toEqual(['id']);
    // The same keys on the same text: one object, as the keys' own JSON already was.
    expect(shippedSchemas({ input, output }, { outputKeys: handle })!.output!()).toBe(promoted);
  });

  it('adds an idempotency key to a copy, never to the shared object', () => {
    const keyed = shippedSchemas({ input }, { idempotencyKey: z.string().optional() })!.input() as { properties: object };
    const bare = shippedSchemas({ input })!.input() as { properties: object };
    expect(Object.keys(keyed.properties)).toEqual(['q', 'idempotency_key']);
    expect(Object.keys(bare.properties)).toEqual(['q']);
  });
});
