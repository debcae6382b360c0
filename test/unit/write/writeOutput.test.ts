import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GeneratedFile, MANIFEST_PATH } from '../../../src/model/output.js';
import { type FsOps, nodeFs } from '../../../src/write/fsOps.js';
import { writeOutput } from '../../../src/write/writeOutput.js';

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mjg-write-'));
  out = join(root, 'server');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const v1: GeneratedFile[] = [
  { path: 'package.json', contents: '{"name":"x"}\n' },
  { path: 'src/index.ts', contents: 'export const a = 1;\n' },
  { path: 'src/tools/pets.ts', contents: 'export const pets = [];\n' },
];
const v2: GeneratedFile[] = [
  { path: 'package.json', contents: '{"name":"x"}\n' },
  { path: 'src/index.ts', contents: 'export const a = 2;\n' },
  { path: 'src/tools/owners.ts', contents: 'export const owners = [];\n' },
];

const read = (path: string) => readFile(join(out, path), 'utf8');
const siblings = async () => (await readdir(root)).sort();

/** An FsOps whose `op` fails on its nth call: the disk filling up half-way. */
function failingOn(op: keyof FsOps, nth: number): FsOps {
  let calls = 0;
  return {
    ...nodeFs,
    [op]: async (...args: unknown[]) => {
      calls++;
      if (calls === nth) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return (nodeFs[op] as (...a: unknown[]) => Promise<unknown>)(...args);
    },
  } as FsOps;
}

