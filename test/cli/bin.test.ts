/**
 * The real executable, as CI runs it: `node bin/mcp-jobgen.js`, compiled from src by tsconfig.build.json.
 * Most CLI behaviour is tested in-process (test/unit/cli); this proves the launcher, exit codes and streams.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/mcp-jobgen.js');
const run = promisify(execFile);

interface Result { code: number; stdout: string; stderr: string }

async function cli(args: string[], cwd: string): Promise<Result> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, CI: 'true' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir: string;
beforeAll(async () => {
  // Emits even if another stage has a type error in progress; the tests below are what must pass.
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT }).catch(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'mjg-bin-'));
  await copyFile(join(ROOT, 'fixtures/config/spec.yaml'), join(dir, 'spec.yaml'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('bin/mcp-jobgen.js', () => {
  it('--help exits 0 and documents the flags', async () => {
    const { code, stdout } = await cli(['--help'], dir);
    expect(code).toBe(0);
    expect(stdout).toContain('--check');
    expect(stdout).toContain('Examples:');
  });

  it('a missing spec exits 2 with a coded message and no stack trace', async () => {
    const { code, stderr, stdout } = await cli(['nope.yaml'], dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error MJG303 spec file not found/m);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('invalid YAML exits 2, no stack trace, no output folder', async () => {
    await writeFile(join(dir, 'broken.yaml'), 'openapi: 3.0.0\ninfo: {title: x\n');
    const { code, stderr } = await cli(['broken.yaml', '-o', 'broken-out'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error MJG1\d\d /m);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(await readdir(dir)).not.toContain('broken-out');
  });

  it('generate, then --check: 0 up to date, 1 after the spec changed, files untouched by --check', async () => {
    expect((await cli(['spec.yaml', '-o', 'out'], dir)).code).toBe(0);
    expect((await cli(['spec.yaml', '-o', 'out', '--check'], dir)).code).toBe(0);
    const spec = join(dir, 'spec.yaml');
    const { readFile } = await import('node:fs/promises');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace('version: 1.0.0', 'version: 2.0.0'));
    const stale = await cli(['spec.yaml', '-o', 'out', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/out is out of date: \d+ added, \d+ removed, [1-9]\d* changed/);
    expect((await cli(['spec.yaml', '-o', 'out', '--check'], dir)).code).toBe(1);
    expect((await cli(['spec.yaml', '-o', 'out'], dir)).code).toBe(0);
    expect((await cli(['spec.yaml', '-o', 'out', '--check'], dir)).code).toBe(0);
  });
});
