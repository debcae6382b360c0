import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Absolute path of a fixture, and how diagnostics name it (relative to the working directory). */
export function fixture(relative: string): { path: string; shown: string } {
  const absolute = path.join(repoRoot, 'fixtures', relative);
  return { path: absolute, shown: path.relative(process.cwd(), absolute).split(path.sep).join('/') };
}
