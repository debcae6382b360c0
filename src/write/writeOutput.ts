/**
 * Atomic write of the output directory. The new tree is built in a temporary folder beside the target (same
 * file system, so renames are atomic), user files are carried over by hard link (cheap even for node_modules,
 * and the old directory stays untouched), then the old directory is renamed aside, the new one renamed in,
 * and the old one deleted. Any failure before the swap removes the temporary folder and leaves the previous
 * output exactly as it was; a failed swap renames the old directory back.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../model/diagnostics.js';
import type { GeneratedFile, GenerationSource } from '../model/output.js';
import { planCarryOver } from './carryOver.js';
import { writeDiagnostic } from './codes.js';
import { compareOutput } from './compareOutput.js';
import { type FsOps, nodeFs } from './fsOps.js';
import { kindAt } from './readTree.js';
import { checkGeneratedPaths } from './safePaths.js';

export interface WriteOptions {
  /** Replace everything in the directory, user files included; also allows writing into a non-generated directory. */
  clean?: boolean;
  /** Where the files came from, as the manifest records it (GenerateResult.source). */
  source?: GenerationSource;
  /** For tests: the file-system calls to use. */
  fs?: FsOps;
}

export interface WriteResult {
  /** Absolute output directory. */
  dir: string;
  /** False when the directory was already up to date (nothing touched) or the write failed. */
  written: boolean;
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  /** User entries (files, symlinks, folders) carried over into the new directory. */
  preserved: number;
  diagnostics: Diagnostic[];
}

const TEMP_MARK = '.mcp-jobgen-tmp-';
const LINK_REFUSED = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

function failure(dir: string, diagnostics: Diagnostic[]): WriteResult {
  return { dir, written: false, added: [], changed: [], removed: [], unchanged: 0, preserved: 0, diagnostics };
}

/**
 * Clean up after earlier runs that were killed mid-write (their process is gone): temp folders are removed,
 * but if a run died between its two renames, the target is missing and its previous output sits aside as
 * `…-old`: that is renamed back first, so a kill -9 at the worst moment never loses the user's files.
 */
async function recoverInterruptedRuns(parent: string, target: string, fs: FsOps): Promise<void> {
  const prefix = `.${basename(target)}${TEMP_MARK}`;
  const names = (await readdir(parent).catch(() => [] as string[])).filter((name) => name.startsWith(prefix));
  const dead = names.filter((name) => {
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid === process.pid) return false;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as { code?: string }).code === 'ESRCH';
    }
  });
  for (const name of dead.filter((n) => n.endsWith('-old'))) {
    if ((await kindAt(target)) === undefined) await fs.rename(join(parent, name), target);
  }
  for (const name of dead) await fs.rm(join(parent, name), { recursive: true, force: true });
}

