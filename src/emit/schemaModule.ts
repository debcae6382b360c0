/**
 * `src/schemas/<group>.ts`: the zod schemas of a tool file's plain tools, in a module the tool file imports on a
 * tool's first call (templates/runtime/core/schemaModule.ts). tools/list reads the shipped JSON, so a server that
 * starts and lists loads no schema code at all: GitHub's 3 MB of it cost a quarter of its cold start. A job
 * family's operations keep their schemas in the tool file: the watcher, the recovery scan and the status tools
 * read them outside any call.
 */
import type { GeneratedFile } from '../model/output.js';
import { LineWriter } from './code.js';
import type { PlannedFamily, PlannedOperation } from './toolPlan.js';
import { SHAPE_TYPE } from './zod/limits.js';
import { ReaderSet } from './zod/readers.js';

/** Tools whose schemas a job family reads (its starts, and its poll, cancel and result operations). */
export function familyTools(families: Iterable<PlannedFamily>): Set<string> {
  const tools = new Set<string>();
  for (const family of families) {
    for (const start of family.starts) tools.add(start.tool);
    for (const tool of family.linked.values()) tools.add(tool);
    for (const tool of family.internal.values()) tools.add(tool);
  }
  return tools;
}

/** Whether an operation's schemas go to the schema module: a plain tool no job family reads. */
export function schemasLoadOnCall(planned: PlannedOperation, family: ReadonlySet<string>): boolean {
  return planned.role === 'tool' && !family.has(planned.tool);
}

/** The schema module of one tool file, written as the tool file is; `usesOnce` and `readers` say which helpers its code calls. */
export class SchemaModuleWriter {
  readonly w = new LineWriter();
  /** A shared output is built here, in `once(…)`. */
  usesOnce = false;
  /** The runtime readers its input schemas printed. */
  readonly readers = new ReaderSet();
  private count = 0;

  constructor(readonly stem: string) {}

  get isEmpty(): boolean {
    return this.count === 0;
  }

  /** The tool file's getter body for one schema: the built schema of this module's export `fn`. */
  reference(key: 'input' | 'output', fn: string): string {
    return `return lazy<OperationSpec, '${key}'>(this, '${key}', () => schemas.get().${fn}());`;
  }

  input(fn: string, props: readonly string[]): void {
    this.count += 1;
    this.w.blank();
    this.w.block(
      `export function ${fn}(): z.ZodObject {`,
      () =>
        this.w.block(
          `return z.strictObject${SHAPE_TYPE}({`,
          () => {
            for (const prop of props) this.w.expr('', prop);
          },
          '});',
        ),
      '}',
    );
  }

  output(fn: string, code: string): void {
    this.count += 1;
    this.w.blank();
    this.w.block(`export function ${fn}(): z.ZodObject {`, () => this.w.expr('return ', code, ';'), '}');
  }

  /** The tool file's lines that reach this module: imported on first use, typed as what it exports. */
  loaderLines(): string {
    const path = `../schemas/${this.stem}.js`;
    return `const schemas = schemaModule<typeof import('${path}')>('schemas/${this.stem}.js', () => import('${path}'));\n`;
  }

  file(header: string, shared: string): GeneratedFile {
    const helpers = runtimeImport(['z', this.usesOnce && 'once', ...this.readers.imports()]);
    return {
      path: `src/schemas/${this.stem}.ts`,
      contents: this.w.toString(`${header}\n${helpers}${shared}`),
    };
  }
}

/**
 * The import of the runtime values a generated file uses (the names given, in that order; none: no line), `z`
 * among them. Always from `runtime/index.js`: a project ships the runtime as that one bundled module
 * (scripts/runtimeBundle.mjs), so its other files are declarations only, and a second copy of a helper would not
 * share the bundle's state; zod is compiled into the bundle too (BUNDLED_PACKAGES), so `z` from the package would
 * be a second zod. `from`: the path to the runtime from the file's folder (`src/tools/`, `src/schemas/` by default).
 */
export function runtimeImport(names: ReadonlyArray<string | false>, from = '../../runtime/index.js'): string {
  const used = names.filter((name): name is string => typeof name === 'string' && name !== '');
  return used.length > 0 ? `import { ${used.join(', ')} } from '${from}';\n` : '';
}
