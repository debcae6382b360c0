/**
 * Page cursors for tools/list and search_operations: pages cover the list exactly once, and a cursor that was
 * edited, cut short or minted for another list is refused rather than silently skipping or repeating items.
 */
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursorError, listFingerprint, pageOf } from '../../templates/runtime/mcp/listCursor.js';

const items = Array.from({ length: 23 }, (_, i) => `tool_${i}`);
const fingerprint = listFingerprint(items);

function walk(pageSize: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = pageOf(items, cursor, pageSize, fingerprint);
    pages.push(page.items);
    if (page.nextCursor === undefined) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('pagination did not end');
}

describe('pageOf', () => {
  it.each([
    [1, 23, 1],
    [5, 5, 3],
    [10, 3, 3],
    [23, 1, 23],
    [500, 1, 23],
  ])('page size %i: %i pages, the last holding %i, every item once in order', (size, pages, last) => {
    const walked = walk(size);
    expect(walked).toHaveLength(pages);
    expect(walked.at(-1)).toHaveLength(last);
    expect(walked.flat()).toEqual(items);
  });

  it('page size 0 lists everything at once, with no cursor', () => {
    expect(pageOf(items, undefined, 0, fingerprint)).toEqual({ items });
  });

  it('an empty list is one empty page', () => {
    expect(pageOf([], undefined, 10, listFingerprint([]))).toEqual({ items: [] });
  });
});

describe('tampered and foreign cursors', () => {
  const good = pageOf(items, undefined, 5, fingerprint).nextCursor!;

  it('accepts its own cursor', () => {
    expect(decodeCursor(good, fingerprint, items.length)).toBe(5);
  });

  it.each([
    ['an edited offset', good.replace(/^5/, '9')],
    ['an edited checksum', `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`],
    ['a truncated cursor', good.slice(0, -3)],
    ['an empty string', ''],
    ['random text', 'eyJvZmZzZXQiOjV9'],
    ['an offset past the end', encodeCursor(23, fingerprint)],
    ['offset zero (never handed out)', encodeCursor(0, fingerprint)],
    ['a cursor of another list', encodeCursor(5, listFingerprint(['other']))],
    ['a cursor of another page size', encodeCursor(5, listFingerprint(['10', ...items]))],
  ])('refuses %s', (_what, cursor) => {
    expect(decodeCursor(cursor, fingerprint, items.length)).toBeNull();
    expect(() => pageOf(items, cursor, 5, fingerprint)).toThrow(InvalidCursorError);
  });

  it('fingerprints differ when names, order or the extra parts differ', () => {
    const prints = new Set([
      listFingerprint(['a', 'b']),
      listFingerprint(['b', 'a']),
      listFingerprint(['ab']),
      listFingerprint(['a', 'b', 'c']),
      listFingerprint(['5', 'a', 'b']),
    ]);
    expect(prints.size).toBe(5);
  });
});
