/** Tests run as root here, where chmod cannot make a folder unreadable: the EACCES is injected instead. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    readdir: (async (path: string, options?: unknown) => {
      if (String(path).endsWith('/locked'))
        throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' });
      return real.readdir(path, options as never);
    }) as typeof real.readdir,
  };
});

const { checkOutput } = await import('../../../src/write/checkOutput.js');
const { writeOutput } = await import('../../../src/write/writeOutput.js');
const { mkdir } = await import('node:fs/promises');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mjg-unreadable-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('an unreadable output directory', () => {
  it('is MJG408 for --check and for a write, never an exception, and nothing is written', async () => {
    const out = join(root, 'server');
    const files = [{ path: 'a.ts', contents: 'a\n' }];
    expect((await writeOutput(out, files)).diagnostics).toEqual([]);
    await mkdir(join(out, 'locked'));
    expect((await checkOutput(out, files)).diagnostics.map((d) => d.code)).toEqual(['MJG408']);
    const write = await writeOutput(out, [{ path: 'a.ts', contents: 'changed\n' }]);
    expect(write.diagnostics.map((d) => d.code)).toEqual(['MJG408']);
    expect(write.written).toBe(false);
  });
});
