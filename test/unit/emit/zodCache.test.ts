import { describe, expect, it } from 'vitest';
import { createZodContext, propertyToZod, type ZodCache, type ZodMode } from '../../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../../src/model/ir.js';

// The memo (src/emit/zod/memo.ts) reuses a conversion of one schema object whenever the answers it depended on
// (refs on the path, depth limits, budget) would be the same. These schemas make every one of those answers vary:
// mutually recursive refs (A ↔ B, B → C → A) reached from roots at different depths, `allOf` parts that close a
// cycle, shared inline objects, long enums (budget-priced), a `$ref` with siblings, and budgets small enough to
// cut. A memo that reused a result outside the situation it holds for would print something else than converting
// with no memo at all (cache null), which is what every case is compared with.
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const SHARED_INLINE: JsonSchema = { type: 'object', properties: { id: { type: 'integer' }, a: ref('A') } };
const LONG_ENUM: JsonSchema = { type: 'string', enum: ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v12'] };
const SCHEMAS: Record<string, JsonSchema> = {
  '#/components/schemas/A': {
    type: 'object',
    description: 'An A',
    properties: { b: ref('B'), name: { type: 'string', description: 'Name of A' }, kind: LONG_ENUM },
  },
  '#/components/schemas/B': { type: 'object', properties: { a: ref('A'), c: ref('C'), list: { type: 'array', items: ref('C') } } },
  '#/components/schemas/C': {
    type: 'object',
    properties: { a: ref('A'), leaf: ref('Leaf'), tags: { type: 'array', items: { type: 'string' } }, shared: SHARED_INLINE },
  },
  '#/components/schemas/Leaf': { type: 'object', description: 'A leaf', properties: { x: { type: 'integer', description: 'The x' } } },
  // allOf whose parts reach back to D: mergeAllOf skips a part that closes a cycle, so D's shape depends on the path.
  '#/components/schemas/D': { allOf: [ref('Leaf'), { type: 'object', properties: { e: ref('E') } }] },
  '#/components/schemas/E': { allOf: [ref('D'), { type: 'object', properties: { y: { type: 'string' } } }] },
  '#/components/schemas/Alias': ref('A'),
  '#/components/schemas/Status': { type: 'string', enum: ['on', 'off'], default: 'on' },
};

function nest(schema: JsonSchema, levels: number): JsonSchema {
  let out = schema;
  for (let i = 0; i < levels; i++) out = { type: 'object', properties: { wrap: out, again: schema } };
  return out;
}

const ROOTS: JsonSchema[] = [SHARED_INLINE, LONG_ENUM, { $ref: '#/components/schemas/Leaf', description: 'Beside the ref' }];
for (const name of ['A', 'B', 'C', 'Leaf', 'D', 'E', 'Alias', 'Status'])
  for (let levels = 0; levels < 6; levels++) ROOTS.push(nest(ref(name), levels));

/** Roots converted as the emitter converts one tool's input: several properties sharing one budget. */
function convertTools(tools: JsonSchema[][], mode: ZodMode, budget: number, cache: ZodCache | null): string[] {
  const out: string[] = [];
  for (const roots of tools) {
    const ctx = createZodContext(SCHEMAS, mode, budget, cache);
    roots.forEach((root, i) => {
      out.push(propertyToZod(root, i % 2 === 0, ctx, 1).code);
    });
  }
  return out;
}

function toolsOf(order: number[], perTool: number): JsonSchema[][] {
  const tools: JsonSchema[][] = [];
  for (let i = 0; i < order.length; i += perTool) tools.push(order.slice(i, i + perTool).map((k) => ROOTS[k]!));
  return tools;
}

describe('zod memo', () => {
  const n = ROOTS.length;
  const orders = [
    ROOTS.map((_, i) => i),
    ROOTS.map((_, i) => n - 1 - i),
    ROOTS.map((_, i) => (i * 7) % n),
    [...ROOTS.map((_, i) => i), ...ROOTS.map((_, i) => (i * 5) % n)],
  ];
  for (const mode of ['input', 'output'] as const) {
    for (const budget of [3, 8, 25, 60, 250]) {
      for (const perTool of [1, 3]) {
        it(`prints exactly what converting with no memo prints (${mode}, budget ${budget}, ${perTool} per tool), in any order`, () => {
          for (const order of orders) {
            const tools = toolsOf(order, perTool);
            const cache: ZodCache = new Map();
            expect(convertTools(tools, mode, budget, cache)).toEqual(convertTools(tools, mode, budget, null));
            expect(cache.size).toBeGreaterThan(0);
          }
        });
      }
    }
  }

  it('reuses conversions across tools (the memo is hit, not only filled)', () => {
    const cache: ZodCache = new Map();
    convertTools([[ref('A')]], 'input', 250, cache);
    const entries = [...cache.values()].reduce((sum, list) => sum + list.length, 0);
    convertTools([[ref('A')], [nest(ref('A'), 1)]], 'input', 250, cache);
    // A at depth 1 and A one level deeper are the same situation for every question A's conversion asked.
    expect([...cache.values()].reduce((sum, list) => sum + list.length, 0)).toBeLessThanOrEqual(entries + 2);
  });

  it('cuts a budget-starved tool the same way with and without the memo', () => {
    const tools = [[ref('A'), ref('B')], [ref('A')], [ref('C'), ref('A')]];
    const memo = convertTools(tools, 'input', 8, new Map());
    expect(memo).toEqual(convertTools(tools, 'input', 8, null));
    expect(memo.some((code) => code.includes('Not spelled out here'))).toBe(true);
  });
});
