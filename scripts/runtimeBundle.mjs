#!/usr/bin/env node
// `npm run build` step 3: bundle the compiled runtime (dist/templates/runtime/index.js and every module it reaches,
// from tsc) into one module, dist/bundle/runtime.js, which emit ships as a generated project's `runtime/index.js`
// (src/emit/emitRuntime.ts). A generated server's cold start is mostly module loading: Node 20 resolves, reads and
// links the runtime's ~120 modules one by one before the first tools/list; one module is one read and one link
// (issue 25: GitHub's static cold start to the first list, CPU 1.45x the peer's before). The store backends and the
// metrics module that the runtime imports on use are inlined too (one file, nothing else to ship), and stay
// unevaluated until used: V8 only pre-parses a function it has not called.
// zod and the MCP server SDK are inlined as well (BUNDLED_PACKAGES in templates/runtime/defaults.ts): from
// node_modules, zod loads its 64 locale modules with any entry point and the SDK its own chunks, on every start;
// inlined, only what the runtime reaches is there (GitHub static, whole process: 0.88x the CPU of the bundle
// without them). The build refuses a bundle whose inlined packages or versions differ from that table, which the
// generated package.json pins as devDependencies (the types its tsc reads). Every other package (the store drivers,
// pino, prom-client, re2js, aws4) and node: built-ins stay external, resolved from the project's node_modules at run
// time. The declarations (`.d.ts`) still ship per file, so the project's tsc types the generated code against them.
// test/support/generateServer.ts runs this too when the bundle is older than the compiled runtime.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the package build puts the bundle; emitRuntime reads it from there. */
export const RUNTIME_BUNDLE = join(ROOT, 'dist', 'bundle', 'runtime.js');
const COMPILED_RUNTIME = join(ROOT, 'dist', 'templates', 'runtime');

/** The package a bare specifier names: `zod/v4` → `zod`, `@scope/pkg/sub` → `@scope/pkg`. */
export const packageOf = (/** @type {string} */ specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The package a resolved module file belongs to and that package's root: the last `node_modules` segment of its
 * path (a nested copy, as the server SDK's own core, is its own package); null outside node_modules.
 * @param {string} file
 * @returns {{ name: string, root: string } | null}
 */
export function packageOfFile(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const name = parts.slice(at + 1, parts[at + 1]?.startsWith('@') ? at + 3 : at + 2).join('/');
  return { name, root: parts.slice(0, at + 1).join(sep) + sep + name };
}

/**
 * What the bundle inlined: each package's name and the version its package.json says, sorted by name.
 * @param {string[]} moduleIds the files rolldown put into the bundle
 * @returns {Array<{ package: string, version: string }>}
 */
export function inlinedPackages(moduleIds) {
  /** @type {Map<string, string>} name@root → version */
  const found = new Map();
  for (const id of moduleIds) {
    const pkg = packageOfFile(id);
    if (!pkg) continue;
    const { version } = /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(pkg.root, 'package.json'), 'utf8')));
    found.set(`${pkg.name}@${version}`, version);
  }
  return [...found]
    .map(([key, version]) => ({ package: key.slice(0, key.lastIndexOf('@')), version }))
    .sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
}

/** Bundles dist/templates/runtime into RUNTIME_BUNDLE; the same input gives the same bytes (goldens, --check). */
export async function bundleRuntime() {
  /** @type {typeof import('../templates/runtime/defaults.js')} */
  const { BUNDLED_PACKAGES } = await import(pathToFileURL(join(COMPILED_RUNTIME, 'defaults.js')).href);
  const inline = new Set(BUNDLED_PACKAGES.map((p) => /** @type {string} */ (p.package)));
  const bundle = await rolldown({
    input: join(COMPILED_RUNTIME, 'index.js'),
    platform: 'node',
    // Bare specifiers (packages, node: builtins) are loaded at run time, from the generated project's node_modules,
    // except the packages compiled in.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !inline.has(packageOf(id)),
    logLevel: 'warn',
  });
  const { output } = await bundle.generate({ format: 'esm', codeSplitting: false });
  await bundle.close();
  const [chunk] = output;
  const inlined = inlinedPackages(chunk.moduleIds);
  const expected = JSON.stringify([...BUNDLED_PACKAGES]);
  // Checked before writing: a bundle that does not match the table never reaches a project.
  if (JSON.stringify(inlined) !== expected)
    throw new Error(
      `runtimeBundle: the bundle inlined ${JSON.stringify(inlined)}, but BUNDLED_PACKAGES (templates/runtime/defaults.ts) says ${expected}: update the table (the generated package.json pins it) or the installed packages`,
    );
  mkdirSync(dirname(RUNTIME_BUNDLE), { recursive: true });
  writeFileSync(RUNTIME_BUNDLE, chunk.code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleRuntime();
