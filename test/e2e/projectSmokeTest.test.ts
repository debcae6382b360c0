/**
 * The generated project's own test (src/test/smoke.test.ts) is run, not only type-checked: `node --test` over the
 * compiled project, as its `npm test` does after the build. A smoke test that cannot pass would otherwise be
 * found by the first user who runs it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateServer, run } from '../support/generateServer.js';

describe('the generated project smoke test', () => {
  it.each([
    ['fixtures/e2e/openai-batches.yaml', 'smoke-batches'],
    ['fixtures/e2e/widgets.yaml', 'smoke-widgets'],
  ])('%s: node --test passes all three tests', async (fixture, name) => {
    const server = await generateServer(fixture, name);
    const result = await run(process.execPath, ['--test', join('dist', 'test')], { cwd: server.dir, timeoutMs: 120_000 });
    expect(result.stdout + result.stderr).toMatch(/# pass 3\b/);
    expect(result.stdout).toMatch(/# fail 0\b/);
    expect(result.code).toBe(0);
  });
});
