/**
 * An upstream answer holding a key some clients refuse a whole message for (an own `__proto__`, or a `constructor`
 * object with its own `prototype`) must not leave the agent waiting for ever: the AI SDK's MCP client parses every
 * message with a copy of secure-json-parse (`@ai-sdk/provider-utils` `secureJsonParse`), throws, hands the throw
 * to its error hook only and never settles the call. structuredContent leaves such keys out and says where; the
 * JSON text block keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutRefusedKeys } from '../../templates/runtime/upstream/refusedKeys.js';
import { withStructuredText } from '../../templates/runtime/upstream/toolResults.js';
import { definition, op } from './defs.js';
import type { Connected } from './harness.js';
import { connect } from './harness.js';
import type { LocalUpstream } from './localUpstream.js';
import { startLocalUpstream } from './localUpstream.js';

/** The check `secureJsonParse` applies to a parsed message (its `filter`), as a predicate. */
function refusedBySecureJsonParse(text: string): boolean {
  let next: unknown[] = [JSON.parse(text)];
  while (next.length > 0) {
    const nodes = next;
    next = [];
    for (const node of nodes) {
      if (node === null || typeof node !== 'object') continue;
      if (Object.hasOwn(node, '__proto__')) return true;
      const ctor = (node as Record<string, unknown>).constructor;
      if (Object.hasOwn(node, 'constructor') && ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
      for (const key in node) next.push((node as Record<string, unknown>)[key]);
    }
  }
  return false;
}

const HOSTILE =
  '{"ok":true,"data":{"__proto__":{"polluted":1},"kept":2,"list":[{"constructor":{"prototype":{"x":1}}},{"constructor":"fine"}]}}';

describe('withoutRefusedKeys', () => {
  it('leaves out an own __proto__ and a constructor holding a prototype, at any depth, and names where', () => {
    const value = JSON.parse(HOSTILE) as Record<string, unknown>;
    const safe = withoutRefusedKeys(value, JSON.stringify(value));
    expect(safe.removed).toEqual(['data.__proto__', 'data.list[0].constructor']);
    expect(refusedBySecureJsonParse(JSON.stringify(safe.value))).toBe(false);
    expect(JSON.stringify(safe.value)).toBe('{"ok":true,"data":{"kept":2,"list":[{},{"constructor":"fine"}]}}');
    // The input is not changed: the copy is made only along the path to a removed key.
    expect(refusedBySecureJsonParse(JSON.stringify(value))).toBe(true);
  });

  it('returns the very value when nothing is refused, with or without the JSON text', () => {
    const value = { constructor: 'a string is fine', nested: { constructor: { name: 'no prototype' } } };
    expect(withoutRefusedKeys(value).value).toBe(value);
    expect(withoutRefusedKeys(value, JSON.stringify(value)).value).toBe(value);
    const plain = { a: 1 };
    expect(withoutRefusedKeys(plain, JSON.stringify(plain))).toEqual({ value: plain, removed: [] });
  });

  it('answers a node shared by reference the same way both times', () => {
    const shared = JSON.parse('{"__proto__":1,"b":2}') as Record<string, unknown>;
    const safe = withoutRefusedKeys({ one: shared, two: shared });
    expect(safe.value).toEqual({ one: { b: 2 }, two: { b: 2 } });
  });
});

describe('withStructuredText with a refused key', () => {
  it('keeps the key in the JSON text and says where it left structuredContent', () => {
    const structured = JSON.parse(HOSTILE) as Record<string, unknown>;
    const result = withStructuredText({ content: [{ type: 'text', text: 'summary' }], structuredContent: structured }, []);
    expect(refusedBySecureJsonParse(JSON.stringify(result))).toBe(false);
    const texts = result.content.map((c) => (c as { text: string }).text);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toMatch(
      /left out of structuredContent.*data\.__proto__, data\.list\[0\]\.constructor\. The JSON text below has them\./,
    );
    expect(texts[2]).toBe(HOSTILE);
  });
});

describe('a plain tool whose upstream answers such keys', () => {
  let api: LocalUpstream;
  let mcp: Connected;
  beforeAll(async () => {
    api = await startLocalUpstream();
    api.route('GET /things', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(HOSTILE));
    const getThings = op({
      tool: 'get_things',
      method: 'GET',
      path: '/things',
      input: z.strictObject({}),
      // The contract leaves `data` untyped, so zod passes its keys through as the upstream wrote them.
      output: z.object({ ok: z.boolean(), data: z.unknown() }),
    });
    mcp = await connect(definition([getThings], []), { env: { API_BASE_URL: api.url } });
  });
  afterAll(async () => {
    await mcp?.close();
    await api?.close();
  });

  it('answers a message the AI SDK parses, with every value still in the text', async () => {
    const result = await mcp.call('get_things', {});
    expect(result.isError).toBeFalsy();
    expect(refusedBySecureJsonParse(JSON.stringify(result))).toBe(false);
    expect(JSON.stringify(result.structuredContent)).toBe('{"ok":true,"data":{"kept":2,"list":[{},{"constructor":"fine"}]}}');
    expect(JSON.parse((result.content.at(-1) as { text: string }).text)).toEqual(JSON.parse(HOSTILE));
  });
});
