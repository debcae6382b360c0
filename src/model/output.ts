import type { GeneratorConfig } from './config.js';

/** What emit hands to write: the whole generated project, in memory. */
export interface GeneratedFile {
  /** POSIX path relative to the output directory (`src/tools/batches.ts`). */
  path: string;
  contents: string;
}

/**
 * Marker file listing every path the generator owns in an output directory, so a later run (or `--check`)
 * knows which files it may replace or delete, and never touches files the user added.
 */
export const MANIFEST_PATH = '.mcp-jobgen-manifest.json';

/** The options that shape a generated project, as the config names them (only those given). */
export type GenerationOptions = Pick<
  GeneratorConfig,
  'include' | 'exclude' | 'rename' | 'baseUrl' | 'packageName' | 'validate' | 'refRoot' | 'jobs' | 'operations'
>;

/**
 * Where a generated project came from: printed in the header of every generated file and recorded in the
 * manifest, so anyone holding the project can regenerate it. Never an absolute path, never a timestamp.
 */
export interface GenerationSource {
  /** The spec as seen from the output directory (POSIX separators), as the regenerate command names it. */
  spec: string;
  /** The options given, config-file-only ones (jobs, operations) included. */
  options: GenerationOptions;
  /** The exact command that regenerates the project, run from the project's root directory. */
  command: string;
  /** Config-file-only settings (jobs, operations) took part: the command needs that file too. */
  configOnly: boolean;
}
