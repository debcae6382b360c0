#!/usr/bin/env node
// The floor of generation, for `npm run bench`: what no generator can avoid. Start node, read the spec, parse it
// (JSON.parse, or js-yaml for YAML, as the load stage decides by the first significant character), and write the
// same number of files with the same sizes as a generator wrote (a manifest of relative paths and byte counts that
// the bench takes from our own output), into a fresh directory.
//   node scripts/benchFloor.mjs <spec> <manifest.json> <outDir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

const [spec, manifestPath, out] = process.argv.slice(2);
if (!spec || !manifestPath || !out) {
  console.error('usage: benchFloor.mjs <spec> <manifest.json> <outDir>');
  process.exit(2);
}
// The fastest decode we know, so the floor stays what cannot be avoided: readFileSync(spec, 'utf8') decodes byte
// by byte after the first non-ASCII character (~120 ms on GitHub's 13 MB spec); in 16 KB slices every slice
// without one is copied as Latin-1 (~10 ms). The load stage reads the same way (src/load/readText.ts).
const bytes = readFileSync(spec);
const decoder = new StringDecoder('utf8');
let text = '';
for (let start = 0; start < bytes.length; start += 16 * 1024) text += decoder.write(bytes.subarray(start, start + 16 * 1024));
text += decoder.end();
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
