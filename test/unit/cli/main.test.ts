import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_PATH } from '../../../src/model/output.js';
import { FIXTURES, runCli, STACK_LINE, scratch } from './cliHarness.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await scratch()));
afterEach(async () => cleanup());

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;

describe('help and usage', () => {
  it('--help documents every flag, with examples and exit codes', async () => {
    const { code, stdout } = await runCli(['--help'], dir);
    expect(code).toBe(0);
    for (const flag of [
      '-o, --output',
      '-c, --config',
      '--include',
      '--exclude',
      '--rename',
      '--base-url',
      '--package-name',
      '--validate',
      '--check',
      '--clean',
      '--json',
      '-q, --quiet',
      '-h, --help',
      '-V, --version',
      'explain',
      'generate',
    ]) {
      expect(stdout).toContain(flag);
    }
    expect(stdout).toContain('Examples:');
    expect(stdout).toContain('Exit codes: 0');
  });

  it('explain --help lists its flags', async () => {
    const { code, stdout } = await runCli(['explain', '--help'], dir);
    expect(code).toBe(0);
    for (const flag of ['--json', '--include', '--exclude', '--config', '--quiet']) expect(stdout).toContain(flag);
  });

  it('--version prints the package version', async () => {
    const pkg = await readJson(join(import.meta.dirname, '../../../package.json'));
    const { code, stdout } = await runCli(['--version'], dir);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(pkg['version']);
  });

  it.each([
    [['spec.yaml', '--frobnicate'], 'MJG331'],
    [['spec.yaml', '--check', '--clean'], 'MJG331'],
    [['spec.yaml', '--rename', 'noequals'], 'MJG334'],
    [['spec.yaml', '--rename', 'op=bad name'], 'MJG334'],
    [['spec.yaml', '--base-url', 'not a url'], 'MJG334'],
    [[], 'MJG332'],
    [['missing.yaml'], 'MJG333'],
    [['explian', 'spec.yaml'], 'MJG331'],
    [['generat'], 'MJG331'],
  ])('%j → exit 2 with %s and no output written', async (argv, code) => {
    const result = await runCli(argv, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^error ${code} `, 'm'));
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(await readdir(dir)).toEqual(['spec.yaml']);
  });

  it('invalid YAML: exit 2, a coded message with the line, no stack, no output folder', async () => {
    await writeFile(join(dir, 'broken.yaml'), 'openapi: 3.0.0\ninfo:\n  title: [unclosed\npaths: {}\n');
    const result = await runCli(['broken.yaml', '-o', 'out'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error MJG\d{3} .*line/m);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect((await readdir(dir)).sort()).toEqual(['broken.yaml', 'spec.yaml']);
  });
});

describe('generate', () => {
  it('writes into a folder named after the API title by default, and summarises', async () => {
    const result = await runCli(['spec.yaml'], dir);
    expect(result.stderr).not.toMatch(/^error/m);
    expect(result.code).toBe(0);
    expect(await readdir(dir)).toContain('tiny-jobs-api');
    const manifest = await readJson(join(dir, 'tiny-jobs-api', MANIFEST_PATH));
    expect((manifest['files'] as string[]).length).toBeGreaterThan(3);
    // The default folder is where the command runs from: the spec is one level up.
    expect(manifest).toMatchObject({ spec: '../spec.yaml', options: {}, regenerate: 'npx mcp-jobgen ../spec.yaml -o .' });
    const index = await readFile(join(dir, 'tiny-jobs-api', 'src', 'index.ts'), 'utf8');
    expect(index.split('\n').slice(1, 3)).toEqual([
      '// Spec: ../spec.yaml',
      '// Regenerate from the project root: npx mcp-jobgen ../spec.yaml -o .',
    ]);
    expect(result.stdout).toMatch(/^Wrote tiny-jobs-api: \d+ added, 0 changed, 0 removed\./m);
    expect(result.stdout).toContain('4 operations');
  });

  it('the command the manifest and the headers record regenerates the project from its root', async () => {
    const flags = ['--rename', 'listPets=pets_list', '--base-url', 'https://api.example.com/v2', '--package-name', '@acme/tiny'];
    expect((await runCli(['spec.yaml', '-o', 'nested/server', ...flags], dir)).code).toBe(0);
    const project = join(dir, 'nested', 'server');
    const manifest = await readJson(join(project, MANIFEST_PATH));
    expect(manifest).toMatchObject({
      spec: '../../spec.yaml',
      options: { rename: { listPets: 'pets_list' }, baseUrl: 'https://api.example.com/v2', packageName: '@acme/tiny' },
    });
    const command = manifest['regenerate'] as string;
    expect(command).toBe(`npx mcp-jobgen ../../spec.yaml -o . ${flags.join(' ')}`);
    // Beside the label it would pass 160 columns: the header prints it on its own line.
    expect(await readFile(join(project, 'src', 'index.ts'), 'utf8')).toContain(`// Regenerate from the project root:\n//   ${command}\n`);
    // Run from the project root (no shell quoting in this command), it finds nothing to change.
    const check = await runCli([...command.replace('npx mcp-jobgen ', '').split(' '), '--check'], project);
    expect(check.stdout).toContain('is up to date');
    expect(check.code).toBe(0);
  });

  it('the explicit generate command is the same as the default one', async () => {
    expect((await runCli(['generate', 'spec.yaml', '-o', 'a'], dir)).code).toBe(0);
    expect((await runCli(['spec.yaml', '-o', 'b'], dir)).code).toBe(0);
    expect((await runCli(['spec.yaml', '-o', 'a', '--check'], dir)).code).toBe(0);
    const a = await readFile(join(dir, 'a', MANIFEST_PATH), 'utf8');
    expect(await readFile(join(dir, 'b', MANIFEST_PATH), 'utf8')).toBe(a);
  });

  it('keeps files the user added; --clean removes them', async () => {
    await runCli(['spec.yaml', '-o', 'out'], dir);
    await writeFile(join(dir, 'out', 'NOTES.md'), 'mine');
    await writeFile(join(dir, 'spec.yaml'), (await readFile(join(dir, 'spec.yaml'), 'utf8')).replace('Tiny Jobs API', 'Tiny Jobs API v2'));
    expect((await runCli(['spec.yaml', '-o', 'out'], dir)).code).toBe(0);
    expect(await readFile(join(dir, 'out', 'NOTES.md'), 'utf8')).toBe('mine');
    expect((await runCli(['spec.yaml', '-o', 'out', '--clean'], dir)).code).toBe(0);
    expect(await readdir(join(dir, 'out'))).not.toContain('NOTES.md');
  });

  it('refuses to write into a non-empty folder it did not generate', async () => {
    await mkdir(join(dir, 'out'));
    await writeFile(join(dir, 'out', 'keep.txt'), 'x');
    const result = await runCli(['spec.yaml', '-o', 'out'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error MJG401 /m);
    expect(result.stderr).toContain('help: ');
    expect(await readdir(join(dir, 'out'))).toEqual(['keep.txt']);
  });
});

describe('--check', () => {
  it('0 when up to date, 1 with a summary and diff when stale, 2 on errors; never writes', async () => {
    await runCli(['spec.yaml', '-o', 'out'], dir);
    const clean = await runCli(['spec.yaml', '-o', 'out', '--check'], dir);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('out is up to date');

    const manifest = await readJson(join(dir, 'out', MANIFEST_PATH));
    const victim = (manifest['files'] as string[]).find((f) => f.endsWith('.ts'))!;
    await writeFile(join(dir, 'out', victim), 'tampered\n');
    await writeFile(join(dir, 'out', 'NOTES.md'), 'user file: not drift');
    const stale = await runCli(['spec.yaml', '-o', 'out', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/out is out of date: 0 added, 0 removed, 1 changed/);
    expect(stale.stdout).toContain(`changed: ${victim}`);
    expect(stale.stdout).toContain('-tampered');
    expect(await readFile(join(dir, 'out', victim), 'utf8')).toBe('tampered\n');

    const missing = await runCli(['spec.yaml', '-o', 'never', '--check'], dir);
    expect(missing.code).toBe(1);
    expect(await readdir(dir)).not.toContain('never');

    await writeFile(join(dir, 'bad.yaml'), 'openapi: 3.0.0\ninfo: [\n');
    expect((await runCli(['bad.yaml', '-o', 'out', '--check'], dir)).code).toBe(2);
  });
});

describe('config file', () => {
  it('is discovered beside the spec, and flags override it', async () => {
    await writeFile(join(dir, 'mcp-jobgen.config.json'), JSON.stringify({ packageName: 'from-config', output: 'cfg-out' }));
    expect((await runCli(['spec.yaml'], dir)).code).toBe(0);
    expect((await readJson(join(dir, 'cfg-out', 'package.json')))['name']).toBe('from-config');
    expect((await runCli(['spec.yaml', '--package-name', 'from-flag'], dir)).code).toBe(0);
    expect((await readJson(join(dir, 'cfg-out', 'package.json')))['name']).toBe('from-flag');
  });

  it('without a spec argument, a config in the working directory names the spec', async () => {
    await writeFile(join(dir, 'mcp-jobgen.config.json'), JSON.stringify({ spec: 'spec.yaml', output: 'from-cwd-config' }));
    const result = await runCli(['--check'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('from-cwd-config is out of date');
  });

  it('an unknown key fails with a suggestion and the file and pointer', async () => {
    await writeFile(join(dir, 'mcp-jobgen.config.yaml'), 'exlude: [pets]\n');
    const result = await runCli(['spec.yaml'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error MJG320 "exlude" is not a known key (mcp-jobgen.config.yaml#/exlude)');
    expect(result.stderr).toContain('help: Did you mean "exclude"?');
    expect(await readdir(dir)).toEqual(['mcp-jobgen.config.yaml', 'spec.yaml']);
  });

  it('--config may name the spec itself, relative to the config file', async () => {
    await mkdir(join(dir, 'ci/api'), { recursive: true });
    await copyFile(join(FIXTURES, 'spec.yaml'), join(dir, 'ci/api/tiny.yaml'));
    await writeFile(join(dir, 'ci/settings.json'), JSON.stringify({ spec: 'api/tiny.yaml', output: '../generated' }));
    const result = await runCli(['--config', 'ci/settings.json'], dir);
    expect(result.code).toBe(0);
    expect(await readdir(dir)).toContain('generated');
  });

  it('include/exclude from flags filter operations (comma lists, repeatable)', async () => {
    const result = await runCli(['spec.yaml', '-o', 'out', '--json', '--include', 'pets,getExport', '--include', 'createExport'], dir);
    expect(JSON.parse(result.stdout).operations).toBe(3);
  });
});

describe('--json', () => {
  it('generate prints one JSON document with files, families and diagnostics', async () => {
    const result = await runCli(['spec.yaml', '-o', 'out', '--json'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ command: 'generate', mode: 'write', exitCode: 0, output: 'out', upToDate: false, operations: 4 });
    expect(doc.files.written).toBe(true);
    expect(doc.files.added).toContain(MANIFEST_PATH);
    expect(Array.isArray(doc.families)).toBe(true);
    expect(Array.isArray(doc.diagnostics)).toBe(true);

    const check = JSON.parse((await runCli(['spec.yaml', '-o', 'out', '--json', '--check'], dir)).stdout);
    expect(check).toMatchObject({ mode: 'check', exitCode: 0, upToDate: true, files: { added: [], removed: [], changed: [] } });
  });

  it('errors are still one JSON document', async () => {
    const result = await runCli(['missing.yaml', '--json'], dir);
    expect(result.code).toBe(2);
    const doc = JSON.parse(result.stdout);
    expect(doc.diagnostics[0].code).toBe('MJG333');
    expect(doc.exitCode).toBe(2);
  });

  it('explain --json follows the documented contract', async () => {
    const result = await runCli(['explain', 'spec.yaml', '--json'], dir);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.operations).toBe(4);
    expect(Array.isArray(doc.jobs)).toBe(true);
    expect(Array.isArray(doc.hints)).toBe(true);
    expect(Array.isArray(doc.diagnostics)).toBe(true);
    expect(await readdir(dir)).toEqual(['spec.yaml']);
  });

  it('explain text goes to stdout', async () => {
    const result = await runCli(['explain', 'spec.yaml'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(0);
  });
});

describe('progress', () => {
  it('shows stage progress on a terminal, nothing in CI, with --quiet or when piped', async () => {
    const tty = await runCli(['spec.yaml', '-o', 'a'], dir, { stderrIsTTY: true });
    expect(tty.stderr).toContain('\r\x1b[Kmcp-jobgen: reading the spec');
    for (const overrides of [{ stderrIsTTY: true, env: { CI: 'true' } }, { stderrIsTTY: false }]) {
      expect((await runCli(['spec.yaml', '-o', 'b'], dir, overrides)).stderr).not.toContain('\r');
    }
    const quiet = await runCli(['spec.yaml', '-o', 'c', '--quiet'], dir, { stderrIsTTY: true });
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe('');
  });
});

describe('diagnostics that leave a usable project', () => {
  it('are printed and counted, the project is still written, and the exit code is 2', async () => {
    const spec = (await readFile(join(dir, 'spec.yaml'), 'utf8')).replace(
      "$ref: '#/components/schemas/Export' }",
      "$ref: './missing.yaml#/Export' }",
    );
    await writeFile(join(dir, 'partial.yaml'), spec);
    const result = await runCli(['partial.yaml', '-o', 'out'], dir);
    expect(result.stderr).toMatch(/^error MJG1\d\d .*missing\.yaml/m);
    // The broken Export answer also leaves createExport unable to say which export to poll (MJG305).
    expect(result.stderr).toMatch(/^warning MJG305 POST \/exports /m);
    expect(result.stdout).toMatch(/^1 error and 1 warning reported above\.$/m);
    expect(result.code).toBe(2);
    expect(await readdir(join(dir, 'out'))).toContain(MANIFEST_PATH);
    // --check: the error wins over "up to date".
    expect((await runCli(['partial.yaml', '-o', 'out', '--check'], dir)).code).toBe(2);
  });
});

describe('config reaches every stage', () => {
  it('jobs.<family>.enabled=false suppresses a detected family; --rename names a tool', async () => {
    const before = JSON.parse((await runCli(['spec.yaml', '-o', 'a', '--json'], dir)).stdout);
    expect(before.families.map((f: { name: string }) => f.name)).toEqual(['export']);
    await writeFile(join(dir, 'mcp-jobgen.config.yaml'), 'jobs:\n  export:\n    enabled: false\n');
    const after = JSON.parse((await runCli(['spec.yaml', '-o', 'b', '--json', '--rename', 'listPets=all_the_pets'], dir)).stdout);
    expect(after.exitCode).toBe(0);
    expect(after.families).toEqual([]);
    const manifest = await readJson(join(dir, 'b', MANIFEST_PATH));
    const sources = await Promise.all(
      (manifest['files'] as string[]).filter((f) => f.startsWith('src/')).map((f) => readFile(join(dir, 'b', f), 'utf8')),
    );
    expect(sources.join('\n')).toContain('all_the_pets');
  });

  it('an include pattern that matches nothing is a warning, not silence', async () => {
    const result = await runCli(['spec.yaml', '-o', 'out', '--include', 'exports,exprots'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning MJG335 include pattern "exprots" matches no operation');
  });
});

describe('--clean safety', () => {
  it.each([
    [['spec.yaml', '-o', '.', '--clean'], 'contains the current directory'],
    [['spec.yaml', '-o', '..', '--clean'], 'contains the current directory'],
    [['sub/spec.yaml', '-o', 'sub', '--clean'], 'contains sub/spec.yaml'],
  ])('%j is refused with MJG337 and deletes nothing', async (argv, reason) => {
    await mkdir(join(dir, 'sub'));
    await copyFile(join(dir, 'spec.yaml'), join(dir, 'sub/spec.yaml'));
    const result = await runCli(argv, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error MJG337 refusing --clean on /m);
    expect(result.stderr).toContain(reason);
    expect((await readdir(dir)).sort()).toEqual(['spec.yaml', 'sub']);
    expect(await readdir(join(dir, 'sub'))).toEqual(['spec.yaml']);
  });
});

describe('command typos', () => {
  it('suggest the command instead of looking for a spec file of that name', async () => {
    const result = await runCli(['explian', 'spec.yaml'], dir);
    expect(result.stderr).toBe(
      'error MJG331 unknown command "explian"\n  help: Did you mean "mcp-jobgen explain"? Run mcp-jobgen --help for usage.\n',
    );
  });

  it('a spec file that happens to look like a command name is still a spec', async () => {
    await copyFile(join(dir, 'spec.yaml'), join(dir, 'explan'));
    const result = await runCli(['explan', '-o', 'out'], dir);
    expect(result.code).toBe(0);
  });
});

describe('a contract that holds terminal escapes', () => {
  // A stranger's spec: an ESC sequence that retitles the window in the title, one that colours in an operationId,
  // one that clears the screen in a status value, and a path with a carriage return and a right-to-left override.
  const hostile = {
    openapi: '3.0.3',
    info: { title: 'Esc\u001b]0;pwned\u0007', version: '1' },
    paths: {
      '/jobs': {
        post: {
          operationId: 'create\u001b[31mJob',
          responses: { '202': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } } },
        },
      },
      '/jobs/{id}': {
        get: {
          operationId: 'getJob',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } } } },
        },
      },
      '/jobs/{id}\r\u202e': { get: { operationId: 'odd', responses: { '200': { description: 'ok' } } } },
    },
    components: {
      schemas: {
        Job: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'x\u001b[2J'] },
          },
        },
      },
    },
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the output must not hold
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  it('explain prints each as its escape, on stdout and in the diagnostics on stderr', async () => {
    await writeFile(join(dir, 'hostile.json'), JSON.stringify(hostile));
    const result = await runCli(['explain', 'hostile.json'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW);
    expect(result.stderr).not.toMatch(RAW);
    expect(result.stdout).toContain('Esc\\u{1b}]0;pwned\\u{7}');
    expect(result.stdout).toContain('create\\u{1b}[31mJob');
    expect(result.stdout).toContain('x\\u{1b}[2J');
    expect(result.stderr).toContain('/jobs/{id}\\u{d}\\u{202e}');
  });
});
