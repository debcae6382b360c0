export { CONFIG_FILE_NAMES, findConfigFiles, loadConfig, type LoadConfigOptions, type LoadedConfig } from './loadConfig.js';
export { mergeConfig, type MergedConfig } from './mergeConfig.js';
export { validateConfig, formatKeyPath, type UserConfig, type ValidatedConfig } from './validateConfig.js';
export { defineConfig } from './defineConfig.js';
export { CONFIG_KEYS } from './configRules.js';
