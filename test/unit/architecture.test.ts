/**
 * The pipeline's shape, enforced: every import of the generator (`src/`) and of the runtime (`templates/runtime/`)
 * is read with the TypeScript parser and checked against the allowed direction. A new import that points the
 * wrong way, or reaches into another stage's internals instead of its `index.ts`, fails here with the file and
 * the rule it breaks (docs/DEVELOPING.md describes the stages).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface Import {
  from: string; // repo-relative file
  spec: string;
  /** Repo-relative target for relative specifiers (`.ts`), or the package name. */
  target: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function toImport(from: string, spec: string, typeOnly: boolean): Import {
  const target = spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(from), spec)).replace(/\.js$/, '.ts') : packageName(spec);
  return { from, spec, target, typeOnly };
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => out.push(toImport(file, spec, typeOnly));
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause?.isTypeOnly ||
        (!!clause?.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          !clause.name &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly && !!clause);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) add(arg.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function packageName(spec: string): string {
  if (spec.startsWith('node:')) return 'node:';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** `src/<stage>/…` → stage; `src/index.ts` → `api`. */
function stageOf(file: string): string {
  const [, stage, rest] = file.split('/');
  return rest === undefined ? 'api' : stage!;
}

// Who may import whom in the generator: cli → config → load → normalize → model ← detect ← emit → write, with
// `explain` (presentation of a detection) and `api` (src/index.ts, the library) at the edge beside cli.
const GENERATOR_ALLOWED: Record<string, readonly string[]> = {
  model: [],
  load: ['model'],
  normalize: ['model', 'load'],
  detect: ['model'],
  emit: ['model', 'detect'],
  write: ['model'],
  config: ['model'],
  explain: ['model'],
  cli: ['model', 'config', 'write', 'api'],
  api: ['model', 'config', 'load', 'normalize', 'detect', 'explain', 'emit', 'write'],
};
/** Stages whose code is pure: no node built-ins, no packages (detection and the IR are data in, data out). */
const PURE_STAGES = new Set(['model', 'detect']);
/**
 * The only runtime files the generator may import: the contract (type-only), the import-free defaults, and the
 * wire spelling of tool schemas both sides apply (which imports only its other half, wireUnion.ts, import-free).
 */
const RUNTIME_CONTRACT = new Set(['templates/runtime/definition.ts', 'templates/runtime/defaults.ts', 'templates/runtime/wireSchema.ts']);

/** The wire spelling of tool schemas, in two import-free files: the one the generator imports may import the other. */
const WIRE_SPELLING = new Set(['templates/runtime/wireSchema.ts', 'templates/runtime/wireUnion.ts']);

// The runtime's layers, bottom up; each may import its own folder and the layers below it.
const RUNTIME_LAYERS = ['contract', 'store', 'core', 'upstream', 'jobs', 'mcp', 'entry'] as const;
const RUNTIME_PACKAGES = new Set([
  'node:',
  'zod',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/client',
  'better-sqlite3',
  'ioredis',
  'pg',
  // Observability: metrics (loaded in HTTP mode only) and the JSON log on stderr.
  'prom-client',
  'pino',
  // Contract patterns, matched in linear time (core/contractPattern.ts).
  're2js',
]);

function runtimeLayer(file: string): (typeof RUNTIME_LAYERS)[number] {
  const rel = file.slice('templates/runtime/'.length);
  if (rel === 'definition.ts' || rel === 'defaults.ts' || rel === 'wireSchema.ts' || rel === 'wireUnion.ts') return 'contract';
  if (rel === 'index.ts') return 'entry';
  const folder = rel.split('/')[0] as (typeof RUNTIME_LAYERS)[number];
  if (!RUNTIME_LAYERS.includes(folder)) throw new Error(`${file}: the runtime has no layer "${folder}"; add it to RUNTIME_LAYERS`);
  return folder;
}

function generatorViolations(files: string[], read: (file: string) => Import[] = importsOf): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const stage = stageOf(file);
    const allowed = GENERATOR_ALLOWED[stage];
    if (!allowed) {
      problems.push(`${file}: unknown stage "${stage}" (add it to GENERATOR_ALLOWED and docs/DEVELOPING.md)`);
      continue;
    }
    for (const imp of read(file)) {
      if (!imp.spec.startsWith('.')) {
        if (PURE_STAGES.has(stage)) problems.push(`${file}: the ${stage} stage is pure, but imports ${imp.spec}`);
        continue;
      }
      if (imp.target.startsWith('templates/')) {
        if (!RUNTIME_CONTRACT.has(imp.target))
          problems.push(`${file}: imports ${imp.target}; only the runtime's definition.ts, defaults.ts and wireSchema.ts are shared`);
        else if (imp.target.endsWith('definition.ts') && !imp.typeOnly)
          problems.push(`${file}: imports definition.ts for values; it is type-only`);
        else if (!['model', 'emit'].includes(stage)) problems.push(`${file}: the ${stage} stage must not depend on the runtime contract`);
        continue;
      }
      if (!imp.target.startsWith('src/')) {
        problems.push(`${file}: imports ${imp.spec} outside src/`);
        continue;
      }
      const target = stageOf(imp.target);
      if (target === stage) continue;
      if (!allowed.includes(target)) {
        problems.push(
          `${file}: ${stage} must not import ${target} (${imp.spec}); the pipeline runs cli → config → load → normalize → model ← detect ← emit → write`,
        );
      } else if (target !== 'model' && target !== 'api' && imp.target !== `src/${target}/index.ts`) {
        problems.push(`${file}: imports ${imp.target}, an internal of ${target}; import from src/${target}/index.ts`);
      }
    }
  }
  return problems;
}

