import { describe, expect, it } from 'vitest';
import { isExact, markInexact, withKeys } from '../../../src/emit/zod/printed.js';

// isExact answers without a walk until a node is marked; after that, it walks as before.
describe('isExact', () => {
  it('is true for any tree while no node is marked, and finds a marked node at any depth once one is', () => {
    const deep = { anyOf: [{ type: 'string' }, { properties: { a: { type: 'object' } } }] };
    expect(isExact({ properties: { x: deep } })).toBe(true);
    const marked = markInexact({ type: 'string', format: 'uri' });
    expect(isExact({ properties: { x: deep } })).toBe(true);
    expect(isExact({ properties: { x: { anyOf: [{ type: 'null' }, { items: marked }] } } })).toBe(false);
    expect(isExact(withKeys(marked, { description: 'd' }))).toBe(false);
  });
});
