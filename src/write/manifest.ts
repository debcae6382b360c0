/**
 * The manifest (`.mcp-jobgen-manifest.json`) lists every path the generator owns in an output directory. It is
 * what lets a later run replace and delete generated files while leaving files the user added alone. It also
 * records where the project came from: the spec (relative to the output directory), the options and the command
 * that regenerates it. Deterministic: sorted paths and keys, no timestamps, so `--check` compares it like any file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type GenerationOptions, type GenerationSource, MANIFEST_PATH } from '../model/output.js';

export interface Manifest {
  generator: 'mcp-jobgen';
  /** The spec, relative to the output directory (as the regenerate command names it). */
  spec?: string;
  /** The options given (flags and config file), as the config names them. */
  options?: GenerationOptions;
  /** The command that regenerates the project from its root; `configFile` when it needs the same config file. */
  regenerate?: string;
  configFile?: true;
  files: string[];
}

export function renderManifest(paths: readonly string[], source?: GenerationSource): string {
  const manifest: Manifest = {
    generator: 'mcp-jobgen',
    ...(source
      ? {
          spec: source.spec,
          options: sortKeys(source.options) as GenerationOptions,
          regenerate: source.command,
          ...(source.configOnly ? { configFile: true as const } : {}),
        }
      : {}),
    files: [...paths].sort(),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Object keys in code-point order at every level (arrays keep their order): the same options print the same. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}

export type ManifestRead = { state: 'missing' } | { state: 'invalid'; reason: string } | { state: 'ok'; files: Set<string> };

/** Only call when the manifest path is known to be a regular file (see readTree): never read through a symlink. */
export async function readManifest(dir: string): Promise<ManifestRead> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_PATH), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { state: 'missing' };
    return { state: 'invalid', reason: (error as Error).message };
  }
  try {
    const parsed = JSON.parse(text) as Partial<Manifest>;
    if (parsed.generator !== 'mcp-jobgen' || !Array.isArray(parsed.files) || !parsed.files.every((f) => typeof f === 'string')) {
      return { state: 'invalid', reason: 'not an mcp-jobgen manifest' };
    }
    return { state: 'ok', files: new Set(parsed.files) };
  } catch (error) {
    return { state: 'invalid', reason: (error as Error).message };
  }
}
