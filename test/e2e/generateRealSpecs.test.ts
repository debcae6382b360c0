// Issue 2 quality bar: every real spec in fixtures/real and GitHub's 13 MB spec generate without error, and
// each generated project type-checks with `tsc --noEmit`. Run one after another: two cores, and GitHub's
// type-check alone takes a while.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_TMP, ensureGeneratorBuilt, REPO_ROOT, run, typecheckProject } from '../support/generateServer.js';

const REAL = join(REPO_ROOT, 'fixtures', 'real');
const GITHUB = join(REPO_ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
/** Specs that are expected to fail with a coded diagnostic instead of generating (a remote $ref offline). */
const MUST_FAIL = new Set(['ogcapi-processes-multifile']);

/** A spec file, or a folder's root document (the one not referenced by its siblings is named in its README). */
function realSpecs(): Array<{ name: string; path: string }> {
  if (!existsSync(REAL)) return [];
  return readdirSync(REAL, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile() && /\.(ya?ml|json)$/.test(entry.name))
      return [{ name: entry.name.replace(/\.(ya?ml|json)$/, ''), path: join(REAL, entry.name) }];
    if (!entry.isDirectory()) return [];
    const dir = join(REAL, entry.name);
    const candidates = [join(dir, 'openapi', `${entry.name.replace(/-multifile$/, '')}.yaml`), join(dir, 'backuprestore.json')];
    const root = candidates.find((p) => existsSync(p));
    return root ? [{ name: entry.name, path: root }] : [];
  });
}

async function generate(spec: string, name: string) {
  const dir = join(E2E_TMP, 'real', name);
  const res = await run(process.execPath, [join(REPO_ROOT, 'bin', 'mcp-jobgen.js'), spec, '-o', dir], { timeoutMs: 300_000 });
  return { dir, res };
}

describe('real specs generate and type-check', () => {
  it('finds the real spec fixtures', () => {
    expect(realSpecs().length).toBeGreaterThanOrEqual(12);
  });

  it.each(realSpecs())(
    '$name',
    async ({ name, path }) => {
      await ensureGeneratorBuilt();
      const { dir, res } = await generate(path, name);
      if (MUST_FAIL.has(name)) {
        // A coded diagnostic naming the remote ref and the file holding it; no stack trace, no hang.
        const said = res.stderr + res.stdout;
        expect(res.code).not.toBe(0);
        expect(said).toMatch(/MJG\d+/);
        expect(said).toMatch(/https:\/\/\S+\.ya?ml/);
        expect(said).toMatch(/ogcapi-processes-multifile\/\S+\.yaml/);
        expect(said).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
        return;
      }
      expect(res.code, res.stderr).toBe(0);
      const tsc = await typecheckProject(dir);
      expect(tsc.code, tsc.stdout.slice(0, 4000)).toBe(0);
    },
    600_000,
  );

  it('GitHub (1,223 operations) generates and type-checks', async () => {
    await ensureGeneratorBuilt();
    const { dir, res } = await generate(GITHUB, 'github');
    expect(res.code, res.stderr).toBe(0);
    const tsc = await typecheckProject(dir, 900_000);
    expect(tsc.code, tsc.stdout.slice(0, 4000)).toBe(0);
  }, 1_200_000);
});
