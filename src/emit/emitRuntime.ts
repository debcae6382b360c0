/**
 * `src/runtime/**`: the runtime kept in this repo under `templates/runtime/`, copied with its READMEs (tests
 * excluded), each file unchanged below a header that names its template and the command that regenerates the
 * project (JSON files, which cannot hold a comment, are copied as they are). Located from this module's own URL so it works from `src/emit/` (vitest) and from
 * `dist/src/emit/` (after tsc) alike: walk up to the package root that holds `templates/runtime`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile } from '../model/output.js';
import { emitDiagnostic } from './codes.js';
import { type CommentStyle, type GenerationSource, runtimeHeader } from './header.js';

export function findRuntimeDir(start = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'templates', 'runtime');
    // The package root, not dist/ (which holds a compiled copy of defaults.ts and definition.ts only).
    if (existsSync(join(dir, 'package.json')) && existsSync(join(candidate, 'index.ts'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function isRuntimeFile(relative: string): boolean {
  const parts = relative.split('/');
  const file = parts[parts.length - 1]!;
  if (parts.some((p) => p === '__tests__' || p === 'test' || p === 'tests' || p === 'node_modules')) return false;
  if (/\.(test|spec)\.[cm]?[jt]s$/.test(file)) return false;
  return /\.[cm]?[jt]s$/.test(file) || file.endsWith('.json') || file.endsWith('.sql') || file === 'README.md';
}

function listFiles(root: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(root, relative));
    else if (entry.isFile() && isRuntimeFile(relative)) out.push(relative);
  }
  return out;
}

/** How each kind of runtime file writes the header; none for JSON. */
function commentStyle(file: string): CommentStyle | undefined {
  if (/\.[cm]?[jt]s$/.test(file)) return '//';
  if (file.endsWith('.sql')) return '--';
  if (file.endsWith('.md')) return 'markdown';
  return undefined;
}

/** Whose project the runtime is copied into: the API title and the source every header names. */
export interface RuntimeStamp {
  title: string;
  source?: GenerationSource;
}

/** The runtime files; with `stamp`, each starts with its header (without, as in templates/runtime: for tests). */
export function emitRuntime(diagnostics: Diagnostic[], runtimeDir = findRuntimeDir(), stamp?: RuntimeStamp): GeneratedFile[] {
  if (!runtimeDir) {
    diagnostics.push(emitDiagnostic('MJG505', 'The runtime templates (templates/runtime) were not found next to mcp-jobgen.'));
    return [];
  }
  return listFiles(runtimeDir)
    .sort()
    .map((relative) => {
      const contents = readFileSync(join(runtimeDir, relative), 'utf8');
      const comment = stamp ? commentStyle(relative) : undefined;
      const header = comment && stamp ? `${runtimeHeader(relative, stamp.title, stamp.source, comment)}\n` : '';
      return { path: `src/runtime/${relative}`, contents: header + contents };
    });
}
