#!/usr/bin/env node
// `npm run build` step 2: bundle the compiled CLI (dist/src/cli/main.js, from tsc) into one module, dist/bundle/cli.js.
// Node 20 spends about 0.6 ms resolving and loading each of the ~120 modules of dist/src on every run; one file
// saves that. Packages stay external (they resolve from node_modules as before); modules loaded on demand
// (bundleRefs, validateDocument, explain, outputGuard) are inlined too, so the bundle needs nothing from dist/src.
// bin/mcp-jobgen.js runs the bundle only when it is at least as new as dist/src/cli/main.js, so a plain `tsc`
// build is never shadowed by a stale bundle.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = await rolldown({
  input: join(ROOT, 'dist', 'src', 'cli', 'main.js'),
  platform: 'node',
  // Bare specifiers (packages, node: builtins) are loaded at run time as before.
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  logLevel: 'warn',
});
await bundle.write({ file: join(ROOT, 'dist', 'bundle', 'cli.js'), format: 'esm', codeSplitting: false });
await bundle.close();
