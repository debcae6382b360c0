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
 * Type errors planted in copies of one golden project: tsc must still report each, with its code, so a faster
 * type-check cannot have come from types that turned into `any` or checks that were dropped. `planted` is the
 * project as generated (the runtime compiled: its declarations must still type what the generated code calls);
 * `planted-source` has the runtime's sources instead, checked with the generated tsconfig's options (a project no
 * longer checks them, so this is where a runtime change that only the generated options reject shows). Each edit
 * must apply exactly once, or the test fails before tsc runs.
 */
const PLANTED_FIXTURE = 'google-operation';
type PlantedProject = 'planted' | 'planted-source';
const PLANTS: ReadonlyArray<{ project: PlantedProject; file: string; find: string; replace: string; code: string; proves: string }> = [
  {
    project: 'planted',
    file: 'src/tools/v1.ts',
    find: "parent: z.string().describe('The resource",
    replace: "parent: z.string().descrbe('The resource",
    code: 'TS2551',
    proves: 'zod calls in a tool schema are typed',
  },
  {
    project: 'planted',
    file: 'src/tools/v1.ts',
    find: 'body: z.looseObject<z.core.$ZodShape>({ text: z.string().optional(),',
    replace: "body: z.looseObject<z.core.$ZodShape>({ text: 'not a schema',",
    code: 'TS2322',
    proves: 'every property of an object schema must be a zod schema',
  },
  {
    project: 'planted',
    file: 'src/tools/v1.ts',
    find: "  role: 'start',",
    replace: "  role: 'begin',",
    code: 'TS2322',
    proves: 'the operation table is checked against OperationSpec',
  },
  {
    project: 'planted',
    file: 'src/tools/v1.ts',
    find: 'outputGcsUri: z.string().optional() })',
    replace: `outputGcsUri: z.enum${ENUM_TYPE}(['gs', 1]).optional() })`,
    code: 'TS2322',
    proves: "an enum's pinned type still checks each value is a string",
  },
  {
    project: 'planted',
    file: 'src/jobs.ts',
    find: 'resultOutput: z.record(z.string(), z.unknown()),',
    replace: "resultOutput: 'not a schema',",
    code: 'TS2322',
    proves: "a family's result schema must be a zod schema",
  },
  {
    project: 'planted',
    file: 'src/index.ts',
    find: 'await runMain(definition, process.argv.slice(2));',
    replace: 'await runMain(definition, 42);',
    code: 'TS2345',
    proves: "the compiled runtime's declarations type its entry points (not any)",
  },
  {
    project: 'planted',
    file: 'src/test/smoke.test.ts',
    find: '  await close();',
    replace: '  await close(1);',
    code: 'TS2554',
    proves: "the compiled runtime's declarations type what its entry points return",
  },
  {
    project: 'planted-source',
    file: 'runtime/mcp/plainTools.ts',
    find: 'run: (callCtx, args, extra) => callPlainTool(callCtx, op, args, extra.signal),',
    replace: 'run: (callCtx, args, extra) => callPlainTool(callCtx, op, args.body.text, extra.signal),',
    code: 'TS18046',
    proves: "a tool handler's arguments are typed (unknown values, not any)",
  },
  {
    project: 'planted-source',
    file: 'runtime/mcp/plainTools.ts',
    find: '      description: op.description,',
    replace: '      description: op.descripton,',
    code: 'TS2551',
    proves: 'a wrong property access on an operation in a runtime file is an error',
  },
  {
    project: 'planted-source',
    file: 'runtime/core/lifecycle.ts',
    find: "type: 'text',",
    replace: "type: 'txt',",
    code: 'TS2820',
    proves: "tool results are checked against the MCP SDK's CallToolResult",
  },
];
const PLANTED_PROJECTS: readonly PlantedProject[] = ['planted', 'planted-source'];

function plant(files: Map<string, string>, project: PlantedProject): Map<string, string> {
  const planted = new Map(files);
  for (const { file, find, replace } of PLANTS.filter((p) => p.project === project)) {
    const text = planted.get(file);
    expect(text, `${PLANTED_FIXTURE}/${file} exists`).toBeDefined();
    expect(text!.split(find).length - 1, `${file} contains once: ${find}`).toBe(1);
    planted.set(file, text!.replace(find, replace));
  }
  return planted;
}

const isPlanted = (line: string) => PLANTED_PROJECTS.some((project) => line.startsWith(`${project}/`));

/**
 * Both compilers: TypeScript 7, which a generated project pins (GENERATED_DEV_DEPENDENCIES, installed here as
 * `typescript7`), and 5.9, for a project that keeps the older one or copies the code into its own build. The root
 * they check is written once (by the first) and read by both.
 */
