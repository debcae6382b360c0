/**
 * The generated project's own test (src/test/smoke.test.ts) is run, not only type-checked: `node --test` over the
 * compiled project, as its `npm test` does after the build. A smoke test that cannot pass would otherwise be
 * found by the first user who runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, generateServer, PROJECT_TSC, REPO_ROOT, run } from '../support/generateServer.js';
import { connectStdio } from '../support/mcpHarness.js';

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

/**
 * The README's "Your own code" section, followed as an owner would: an entry point of their own beside
 * src/index.ts survives regeneration, compiles with the project, and serves the adjusted definition.
 */
describe("the README's own-code recipe", () => {
  it('an own src/main.ts is kept on regeneration, builds, and serves its adjusted definition', async () => {
    const server = await generateServer('fixtures/e2e/widgets.yaml', 'own-code');
    expect(readFileSync(join(server.dir, 'README.md'), 'utf8')).toMatch(/## Your own code[\s\S]*src\/main\.ts/);
    const own = [
      "import { runMain } from '../runtime/index.js';",
      "import { definition } from './definition.js';",
      '',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the owner's source text, holding a template literal
      'void runMain({ ...definition, instructions: `${definition.instructions}\\n\\nHouse rule: ask before deleting.` }, process.argv.slice(2));',
      '',
    ].join('\n');
    writeFileSync(join(server.dir, 'src', 'main.ts'), own);
    const again = await run(process.execPath, [CLI, join(REPO_ROOT, 'fixtures/e2e/widgets.yaml'), '-o', server.dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(server.dir, 'src', 'main.ts'), 'utf8')).toBe(own);
    const compile = await run(process.execPath, [PROJECT_TSC, '-p', server.dir]);
    expect(compile.code, compile.stdout + compile.stderr).toBe(0);
    const mcp = await connectStdio(
      { ...server, entry: join(server.dir, 'dist', 'main.js') },
      {
        API_BASE_URL: 'http://127.0.0.1:9',
      },
    );
    try {
      expect(mcp.client.getInstructions()).toMatch(/House rule: ask before deleting\./);
      expect(mcp.tools.length).toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
  });
});
