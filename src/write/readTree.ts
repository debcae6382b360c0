/**
 * List what is in an output directory without following symlinks: a symlink is reported as a symlink and never
 * read or descended into, so a link planted in the output (`src -> /etc`) cannot make us read or write outside.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

/** POSIX relative path → kind, for every entry under `root` (directories included). */
export type Tree = Map<string, EntryKind>;

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isDirectory()) return 'dir';
  return entry.isFile() ? 'file' : 'other';
}

export async function readTree(root: string): Promise<Tree> {
  const tree: Tree = new Map();
  const pending = [''];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    const entries = await readdir(join(root, folder), { withFileTypes: true });
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      const kind = kindOf(entry);
      tree.set(path, kind);
      if (kind === 'dir') pending.push(path);
    }
  }
  return tree;
}

/** What sits at `path` itself, without following a final symlink; undefined when nothing does. */
export async function kindAt(path: string): Promise<EntryKind | undefined> {
  try {
    return kindOf(await lstat(path));
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
}
