/**
 * `--clean` deletes everything in the output directory. A slip like `-o . --clean` or `-o .. --clean` must not
 * wipe a repository, a home directory or the spec itself, so those targets are refused even with --clean.
 * Without --clean the write stage already protects user files (manifest + MJG401), so no guard is needed.
 */
import { homedir } from 'node:os';
import { dirname, parse, relative, resolve } from 'node:path';
import { configDiagnostic } from '../config/index.js';
import type { Diagnostic } from '../model/diagnostics.js';

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

export function checkCleanTarget(output: string, context: { cwd: string; protectedFiles: readonly string[] }): Diagnostic[] {
  const target = resolve(output);
  const reasons: string[] = [];
  if (target === parse(target).root || target === homedir()) reasons.push('it is the file-system root or your home directory');
  if (isInside(resolve(context.cwd), target)) reasons.push('it contains the current directory');
  const hits = context.protectedFiles.filter((file) => isInside(resolve(file), target));
  if (hits.length > 0) reasons.push(`it contains ${hits.map((f) => relative(context.cwd, f) || f).join(' and ')}`);
  if (reasons.length === 0) return [];
  return [
    configDiagnostic('MJG337', `refusing --clean on ${target}: ${reasons.join('; ')}`, {
      help: `Generate into a folder of its own, e.g. -o ${relative(context.cwd, resolve(dirname(target), 'mcp-server')) || 'mcp-server'}.`,
    }),
  ];
}