function runtimeViolations(files: string[], read: (file: string) => Import[] = importsOf): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const layer = runtimeLayer(file);
    for (const imp of read(file)) {
      if (!imp.spec.startsWith('.')) {
        if (layer === 'contract' && !(file.endsWith('definition.ts') && imp.typeOnly && imp.target === 'zod')) {
          problems.push(`${file}: the contract imports nothing (definition.ts: zod types only), but imports ${imp.spec}`);
        } else if (!RUNTIME_PACKAGES.has(imp.target)) {
          problems.push(`${file}: the runtime may import only the MCP SDK, zod, the store drivers and node built-ins, not ${imp.spec}`);
        }
        continue;
      }
      if (!imp.target.startsWith('templates/runtime/')) {
        problems.push(`${file}: imports ${imp.spec}, outside the runtime (it is copied into generated projects alone)`);
        continue;
      }
      const target = runtimeLayer(imp.target);
      if (
        layer === 'contract' &&
        !(target === 'contract' && (imp.typeOnly || (WIRE_SPELLING.has(file) && WIRE_SPELLING.has(imp.target))))
      ) {
        problems.push(`${file}: the contract may only import types of the contract, not ${imp.spec}`);
      } else if (RUNTIME_LAYERS.indexOf(target) > RUNTIME_LAYERS.indexOf(layer)) {
        problems.push(`${file}: ${layer}/ must not import ${target}/ (${imp.spec}); layers run ${RUNTIME_LAYERS.join(' ← ')}`);
      }
    }
  }
  return problems;
}

// The IR toolkit (src/model) exists once: a stage that writes its own copy of one of these fails here. Each pattern
// is the shape every earlier copy had; the message names the helper to import instead.
const TOOLKIT_COPIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bfunction is(?:Plain)?Object\b|\bconst is(?:Plain)?Object\s*=/, 'isObject from src/model/jsonPointer.ts'],
  [/replace\(\/~\/g, '~0'\)/, 'pointerOf / escapePointerSegment from src/model/jsonPointer.ts'],
  [/\$\{[\w!.]+\.method\} \$\{[\w!.]+\.path\}/, 'operationKey from src/model/operationKey.ts (the METHOD /path key)'],
  [/'op' in \w+ && 'idParam' in \w+/, 'isOperationLink from src/model/jobs.ts'],
];

function toolkitCopies(files: string[], read: (file: string) => string = (f) => readFileSync(join(ROOT, f), 'utf8')): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (file.startsWith('src/model/')) continue;
    const text = read(file);
    for (const [pattern, use] of TOOLKIT_COPIES) if (pattern.test(text)) problems.push(`${file}: re-implements ${use}; import it`);
  }
  return problems;
}

/**
 * Import cycles among `files` (value and type imports alike: a type cycle is still two files that cannot be read
 * apart), each as its files in a stable order, the strongly connected components of the import graph (Tarjan).
 */
