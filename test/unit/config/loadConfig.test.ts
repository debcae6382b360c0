import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/loadConfig.js';
import { mergeConfig } from '../../../src/config/mergeConfig.js';

const fixtures = resolve(import.meta.dirname, '../../../fixtures/config');
const cwd = resolve(import.meta.dirname, '../../..');

describe('loadConfig discovery and formats', () => {
  it('finds a JSON config beside the spec and keeps every value', async () => {
    const loaded = await loadConfig({ spec: join(fixtures, 'json/spec.yaml'), cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.file).toBe(join(fixtures, 'json/mcp-jobgen.config.json'));
    expect(loaded.config).toMatchObject({
      include: ['exports'],
      rename: { createExport: 'start_export' },
      packageName: 'tiny-jobs-mcp',
      operations: { listPets: false },
      jobs: { export: { states: { in_progress: 'running' }, expectedDurationMs: 60000 } },
    });
  });

  it('loads a TypeScript config named with --config on Node 20 by stripping its types, leaving no temp file', async () => {
    const loaded = await loadConfig({ spec: join(fixtures, 'ts/spec.yaml'), config: join(fixtures, 'ts/mcp-jobgen.config.ts'), cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.config).toEqual({ include: ['exports'], packageName: 'from-ts' });
    expect((await readdir(join(fixtures, 'ts'))).sort()).toEqual(['mcp-jobgen.config.ts', 'spec.yaml']);
  });

  it('loads an ES module named with --config exporting an async function', async () => {
    const loaded = await loadConfig({ spec: join(fixtures, 'mjs/spec.yaml'), config: join(fixtures, 'mjs/mcp-jobgen.config.mjs'), cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.config).toEqual({ exclude: ['listPets'], packageName: 'from-mjs' });
  });

  it('with several config files, uses the first by priority and warns', async () => {
    const loaded = await loadConfig({ spec: join(fixtures, 'several/spec.yaml'), cwd });
    expect(loaded.config.packageName).toBe('from-json');
    expect(loaded.diagnostics.map((d) => [d.code, d.severity])).toEqual([['MJG314', 'warning']]);
  });

  it('reports a YAML syntax error with its line, and no stack', async () => {
    const loaded = await loadConfig({ spec: join(fixtures, 'broken-yaml/spec.yaml'), cwd });
    expect(loaded.diagnostics).toHaveLength(1);
    expect(loaded.diagnostics[0]).toMatchObject({ code: 'MJG311', file: 'fixtures/config/broken-yaml/mcp-jobgen.config.yml' });
    expect(loaded.diagnostics[0]!.message).toMatch(/line 3/);
    expect(loaded.diagnostics[0]!.message).not.toMatch(/\n\s+at /);
  });

  it('an explicit --config that does not exist is MJG310', async () => {
    const loaded = await loadConfig({ config: 'nope.json', cwd });
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['MJG310']);
  });

  it('no config beside the spec is fine', async () => {
    expect(await loadConfig({ spec: join(fixtures, 'spec.yaml'), cwd })).toEqual({ config: {}, diagnostics: [] });
  });

  it('resolves spec and output relative to the config file', async () => {
    const loaded = await loadConfig({ config: 'fixtures/config/spec-in-config/mcp-jobgen.config.json', cwd });
    expect(loaded.config.spec).toBe(join(fixtures, 'spec-in-config/api/tiny.yaml'));
    expect(loaded.config.output).toBe(join(fixtures, 'spec-in-config/generated/tiny'));
    const merged = await mergeConfig(loaded.config, {}, cwd);
    expect(merged.diagnostics).toEqual([]);
    expect(merged.config?.spec).toBe(join(fixtures, 'spec-in-config/api/tiny.yaml'));
  });
});

describe('mergeConfig: flags override the file', () => {
  const file = { include: ['a'], packageName: 'file-name', rename: { x: 'from_file', y: 'y_file' }, spec: join(fixtures, 'spec.yaml') };

  it('flags replace scalars and lists; renames merge with the flag winning', async () => {
    const merged = await mergeConfig(file, { include: ['b'], rename: { x: 'from_flag' }, packageName: undefined }, cwd);
    expect(merged.config).toMatchObject({ include: ['b'], packageName: 'file-name', rename: { x: 'from_flag', y: 'y_file' } });
  });

  it('a spec flag is resolved from the working directory', async () => {
    const merged = await mergeConfig({}, { spec: 'fixtures/config/spec.yaml' }, cwd);
    expect(merged.config?.spec).toBe(join(fixtures, 'spec.yaml'));
  });

  it.each([
    [{}, 'MJG332'],
    [{ spec: 'fixtures/config/missing.yaml' }, 'MJG333'],
  ])('%j → %s', async (flags, code) => {
    const merged = await mergeConfig({}, flags, cwd);
    expect(merged.config).toBeUndefined();
    expect(merged.diagnostics.map((d) => d.code)).toEqual([code]);
  });
});
