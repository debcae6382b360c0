#!/usr/bin/env node
// Where generation's time goes, for `npm run bench`: one process runs the library pipeline (dist/src/index.js)
// `rounds` times on one spec and prints, per round, the milliseconds of each stage (load, build, detect, emit)
// as JSON. Round 0 is what a CLI run pays (cold: modules just loaded, nothing compiled by the JIT yet); later
// rounds show the algorithm itself once warm. Writing is not included (the bench times whole runs for that).
//   node scripts/benchStages.mjs <spec> [rounds]
// The CLI's V8 flags (bin/jitFlags.js), so that round 0 is what a CLI run pays.
import '../bin/jitFlags.js';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const [spec, roundsArg] = process.argv.slice(2);
if (!spec) {
  console.error('usage: benchStages.mjs <spec> [rounds]');
  process.exit(2);
}
const importStarted = performance.now();
const { generate } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'index.js')).href);
const importMs = performance.now() - importStarted;
/** @type {Array<Record<string, number>>} */
const rounds = [];
for (let r = 0; r < (Number(roundsArg) || 3); r++) {
  /** @type {Record<string, number>} */
  const stages = {};
  /** @type {string | null} */
  let current = null;
  let since = performance.now();
  const started = since;
  const onStage = (/** @type {string} */ stage) => {
    const now = performance.now();
    if (current) stages[current] = now - since;
    current = stage;
    since = now;
  };
  // output is only resolved, never written: generate() returns the files in memory.
  await generate({ spec, output: join(ROOT, '.tmp', 'bench', 'stages-unwritten') }, { onStage });
  const now = performance.now();
  if (current) stages[current] = now - since;
  rounds.push({ ...stages, total: now - started });
}
console.log(JSON.stringify({ importMs, rounds }));
