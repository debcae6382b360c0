/**
 * Which entries of an existing output directory belong to the user and must survive a regeneration: anything
 * the old manifest does not list. Folders that lead to generated files are recreated as needed, not copied.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { MANIFEST_PATH } from '../model/output.js';
import { writeDiagnostic } from './codes.js';
import type { EntryKind, Tree } from './readTree.js';

export interface CarryPlan {
  /** User entries to recreate in the new directory, parents before children. */
  entries: Array<{ path: string; kind: Exclude<EntryKind, 'other'> }>;
  diagnostics: Diagnostic[];
}

function ancestorsOf(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join('/'));
  }
  return folders;
}

export function planCarryOver(tree: Tree, owned: ReadonlySet<string>, generated: readonly string[]): CarryPlan {
  const generatedFiles = new Set(generated);
  const generatedFolders = ancestorsOf(generated);
  const ownedFolders = ancestorsOf(owned);
  const entries: CarryPlan['entries'] = [];
  const diagnostics: Diagnostic[] = [];
  // Sorted so that a folder comes before everything inside it.
  for (const path of [...tree.keys()].sort()) {
    const kind = tree.get(path)!;
    if (path === MANIFEST_PATH || owned.has(path) || kind === 'other') continue;
    if (kind === 'dir' && (generatedFolders.has(path) || ownedFolders.has(path))) continue;
    const inTheWay = kind === 'dir' ? generatedFiles.has(path) : generatedFiles.has(path) || generatedFolders.has(path);
    if (inTheWay) {
      diagnostics.push(
        writeDiagnostic('MJG404', `"${path}" in the output directory was not generated, but mcp-jobgen now needs that path`, {
          help: 'Move or rename your file, or pass --clean to replace everything in the output directory.',
        }),
      );
      continue;
    }
    entries.push({ path, kind });
  }
  return { entries, diagnostics };
}
