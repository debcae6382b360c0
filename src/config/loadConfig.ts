/**
 * Config discovery and loading: `--config <file>`, else the first data-only `mcp-jobgen.config.{json,yaml,yml}`
 * beside the spec, or in the working directory when no spec was given.
 * A config that is code (`.ts`, `.mjs`, `.js`) runs only when named with `--config`: a spec is often downloaded
 * with the vendor's folder, and running the CLI on it must not run the vendor's code. One found beside the spec
 * is reported (MJG315) and not imported.
 * Paths inside a config file (`spec`, `output`) are relative to the config file, so a config works the same
 * from any working directory (CI jobs rarely run from the folder the spec is in).
 */
import { access, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { isSpecUrl } from '../model/config.js';
import { type Diagnostic, hasErrors } from '../model/diagnostics.js';
import { configDiagnostic } from './codes.js';
import { readConfigFile } from './readConfigFile.js';
import { type UserConfig, validateConfig } from './validateConfig.js';

/** Data-only configs, found beside the spec: searched in this order, the first one found wins. */
export const CONFIG_FILE_NAMES = ['mcp-jobgen.config.json', 'mcp-jobgen.config.yaml', 'mcp-jobgen.config.yml'] as const;

/** Configs that are code: run only when named with `--config`, never found by discovery. */
export const CODE_CONFIG_FILE_NAMES = ['mcp-jobgen.config.ts', 'mcp-jobgen.config.mjs', 'mcp-jobgen.config.js'] as const;

export interface LoadConfigOptions {
  /** Spec path as given on the command line (its folder is searched; without it, `cwd` is). */
  spec?: string;
  /** Explicit config file (`--config`); disables discovery. */
  config?: string;
  /** Working directory for relative paths; default process.cwd(). */
  cwd?: string;
}

export interface LoadedConfig {
  /** Validated config with `spec`/`output` made absolute. Empty when no file was found or it was invalid. */
  config: UserConfig;
  /** Absolute path of the config file used, if any. */
  file?: string;
  diagnostics: Diagnostic[];
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Config files found beside the spec, in priority order (absolute paths): data-only ones unless `names` says. */
export async function findConfigFiles(specPath: string, names: readonly string[] = CONFIG_FILE_NAMES): Promise<string[]> {
  const folder = dirname(specPath);
  const found: string[] = [];
  for (const name of names) {
    const candidate = resolve(folder, name);
    if (await exists(candidate)) found.push(candidate);
  }
  return found;
}

function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

function codeConfigNotRun(file: string, cwd: string): Diagnostic {
  const shown = displayPath(file, cwd);
  return configDiagnostic('MJG315', `${shown} was not run: a config file that is code runs only when named with --config`, {
    file: shown,
    help: `If you trust its code, pass --config ${shown}; or write the settings as mcp-jobgen.config.json or .yaml, which are read without --config.`,
  });
}

export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const diagnostics: Diagnostic[] = [];
  let path: string | undefined;
  if (options.config !== undefined) {
    path = resolve(cwd, options.config);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined || !info.isFile()) {
      diagnostics.push(
        configDiagnostic('MJG310', `config file not found: ${options.config}`, {
          help: 'Check the --config path; it is relative to the current directory.',
        }),
      );
      return { config: {}, diagnostics };
    }
  } else {
    // No spec argument: a config in the working directory may name it (`npx mcp-jobgen --check` in CI).
    const besideSpec = options.spec !== undefined ? resolve(cwd, options.spec) : resolve(cwd, 'spec');
    const found = await findConfigFiles(besideSpec);
    for (const code of await findConfigFiles(besideSpec, CODE_CONFIG_FILE_NAMES)) diagnostics.push(codeConfigNotRun(code, cwd));
    path = found[0];
    if (found.length > 1) {
      diagnostics.push(
        configDiagnostic('MJG314', `several config files beside the spec; using ${displayPath(found[0]!, cwd)}`, {
          file: displayPath(found[0]!, cwd),
          help: `Delete the others (${found
            .slice(1)
            .map((f) => displayPath(f, cwd))
            .join(', ')}) or pass --config.`,
        }),
      );
    }
  }
  if (path === undefined) return { config: {}, diagnostics };

  const file = displayPath(path, cwd);
  const read = await readConfigFile(path, file);
  diagnostics.push(...read.diagnostics);
  if (hasErrors(read.diagnostics)) return { config: {}, file: path, diagnostics };
  const validated = validateConfig(read.value, file);
  diagnostics.push(...validated.diagnostics);
  const config = { ...validated.config };
  const base = dirname(path);
  if (config.spec !== undefined && !isSpecUrl(config.spec)) config.spec = resolve(base, config.spec);
  if (config.output !== undefined) config.output = resolve(base, config.output);
  return { config, file: path, diagnostics };
}
