/**
 * Flags override the config file, key by key: scalars and lists given as flags replace the file's value
 * (so `--include x` means "only x", not "x as well"); `rename` maps merge, the flag winning per operation.
 * The result is the one GeneratorConfig that every stage reads.
 */
import { access } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { type GeneratorConfig, isSpecUrl } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { configDiagnostic } from './codes.js';
import type { UserConfig } from './validateConfig.js';

function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

export interface MergedConfig {
  config?: GeneratorConfig;
  diagnostics: Diagnostic[];
}

function definedEntries(config: UserConfig): UserConfig {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as UserConfig;
}

/** `flags` paths are relative to `cwd`; `fileConfig` paths were already made absolute by loadConfig. */
export async function mergeConfig(fileConfig: UserConfig, flags: UserConfig, cwd: string = process.cwd()): Promise<MergedConfig> {
  const fromFlags = definedEntries(flags);
  // A URL stays as written (path.resolve would turn `https://x` into `<cwd>/https:/x`); load reports it.
  if (fromFlags.spec !== undefined && !isSpecUrl(fromFlags.spec)) fromFlags.spec = resolve(cwd, fromFlags.spec);
  if (fromFlags.output !== undefined) fromFlags.output = resolve(cwd, fromFlags.output);
  if (fromFlags.refRoot !== undefined) fromFlags.refRoot = resolve(cwd, fromFlags.refRoot);
  const merged: UserConfig = { ...definedEntries(fileConfig), ...fromFlags };
  if (fileConfig.rename !== undefined && fromFlags.rename !== undefined) {
    merged.rename = { ...fileConfig.rename, ...fromFlags.rename };
  }
  if (merged.spec === undefined) {
    return {
      diagnostics: [
        configDiagnostic('MJG332', 'no spec given', {
          help: 'Pass the OpenAPI file as the first argument (mcp-jobgen api.yaml) or set "spec" in the config file.',
        }),
      ],
    };
  }
  try {
    if (!isSpecUrl(merged.spec)) await access(merged.spec);
  } catch {
    return {
      diagnostics: [
        configDiagnostic('MJG333', `spec file not found: ${displayPath(merged.spec, cwd)}`, {
          help: 'Check the path; a relative path is resolved from the current directory (or from the config file for "spec" in a config).',
        }),
      ],
    };
  }
  return { config: merged as GeneratorConfig, diagnostics: [] };
}
