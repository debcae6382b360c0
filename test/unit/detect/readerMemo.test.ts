// The two memo primitives of detection (src/detect/read/readerMemo.ts): answers equal the function's, each key is
// computed once while remembered, the string memo empties itself when full (then recomputes), and a ReaderMemo
// keeps one table per reader, so a new detection run starts empty.
import { describe, expect, it } from 'vitest';
import { memoByString, ReaderMemo } from '../../../src/detect/read/readerMemo.js';
import type { SchemaReader } from '../../../src/detect/read/schemaWalk.js';

describe('memoByString', () => {
  it('computes each string once, remembers undefined answers too, and clears when full', () => {
    const calls: string[] = [];
    const memo = memoByString((s: string) => {
      calls.push(s);
      return s === 'none' ? undefined : s.length;
    }, 2);
    expect([memo('ab'), memo('ab'), memo('none'), memo('none')]).toEqual([2, 2, undefined, undefined]);
    expect(calls).toEqual(['ab', 'none']);
    // The table holds 2: a third key clears it, so 'ab' is computed again, with the same answer.
    expect(memo('xyz')).toBe(3);
    expect(memo('ab')).toBe(2);
    expect(calls).toEqual(['ab', 'none', 'xyz', 'ab']);
  });
});

describe('ReaderMemo', () => {
  it('keeps one table per reader', () => {
    const memo = new ReaderMemo<object, number>();
    const key = {};
    const runA = {} as SchemaReader;
    const runB = {} as SchemaReader;
    let computed = 0;
    const compute = () => ++computed;
    expect(memo.get(runA, key, compute)).toBe(1);
    expect(memo.get(runA, key, compute)).toBe(1);
    expect(memo.get(runB, key, compute)).toBe(2);
    expect(computed).toBe(2);
  });
});