describe('writeOutput', () => {
  it('creates a new directory with the files and a sorted manifest, leaving no temp folders', async () => {
    const result = await writeOutput(out, v1);
    expect(result.diagnostics).toEqual([]);
    expect(result.written).toBe(true);
    expect(result.added).toContain('src/tools/pets.ts');
    expect(await read('src/index.ts')).toBe('export const a = 1;\n');
    expect(JSON.parse(await read(MANIFEST_PATH)).files).toEqual(['package.json', 'src/index.ts', 'src/tools/pets.ts']);
    expect(await siblings()).toEqual(['server']);
  });

  it('records in the manifest where the files came from: spec, options (sorted keys) and the command', async () => {
    const source = {
      spec: '../specs/api.yaml',
      options: { rename: { b: 'x', a: 'y' }, jobs: { batch: { enabled: false } } },
      command: 'npx mcp-jobgen ../specs/api.yaml -o . --rename a=y --rename b=x',
      configOnly: true,
    };
    await writeOutput(out, v1, { source });
    const text = await read(MANIFEST_PATH);
    expect(JSON.parse(text)).toEqual({
      generator: 'mcp-jobgen',
      spec: '../specs/api.yaml',
      options: { jobs: { batch: { enabled: false } }, rename: { a: 'y', b: 'x' } },
      regenerate: source.command,
      configFile: true,
      files: ['package.json', 'src/index.ts', 'src/tools/pets.ts'],
    });
    expect(text.indexOf('"jobs"')).toBeLessThan(text.indexOf('"rename"'));
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    // The same source is up to date; another one is a changed manifest.
    expect((await writeOutput(out, v1, { source })).written).toBe(false);
    expect((await writeOutput(out, v1, { source: { ...source, spec: 'api.yaml' } })).changed).toEqual([MANIFEST_PATH]);
  });

  it('replaces generated files, deletes ones no longer generated, keeps user files', async () => {
    await writeOutput(out, v1);
    await writeFile(join(out, 'NOTES.md'), 'mine');
    await writeFile(join(out, 'src/tools/custom.ts'), 'mine too');
    await mkdir(join(out, 'node_modules/dep'), { recursive: true });
    await writeFile(join(out, 'node_modules/dep/index.js'), 'dep');
    await symlink('dep', join(out, 'node_modules/alias'));
    const result = await writeOutput(out, v2);
    expect(result.diagnostics).toEqual([]);
    expect(result.changed).toEqual(['src/index.ts', MANIFEST_PATH]);
    expect(result.removed).toEqual(['src/tools/pets.ts']);
    await expect(stat(join(out, 'src/tools/pets.ts'))).rejects.toThrow();
    expect(await read('src/tools/owners.ts')).toBe('export const owners = [];\n');
    expect(await read('NOTES.md')).toBe('mine');
    expect(await read('src/tools/custom.ts')).toBe('mine too');
    expect(await read('node_modules/dep/index.js')).toBe('dep');
    expect(await read('node_modules/alias/index.js')).toBe('dep');
    expect(await siblings()).toEqual(['server']);
  });

  it('--clean removes user files', async () => {
    await writeOutput(out, v1);
    await writeFile(join(out, 'NOTES.md'), 'mine');
    const result = await writeOutput(out, v1, { clean: true });
    expect(result.written).toBe(true);
    await expect(stat(join(out, 'NOTES.md'))).rejects.toThrow();
    expect(await read('src/index.ts')).toBe('export const a = 1;\n');
  });

  it('touches nothing when the output is already up to date', async () => {
    await writeOutput(out, v1);
    const before = (await stat(join(out, 'src/index.ts'))).mtimeMs;
    const result = await writeOutput(out, v1);
    expect(result).toMatchObject({ written: false, unchanged: 4, added: [], changed: [], removed: [] });
    expect((await stat(join(out, 'src/index.ts'))).mtimeMs).toBe(before);
  });

  it.each([
    ['writeFile', 2],
    ['writeFile', 4],
    ['link', 1],
    ['rename', 2], // the new tree's rename into place fails after the old one was moved aside
  ] as const)('a failure in %s (call %i) leaves the previous output intact and no temp folders', async (op, nth) => {
    await writeOutput(out, v1);
    await writeFile(join(out, 'NOTES.md'), 'mine');
    const result = await writeOutput(out, v2, { fs: failingOn(op, nth) });
    expect(result.written).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG406']);
    expect(result.diagnostics[0]!.message).toContain('ENOSPC');
    expect(await read('src/index.ts')).toBe('export const a = 1;\n');
    expect(await read('src/tools/pets.ts')).toBe('export const pets = [];\n');
    expect(await read('NOTES.md')).toBe('mine');
    expect(await siblings()).toEqual(['server']);
  });

  it('a failure while creating a new directory leaves nothing behind', async () => {
    const result = await writeOutput(out, v1, { fs: failingOn('writeFile', 3) });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG406']);
    expect(await siblings()).toEqual([]);
  });

  it('refuses a non-empty directory without a manifest unless --clean', async () => {
    await mkdir(out);
    await writeFile(join(out, 'important.txt'), 'keep');
    const refused = await writeOutput(out, v1);
    expect(refused.diagnostics.map((d) => d.code)).toEqual(['MJG401']);
    expect(await readdir(out)).toEqual(['important.txt']);
    const forced = await writeOutput(out, v1, { clean: true });
    expect(forced.diagnostics).toEqual([]);
    await expect(stat(join(out, 'important.txt'))).rejects.toThrow();
  });

  it('writes into an existing empty directory', async () => {
    await mkdir(out);
    expect((await writeOutput(out, v1)).diagnostics).toEqual([]);
  });

  it('refuses an output path that is a symlink, and never writes through it', async () => {
    const real = join(root, 'elsewhere');
    await mkdir(real);
    await symlink(real, out);
    const result = await writeOutput(out, v1);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG402']);
    expect(await readdir(real)).toEqual([]);
  });

  it('does not follow a symlinked folder inside the output', async () => {
    await writeOutput(out, v1);
    const outside = join(root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await symlink(outside, join(out, 'linked'));
    const result = await writeOutput(out, v2);
    expect(result.diagnostics).toEqual([]);
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await read('linked/secret.txt')).toBe('secret'); // carried over as the same link
  });

  it('reports a user file standing where a generated file now goes', async () => {
    await writeOutput(out, v1);
    await writeFile(join(out, 'src/tools/owners.ts'), 'hand written');
    const result = await writeOutput(out, v2);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG404']);
    expect(await read('src/tools/owners.ts')).toBe('hand written');
  });

  it('refuses an unreadable manifest unless --clean', async () => {
    await writeOutput(out, v1);
    await writeFile(join(out, MANIFEST_PATH), '{not json');
    expect((await writeOutput(out, v2)).diagnostics.map((d) => d.code)).toEqual(['MJG403']);
    expect((await writeOutput(out, v2, { clean: true })).diagnostics).toEqual([]);
  });

  it.each(['../escape.ts', '/etc/passwd', 'a/./b.ts', 'a\\b.ts', MANIFEST_PATH])('rejects unsafe generated path %s', async (path) => {
    const result = await writeOutput(out, [{ path, contents: 'x' }]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MJG405']);
    expect(await siblings()).toEqual([]);
  });

  it('removes temp folders left by a killed earlier run', async () => {
    const stale = join(root, '.server.mcp-jobgen-tmp-999999999-deadbeef');
    await mkdir(stale);
    await writeOutput(out, v1);
    expect(await siblings()).toEqual(['server']);
  });

  it('a run killed between its two renames: the next run restores the previous output, user files included', async () => {
    await writeOutput(out, v1);
    await writeFile(join(out, 'NOTES.md'), 'mine');
    // What a kill -9 right after "rename the old directory aside" leaves behind.
    const { rename } = await import('node:fs/promises');
    await rename(out, join(root, '.server.mcp-jobgen-tmp-999999999-cafe-old'));
    await mkdir(join(root, '.server.mcp-jobgen-tmp-999999999-cafe'));
    const result = await writeOutput(out, v2);
    expect(result.diagnostics).toEqual([]);
    expect(result.removed).toEqual(['src/tools/pets.ts']);
    expect(await read('NOTES.md')).toBe('mine');
    expect(await read('src/index.ts')).toBe('export const a = 2;\n');
    expect(await siblings()).toEqual(['server']);
  });
});
