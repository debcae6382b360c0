/**
 * The generator states the runtime's defaults in generated text (README env table, server instructions) but
 * cannot import templates/runtime at generation time, so it keeps its own copies. These checks keep the copies
 * equal to what the runtime really does.
 */
import { describe, expect, it } from 'vitest';
import { emitProject } from '../../../src/emit/index.js';
import { DEFAULT_WAIT_MAX_MS } from '../../../src/emit/job-text.js';
import { DEFAULT_DEDUPE_WINDOW_MS } from '../../../src/emit/options.js';
import {
  DEFAULT_RETENTION_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  DEFAULT_WAIT_MAX_MS as RUNTIME_WAIT_MAX_MS,
} from '../../../templates/runtime/config.js';
import { DEFAULT_DEDUPE_WINDOW_MS as RUNTIME_DEDUPE_WINDOW_MS } from '../../../templates/runtime/idempotency.js';
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
  });
});
