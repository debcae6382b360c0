/**
 * The generator quotes the runtime's defaults in generated text (README env table) from the one module both
 * sides import (templates/runtime/defaults.ts). These checks keep the generated text equal to what the runtime
 * really applies and documents every env var it reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { createDetection, createModel, createOperation } from '../../../src/model/factories.js';
import {
  DEFAULT_BACKGROUND_TIMEOUT_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_PROMOTE_AFTER_MS,
  DEFAULT_RETENTION_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_START_WAIT_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_WAIT_MAX_MS,
  withArticle,
} from '../../../templates/runtime/defaults.js';

describe('runtime defaults quoted by the generator', () => {
  it('the generated README quotes the runtime default of each env var it documents', () => {
    const model = createModel([createOperation('GET', '/pets', { operationId: 'listPets' })]);
    const readme = emitProject(model, createDetection(), {}).files.find((f) => f.path === 'README.md')!.contents;
    const defaultOf = (name: string) => readme.match(new RegExp(`\\| \`${name}\` \\|[^\\n]*?Default: (\\d+)`))?.[1];
    expect(defaultOf('UPSTREAM_TIMEOUT_MS')).toBe(String(DEFAULT_UPSTREAM_TIMEOUT_MS));
    expect(defaultOf('JOB_RETENTION_MS')).toBe(String(DEFAULT_RETENTION_MS));
    expect(defaultOf('JOB_WAIT_MAX_MS')).toBe(String(DEFAULT_WAIT_MAX_MS));
    expect(defaultOf('JOB_START_WAIT_MS')).toBe(String(DEFAULT_START_WAIT_MS));
    expect(defaultOf('JOB_SHUTDOWN_GRACE_MS')).toBe(String(DEFAULT_SHUTDOWN_GRACE_MS));
    expect(defaultOf('JOB_PROMOTE_AFTER_MS')).toBe(String(DEFAULT_PROMOTE_AFTER_MS));
    expect(defaultOf('JOB_BACKGROUND_TIMEOUT_MS')).toBe(String(DEFAULT_BACKGROUND_TIMEOUT_MS));
    expect(defaultOf('JOB_LEASE_MS')).toBe(String(DEFAULT_LEASE_MS));
  });

  it('the generated README documents every environment variable the runtime reads', () => {
    const model = createModel([createOperation('GET', '/pets', { operationId: 'listPets' })]);
    const readme = emitProject(model, createDetection(), {}).files.find((f) => f.path === 'README.md')!.contents;
    const runtimeDir = new URL('../../../templates/runtime/', import.meta.url);
    const read = (dir: URL): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? read(new URL(`${e.name}/`, dir)) : e.name.endsWith('.ts') ? [readFileSync(new URL(e.name, dir), 'utf8')] : [],
      );
    const names = new Set(read(runtimeDir).flatMap((src) => [...src.matchAll(/\b(?:JOB|API|UPSTREAM|MCP)_[A-Z_]+\b/g)].map((m) => m[0])));
    expect(names.size).toBeGreaterThan(8);
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
  });
});

describe('the article before a family title, written by the README and the tool descriptions alike', () => {
  it.each([
    ['Operation', 'an Operation'],
    ['Export Task', 'an Export Task'],
    ['Build', 'a Build'],
    ['Update', 'an Update'],
    ['Upload', 'an Upload'],
    ['Uninstall', 'an Uninstall'],
    ['Unit', 'a Unit'],
    ['User Import', 'a User Import'],
    ['Usage Report', 'a Usage Report'],
    ['Job', 'a Job'],
  ])('%s', (title, expected) => {
    expect(withArticle(title)).toBe(expected);
  });
});