function importCycles(files: string[], read: (file: string) => Import[] = importsOf): string[][] {
  const edges = new Map(files.map((f) => [f, read(f).map((imp) => imp.target)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('architecture', () => {
  it('the generator imports only along the pipeline and through each stage index', () => {
    expect(generatorViolations(sourceFiles('src'))).toEqual([]);
  });

  it('the runtime imports only its own layers downwards and the allowed packages', () => {
    expect(runtimeViolations(sourceFiles('templates/runtime'))).toEqual([]);
  });

  // Synthetic imports through the same checker: each row breaks one rule (or none) and must be reported as such.
  const gen = (from: string, spec: string, typeOnly = false) => generatorViolations([from], () => [toImport(from, spec, typeOnly)]);
  const rt = (from: string, spec: string, typeOnly = false) => runtimeViolations([from], () => [toImport(from, spec, typeOnly)]);
  it.each([
    ['src/detect/x.ts', '../emit/index.js', false, /detect must not import emit/],
    ['src/load/x.ts', '../normalize/index.js', false, /load must not import normalize/],
    ['src/normalize/x.ts', '../load/refScan.js', false, /an internal of load/],
    ['src/detect/x.ts', 'node:fs', false, /pure/],
    ['src/model/x.ts', 'yaml', false, /pure/],
    ['src/emit/x.ts', '../../templates/runtime/jobs/poll.js', false, /only the runtime's definition.ts, defaults.ts and wireSchema.ts/],
    ['src/emit/x.ts', '../../templates/runtime/definition.js', false, /type-only/],
    ['src/detect/x.ts', '../../templates/runtime/defaults.js', false, /must not depend on the runtime contract/],
  ])('generator: %s importing %s is refused', (from, spec, typeOnly, message) => {
    expect(gen(from, spec, typeOnly).join('\n')).toMatch(message);
  });
  it.each([
    ['src/emit/x.ts', '../detect/index.js'],
    ['src/normalize/x.ts', '../load/index.js'],
    ['src/detect/x.ts', '../model/jsonPointer.js'],
    ['src/emit/x.ts', '../../templates/runtime/defaults.js'],
    ['src/cli/x.ts', '../index.js'],
  ])('generator: %s importing %s is allowed', (from, spec) => {
    expect(gen(from, spec, true)).toEqual([]);
  });
  it.each([
    ['templates/runtime/core/x.ts', '../jobs/poll.js', /core\/ must not import jobs\//],
    ['templates/runtime/store/x.ts', '../upstream/http.js', /store\/ must not import upstream\//],
    ['templates/runtime/jobs/x.ts', 'axios', /may import only/],
    ['templates/runtime/jobs/x.ts', '../../../src/emit/index.js', /outside the runtime/],
    ['templates/runtime/defaults.ts', './definition.js', /contract may only import types/],
  ])('runtime: %s importing %s is refused', (from, spec, message) => {
    expect(rt(from, spec).join('\n')).toMatch(message);
  });
  it('the IR toolkit is not re-implemented outside src/model', () => {
    expect(toolkitCopies(sourceFiles('src'))).toEqual([]);
  });

  it.each([
    ['function isObject(v: unknown) { return typeof v === "object"; }', /isObject from src\/model\/jsonPointer.ts/],
    ['const isPlainObject = (v: unknown) => v !== null;', /isObject from/],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the row is source text, not a template
    ["const p = `#/${key.replace(/~/g, '~0').replace(/\\//g, '~1')}`;", /pointerOf/],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the row is source text, not a template
    ['const key = `${op.method} ${op.path}`;', /operationKey/],
    ["const isLink = (l) => !!l && 'op' in l && 'idParam' in l;", /isOperationLink/],
  ])('toolkit copy refused: %s', (text, message) => {
    expect(toolkitCopies(['src/detect/x.ts'], () => text).join('\n')).toMatch(message);
    expect(toolkitCopies(['src/model/x.ts'], () => text)).toEqual([]);
  });

  it('runtime: downward and same-layer imports are allowed', () => {
    expect(rt('templates/runtime/mcp/x.ts', '../jobs/register.js')).toEqual([]);
    expect(rt('templates/runtime/jobs/x.ts', './poll.js')).toEqual([]);
    expect(rt('templates/runtime/upstream/x.ts', 'node:crypto')).toEqual([]);
  });

  it('the runtime has no import cycle', () => {
    expect(importCycles(sourceFiles('templates/runtime'))).toEqual([]);
  });

  // Detection's shared types live in detectTypes.ts, not in its orchestrators (issue 26): no stage has a cycle.
  it('the generator has no import cycle', () => {
    expect(importCycles(sourceFiles('src'))).toEqual([]);
  });

  // Synthetic graphs through the same cycle finder: `a → b` is `[a, [b]]`.
  const graph = (edges: Record<string, string[]>) =>
    importCycles(Object.keys(edges), (from) => edges[from]!.map((to) => ({ from, spec: to, target: to, typeOnly: false })));
  it.each([
    [{ 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }, [['a.ts', 'b.ts']]],
    [{ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'], 'd.ts': ['a.ts'] }, [['a.ts', 'b.ts', 'c.ts']]],
    [{ 'a.ts': ['a.ts'] }, [['a.ts']]],
    [{ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }, []],
    [
      { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'], 'c.ts': ['d.ts'], 'd.ts': ['c.ts'] },
      [
        ['a.ts', 'b.ts'],
        ['c.ts', 'd.ts'],
      ],
    ],
  ])('import cycles in %j: %j', (edges, cycles) => {
    expect(graph(edges)).toEqual(cycles);
  });
});
