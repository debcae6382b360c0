import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** mcp-jobgen's own version, from the package.json above this file (src/cli in tests, dist/src/cli when built). */
export function readOwnVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'mcp-jobgen' && manifest.version !== undefined) return manifest.version;
    } catch {
      // not here; look one folder up
    }
    folder = dirname(folder);
  }
  return '0.0.0';
}
