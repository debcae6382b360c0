/**
 * Golden files: each `fixtures/golden/<name>/spec.yaml` goes through the real pipeline and must produce
 * exactly the committed `expected/` tree (UPDATE_GOLDENS=1 rewrites it: `npm run update-goldens`). The
 * goldens are then type-checked with tsc, because snapshots nobody compiles hide broken output.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emitRuntime } from '../../src/emit/emitRuntime.js';
import { ENUM_TYPE } from '../../src/emit/zod/limits.js';
import { GOLDEN_DIR, generateFixture, isRuntimeCopy, listFixtures, REPO_ROOT, readTree, writeTree } from './pipeline.js';

const UPDATE = process.env.UPDATE_GOLDENS === '1';
const fixtures = listFixtures();

describe.each(fixtures)('golden %s', (name) => {
  const expectedDir = join(GOLDEN_DIR, name, 'expected');

  it('generates exactly the committed files', async () => {
    const { files, diagnostics } = await generateFixture(name);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const own = files.filter((f) => !isRuntimeCopy(f.path));
    if (UPDATE) writeTree(expectedDir, own);
    const expected = readTree(expectedDir);
    expect(own.map((f) => f.path)).toEqual([...expected.keys()]);
    for (const file of own) expect(file.contents, `${name}/expected/${file.path}`).toBe(expected.get(file.path));
  });

  it('is byte-identical when generated twice', async () => {
    const [first, second] = [await generateFixture(name), await generateFixture(name)];
    expect(second.files).toEqual(first.files);
  });
});

/**
 * Type errors planted in a copy of one golden project (generated files and runtime files alike): tsc must still
 * report each, with its code, so a faster type-check cannot have come from types that turned into `any` or
 * checks that were dropped. Each edit must apply exactly once, or the test fails before tsc runs.
 */
const PLANTED_FIXTURE = 'google-operation';
const PLANTS: ReadonlyArray<{ file: string; find: string; replace: string; code: string; proves: string }> = [
  {
    file: 'src/tools/v1.ts',
    find: "parent: z.string().describe('The resource",
    replace: "parent: z.string().descrbe('The resource",
    code: 'TS2551',
    proves: 'zod calls in a tool schema are typed',
  },
  {
    file: 'src/tools/v1.ts',
    find: 'body: z.looseObject<z.core.$ZodShape>({ text: z.string().optional(),',
    replace: "body: z.looseObject<z.core.$ZodShape>({ text: 'not a schema',",
    code: 'TS2322',
    proves: 'every property of an object schema must be a zod schema',
  },
  {
    file: 'src/tools/v1.ts',
    find: "  role: 'start',",
    replace: "  role: 'begin',",
    code: 'TS2322',
    proves: 'the operation table is checked against OperationSpec',
  },
  {
    file: 'src/tools/v1.ts',
    find: 'outputGcsUri: z.string().optional() })',
    replace: `outputGcsUri: z.enum${ENUM_TYPE}(['gs', 1]).optional() })`,
    code: 'TS2322',
    proves: "an enum's pinned type still checks each value is a string",
  },
  {
    file: 'src/jobs.ts',
    find: 'resultOutput: z.record(z.string(), z.unknown()),',
    replace: "resultOutput: 'not a schema',",
    code: 'TS2322',
    proves: "a family's result schema must be a zod schema",
  },
  {
    file: 'src/runtime/mcp/plainTools.ts',
    find: 'run: (callCtx, args, extra) => callPlainTool(callCtx, op, args, extra.signal),',
    replace: 'run: (callCtx, args, extra) => callPlainTool(callCtx, op, args.body.text, extra.signal),',
    code: 'TS18046',
    proves: "a tool handler's arguments are typed (unknown values, not any)",
  },
  {
    file: 'src/runtime/mcp/plainTools.ts',
    find: '      description: op.description,',
    replace: '      description: op.descripton,',
    code: 'TS2551',
    proves: 'a wrong property access on an operation in a runtime file is an error',
  },
  {
    file: 'src/runtime/core/lifecycle.ts',
    find: "type: 'text',",
    replace: "type: 'txt',",
    code: 'TS2820',
    proves: "tool results are checked against the MCP SDK's CallToolResult",
  },
];