const COMPILERS = [
  { name: 'TypeScript 7 (the generated project pins it)', package: 'typescript7' },
  { name: 'TypeScript 5.9', package: 'typescript' },
] as const;
let written: Promise<string> | undefined;

describe.each(COMPILERS)('goldens type-check with $name', (compiler) => {
  // One tsc program over all fixtures (each keeps its own generated tsconfig options) and the planted copies: the
  // SDK and zod types are loaded once instead of once per project.
  let output: Promise<{ code: number; lines: string[] }> | undefined;
  const tsc = join(REPO_ROOT, 'node_modules', compiler.package, 'bin', 'tsc');
  const typecheck = () => {
    written ??= writeTypecheckRoot();
    output ??= written.then((root) => runTsc(tsc, root));
    return output;
  };

  it('tsc --noEmit passes on every expected project with the compiled runtime', async () => {
    const { lines } = await typecheck();
    expect(lines.filter((line) => !isPlanted(line))).toEqual([]);
  }, 300_000);

  it('builds without the store drivers: tsc reads no driver package nor its @types', async () => {
    await typecheck();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [tsc, '-p', join(REPO_ROOT, '.tmp', 'golden-tsc', PLANTED_FIXTURE), '--listFilesOnly'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const packages = new Set(
      stdout
        .split('\n')
        .map((line) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    expect([...packages]).toEqual(expect.arrayContaining(['zod', '@modelcontextprotocol/server', '@types/node']));
    for (const driver of ['better-sqlite3', '@types/better-sqlite3', 'ioredis', 'pg', '@types/pg', 'pino', 'prom-client'])
      expect(packages.has(driver), driver).toBe(false);
  }, 300_000);

  it('still reports every type error planted in a generated file, a runtime declaration use or a runtime source', async () => {
    const { code, lines } = await typecheck();
    expect(code).not.toBe(0);
    const reported = lines.filter(isPlanted);
    const targets = new Map(
      PLANTS.map((p) => [`${p.project}/${p.file}`, PLANTS.filter((q) => q.project === p.project && q.file === p.file)]),
    );
    for (const [target, plants] of targets) {
      const here = reported
        .filter((line) => line.startsWith(`${target}(`))
        .map((line) => /error (TS\d+)/.exec(line)?.[1])
        .sort();
      expect(here, `${target}: ${plants.map((p) => p.proves).join('; ')}`).toEqual(plants.map((p) => p.code).sort());
    }
    // Nothing else: the runtime's sources check cleanly with the generated options, and so does the rest.
    expect(reported.filter((line) => ![...targets.keys()].some((target) => line.startsWith(`${target}(`)))).toEqual([]);
  }, 300_000);
});

/** Writes the root tsconfig and every project it includes; returns the root. */
async function writeTypecheckRoot(): Promise<string> {
  const root = join(REPO_ROOT, '.tmp', 'golden-tsc');
  const runtime = emitRuntime([]);
  const sources = emitRuntime([], undefined, undefined, 'source');
  expect(runtime.length).toBeGreaterThan(0);
  expect(sources.some((f) => f.path === 'runtime/index.ts')).toBe(true);
  // Each tsconfig.json starts with its project's header (JSON with comments, as tsc reads it).
  const withoutHeader = (text: string | undefined) => (text ?? '').replace(/^(\/\/.*\n)+/, '');
  const first = withoutHeader(readTree(join(GOLDEN_DIR, fixtures[0]!, 'expected')).get('tsconfig.json'));
  const { outDir: _outDir, rootDir: _rootDir, ...compilerOptions } = JSON.parse(first).compilerOptions;
  const include = [...[...fixtures, ...PLANTED_PROJECTS].map((f) => `${f}/src`), 'planted-source/runtime'];
  writeTree(root, [
    { path: 'tsconfig.json', contents: JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, include }) },
  ]);
  for (const fixture of fixtures) {
    const expected = readTree(join(GOLDEN_DIR, fixture, 'expected'));
    expect(withoutHeader(expected.get('tsconfig.json')), `${fixture} uses the same tsconfig`).toBe(first);
    writeTree(join(root, fixture), [...[...expected].map(([path, contents]) => ({ path, contents })), ...runtime]);
  }
  const generated = readTree(join(GOLDEN_DIR, PLANTED_FIXTURE, 'expected'));
  for (const [project, runtimeFiles] of [
    ['planted', runtime],
    ['planted-source', sources],
  ] as const) {
    const files = new Map([...generated, ...runtimeFiles.map((f) => [f.path, f.contents] as const)]);
    writeTree(
      join(root, project),
      [...plant(files, project)].map(([path, contents]) => ({ path, contents })),
    );
  }
  return root;
}

async function runTsc(tsc: string, root: string): Promise<{ code: number; lines: string[] }> {
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
