/**
 * Runs the same store in separate OS processes: the children import the compiled runtime the package build
 * wrote to dist/templates/runtime, inside the repo (so they resolve better-sqlite3/ioredis/pg from its
 * node_modules and the repo's package.json makes it ESM).
 */
import { execFile, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ensureGeneratorBuilt } from '../../support/generateServer.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');

/**
 * The store as the package build compiled it (dist/templates/runtime/store, what every generated project ships),
 * rebuilt first when stale (vitest's globalSetup has normally done it); returns the file URL of its index.js.
 */
export async function compiledStore(): Promise<string> {
  await ensureGeneratorBuilt();
  return pathToFileURL(join(repo, 'dist', 'templates', 'runtime', 'store', 'index.js')).href;
}

export interface ChildResult {
  createdIds: string[];
  seenIds: string[];
}

/** Starts `processes` children that each make `perProcess` concurrent creates with one key, together. */
export async function createInChildren(
  url: string,
  options: { processes: number; perProcess: number; key: string; now: number; openTogether?: boolean },
): Promise<ChildResult[]> {
  const storeModule = await compiledStore();
  // Far enough ahead that every child has started node and opened the store before it.
  const startAt = Date.now() + 1500;
  const children = Array.from({ length: options.processes }, () =>
    run(process.execPath, [join(here, 'childCreate.mjs'), JSON.stringify({ storeModule, url, ...options, startAt })], {
      cwd: repo,
      timeout: 30_000,
    }),
  );
  return (await Promise.all(children)).map(({ stdout }) => JSON.parse(stdout) as ChildResult);
}

/**
 * Starts one child per owner; each claims every id at the same instant. Returns the ids each owner won, in
 * owner order.
 */
export async function claimInChildren(url: string, options: { owners: string[]; ids: string[]; now: number }): Promise<string[][]> {
  const storeModule = await compiledStore();
  const startAt = Date.now() + 1500;
  const children = options.owners.map((owner) =>
    run(
      process.execPath,
      [join(here, 'childClaim.mjs'), JSON.stringify({ storeModule, url, ids: options.ids, owner, now: options.now, startAt })],
      {
        cwd: repo,
        timeout: 30_000,
      },
    ),
  );
  return (await Promise.all(children)).map(({ stdout }) => JSON.parse(stdout) as string[]);
}

/**
 * Starts a child that writes jobs in a loop, kills it with SIGKILL once it has reported `acknowledged` writes,
 * and returns every id it reported: each of them was acknowledged by the store before the kill.
 */
export async function writeUntilKilled(url: string, acknowledged: number, now: number): Promise<string[]> {
  const storeModule = await compiledStore();
  const child = spawn(process.execPath, [join(here, 'childWriter.mjs'), JSON.stringify({ storeModule, url, now })], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ids: string[] = [];
  let buffered = '';
  await new Promise<void>((resolveKill, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child acknowledged only ${ids.length} writes in 30 s`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      ids.push(...lines.filter(Boolean));
      if (ids.length >= acknowledged && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolveKill();
      else reject(new Error(`child exited by itself (${signal ?? _code})`));
    });
  });
  return ids;
}
