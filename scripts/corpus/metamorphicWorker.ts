/**
 * Worker thread of metamorphic.ts: for one spec, detection on the spec as written and on each rewrite of it
 * (metamorphicTransforms.ts), every one scored against the original's ground truth, its paths read back as the original's (a rewrite that moves paths says where each went). A rewrite is written to a
 * temporary file and loaded from there, so that it goes through the same load stage as the original.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, threadId } from 'node:worker_threads';
import { specTruth } from './corpusTruth.js';
import { measureWithTruth, type SpecMeasure } from './measureSpec.js';
import { type Json, rewrite, type TransformName } from './metamorphicTransforms.js';

export interface MetamorphicRequest {
  file: string;
  absolute: string;
  transforms: TransformName[];
  seed: number;
  /** A folder the caller made (and removes) for the rewritten files. */
  scratch: string;
}
/** The spec as written (`base`) and each rewrite, by transform name. */
export type MetamorphicResult = { base: SpecMeasure } & Partial<Record<TransformName, SpecMeasure>>;

parentPort!.on('message', async (msg: MetamorphicRequest) => {
  const text = readFileSync(msg.absolute, 'utf8');
  const spec = JSON.parse(text) as Json;
  const truth = specTruth(spec);
  const result: MetamorphicResult = { base: await measureWithTruth(msg.file, truth, msg.absolute) };
  const rewritten = path.join(msg.scratch, `${threadId}.json`);
  for (const name of msg.transforms) {
    const out = rewrite(name, spec, { file: msg.file, seed: msg.seed });
    writeFileSync(rewritten, JSON.stringify(out.spec));
    result[name] = await measureWithTruth(msg.file, truth, rewritten, performance.now(), out.originalPath);
  }
  parentPort!.postMessage(result);
});
