/**
 * One spec rewritten by one metamorphic transform (metamorphicTransforms.ts), to look at a flip that
 * `npm run corpus:metamorphic` lists: `node dist/scripts/corpus/rewriteSpec.js <transform> <api path> <out.json>
 * [--seed n]`, then `node bin/mcp-jobgen.js explain <out.json>` beside the original.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot, flag } from './corpusArgs.js';
import { type Json, TRANSFORMS, type TransformName } from './metamorphicTransforms.js';

const [name, file, out] = process.argv.slice(2).filter((a, i, all) => a !== '--seed' && all[i - 1] !== '--seed');
if (name === undefined || file === undefined || out === undefined || !(name in TRANSFORMS)) {
  console.error(`usage: rewriteSpec.js <${Object.keys(TRANSFORMS).join('|')}> <spec path under api/> <out.json> [--seed n]`);
  process.exit(2);
}
const spec = JSON.parse(readFileSync(path.join(apiRoot, file), 'utf8')) as Json;
writeFileSync(out, JSON.stringify(TRANSFORMS[name as TransformName](spec, { file, seed: Number(flag('--seed', '1')) }), null, 1));
