import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, readTextFile } from '../../../src/load/readText.js';
import { repoRoot } from './fixturePaths.js';

describe('decodeUtf8 (sliced) gives what one whole-buffer decode gives', () => {
  const samples: Array<[string, Buffer]> = [
    ['ASCII', Buffer.from('{"openapi": "3.1.0"}\n')],
    ['BOM and multi-byte characters', Buffer.from('\uFEFFtitle: Grüße — “API” 日本 🚀🚀 end\n')],
    ['invalid sequences', Buffer.from([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0x80, 0x62, 0xf0, 0x9f])],
    ['a character cut at the end', Buffer.from([0x7b, 0x7d, 0xe6, 0x97])],
    ['empty', Buffer.alloc(0)],
  ];
  for (const [name, bytes] of samples) {
    it.each([1, 2, 3, 5, 16 * 1024])(`${name}, slices of %i bytes`, (sliceBytes) => {
      expect(decodeUtf8(bytes, sliceBytes)).toBe(bytes.toString('utf8'));
    });
  }

  it('reads every real fixture as readFileSync(path, "utf8") does', () => {
    const dir = path.join(repoRoot, 'fixtures', 'real');
    const files = readdirSync(dir).filter((name) => /\.(json|ya?ml)$/.test(name));
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const file = path.join(dir, name);
      expect(readTextFile(file) === readFileSync(file, 'utf8'), name).toBe(true);
      expect(decodeUtf8(readFileSync(file), 4096) === readFileSync(file, 'utf8'), name).toBe(true);
    }
  });
});