function plant(files: Map<string, string>): Map<string, string> {
  const planted = new Map(files);
  for (const { file, find, replace } of PLANTS) {
    const text = planted.get(file);
    expect(text, `${PLANTED_FIXTURE}/${file} exists`).toBeDefined();
    expect(text!.split(find).length - 1, `${file} contains once: ${find}`).toBe(1);
    planted.set(file, text!.replace(find, replace));
  }
  return planted;
}

describe('goldens type-check', () => {
  // One tsc program over all fixtures (each keeps its own generated tsconfig options) and the planted copy: the
  // SDK and zod types are loaded once instead of once per project.
  let output: Promise<{ code: number; lines: string[] }> | undefined;
  const typecheck = () => {
    output ??= typecheckAll();
    return output;
  };

  it('tsc --noEmit passes on every expected project plus the runtime', async () => {
    const { lines } = await typecheck();
    expect(lines.filter((line) => !line.startsWith('planted/'))).toEqual([]);
  }, 300_000);

  it('still reports every type error planted in a generated or runtime file', async () => {
    const { code, lines } = await typecheck();
    expect(code).not.toBe(0);
    const reported = lines.filter((line) => line.startsWith('planted/'));
    const files = new Map(PLANTS.map((p) => [p.file, PLANTS.filter((q) => q.file === p.file)]));
    for (const [file, plants] of files) {
      const here = reported
        .filter((line) => line.startsWith(`planted/${file}(`))
        .map((line) => /error (TS\d+)/.exec(line)?.[1])
        .sort();
      expect(here, `${file}: ${plants.map((p) => p.proves).join('; ')}`).toEqual(plants.map((p) => p.code).sort());
    }
    expect(reported.filter((line) => !PLANTS.some((p) => line.startsWith(`planted/${p.file}(`)))).toEqual([]);
  }, 300_000);
});

async function typecheckAll(): Promise<{ code: number; lines: string[] }> {
  const root = join(REPO_ROOT, '.tmp', 'golden-tsc');
  const runtime = emitRuntime([]);
  expect(runtime.length).toBeGreaterThan(0);
  // Each tsconfig.json starts with its project's header (JSON with comments, as tsc reads it).
  const withoutHeader = (text: string | undefined) => (text ?? '').replace(/^(\/\/.*\n)+/, '');
  const first = withoutHeader(readTree(join(GOLDEN_DIR, fixtures[0]!, 'expected')).get('tsconfig.json'));
  const { outDir: _outDir, rootDir: _rootDir, ...compilerOptions } = JSON.parse(first).compilerOptions;
  const projects = [...fixtures, 'planted'];
  writeTree(root, [
    {
      path: 'tsconfig.json',
      contents: JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, include: projects.map((f) => `${f}/src`) }),
    },
  ]);
  for (const fixture of fixtures) {
    const expected = readTree(join(GOLDEN_DIR, fixture, 'expected'));
    expect(withoutHeader(expected.get('tsconfig.json')), `${fixture} uses the same tsconfig`).toBe(first);
    writeTree(join(root, fixture), [...[...expected].map(([path, contents]) => ({ path, contents })), ...runtime]);
  }
  const project = new Map([
    ...readTree(join(GOLDEN_DIR, PLANTED_FIXTURE, 'expected')),
    ...runtime.map((f) => [f.path, f.contents] as const),
  ]);
  writeTree(
    join(root, 'planted'),
    [...plant(project)].map(([path, contents]) => ({ path, contents })),
  );
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', root, '--pretty', 'false'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    () => ({ code: 0, output: '' }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
  // One line per diagnostic (continuation lines of a long message start with spaces), paths relative to root.
  return { code: result.code, lines: result.output.split('\n').filter((line) => line !== '' && !line.startsWith(' ')) };
}
