#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm install` (prepare). `npm run build` also
// bundles it into one module (dist/bundle/cli.js, scripts/bundle.mjs), which loads faster than the ~120 modules of
// dist/src; the bundle is used only when it is at least as new as the tsc output, so a plain tsc build always wins.
import { statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// A generation run is short and cold: V8's optimising compiler spends its time inlining into big functions
// (toResponses alone took 79 ms to compile on GitHub's spec, 1.2 s of compile in all) while the main thread waits
// in slower tiers, and on two cores that compile competes with the GC's helpers. Without inlining the compile is
// 0.4 s and GitHub's generation 11 % faster in wall time, 18 % in CPU (openai.yaml: same wall, 7 % less CPU;
// paired runs, medians of 9-11, `npm run bench` for the figures). Set here, for this process only, before
// anything is compiled, so it changes no output; left alone when the user chose an inlining flag.
if (!`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.includes('turbo-inlining')) {
  setFlagsFromString('--no-turbo-inlining');
}

const mtime = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return -1;
  }
};
const bundled = mtime('../dist/bundle/cli.js') >= mtime('../dist/src/cli/main.js');
const { main } = await import(bundled ? '../dist/bundle/cli.js' : '../dist/src/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`mcp-jobgen: internal error: ${err?.stack ? err.stack : err}\n`);
    process.exitCode = 2;
  },
);
