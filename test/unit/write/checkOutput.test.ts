import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GeneratedFile, MANIFEST_PATH } from '../../../src/model/output.js';
import { checkOutput } from '../../../src/write/checkOutput.js';
import { shortDiff } from '../../../src/write/diff.js';
import { writeOutput } from '../../../src/write/writeOutput.js';

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mjg-check-'));
  out = join(root, 'server');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files: GeneratedFile[] = [
  { path: 'a.ts', contents: 'one\ntwo\nthree\n' },
  { path: 'b/c.ts', contents: 'c\n' },
];

describe('checkOutput', () => {
  it('is up to date right after a write, and ignores user files', async () => {
    await writeOutput(out, files);
    await writeFile(join(out, 'mine.md'), 'x');
    expect(await checkOutput(out, files)).toEqual({ upToDate: true, added: [], removed: [], changed: [], diagnostics: [] });
  });

  it('reports added, removed and changed files with a diff, and writes nothing', async () => {
    await writeOutput(out, files);
    const next: GeneratedFile[] = [
      { path: 'a.ts', contents: 'one\nTWO\nthree\n' },
      { path: 'd.ts', contents: 'd\n' },
    ];
    const result = await checkOutput(out, next);
    expect(result.upToDate).toBe(false);
    expect(result.added).toEqual(['d.ts']);
    expect(result.removed).toEqual(['b/c.ts']);
    expect(result.changed.map((c) => c.path)).toEqual(['a.ts', MANIFEST_PATH]);
    expect(result.changed[0]!.diff).toBe('@@ -2,1 +2,1 @@\n-two\n+TWO');
    expect((await readdir(out)).sort()).toEqual([MANIFEST_PATH, 'a.ts', 'b'].sort());
  });

  it('a missing directory is all added', async () => {
    const result = await checkOutput(out, files);
    expect(result.upToDate).toBe(false);
    expect(result.added).toEqual(['a.ts', 'b/c.ts', MANIFEST_PATH]);
  });

  it('a symlink where a generated file belongs is a change, not followed', async () => {
    await writeOutput(out, files);
    await rm(join(out, 'a.ts'));
    await writeFile(join(root, 'target.ts'), 'one\ntwo\nthree\n');
    await symlink(join(root, 'target.ts'), join(out, 'a.ts'));
    const result = await checkOutput(out, files);
    expect(result.changed.map((c) => c.path)).toEqual(['a.ts']);
  });

  it('an output path that is a file is an error', async () => {
    await writeFile(out, 'x');
    expect((await checkOutput(out, files)).diagnostics.map((d) => d.code)).toEqual(['MJG402']);
  });

  it('a directory never generated shows the manifest as added', async () => {
    await mkdir(join(out, 'b'), { recursive: true });
    await writeFile(join(out, 'a.ts'), 'one\ntwo\nthree\n');
    await writeFile(join(out, 'b/c.ts'), 'c\n');
    const result = await checkOutput(out, files);
    expect(result.added).toEqual([MANIFEST_PATH]);
    expect(result.changed).toEqual([]);
  });
});

describe('shortDiff', () => {
  it.each([
    ['a\nb\nc', 'a\nc', '@@ -2,1 +2,0 @@\n-b'],
    ['a\nc', 'a\nb\nc', '@@ -2,0 +2,1 @@\n+b'],
    ['x', 'y', '@@ -1,1 +1,1 @@\n-x\n+y'],
  ])('%j → %j', (before, after, expected) => {
    expect(shortDiff(before, after)).toBe(expected);
  });

  it('cuts long diffs and says how much is left', () => {
    const before = Array.from({ length: 50 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 50 }, (_, i) => `new ${i}`).join('\n');
    const lines = shortDiff(before, after, 10).split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[11]).toBe('… 90 more diff lines');
  });
});
