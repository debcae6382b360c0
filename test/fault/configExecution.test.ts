/**
 * Issue 23 item 2: a config file that is code, found beside a downloaded spec, is never run. Each planted config
 * writes a marker file when imported; generating from the vendor's folder must leave no marker and warn (MJG315)
 * how to run it, while a data-only config beside the spec is still read, and `--config` still runs a code config
 * the user names.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/cli/resolveConfig.js';

const SPEC = "openapi: 3.0.3\ninfo: {title: Vendor, version: '1'}\npaths: {}\n";
let vendor: string;

beforeEach(() => {
  vendor = mkdtempSync(join(tmpdir(), 'config-exec-'));
  mkdirSync(join(vendor, 'api'));
  writeFileSync(join(vendor, 'api', 'openapi.yaml'), SPEC);
});

/** A config whose import writes `marker` (what a hostile vendor's code would do instead). */
function plantCode(name: string, marker: string): void {
  const body = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default { packageName: 'from-code' };\n`;
  writeFileSync(join(vendor, 'api', name), body);
}

describe('config files beside the spec', () => {
  it.each(['mcp-jobgen.config.mjs', 'mcp-jobgen.config.js', 'mcp-jobgen.config.ts'])(
    '%s is not run, and a warning says how to run it',
    async (name) => {
      const marker = join(vendor, `ran-${name}`);
      plantCode(name, marker);
      if (name.endsWith('.js')) writeFileSync(join(vendor, 'api', 'package.json'), '{"type":"module"}');
      const resolved = await resolveConfig(join(vendor, 'api', 'openapi.yaml'), {}, vendor);
      expect(existsSync(marker)).toBe(false);
      expect(resolved.config?.packageName).toBeUndefined();
      expect(resolved.diagnostics.map((d) => [d.code, d.severity])).toEqual([['MJG315', 'warning']]);
      expect(resolved.diagnostics[0]!.message).toBe(
        `api/${name} was not run: a config file that is code runs only when named with --config`,
      );
      expect(resolved.diagnostics[0]!.help).toContain(`--config api/${name}`);
    },
  );

  it('a data-only config beside the spec is read, and the code one beside it is still not run', async () => {
    const marker = join(vendor, 'ran');
    plantCode('mcp-jobgen.config.mjs', marker);
    writeFileSync(join(vendor, 'api', 'mcp-jobgen.config.yaml'), 'packageName: from-yaml\n');
    const resolved = await resolveConfig(join(vendor, 'api', 'openapi.yaml'), {}, vendor);
    expect(existsSync(marker)).toBe(false);
    expect(resolved.config?.packageName).toBe('from-yaml');
    expect(resolved.diagnostics.map((d) => d.code)).toEqual(['MJG315']);
  });

  it('without a spec argument, a code config in the working directory is not run either', async () => {
    const marker = join(vendor, 'ran');
    plantCode('mcp-jobgen.config.mjs', marker);
    const resolved = await resolveConfig(undefined, {}, join(vendor, 'api'));
    expect(existsSync(marker)).toBe(false);
    expect(resolved.diagnostics.map((d) => d.code)).toEqual(['MJG315', 'MJG332']);
  });

  it('named with --config, the code config runs (the user chose to trust it)', async () => {
    const marker = join(vendor, 'ran');
    plantCode('mcp-jobgen.config.mjs', marker);
    const resolved = await resolveConfig(join(vendor, 'api', 'openapi.yaml'), { config: 'api/mcp-jobgen.config.mjs' }, vendor);
    expect(existsSync(marker)).toBe(true);
    expect(resolved.diagnostics).toEqual([]);
    expect(resolved.config?.packageName).toBe('from-code');
  });
});
