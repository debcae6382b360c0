#!/usr/bin/env node
// Thin launcher: the CLI lives in src/cli and is compiled to dist/ by `npm install` (prepare).
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`mcp-jobgen: internal error: ${err?.stack ? err.stack : err}\n`);
    process.exitCode = 2;
  },
);
