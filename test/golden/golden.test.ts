/**
 * Golden files: each `fixtures/golden/<name>/spec.yaml` goes through the real pipeline and must produce
 * exactly the committed `expected/` tree (UPDATE_GOLDENS=1 rewrites it: `npm run update-goldens`). The
 * goldens are then type-checked with tsc, because snapshots nobody compiles hide broken output.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emitRuntime } from '../../src/emit/emitRuntime.js';
import { GOLDEN_DIR, generateFixture, isRuntimeCopy, listFixtures, REPO_ROOT, readTree, writeTree } from './pipeline.js';

const UPDATE = process.env.UPDATE_GOLDENS === '1';
const fixtures = listFixtures();

describe.each(fixtures)('golden %s', (name) => {
  const expectedDir = join(GOLDEN_DIR, name, 'expected');

  it('generates exactly the committed files', async () => {
    const { files, diagnostics } = await generateFixture(name);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const own = files.filter((f) => !isRuntimeCopy(f.path));
    if (UPDATE) writeTree(expectedDir, own);
    const expected = readTree(expectedDir);
    expect(own.map((f) => f.path)).toEqual([...expected.keys()]);
    for (const file of own) expect(file.contents, `${name}/expected/${file.path}`).toBe(expected.get(file.path));
  });

  it('is byte-identical when generated twice', async () => {
    const [first, second] = [await generateFixture(name), await generateFixture(name)];
    expect(second.files).toEqual(first.files);
  });
});

describe('goldens type-check', () => {
  it('tsc --noEmit passes on every expected project plus the runtime', async () => {
    const root = join(REPO_ROOT, '.tmp', 'golden-tsc');
    const runtime = emitRuntime([]);
    expect(runtime.length).toBeGreaterThan(0);
    // One tsc program over all fixtures (each keeps its own generated tsconfig options): the SDK and zod
    // types are loaded once instead of once per fixture.
    // Each tsconfig.json starts with its project's header (JSON with comments, as tsc reads it).
    const withoutHeader = (text: string | undefined) => (text ?? '').replace(/^(\/\/.*\n)+/, '');
    const tsconfig = JSON.parse(withoutHeader(readTree(join(GOLDEN_DIR, fixtures[0]!, 'expected')).get('tsconfig.json')));
    const { outDir: _outDir, rootDir: _rootDir, ...compilerOptions } = tsconfig.compilerOptions;
    writeTree(root, [
      {
        path: 'tsconfig.json',
        contents: JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, include: fixtures.map((f) => `${f}/src`) }),
      },
    ]);
    for (const fixture of fixtures) {
      const expected = readTree(join(GOLDEN_DIR, fixture, 'expected'));
      expect(withoutHeader(expected.get('tsconfig.json')), `${fixture} uses the same tsconfig`).toBe(
        withoutHeader(readTree(join(GOLDEN_DIR, fixtures[0]!, 'expected')).get('tsconfig.json')),
      );
      writeTree(join(root, fixture), [...[...expected].map(([path, contents]) => ({ path, contents })), ...runtime]);
    }
    const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', root], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 300_000);
});
