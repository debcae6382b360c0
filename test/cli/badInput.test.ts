/**
 * Issue 9 item 5: the CLI on bad input. Each case gets its own coded diagnostic (documented in
 * docs/DIAGNOSTICS.md, which test/unit/cli/diagnosticCodes.test.ts and test/unit/load/codes.test.ts check),
 * and nothing is lost: a run that ends in errors leaves an existing project byte for byte as it was unless
 * --force, and a spec without operations writes nothing.
 */

import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, STACK_LINE, scratch } from '../unit/cli/cliHarness.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await scratch()));
afterEach(async () => cleanup());

/** The tiny spec with one schema replaced by a remote `$ref`: an error (MJG104) that still leaves a usable project. */
async function brokenSpec(): Promise<string> {
  const text = await readFile(join(dir, 'spec.yaml'), 'utf8');
  const broken = text.replace('schema: { type: string } }', "schema: { $ref: 'https://example.com/schemas.json#/Id' } }");
  expect(broken).not.toBe(text);
  await writeFile(join(dir, 'broken.yaml'), broken);
  return 'broken.yaml';
}

/** Every file under `out` with its bytes, to compare a directory before and after. */
async function snapshot(out: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

describe('unreadable specs', () => {
  it.each([
    [
      'a 0-byte file',
      async () => void (await writeFile(join(dir, 'empty.yaml'), '')),
      'empty.yaml',
      'MJG112',
      /empty\.yaml is empty \(0 bytes/,
    ],
    [
      'only comments and blank lines',
      async () => void (await writeFile(join(dir, 'c.yaml'), '# todo\n\n  # later\n')),
      'c.yaml',
      'MJG112',
      /is empty/,
    ],
    [
      'a directory',
      async () => void (await mkdir(join(dir, 'specs'))),
      'specs',
      'MJG113',
      /specs is a directory, not a spec file; it holds no/,
    ],
  ])('%s: a coded error, nothing written', async (_label, setup, spec, code, message) => {
    await setup();
    const { code: exit, stderr } = await runCli([spec, '-o', 'out'], dir);
    expect(exit).toBe(2);
    expect(stderr).toContain(`error ${code} `);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(STACK_LINE);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a directory: the spec-like files in it are named', async () => {
    await mkdir(join(dir, 'api'));
    await writeFile(join(dir, 'api', 'openapi.yaml'), 'openapi: 3.0.0');
    await writeFile(join(dir, 'api', 'notes.txt'), 'x');
    const { stderr } = await runCli(['api'], dir);
    // Paths are shown relative to the process's working directory.
    expect(stderr).toMatch(/MJG113 \S*api is a directory, not a spec file; spec-like files in it: \S*api\/openapi\.yaml \(/);
  });

  it.each(['https://example.com/openapi.yaml', 'http://localhost:8080/v3/api-docs', 'file:///etc/openapi.yaml'])(
    'a URL (%s): "remote specs are never fetched", the URL intact',
    async (url) => {
      const { code, stderr } = await runCli([url, '-o', 'out'], dir);
      expect(code).toBe(2);
      expect(stderr).toContain(`error MJG114 ${url} is a URL: remote specs are never fetched`);
      expect(stderr).toContain('help: Download it first');
    },
  );

  it('a URL as "spec" in a config file is reported the same way', async () => {
    await writeFile(join(dir, 'mcp-jobgen.config.json'), JSON.stringify({ spec: 'https://example.com/openapi.json', output: 'out' }));
    const { code, stderr } = await runCli([], dir);
    expect(code).toBe(2);
    expect(stderr).toContain('MJG114 https://example.com/openapi.json is a URL');
  });
});

describe('a spec with no operations', () => {
  it('warns and writes nothing (exit 0); an existing project is not emptied', async () => {
    await writeFile(join(dir, 'none.yaml'), 'openapi: 3.0.3\ninfo: { title: Nothing, version: "1" }\npaths: {}\n');
    const fresh = await runCli(['none.yaml', '-o', 'out'], dir);
    expect(fresh.code).toBe(0);
    expect(fresh.stderr).toContain('warning MJG338 no operations to generate');
    expect(fresh.stderr).toContain('nothing was written to out');
    expect(existsSync(join(dir, 'out'))).toBe(false);

    expect((await runCli(['spec.yaml', '-o', 'out', '-q'], dir)).code).toBe(0);
    const before = await snapshot(join(dir, 'out'));
    expect((await runCli(['none.yaml', '-o', 'out'], dir)).code).toBe(0);
    expect(await snapshot(join(dir, 'out'))).toEqual(before);
  });

  it('include/exclude removing every operation: the same', async () => {
    const { code, stderr } = await runCli(['spec.yaml', '-o', 'out', '--include', 'no-such-tag'], dir);
    expect(code).toBe(0);
    expect(stderr).toContain('MJG338');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('a run that ends in errors', () => {
  it('leaves an existing good project untouched (MJG409), and --force writes it anyway', async () => {
    expect((await runCli(['spec.yaml', '-o', 'out', '-q'], dir)).code).toBe(0);
    const good = await snapshot(join(dir, 'out'));
    const broken = await brokenSpec();

    const kept = await runCli([broken, '-o', 'out'], dir);
    expect(kept.code).toBe(2);
    expect(kept.stderr).toContain('error MJG104');
    expect(kept.stderr).toContain('warning MJG409 the run reported errors, so the existing output in out was left untouched');
    expect(await snapshot(join(dir, 'out'))).toEqual(good);

    const json = await runCli([broken, '-o', 'out', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({
      exitCode: 2,
      files: null,
      diagnostics: expect.arrayContaining([expect.objectContaining({ code: 'MJG409' })]),
    });

    const forced = await runCli([broken, '-o', 'out', '--force'], dir);
    expect(forced.code).toBe(2);
    expect(forced.stderr).not.toContain('MJG409');
    expect(await snapshot(join(dir, 'out'))).not.toEqual(good);
  });

  it('still writes into a new directory, for inspection', async () => {
    const { code } = await runCli([await brokenSpec(), '-o', 'fresh'], dir);
    expect(code).toBe(2);
    expect(existsSync(join(dir, 'fresh', 'package.json'))).toBe(true);
  });

  it('--force is documented in --help and refused with --check', async () => {
    expect((await runCli(['--help'], dir)).stdout).toMatch(/--force\s+write the project even when the run reported errors/);
    const { code, stderr } = await runCli(['spec.yaml', '--check', '--force'], dir);
    expect(code).toBe(2);
    expect(stderr).toContain('MJG331');
  });
});
