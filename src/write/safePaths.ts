/**
 * Generated paths must stay inside the output directory: relative POSIX paths with no `.`/`..` segments,
 * no absolute paths, and never the manifest itself (the write stage owns that file). A path that breaks this
 * is a generator bug, reported as MJG405 rather than written somewhere surprising.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile } from '../model/output.js';
import { MANIFEST_PATH } from '../model/output.js';
import { writeDiagnostic } from './codes.js';

export function unsafePathReason(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) return 'is not a relative POSIX path';
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return 'has an empty, "." or ".." segment';
  }
  if (path === MANIFEST_PATH) return 'is the manifest, which only the write stage writes';
  return undefined;
}

export function checkGeneratedPaths(files: readonly GeneratedFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const folders = new Set<string>();
  for (const file of files) {
    const reason = unsafePathReason(file.path) ?? (seen.has(file.path) ? 'is generated twice' : undefined);
    if (reason !== undefined) {
      diagnostics.push(
        writeDiagnostic('MJG405', `generated path ${JSON.stringify(file.path)} ${reason}`, {
          help: 'This is a bug in mcp-jobgen; please report it with the spec that triggers it.',
        }),
      );
    }
    seen.add(file.path);
    const segments = file.path.split('/');
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join('/'));
  }
  for (const path of seen) {
    if (folders.has(path)) {
      diagnostics.push(
        writeDiagnostic('MJG405', `generated path ${JSON.stringify(path)} is both a file and a folder`, {
          help: 'This is a bug in mcp-jobgen; please report it with the spec that triggers it.',
        }),
      );
    }
  }
  return diagnostics;
}
