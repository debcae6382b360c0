/**
 * `--check`: would generating change the output directory? Writes nothing. Drift is not a diagnostic (the
 * CLI turns it into exit code 1); only problems that prevent the comparison are (exit code 2).
 */
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile, GenerationSource } from '../model/output.js';
import { compareOutput } from './compareOutput.js';
import { shortDiff } from './diff.js';
import { checkGeneratedPaths } from './safePaths.js';

export interface CheckResult {
  upToDate: boolean;
  /** Files that would be created. */
  added: string[];
  /** Generator-owned files that would be deleted. */
  removed: string[];
  /** Files whose contents would change, each with a short diff. */
  changed: Array<{ path: string; diff: string }>;
  diagnostics: Diagnostic[];
}

export interface CheckOptions {
  /** Lines of diff per changed file (default 20). */
  diffLines?: number;
  /** Where the files came from, as the manifest records it (GenerateResult.source). */
  source?: GenerationSource;
}

export async function checkOutput(dir: string, files: readonly GeneratedFile[], options: CheckOptions = {}): Promise<CheckResult> {
  const empty = { upToDate: false, added: [], removed: [], changed: [] };
  const pathProblems = checkGeneratedPaths(files);
  if (pathProblems.length > 0) return { ...empty, diagnostics: pathProblems };
  const { comparison, diagnostics } = await compareOutput(dir, files, options.source);
  if (comparison === undefined) return { ...empty, diagnostics };
  const changed = comparison.changed.map((file) => ({
    path: file.path,
    diff:
      file.before === null ? 'a folder or symbolic link is in the way of this file' : shortDiff(file.before, file.after, options.diffLines),
  }));
  const upToDate = comparison.added.length === 0 && comparison.removed.length === 0 && changed.length === 0;
  return { upToDate, added: comparison.added, removed: comparison.removed, changed, diagnostics };
}
