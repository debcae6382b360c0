import type { UserConfig } from './validateConfig.js';

/**
 * Identity helper for typed config files: `export default defineConfig({ include: ['batch'] })` gives editor
 * completion and excess-property errors for unknown keys, the same keys the CLI validates at run time.
 */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
