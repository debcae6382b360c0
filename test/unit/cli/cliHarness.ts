/** Runs main() in-process with captured output, in a scratch folder holding a copy of the tiny spec. */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CliIO } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';

export const FIXTURES = resolve(import.meta.dirname, '../../../fixtures/config');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], cwd: string, overrides: Partial<CliIO> = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd,
    env: {},
    stderrIsTTY: false,
    ...overrides,
  });
  return { code, stdout, stderr };
}

/** A fresh folder with `spec.yaml` (the tiny API of fixtures/config). */
export async function scratch(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mjg-cli-'));
  await copyFile(join(FIXTURES, 'spec.yaml'), join(dir, 'spec.yaml'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A stack trace line, which must never reach the user. */
export const STACK_LINE = /^\s+at .+[(:]\d+/m;
