/**
 * Compare what is on disk in an output directory with what would be generated. Shared by `checkOutput`
 * (report only) and `writeOutput` (skip the write when nothing changed; know which files belong to the user).
 * Reads only regular files found by a no-follow walk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import { type GeneratedFile, type GenerationSource, MANIFEST_PATH } from '../model/output.js';
import { writeDiagnostic } from './codes.js';
import { type ManifestRead, readManifest, renderManifest } from './manifest.js';
import { kindAt, readTree, type Tree } from './readTree.js';

export interface ChangedFile {
  path: string;
  /** What is on disk now: file contents, or null when a folder/symlink sits where a file will be. */
  before: string | null;
  after: string;
}

export interface OutputComparison {
  /** `missing`: no directory yet; `dir`: an existing directory (tree and manifest are filled). */
  state: 'missing' | 'dir';
  tree: Tree;
  manifest: ManifestRead;
  /** The generated files plus the manifest that goes with them. */
  expected: GeneratedFile[];
  added: string[];
  changed: ChangedFile[];
  /** Generator-owned (per the old manifest) and no longer generated. */
  removed: string[];
  unchanged: number;
}

export type CompareResult =
  | { comparison: OutputComparison; diagnostics: Diagnostic[] }
  | { comparison?: undefined; diagnostics: Diagnostic[] };

export function withManifest(files: readonly GeneratedFile[], source?: GenerationSource): GeneratedFile[] {
  return [
    ...files,
    {
      path: MANIFEST_PATH,
      contents: renderManifest(
        files.map((f) => f.path),
        source,
      ),
    },
  ];
}

/** File-system errors while reading (permissions, a file vanishing) are a diagnostic, never an exception. */
export async function compareOutput(dir: string, files: readonly GeneratedFile[], source?: GenerationSource): Promise<CompareResult> {
  try {
    return await compareReadable(dir, files, source);
  } catch (error) {
    return {
      diagnostics: [
        writeDiagnostic('MJG408', `cannot read the output directory ${dir}: ${(error as Error).message}`, {
          help: 'Check the permissions of the output directory and everything in it.',
        }),
      ],
    };
  }
}

async function compareReadable(dir: string, files: readonly GeneratedFile[], source?: GenerationSource): Promise<CompareResult> {
  const expected = withManifest(files, source);
  const kind = await kindAt(dir);
  if (kind === undefined) {
    const comparison: OutputComparison = {
      state: 'missing',
      tree: new Map(),
      manifest: { state: 'missing' },
      expected,
      added: expected.map((f) => f.path),
      changed: [],
      removed: [],
      unchanged: 0,
    };
    return { comparison, diagnostics: [] };
  }
  if (kind !== 'dir') {
    const what = kind === 'symlink' ? 'a symbolic link' : 'not a directory';
    return {
      diagnostics: [
        writeDiagnostic('MJG402', `output path ${dir} is ${what}`, {
          help:
            kind === 'symlink'
              ? 'mcp-jobgen never writes through symbolic links; pass the real directory with -o.'
              : 'Choose another output directory with -o.',
        }),
      ],
    };
  }
  const tree = await readTree(dir);
  const manifestKind = tree.get(MANIFEST_PATH);
  const manifest: ManifestRead =
    manifestKind === undefined
      ? { state: 'missing' }
      : manifestKind === 'file'
        ? await readManifest(dir)
        : { state: 'invalid', reason: `it is a ${manifestKind}, not a file` };

  const comparison: OutputComparison = { state: 'dir', tree, manifest, expected, added: [], changed: [], removed: [], unchanged: 0 };
  const onDisk = readRegularFiles(
    dir,
    expected.filter((file) => tree.get(file.path) === 'file').map((file) => file.path),
  );
  for (const file of expected) {
    const kindOnDisk = tree.get(file.path);
    if (kindOnDisk === undefined) comparison.added.push(file.path);
    else if (kindOnDisk !== 'file') comparison.changed.push({ path: file.path, before: null, after: file.contents });
    else {
      const before = onDisk.get(file.path)!;
      if (before === file.contents) comparison.unchanged++;
      else comparison.changed.push({ path: file.path, before, after: file.contents });
    }
  }
  if (manifest.state === 'ok') {
    const generated = new Set(expected.map((f) => f.path));
    comparison.removed = [...manifest.files].filter((path) => !generated.has(path) && tree.has(path)).sort();
  }
  return { comparison, diagnostics: [] };
}

/**
 * Reads `paths` under `dir` one after the other with the synchronous call: through fs/promises each file costs
 * open/read/close thread-pool round trips (GitHub's 152 files: ~2x the time, even 16 at a time). Read errors
 * are thrown and become compareOutput's MJG408 diagnostic.
 */
function readRegularFiles(dir: string, paths: readonly string[]): Map<string, string> {
  const contents = new Map<string, string>();
  for (const path of paths) contents.set(path, readFileSync(join(dir, path), 'utf8'));
  return contents;
}
