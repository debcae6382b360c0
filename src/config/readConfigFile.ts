/**
 * Read one config file into a plain value by its extension: JSON, YAML, an ES module (default export, or a
 * function returning the config), or TypeScript. Parse and load failures become coded diagnostics.
 *
 * TypeScript: Node 20 cannot import `.ts` by itself. We first try a plain `import()` (works under tsx or a
 * Node with type stripping); if Node refuses the extension, we transpile the file with the `typescript`
 * package when the project has it installed, into a temporary `.mjs` beside the original (so its relative and
 * package imports resolve as written) that is deleted straight after. Without `typescript`, or with one that has
 * no JS API (TypeScript 7, the native compiler, exports only its version), the user gets MJG313 suggesting
 * `mcp-jobgen.config.mjs` or `.json`.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../model/diagnostics.js';
import { configDiagnostic } from './codes.js';

export interface ReadConfigResult {
  value?: unknown;
  diagnostics: Diagnostic[];
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

function parseJson(text: string, file: string): ReadConfigResult {
  try {
    return { value: JSON.parse(text), diagnostics: [] };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = position ? ` at ${lineAndColumn(text, Number(position[1]))}` : '';
    return {
      diagnostics: [
        configDiagnostic('MJG311', `config file is not valid JSON${where}: ${message}`, {
          file,
          help: 'Fix the JSON syntax (no comments or trailing commas in .json; use .yaml or .mjs for those).',
        }),
      ],
    };
  }
}

/** js-yaml is imported here, on use: most runs have no config file or a JSON / module one. */
async function parseYaml(text: string, file: string): Promise<ReadConfigResult> {
  const yaml = await import('js-yaml');
  try {
    return { value: yaml.load(text, { filename: file }) ?? {}, diagnostics: [] };
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : '';
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      diagnostics: [
        configDiagnostic('MJG311', `config file is not valid YAML${where}: ${reason}`, {
          file,
          help: 'Fix the YAML syntax; indentation must be consistent and strings with ": " need quotes.',
        }),
      ],
    };
  }
}

async function importDefault(url: string, file: string): Promise<ReadConfigResult> {
  const module = (await import(url)) as { default?: unknown };
  let value = module.default;
  if (typeof value === 'function') value = await (value as () => unknown)();
  if (value === undefined) {
    return {
      diagnostics: [
        configDiagnostic('MJG312', 'config module has no default export', {
          file,
          help: 'Write `export default defineConfig({ ... })` (defineConfig comes from "mcp-jobgen").',
        }),
      ],
    };
  }
  return { value, diagnostics: [] };
}

function loadFailure(error: unknown, file: string): ReadConfigResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    diagnostics: [
      configDiagnostic('MJG312', `config module failed to load: ${message.split('\n')[0]}`, {
        file,
        help: 'Run the file with node to see the full error; a config module must evaluate without side effects.',
      }),
    ],
  };
}

async function importTypeScript(path: string, file: string): Promise<ReadConfigResult> {
  try {
    return await importDefault(pathToFileURL(path).href, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') return loadFailure(error, file);
  }
  let ts: typeof import('typescript') | undefined;
  try {
    // Resolved from the config's own folder: the user's project, not mcp-jobgen's install.
    const require = createRequire(path);
    ts = require('typescript') as typeof import('typescript');
  } catch {
    ts = undefined;
  }
  if (typeof ts?.transpileModule !== 'function') {
    const found =
      typeof ts?.version === 'string'
        ? `typescript ${ts.version} is installed here but has no JS API to transpile with`
        : 'it is not installed here';
    return {
      diagnostics: [
        configDiagnostic('MJG313', `a TypeScript config needs the "typescript" package's JS API (5.x), and ${found}`, {
          file,
          help: 'Rename it to mcp-jobgen.config.mjs (plain JavaScript) or use mcp-jobgen.config.json, run under Node 22.6+ or tsx, or install typescript@5.',
        }),
      ],
    };
  }
  const source = await readFile(path, 'utf8');
  const output = ts.transpileModule(source, {
    fileName: basename(path),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const temporary = join(dirname(path), `.${basename(path, extname(path))}.${process.pid}-${Date.now()}.mjs`);
  try {
    await writeFile(temporary, output);
    return await importDefault(pathToFileURL(temporary).href, file);
  } catch (error) {
    return loadFailure(error, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** `path` is absolute; `file` is how diagnostics name it (relative to the working directory). */
export async function readConfigFile(path: string, file: string): Promise<ReadConfigResult> {
  const extension = extname(path).toLowerCase();
  if (extension === '.ts' || extension === '.mts') return importTypeScript(path, file);
  if (extension === '.js' || extension === '.mjs' || extension === '.cjs') {
    try {
      return await importDefault(pathToFileURL(path).href, file);
    } catch (error) {
      return loadFailure(error, file);
    }
  }
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  if (extension === '.json') return parseJson(text, file);
  if (extension === '.yaml' || extension === '.yml') return parseYaml(text, file);
  return {
    diagnostics: [
      configDiagnostic('MJG312', `config file type "${extension || basename(path)}" is not supported`, {
        file,
        help: 'Use one of .json, .yaml, .yml, .mjs, .js or .ts.',
      }),
    ],
  };
}
