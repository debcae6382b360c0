import { describe, expect, it } from 'vitest';
import { createZodContext, propertyToZod, type ZodCache, type ZodMode } from '../../../src/emit/zod/schemaToZod.js';
import type { JsonSchema } from '../../../src/model/ir.js';

// Mutually recursive schemas (A ↔ B, B → C → A) reached from roots at different depths: whether a cycle is cut,
// a container cut by depth, or a description printed depends on the path and the depth, so a cache that
// reused a result outside the situations it holds for would print something else than a fresh conversion.
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const SCHEMAS: Record<string, JsonSchema> = {
  '#/components/schemas/A': {
    type: 'object',
    description: 'An A',
    properties: { b: ref('B'), name: { type: 'string', description: 'Name of A' } },
  },
  '#/components/schemas/B': { type: 'object', properties: { a: ref('A'), c: ref('C'), list: { type: 'array', items: ref('C') } } },
  '#/components/schemas/C': {
    type: 'object',
    properties: { a: ref('A'), leaf: ref('Leaf'), tags: { type: 'array', items: { type: 'string' } } },
  },
  '#/components/schemas/Leaf': { type: 'object', description: 'A leaf', properties: { x: { type: 'integer', description: 'The x' } } },
};

function nest(schema: JsonSchema, levels: number): JsonSchema {
  let out = schema;
  for (let i = 0; i < levels; i++) out = { type: 'object', properties: { wrap: out } };
  return out;
}

const ROOTS: JsonSchema[] = [];
for (const name of ['A', 'B', 'C', 'Leaf']) for (let levels = 0; levels < 5; levels++) ROOTS.push(nest(ref(name), levels));

function convert(root: JsonSchema, mode: ZodMode, budget: number, cache?: ZodCache): string {
  return propertyToZod(root, true, createZodContext(SCHEMAS, mode, budget, cache), 1);
}

describe('zod $ref cache', () => {
  for (const mode of ['input', 'output'] as const) {
    for (const budget of [8, 25, 250]) {
      it(`prints exactly what a fresh conversion prints (${mode}, budget ${budget}), in any order`, () => {
        const fresh = ROOTS.map((root) => convert(root, mode, budget));
        const orders = [ROOTS.map((_, i) => i), ROOTS.map((_, i) => ROOTS.length - 1 - i), ROOTS.map((_, i) => (i * 7) % ROOTS.length)];
        for (const order of orders) {
          const cache: ZodCache = new Map();
          for (const i of order) expect(convert(ROOTS[i]!, mode, budget, cache)).toBe(fresh[i]);
          expect(cache.size).toBeGreaterThan(0);
        }
      });
    }
  }
});
