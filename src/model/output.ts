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
