#!/usr/bin/env node
// The floor of generation, for `npm run bench`: what no generator can avoid. Start node, read the spec, parse it
// (JSON.parse, or js-yaml for YAML, as the load stage decides by the first significant character), and write the
// same number of files with the same sizes as a generator wrote (a manifest of relative paths and byte counts that
// the bench takes from our own output), into a fresh directory.
//   node scripts/benchFloor.mjs <spec> <manifest.json> <outDir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [spec, manifestPath, out] = process.argv.slice(2);
if (!spec || !manifestPath || !out) {
  console.error('usage: benchFloor.mjs <spec> <manifest.json> <outDir>');
  process.exit(2);
}
const text = readFileSync(spec, 'utf8');
const first = /\S/.exec(text)?.[0];
let document;
if (first === '{' || first === '[') document = JSON.parse(text);
else {
  // Loaded only for YAML, as the generator does not need it for JSON either; the same core schema the load stage uses.
  const { default: yaml } = await import('js-yaml');
  document = yaml.load(text, { schema: yaml.CORE_SCHEMA });
}
if (typeof document !== 'object' || document === null) throw new Error(`${spec} holds no document`);

/** @type {Array<[string, number]>} */
const files = JSON.parse(readFileSync(manifestPath, 'utf8'));
const made = new Set();
for (const [path, size] of files) {
  const target = join(out, path);
  const folder = dirname(target);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  writeFileSync(target, Buffer.alloc(size, 0x61));
}
