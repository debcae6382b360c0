/**
 * runMain as a real process, for the shutdown tests: the runtime as the package build compiled it
 * (dist/templates/runtime, what every generated project ships) copied beside a `main.mjs` that holds a definition,
 * started with --http on a free port.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureGeneratorBuilt } from '../support/generateServer.js';

/** Writes `dir` with the compiled runtime and `main.mjs` (which imports `./runtime/index.js`). */
export async function prepareRuntimeDir(dir: string, mainSource: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await ensureGeneratorBuilt();
  cpSync(join(process.cwd(), 'dist', 'templates', 'runtime'), join(dir, 'runtime'), { recursive: true });
  writeFileSync(join(dir, 'main.mjs'), mainSource);
}

export interface RuntimeProcess {
  child: ChildProcess;
  /** The Streamable HTTP endpoint it printed. */
  url: string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
}

/** Starts `dir/main.mjs --http --port 0` with `env` added to this process's, and waits for its listen line. */
export async function startRuntimeProcess(dir: string, env: Record<string, string>): Promise<RuntimeProcess> {
  const child = spawn(process.execPath, [join(dir, 'main.mjs'), '--http', '--port', '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    setTimeout(() => reject(new Error(`no listen line: ${stderr}`)), 15_000);
  });
  return { child, url, exited };
}
