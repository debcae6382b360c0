/**
 * Where a `$ref` may read: inside the spec's own folder tree (or the `--ref-root` folder that widens it), never a
 * dotfile or dot-directory in it (`.env`, `.npmrc`, `.git/`, `.ssh/`). A contract comes from strangers: without
 * this, `$ref: ../../.npmrc` copies a local file into the generated server. Both paths are compared as written
 * and after symbolic links are resolved (realpath of the root and of the target), so a link inside the tree that
 * points out of it is refused too.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

export interface RefRoot {
  /** The folder as given (absolute). */
  lexical: string;
  /** The same folder with symbolic links resolved. */
  real: string;
}

export function createRefRoot(folder: string): RefRoot {
  const lexical = path.resolve(folder);
  return { lexical, real: realpathOr(lexical) };
}

/** Why `target` (absolute) may not be read, or undefined when it may. */
export function refTargetProblem(target: string, root: RefRoot): string | undefined {
  const asWritten = problemWithin(target, root.lexical);
  if (asWritten !== undefined) return asWritten;
  const real = realpathOr(target);
  // A missing file has no realpath; reading it fails with its own diagnostic (MJG103).
  return real === target ? undefined : problemWithin(real, root.real, 'through a symbolic link, ');
}

function problemWithin(target: string, root: string, how = ''): string | undefined {
  const relative = path.relative(root, target);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return `${how}it leaves the spec's folder tree`;
  }
  const hidden = relative.split(path.sep).find((segment) => segment.startsWith('.'));
  return hidden === undefined ? undefined : `${how}it names a dotfile or dot-directory (${hidden})`;
}

function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
