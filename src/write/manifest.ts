/**
 * The manifest (`.mcp-jobgen-manifest.json`) lists every path the generator owns in an output directory. It is
 * what lets a later run replace and delete generated files while leaving files the user added alone.
 * Deterministic: sorted paths, no timestamps, so `--check` can compare it like any other file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_PATH } from '../model/output.js';

export interface Manifest {
  generator: 'mcp-jobgen';
  files: string[];
}

export function renderManifest(paths: readonly string[]): string {
  const manifest: Manifest = { generator: 'mcp-jobgen', files: [...paths].sort() };
  return `${JSON.stringify(manifest, null, 2)}\n`;
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
