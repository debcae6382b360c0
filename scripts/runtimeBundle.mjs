#!/usr/bin/env node
// `npm run build` step 3: bundle the compiled runtime (dist/templates/runtime/index.js and every module it reaches,
// from tsc) into one module, dist/bundle/runtime.js, which emit ships as a generated project's `runtime/index.js`
// (src/emit/emitRuntime.ts). A generated server's cold start is mostly module loading: Node 20 resolves, reads and
// links the runtime's ~120 modules one by one before the first tools/list; one module is one read and one link
// (issue 25: GitHub's static cold start to the first list, CPU 1.45x the peer's before). The store backends and the
// metrics module that the runtime imports on use are inlined too (one file, nothing else to ship), and stay
// unevaluated until used: V8 only pre-parses a function it has not called. Packages and node: built-ins stay
// external, resolved from the project's node_modules at run time as before. The declarations (`.d.ts`) still ship
// per file, so the project's tsc types the generated code against them exactly as before.
// test/support/generateServer.ts runs this too when the bundle is older than the compiled runtime.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the package build puts the bundle; emitRuntime reads it from there. */
export const RUNTIME_BUNDLE = join(ROOT, 'dist', 'bundle', 'runtime.js');

/** Bundles dist/templates/runtime into RUNTIME_BUNDLE; the same input gives the same bytes (goldens, --check). */
export async function bundleRuntime() {
  const bundle = await rolldown({
    input: join(ROOT, 'dist', 'templates', 'runtime', 'index.js'),
    platform: 'node',
    // Bare specifiers (packages, node: builtins) are loaded at run time, from the generated project's node_modules.
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    logLevel: 'warn',
  });
  await bundle.write({ file: RUNTIME_BUNDLE, format: 'esm', codeSplitting: false });
  await bundle.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleRuntime();
