/**
 * `runtime/**`: the runtime kept in this repo under `templates/runtime/`, shipped into every project precompiled:
 * `runtime/index.js` is the whole runtime as one module (the package build's `scripts/runtimeBundle.mjs` bundles
 * tsc's output, `dist/templates/runtime`, into `dist/bundle/runtime.js`), and each `x.ts` ships its declarations,
 * `runtime/x.d.ts` as tsc wrote them; each below a header that names its source and the command that regenerates
 * the project; every other file (the READMEs) is copied. Why compiled: the runtime is the same library in every
 * project, and type-checking its sources cost every project ~3 s of its own `tsc` (a one-operation spec's project:
 * 5.0 s → 2.1 s); `skipLibCheck` skips the declarations, while the generated code is still checked against them.
 * Why one module: a cold start spent most of its time resolving, reading and linking ~120 runtime modules one by
 * one (issue 25); the generated code imports every runtime value from `runtime/index.js` (only the bin imports one
 * file before it, `runtime/core/nursery.js`, shipped compiled on its own too: STANDALONE). The runtime sources are
 * type-checked here, with the generated tsconfig's options too (test/golden/golden.test.ts). `runtime/` sits beside
 * `src/`, so `../runtime/…` from `src/x.ts` and from `dist/x.js` name the same files, and `tsc` never copies
 * JavaScript.
 *
 * Located from this module's own URL so it works from `src/emit/` (vitest), `dist/src/emit/` (after tsc) and
 * `dist/bundle/` alike: walk up to the package root that holds `templates/runtime`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile } from '../model/output.js';
import { emitDiagnostic } from './codes.js';
import { type CommentStyle, type GenerationSource, type RuntimeMade, runtimeHeader } from './header.js';

/** Where the runtime lands in a generated project (beside `src/`). */
const RUNTIME_OUT_DIR = 'runtime';

