/** Worker thread of runCorpus: measures the specs it is sent, one at a time, and posts each result back. */
import { parentPort } from 'node:worker_threads';
import { measureSpec } from './measureSpec.js';

parentPort!.on('message', async (msg: { file: string; absolute: string }) => {
  parentPort!.postMessage(await measureSpec(msg.file, msg.absolute));
});
