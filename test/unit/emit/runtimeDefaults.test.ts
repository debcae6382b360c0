/**
 * The generator states the runtime's defaults in generated text (README env table, server instructions) but
 * cannot import templates/runtime at generation time, so it keeps its own copies. These checks keep the copies
 * equal to what the runtime really does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { DEFAULT_WAIT_MAX_MS } from '../../../src/emit/jobText.js';
import { DEFAULT_DEDUPE_WINDOW_MS } from '../../../src/emit/options.js';
import {
  DEFAULT_RETENTION_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_START_WAIT_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_WAIT_MAX_MS as RUNTIME_WAIT_MAX_MS,
} from '../../../templates/runtime/core/config.js';
import { DEFAULT_DEDUPE_WINDOW_MS as RUNTIME_DEDUPE_WINDOW_MS } from '../../../templates/runtime/core/idempotency.js';
import { createModel, createOperation, noJobs } from './factories.js';

describe('runtime defaults quoted by the generator', () => {
  it('the wait_ms cap and the dedupe window are the runtime defaults', () => {
    expect(DEFAULT_WAIT_MAX_MS).toBe(RUNTIME_WAIT_MAX_MS);
    expect(DEFAULT_DEDUPE_WINDOW_MS).toBe(RUNTIME_DEDUPE_WINDOW_MS);
  });

  it('the generated README quotes the runtime default of each env var it documents', () => {
    const model = createModel([createOperation('GET', '/pets', { operationId: 'listPets' })]);
    const readme = emitProject(model, noJobs(), {}).files.find((f) => f.path === 'README.md')!.contents;
    const defaultOf = (name: string) => readme.match(new RegExp(`\\| \`${name}\` \\|[^\\n]*?Default: (\\d+)`))?.[1];
    expect(defaultOf('UPSTREAM_TIMEOUT_MS')).toBe(String(DEFAULT_UPSTREAM_TIMEOUT_MS));
    expect(defaultOf('JOB_RETENTION_MS')).toBe(String(DEFAULT_RETENTION_MS));
    expect(defaultOf('JOB_WAIT_MAX_MS')).toBe(String(RUNTIME_WAIT_MAX_MS));
    expect(defaultOf('JOB_START_WAIT_MS')).toBe(String(DEFAULT_START_WAIT_MS));
    expect(defaultOf('JOB_SHUTDOWN_GRACE_MS')).toBe(String(DEFAULT_SHUTDOWN_GRACE_MS));
  });

  it('the generated README documents every environment variable the runtime reads', () => {
    const model = createModel([createOperation('GET', '/pets', { operationId: 'listPets' })]);
    const readme = emitProject(model, noJobs(), {}).files.find((f) => f.path === 'README.md')!.contents;
    const runtimeDir = new URL('../../../templates/runtime/', import.meta.url);
    const read = (dir: URL): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? read(new URL(`${e.name}/`, dir)) : e.name.endsWith('.ts') ? [readFileSync(new URL(e.name, dir), 'utf8')] : [],
      );
    const names = new Set(read(runtimeDir).flatMap((src) => [...src.matchAll(/\b(?:JOB|API|UPSTREAM)_[A-Z_]+\b/g)].map((m) => m[0])));
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
  });
});
