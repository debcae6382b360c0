/**
 * The real executable, as CI runs it: `node bin/mcp-jobgen.js`, compiled from src by tsconfig.build.json.
 * Most CLI behaviour is tested in-process (test/unit/cli); this proves the launcher, exit codes and streams.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGeneratorBuilt } from '../support/generateServer.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/mcp-jobgen.js');
const run = promisify(execFile);

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

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
  await ensureGeneratorBuilt();
  dir = await mkdtemp(join(tmpdir(), 'mjg-bin-'));
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
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
    expect(stderr).toMatch(/^error MJG333 spec file not found/m);
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
    const expectCode = async (args: string[], code: number) => {
      const result = await cli(args, dir);
      expect(result.code, `${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(code);
      return result;
    };
    await expectCode(['spec.yaml', '-o', 'out'], 0);
    await expectCode(['spec.yaml', '-o', 'out', '--check'], 0);
    const spec = join(dir, 'spec.yaml');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace('version: 1.0.0', 'version: 2.0.0'));
    const stale = await expectCode(['spec.yaml', '-o', 'out', '--check'], 1);
    expect(stale.stdout).toMatch(/out is out of date: \d+ added, \d+ removed, [1-9]\d* changed/);
    await expectCode(['spec.yaml', '-o', 'out', '--check'], 1);
    await expectCode(['spec.yaml', '-o', 'out'], 0);
    await expectCode(['spec.yaml', '-o', 'out', '--check'], 0);
  });

  it('a TypeScript config importing defineConfig from "mcp-jobgen" works on Node 20', async () => {
    // Inside the repository so that the package resolves itself by name, as it would from a user's node_modules.
    const project = await mkdtemp(join(ROOT, '.tmp', 'ts-config-'));
    try {
      await copyFile(join(ROOT, 'fixtures/config/spec.yaml'), join(project, 'spec.yaml'));
      await writeFile(
        join(project, 'mcp-jobgen.config.ts'),
        "import { defineConfig, type UserConfig } from 'mcp-jobgen';\n" +
          "const output: string = 'typed-out';\n" +
          "export default defineConfig({ output, packageName: 'typed-config' } satisfies UserConfig);\n",
      );
      // A config that is code runs only when named (issue 23).
      const result = await cli(['spec.yaml', '--config', 'mcp-jobgen.config.ts', '--json'], project);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).output).toBe('typed-out');
      expect(JSON.parse(await readFile(join(project, 'typed-out/package.json'), 'utf8')).name).toBe('typed-config');
      expect((await readdir(project)).sort()).toEqual(['mcp-jobgen.config.ts', 'spec.yaml', 'typed-out']);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('a TypeScript config beside typescript@7 (no JS API) is MJG313 naming the version, and writes nothing', async () => {
    // Outside the repository, so that only the project's own (fake) typescript resolves.
    const project = await mkdtemp(join(tmpdir(), 'mjg-ts7-'));
    try {
      await copyFile(join(ROOT, 'fixtures/config/spec.yaml'), join(project, 'spec.yaml'));
      await writeFile(join(project, 'mcp-jobgen.config.ts'), "export default { output: 'out' as string };\n");
      // What typescript@7 exports from its main entry: its version, no compiler API.
      const ts = join(project, 'node_modules', 'typescript');
      await mkdir(ts, { recursive: true });
      await writeFile(join(ts, 'package.json'), '{"name":"typescript","version":"7.0.2","main":"version.cjs"}');
      await writeFile(join(ts, 'version.cjs'), "exports.version = '7.0.2';\n");
      const result = await cli(['spec.yaml', '--config', 'mcp-jobgen.config.ts'], project);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('error MJG313');
      expect(result.stderr).toContain('typescript 7.0.2 is installed here but has no JS API');
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect((await readdir(project)).sort()).toEqual(['mcp-jobgen.config.ts', 'node_modules', 'spec.yaml']);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('a reader that closes the pipe early (`--help | head -1`) ends it quietly: no EPIPE stack', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // Close our end before the help is written, as `head` does once it has its line.
    child.stdout.destroy();
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(code).toBe(0);
  });
});
