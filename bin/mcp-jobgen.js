#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm install` (prepare). `npm run build` also
// bundles it into one module (dist/bundle/cli.js, scripts/bundle.mjs), which loads faster than the ~120 modules of
// dist/src; the bundle is used only when it is at least as new as the tsc output, so a plain tsc build always wins.
import { statSync } from 'node:fs';
import './jitFlags.js';

/** @param {string} path relative to this file */
const mtime = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return -1;
  }
};
// A reader that closes the pipe early (`mcp-jobgen --help | head -1`) has all it wanted: end quietly, as Unix
// tools do, rather than with an unhandled EPIPE and its stack.
process.stdout.on('error', (/** @type {NodeJS.ErrnoException} */ err) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(0);
});

const bundled = mtime('../dist/bundle/cli.js') >= mtime('../dist/src/cli/main.js');
const { main } = await import(bundled ? '../dist/bundle/cli.js' : '../dist/src/cli/main.js');

main(process.argv.slice(2)).then(
  (/** @type {number} */ code) => {
    process.exitCode = code;
  },
  // Whatever was thrown: an Error's stack, else the value itself.
  (/** @type {any} */ err) => {
    process.stderr.write(`mcp-jobgen: internal error: ${err?.stack ? err.stack : err}\n`);
    process.exitCode = 2;
  },
);
