/** Config file + flags → the one GeneratorConfig, with every diagnostic from both. */
import { loadConfig, mergeConfig } from '../config/index.js';
import type { GeneratorConfig } from '../model/config.js';
import { type Diagnostic, hasErrors } from '../model/diagnostics.js';
import { type FlagValues, flagsToConfig } from './flags.js';

export interface ResolvedConfig {
  config?: GeneratorConfig;
  /** Absolute path of the config file used, if any. */
  configFile?: string;
  diagnostics: Diagnostic[];
}

export async function resolveConfig(spec: string | undefined, flags: FlagValues, cwd: string): Promise<ResolvedConfig> {
  const fromFlags = flagsToConfig(spec, flags);
  const loaded = await loadConfig({
    ...(spec !== undefined ? { spec } : {}),
    ...(flags.config !== undefined ? { config: flags.config } : {}),
    cwd,
  });
  const diagnostics = [...fromFlags.diagnostics, ...loaded.diagnostics];
  if (hasErrors(diagnostics)) return { diagnostics };
  const merged = await mergeConfig(loaded.config, fromFlags.config, cwd);
  diagnostics.push(...merged.diagnostics);
  if (merged.config === undefined || hasErrors(diagnostics)) return { diagnostics };
  return { config: merged.config, diagnostics, ...(loaded.file !== undefined ? { configFile: loaded.file } : {}) };
}
