/**
 * `src/runtime/**`: the runtime kept in this repo under `templates/runtime/`, copied byte-for-byte (tests and
 * notes excluded). Located from this module's own URL so it works from `src/emit/` (vitest) and from
 * `dist/src/emit/` (after tsc) alike: walk up to the package root that holds `templates/runtime`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile } from '../model/output.js';
import { emitDiagnostic } from './codes.js';

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
  if (/\.(test|spec)\.[cm]?[jt]s$/.test(file) || file.endsWith('.md')) return false;
  return /\.[cm]?[jt]s$/.test(file) || file.endsWith('.json') || file.endsWith('.sql');
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

export function emitRuntime(diagnostics: Diagnostic[], runtimeDir = findRuntimeDir()): GeneratedFile[] {
  if (!runtimeDir) {
    diagnostics.push(emitDiagnostic('MJG505', 'The runtime templates (templates/runtime) were not found next to mcp-jobgen.'));
    return [];
  }
  return listFiles(runtimeDir)
    .sort()
    .map((relative) => ({ path: `src/runtime/${relative}`, contents: readFileSync(join(runtimeDir, relative), 'utf8') }));
}