export function findRuntimeDir(start = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'templates', 'runtime');
    // The package root, not dist/ (which holds the compiled copy).
    if (existsSync(join(dir, 'package.json')) && existsSync(join(candidate, 'index.ts'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** `<root>/dist/templates/runtime` for `<root>/templates/runtime`: where the package build puts the compiled runtime. */
export function compiledRuntimeDir(runtimeDir: string): string {
  return join(runtimeDir, '..', '..', 'dist', 'templates', 'runtime');
}

/** `<root>/dist/bundle/runtime.js`: the compiled runtime bundled into one module (scripts/runtimeBundle.mjs). */
export function bundledRuntimeFile(runtimeDir: string): string {
  return join(runtimeDir, '..', '..', 'dist', 'bundle', 'runtime.js');
}

/** The runtime's entry, which the bundle stands for. */
const RUNTIME_ENTRY = 'index.ts';

/**
 * Runtime files that also ship as their own compiled module beside the bundle: `core/nursery.ts`, which the
 * generated bin imports before the bundle is loaded (its loading is part of what it holds small). Each imports
 * only node built-ins.
 */
const STANDALONE = new Set(['core/nursery.ts']);

function isRuntimeFile(relative: string): boolean {
  const parts = relative.split('/');
  const file = parts[parts.length - 1]!;
  if (parts.some((p) => p === '__tests__' || p === 'test' || p === 'tests' || p === 'node_modules')) return false;
  if (/\.(test|spec)\.[cm]?[jt]s$/.test(file)) return false;
  // Every other file (the READMEs; a .json or .sql the runtime would read) is shipped as it is, never dropped.
  return !file.endsWith('.d.ts');
}

/** How a copied (not compiled) runtime file writes its header; none for JSON, which holds no comment. */
function copiedComment(file: string): CommentStyle | undefined {
  if (file.endsWith('.md')) return 'markdown';
  if (file.endsWith('.sql')) return '--';
  if (/\.[cm]?js$/.test(file)) return '//';
  return undefined;
}

const isSource = (file: string) => file.endsWith('.ts');

function listFiles(root: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(root, relative));
    else if (entry.isFile() && isRuntimeFile(relative)) out.push(relative);
  }
  return out;
}

/** Whose project the runtime is shipped into: the API title and the source every header names. */
export interface RuntimeStamp {
  title: string;
  source?: GenerationSource;
}

/** One shipped file: its path under `runtime/`, the file it is read from, the source it came from and how. */
interface RuntimePart {
  path: string;
  from: string;
  origin: string;
  comment: CommentStyle | undefined;
  made: RuntimeMade;
}

/** `from` when it exists and is at least as new as `sourceTime`; else why it must not ship. */
function builtFile(from: string, sourceTime: number, name: string, source: string): { stale: string } | null {
  let builtTime: number;
  try {
    builtTime = statSync(from).mtimeMs;
  } catch {
    return { stale: `${name} is missing` };
  }
  return builtTime < sourceTime ? { stale: `${name} is older than templates/runtime/${source}` } : null;
}

/**
 * What a source file ships as: its declarations (the bundle ships the code, `bundlePart`). A compiled file older
 * than its source is refused, not shipped: after an edit to templates/runtime without `npm run build`, every
 * project would silently get yesterday's runtime.
 */
function partsOf(runtimeDir: string, compiledDir: string, relative: string): RuntimePart[] | { stale: string } {
  if (!isSource(relative))
    return [{ path: relative, from: join(runtimeDir, relative), origin: relative, comment: copiedComment(relative), made: 'copied' }];
  const declarations = `${relative.slice(0, -'.ts'.length)}.d.ts`;
  const from = join(compiledDir, declarations);
  const sourceTime = statSync(join(runtimeDir, relative)).mtimeMs;
  const stale = builtFile(from, sourceTime, declarations, relative);
  if (stale) return stale;
  const parts: RuntimePart[] = [{ path: declarations, from, origin: relative, comment: '//', made: 'compiled' }];
  if (!STANDALONE.has(relative)) return parts;
  const code = `${relative.slice(0, -'.ts'.length)}.js`;
  const codeFrom = join(compiledDir, code);
  return (
    builtFile(codeFrom, sourceTime, code, relative) ?? [
      ...parts,
      { path: code, from: codeFrom, origin: relative, comment: '//', made: 'compiled' },
    ]
  );
}

/** `index.js`, the bundle: refused when older than any runtime source (it holds them all). */
function bundlePart(runtimeDir: string, sources: string[]): RuntimePart | { stale: string } {
  const newest = sources.filter(isSource).reduce(
    (acc, relative) => {
      const time = statSync(join(runtimeDir, relative)).mtimeMs;
      return time > acc.time ? { time, relative } : acc;
    },
    { time: 0, relative: RUNTIME_ENTRY },
  );
  const from = bundledRuntimeFile(runtimeDir);
  const stale = builtFile(from, newest.time, 'the runtime bundle (dist/bundle/runtime.js)', newest.relative);
  return stale ?? { path: 'index.js', from, origin: RUNTIME_ENTRY, comment: '//', made: 'bundled' };
}

/**
 * The runtime files under `runtime/`, compiled; with `stamp`, each starts with its header (without: for tests).
 * `form: 'source'` gives the `.ts` sources instead, as the golden test type-checks them with the generated options.
 */
export function emitRuntime(
  diagnostics: Diagnostic[],
  runtimeDir = findRuntimeDir(),
  stamp?: RuntimeStamp,
  form: 'compiled' | 'source' = 'compiled',
): GeneratedFile[] {
  if (!runtimeDir) {
    diagnostics.push(emitDiagnostic('MJG505', 'The runtime templates (templates/runtime) were not found next to mcp-jobgen.'));
    return [];
  }
  const compiledDir = compiledRuntimeDir(runtimeDir);
  const sources = listFiles(runtimeDir).sort();
  const parts: RuntimePart[] = [];
  const stale = (reason: string) => {
    diagnostics.push(emitDiagnostic('MJG507', `The compiled runtime in ${compiledDir} is not up to date: ${reason}.`));
    return [];
  };
  for (const relative of sources) {
    if (form === 'source') {
      const comment = isSource(relative) ? '//' : copiedComment(relative);
      parts.push({ path: relative, from: join(runtimeDir, relative), origin: relative, comment, made: 'copied' });
      continue;
    }
    const shipped = partsOf(runtimeDir, compiledDir, relative);
    if ('stale' in shipped) return stale(shipped.stale);
    parts.push(...shipped);
  }
  if (form === 'compiled') {
    const bundle = bundlePart(runtimeDir, sources);
    if ('stale' in bundle) return stale(bundle.stale);
    parts.push(bundle);
  }
  return parts
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((part) => {
      const contents = readFileSync(part.from, 'utf8');
      const header = stamp && part.comment ? `${runtimeHeader(part.origin, stamp.title, stamp.source, part.comment, part.made)}\n` : '';
      return { path: `${RUNTIME_OUT_DIR}/${part.path}`, contents: header + contents };
    });
}
