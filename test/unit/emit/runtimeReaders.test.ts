/**
 * The runtime readers printed zod calls (src/emit/zod/readers.ts): recorded as a set, imported in the table's
 * order whatever order the schemas used them in. Which file imports them: emitLazySchemas.test.ts; that a
 * conversion reused from the memo reports them: schemaToZod.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ReaderSet, type RuntimeReader } from '../../../src/emit/zod/readers.js';

function readersOf(...used: RuntimeReader[]): ReaderSet {
  const set = new ReaderSet();
  for (const reader of used) set.use(reader);
  return set;
}

describe('ReaderSet', () => {
  it.each<[string, RuntimeReader[], string[]]>([
    ['none', [], []],
    ['one', ['pairs'], ['pairs']],
    ['in the table order, not the use order', ['anyJson', 'lists', 'pattern'], ['matchesPattern', 'listForm', 'anyJson']],
    ['each once', ['pattern', 'pattern', 'pairs', 'pattern'], ['matchesPattern', 'pairs']],
  ])('%s', (_name, used, imports) => {
    expect(readersOf(...used).imports()).toEqual(imports);
  });

  it('merge adds what the other used and leaves the other as it was', () => {
    const outer = readersOf('anyJson');
    const inner = readersOf('pattern');
    outer.merge(inner);
    expect(outer.imports()).toEqual(['matchesPattern', 'anyJson']);
    expect(inner.imports()).toEqual(['matchesPattern']);
    expect(outer.has('pairs')).toBe(false);
  });
});
