import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../src/load/index.js';
import { UNRESOLVED_REF } from '../../../src/load/index.js';
import { followRefs } from '../../../src/model/schemaRefs.js';
import { createNormalizeContext, followRefChain } from '../../../src/normalize/context.js';
import { resolveObject } from '../../../src/normalize/resolveRef.js';

const long: Record<string, unknown> = {};
for (let i = 0; i < 40; i++) long[`p${i}`] = { $ref: `#/components/parameters/long/p${i + 1}` };
long.p40 = { name: 'end', in: 'query' };

const document = {
  openapi: '3.1.0',
  components: {
    parameters: {
      plain: { name: 'a', in: 'query' },
      alias: { $ref: '#/components/parameters/plain' },
      loopA: { $ref: '#/components/parameters/loopB' },
      loopB: { $ref: '#/components/parameters/loopA' },
      self: { $ref: '#/components/parameters/self' },
      text: 'not an object',
      broken: { [UNRESOLVED_REF]: './gone.yaml' },
      long,
    },
  },
};
const loaded: LoadResult = { document, flavour: 'openapi-3.1', ok: true, files: ['spec.yaml'], diagnostics: [] };

// Each node is resolved twice, at two places of use, so that the second use meets the memoised chain.
const nodes: unknown[] = [
  { $ref: '#/components/parameters/plain' },
  { $ref: '#/components/parameters/alias' },
  { $ref: '#/components/parameters/alias', description: 'siblings are not kept here' },
  { $ref: '#/components/parameters/missing' },
  { $ref: '#/components/parameters/loopA' },
  { $ref: '#/components/parameters/self' },
  { $ref: '#/components/parameters/text' },
  { $ref: '#/components/parameters/broken' },
  { $ref: '#/components/parameters/long/p0' },
  { $ref: '#/components/parameters/long/p20' },
  { $ref: 'https://example.com/remote.yaml' },
  { name: 'inline', in: 'header' },
  { [UNRESOLVED_REF]: './gone.yaml' },
  'inline text',
];

describe('resolveObject with the per-ref chain memo', () => {
  it('gives the values and diagnostics the unmemoised chain gives, at every use', () => {
    const memo = createNormalizeContext(loaded);
    const fresh = createNormalizeContext(loaded);
    fresh.chainOf = (ref) => followRefChain(fresh, ref); // no memo: followed anew at every use
    for (const [i, node] of nodes.entries()) {
      for (const use of ['#/paths/~1a/get/parameters/0', '#/paths/~1b/get/parameters/3']) {
        expect(resolveObject(memo, node, use, 'parameter'), `node ${i} at ${use}`).toBe(resolveObject(fresh, node, use, 'parameter'));
      }
    }
    expect(memo.diagnostics).toEqual(fresh.diagnostics);
    expect(memo.diagnostics.map((d) => d.code)).toEqual([
      'MJG202',
      'MJG202',
      'MJG211',
      'MJG211',
      'MJG211',
      'MJG211',
      'MJG205',
      'MJG205',
      'MJG211',
      'MJG211',
      'MJG202',
      'MJG202',
      'MJG205',
      'MJG205',
    ]);
  });

  it('memoises what followRefs gives for the ref node itself', () => {
    const ctx = createNormalizeContext(loaded);
    const lookup = (ref: string) => (ref.startsWith('#') ? ctx.lookup(ref) : undefined);
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null || !('$ref' in node)) continue;
      const ref = (node as { $ref: string }).$ref;
      expect(ctx.chainOf(ref)).toEqual(followRefs(node, lookup, { maxHops: 32 }));
      expect(ctx.chainOf(ref)).toBe(ctx.chainOf(ref));
    }
  });
});