/** Runs `task` over `items` with at most `limit` in flight: link/write calls are I/O-bound, and a generated
 * project with node_modules carries over tens of thousands of user files. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const PARALLEL_IO = 16;

async function buildNewTree(
  temp: string,
  source: string,
  files: readonly GeneratedFile[],
  carry: ReturnType<typeof planCarryOver>['entries'],
  fs: FsOps,
): Promise<void> {
  // Folders first, sequentially and parents before children, so the parallel file steps never race a mkdir.
  const folders = new Set<string>();
  for (const entry of carry) if (entry.kind === 'dir') folders.add(entry.path);
  for (const path of [...carry.filter((e) => e.kind !== 'dir').map((e) => e.path), ...files.map((f) => f.path)]) {
    const parent = dirname(path);
    if (parent !== '.') folders.add(parent);
  }
  await fs.mkdir(temp, { recursive: true });
  for (const folder of [...folders].sort()) await fs.mkdir(join(temp, folder), { recursive: true });

  await inParallel(
    carry.filter((e) => e.kind !== 'dir'),
    PARALLEL_IO,
    async (entry) => {
      const from = join(source, entry.path);
      const to = join(temp, entry.path);
      if (entry.kind === 'symlink') return fs.symlink(await fs.readlink(from), to);
      await fs.link(from, to).catch((error: { code?: string }) => {
        // Some file systems refuse hard links; copying is slower but equally safe. Other errors are real.
        if (!LINK_REFUSED.has(error.code ?? '')) throw error;
        return fs.copyFile(from, to);
      });
    },
  );
  await inParallel(files, PARALLEL_IO, (file) => fs.writeFile(join(temp, file.path), file.contents));
}

async function swapIn(target: string, temp: string, exists: boolean, fs: FsOps): Promise<Diagnostic[]> {
  if (!exists) {
    await fs.rename(temp, target);
    return [];
  }
  const aside = `${temp}-old`;
  await fs.rename(target, aside);
  try {
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rename(aside, target);
    throw error;
  }
  try {
    await fs.rm(aside, { recursive: true, force: true });
    return [];
  } catch (error) {
    return [
      writeDiagnostic('MJG407', `could not delete the previous output moved to ${aside}: ${(error as Error).message}`, {
        help: 'The new output is in place; delete that folder by hand.',
      }),
    ];
  }
}

export async function writeOutput(dir: string, files: readonly GeneratedFile[], options: WriteOptions = {}): Promise<WriteResult> {
  const fs = options.fs ?? nodeFs;
  const target = resolve(dir);
  const pathProblems = checkGeneratedPaths(files);
  if (pathProblems.length > 0) return failure(target, pathProblems);

  const parent = dirname(target);
  await recoverInterruptedRuns(parent, target, fs).catch(() => undefined);
  const { comparison, diagnostics } = await compareOutput(target, files, options.source);
  if (comparison === undefined) return failure(target, diagnostics);
  const { state, tree, manifest } = comparison;
  if (state === 'dir' && !options.clean) {
    if (manifest.state === 'invalid') {
      return failure(target, [
        writeDiagnostic('MJG403', `the manifest in ${target} cannot be read: ${manifest.reason}`, {
          help: 'Without a valid manifest mcp-jobgen cannot tell its files from yours; pass --clean to replace the directory.',
        }),
      ]);
    }
    if (manifest.state === 'missing' && tree.size > 0) {
      return failure(target, [
        writeDiagnostic('MJG401', `${target} is not empty and was not generated by mcp-jobgen`, {
          help: 'Use an empty or new directory with -o, or pass --clean to replace its contents.',
        }),
      ]);
    }
  }
  const owned = manifest.state === 'ok' ? manifest.files : new Set<string>();
  const userEntries = planCarryOver(
    tree,
    owned,
    comparison.expected.map((f) => f.path),
  );
  const plan = options.clean ? { entries: [], diagnostics: [] } : userEntries;
  if (plan.diagnostics.length > 0) return failure(target, plan.diagnostics);

  const summary = {
    dir: target,
    added: comparison.added,
    changed: comparison.changed.map((c) => c.path),
    removed: comparison.removed,
    unchanged: comparison.unchanged,
    preserved: plan.entries.length,
  };
  const userFilesToDrop = options.clean === true && userEntries.entries.length > 0;
  if (summary.added.length + summary.changed.length + summary.removed.length === 0 && !userFilesToDrop) {
    return { ...summary, written: false, diagnostics: [] };
  }

  const temp = join(parent, `.${basename(target)}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(parent, { recursive: true });
    await buildNewTree(temp, target, comparison.expected, plan.entries, fs);
    const warnings = await swapIn(target, temp, state === 'dir', fs);
    return { ...summary, written: true, diagnostics: warnings };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true }).catch(() => undefined);
    return failure(target, [
      writeDiagnostic('MJG406', `writing ${target} failed: ${(error as Error).message}`, {
        help: 'Nothing was changed: the previous output is intact. Fix the cause (disk space, permissions) and run again.',
      }),
    ]);
  }
}
