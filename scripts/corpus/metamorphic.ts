/**
 * `npm run corpus:metamorphic`: do the detection rules survive a spec said differently? Each spec of the
 * development list is rewritten in ways that keep its meaning (metamorphicTransforms.ts), detection runs on the
 * spec and on each rewrite, and every difference is listed: labelled starts found or lost, polls changed, traps or
 * no-signal specs that gain a family, and every spec whose families differ. `noDescriptions` can change meaning; its
 * figures say how much detection rides on prose.
 *
 * Flags: those of `npm run corpus` (--list, --root, --only, --workers), --timeout <ms per detection> (default 60000: a
 * spec's bound is that times one plus the number of rewrites, since one worker message detects them all),
 * --transforms a,b (default: all),
 * --seed n (default 1), --json <out> (default .tmp/metamorphic.json), --changes (list every spec whose families changed,
 * with the signatures on each side).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRoot, CORPUS_DIR, flag, listFile, only, REPO_ROOT } from './corpusArgs.js';
import { readCorpusList } from './corpusList.js';
import { runPool } from './corpusPool.js';
import { LABEL_SETS, readLabels } from './labelScore.js';
import { hungMeasure, type SpecMeasure } from './measureSpec.js';
import { compareRuns, type Flips } from './metamorphicCompare.js';
import { MEANING_PRESERVING, TRANSFORMS, type TransformName } from './metamorphicTransforms.js';
import type { MetamorphicRequest, MetamorphicResult } from './metamorphicWorker.js';
import { type CorpusSummary, summarize } from './summarize.js';

const perDetectionMs = Number(flag('--timeout', '60000'));
const workers = Math.max(1, Number(flag('--workers', '1')));
const seed = Number(flag('--seed', '1'));
const jsonOut = flag('--json', path.join(REPO_ROOT, '.tmp', 'metamorphic.json'));
const showChanges = process.argv.includes('--changes');
const transforms = flag('--transforms', Object.keys(TRANSFORMS).join(','))
  .split(',')
  .filter((t) => t !== '') as TransformName[];
for (const t of transforms) if (!(t in TRANSFORMS)) throw new Error(`unknown transform ${t}; known: ${Object.keys(TRANSFORMS).join(', ')}`);

// One worker message runs the spec as written and every rewrite: its bound grows with them (graph-beta's 19 detections
// passed a fixed 300 s on a loaded machine).
const timeoutMs = perDetectionMs * (1 + transforms.length);

const files = readCorpusList(readFileSync(listFile, 'utf8')).filter((f) => f.includes(only));
const labels = readLabels(path.join(REPO_ROOT, 'fixtures', 'corpus', 'labels'));
const scratch = mkdtempSync(path.join(tmpdir(), 'mcp-jobgen-metamorphic-'));

const t0 = performance.now();
let results: MetamorphicResult[];
try {
  results = await runPool<MetamorphicResult>({
    files,
    workerFile: path.join(CORPUS_DIR, 'metamorphicWorker.js'),
    workers,
    timeoutMs,
    message: (file): MetamorphicRequest => ({ file, absolute: path.join(apiRoot, file), transforms, seed, scratch }),
    hung: (file, reason) => ({
      base: hungMeasure(file, reason, timeoutMs),
      ...Object.fromEntries(transforms.map((t) => [t, hungMeasure(file, reason, timeoutMs)])),
    }),
    onResult: (_r, done) => {
      if (done % 100 === 0) process.stderr.write(`metamorphic: ${done}/${files.length}\n`);
    },
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** One line of figures, the way `npm run corpus` prints them. */
function figures(measures: readonly SpecMeasure[]): string {
  const s: CorpusSummary = summarize([...measures], labels);
  const sets = LABEL_SETS.map((set) => {
    const x = s.labels!.sets[set];
    return `${set} ${x.found}/${x.total} (poll ${x.linked})`;
  });
  return [
    ...sets,
    `traps ${s.labels!.traps.withFamily}/${s.labels!.traps.specs}`,
    `no-signal ${s.noSignal.withFamily}/${s.noSignal.specs}`,
    `families ${measures.reduce((n, m) => n + m.families, 0)}`,
    `crashes ${s.crashes.length}`,
  ].join(' | ');
}
const measuresOf = (t: 'base' | TransformName) => results.map((r) => r[t] ?? r.base);

const base = figures(measuresOf('base'));
const lines = [
  `metamorphic corpus: ${files.length} specs, transforms ${transforms.join(', ')}, seed ${seed}, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  `  as written: ${base}`,
];
const report: Record<string, { figures: string; flips: Flips }> = {};
for (const t of transforms) {
  const flips = compareRuns(labels, measuresOf('base'), measuresOf(t));
  const line = figures(measuresOf(t));
  report[t] = { figures: line, flips };
  const kind = MEANING_PRESERVING.includes(t) ? 'same meaning' : 'may change meaning';
  lines.push(
    `  ${t} (${kind}): ${line}`,
    `    specs whose families changed ${flips.changed.length}; starts lost ${flips.lost.length}, found ${flips.found.length}; polls lost ${flips.pollLost.length}, found ${flips.pollFound.length}; traps gaining a family ${flips.trapsGained.length}; no-signal gaining ${flips.noSignalGained.length}`,
    ...flips.lost.map((x) => `    lost ${x}`),
    ...flips.found.map((x) => `    found ${x}`),
    ...flips.pollLost.map((x) => `    poll lost ${x}`),
    ...flips.pollFound.map((x) => `    poll found ${x}`),
    ...flips.trapsGained.map((x) => `    trap gains a family ${x}`),
    ...flips.noSignalGained.map((x) => `    no-signal gains a family ${x}`),
    ...(showChanges
      ? flips.changed.flatMap((c) => [
          `    changed ${c.file}`,
          ...c.before.map((f) => `      - ${f}`),
          ...c.after.map((f) => `      + ${f}`),
        ])
      : []),
  );
}
console.log(lines.join('\n'));
mkdirSync(path.dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ seed, transforms, base, report }, null, 1)}\n`);
console.log(`  flips per transform: ${path.relative(process.cwd(), jsonOut)}`);
