export { CONFIG_CODES, type ConfigCode, configDiagnostic } from './codes.js';
export { CONFIG_KEYS, valueChecks } from './configRules.js';
export { defineConfig } from './defineConfig.js';
export { suggestClosest } from './editDistance.js';
export { CONFIG_FILE_NAMES, findConfigFiles, type LoadConfigOptions, type LoadedConfig, loadConfig } from './loadConfig.js';
export { type MergedConfig, mergeConfig } from './mergeConfig.js';
export { formatKeyPath, type UserConfig, type ValidatedConfig, validateConfig } from './validateConfig.js';
