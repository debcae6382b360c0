/**
 * kill -9 of a real `mcp-jobgen` process at different moments of regenerating GitHub's project (about 100
 * files): each kill is timed from the moment the write's temporary folder appears, so it lands while files are
 * written, during the swap, or while the old tree is deleted. Whenever it dies, the output directory is either a
 * complete tree (old or new) or absent (between the two renames) and restored by the next run; the user's file
 * survives; and the next run leaves no temporary folders behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_PATH } from '../../src/model/output.js';
import { ensureGeneratorBuilt } from '../support/generateServer.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/mcp-jobgen.js');
const GITHUB = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

/**
 * Runs the CLI; with `killAfterTempMs`, sends SIGKILL that many ms after the write stage's temporary folder
 * appears beside the output (watched with inotify), so the kill lands inside the write or the swap.
 */
function runCli(args: string[], cwd: string, killAfterTempMs?: number): Promise<number | string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: 'ignore', env: { ...process.env, CI: 'true' } });
    let timer: NodeJS.Timeout | undefined;
    const watcher =
      killAfterTempMs === undefined
        ? undefined
        : watch(cwd, (_event, name) => {
            if (timer === undefined && name?.includes('.mcp-jobgen-tmp-')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterTempMs);
          });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      watcher?.close();
      done(signal ?? code ?? -1);
    });
  });
}

/** The directory, if present, is a whole generated tree: every file its manifest lists exists. */
async function assertConsistent(out: string): Promise<void> {
  if (!existsSync(out)) return;
  const manifest = JSON.parse(await readFile(join(out, MANIFEST_PATH), 'utf8')) as { files: string[] };
  for (const file of manifest.files) expect(existsSync(join(out, file)), file).toBe(true);
  expect(await readFile(join(out, 'NOTES.md'), 'utf8')).toBe('mine');
}

let dir: string;
beforeAll(async () => {
  await ensureGeneratorBuilt();
  dir = await mkdtemp(join(tmpdir(), 'mjg-kill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('kill -9 while writing', () => {
  it('never leaves a half-written output or loses user files', async () => {
    const out = join(dir, 'gh');
    expect(await runCli([GITHUB, '-o', out, '--include', 'repos'], dir)).toBe(0);
    await writeFile(join(out, 'NOTES.md'), 'mine');
    // Alternate between two different outputs so that every run really rewrites the directory.
    const variants = [
      ['--include', 'actions'],
      ['--include', 'repos'],
    ];
    const offsets = [0, 1, 3, 6, 10, 20, 40, 80];
    let killedMidway = 0;
    for (const [i, offset] of offsets.entries()) {
      const outcome = await runCli([GITHUB, '-o', out, ...variants[i % 2]!], dir, offset);
      if (outcome === 'SIGKILL') killedMidway++;
      if (process.env['MJG_DEBUG_KILL']) console.log(offset, outcome, await readdir(dir));
      await assertConsistent(out);
    }
    expect(await runCli([GITHUB, '-o', out, '--include', 'actions'], dir)).toBe(0);
    await assertConsistent(out);
    expect(await runCli([GITHUB, '-o', out, '--include', 'actions', '--check'], dir)).toBe(0);
    expect(await readdir(dir)).toEqual(['gh']);
    expect(killedMidway).toBeGreaterThan(0);
  }, 120_000);
});
