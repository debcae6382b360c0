/**
 * A third-party mock server run as a child node process on a free loopback port (the autorest testserver,
 * Spector): started, awaited until `readyPath` answers 2xx, stopped by its admin route with a SIGKILL fallback.
 * A start that fails (the process exits, or does not answer within 60 s) kills the child and removes its
 * scratch directory before throwing, so a failing suite leaves no server behind to hold a port or hang CI.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './mcpHarness.js';

export interface ServerProcessOptions {
  /** Named in errors. */
  name: string;
  /** node arguments, given the port and a fresh scratch directory. */
  args(port: number, dir: string): string[];
  /** Working directory; the scratch directory when absent. */
  cwd?: string;
  /** A GET that answers 2xx once the server is up. */
  readyPath: string;
  /** Output kept (the tail), for error messages. */
  keepChars?: number;
  /** How long the server may take to answer `readyPath` (default 60 s). */
  startTimeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `${options.name.replace(/\W+/g, '-')}-`));
  const child: ChildProcess = spawn(process.execPath, options.args(port, dir), {
    cwd: options.cwd ?? dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = options.keepChars ?? 200_000;
  let output = '';
  const collect = (c: Buffer): void => {
    output = (output + c.toString()).slice(-keep);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  const url = `http://localhost:${port}`;
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      await fetch(`${url}/.admin/stop`, { method: 'POST' }).catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      await kill();
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A start that failed: nothing to be graceful about.
  const abort = async (): Promise<void> => {
    await kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await abort();
      throw new Error(`${options.name} exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    }
    const up = await fetch(`${url}${options.readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, output: () => output, stop };
    if (Date.now() > deadline) {
      await abort();
      throw new Error(`${options.name} did not answer ${options.readyPath} within ${startTimeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
