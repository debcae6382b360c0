/**
 * Runs the same store in separate OS processes. tsx is not available, so the store is compiled once with
 * tsc into .tmp/ inside the repo (so the children resolve better-sqlite3/ioredis/pg from its node_modules
 * and the repo's package.json makes the output ESM).
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');

let compiled: Promise<string> | null = null;

/** Compiles templates/runtime/store once per test process; returns the file URL of its index.js. */
export function compiledStore(): Promise<string> {
  compiled ??= (async () => {
    const outDir = join(repo, '.tmp', `store-build-${process.pid}`);
    mkdirSync(outDir, { recursive: true });
    await run(process.execPath, [
      join(repo, 'node_modules/typescript/bin/tsc'),
      '--outDir', outDir, '--rootDir', join(repo, 'templates/runtime'),
      '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022',
      '--strict', '--skipLibCheck', '--declaration', 'false',
      join(repo, 'templates/runtime/store/index.ts'),
    ], { cwd: repo });
    return pathToFileURL(join(outDir, 'store/index.js')).href;
  })();
  return compiled;
}

export interface ChildResult {
  createdIds: string[];
  seenIds: string[];
}

/** Starts `processes` children that each make `perProcess` concurrent creates with one key, together. */
export async function createInChildren(
  url: string,
  options: { processes: number; perProcess: number; key: string; now: number },
): Promise<ChildResult[]> {
  const storeModule = await compiledStore();
  // Far enough ahead that every child has started node and opened the store before it.
  const startAt = Date.now() + 1500;
  const children = Array.from({ length: options.processes }, () =>
    run(process.execPath, [join(here, 'child-create.mjs'), JSON.stringify({ storeModule, url, ...options, startAt })], {
      cwd: repo,
      timeout: 30_000,
    }),
  );
  return (await Promise.all(children)).map(({ stdout }) => JSON.parse(stdout) as ChildResult);
}
