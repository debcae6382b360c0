/**
 * Every code the CLI, config and write stages emit comes from a stage's code table (one shape: code, severity,
 * title, help), and their section of docs/DIAGNOSTICS.md documents exactly those codes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_CODES } from '../../../src/config/codes.js';
import type { CodeInfo } from '../../../src/model/diagnostics.js';
import { WRITE_CODES } from '../../../src/write/codes.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = ['src/cli', 'src/config', 'src/write']
  .flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  )
  .concat('src/index.ts');

const used = new Map<string, string>();
for (const file of SOURCES) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const match of text.matchAll(/(?:configDiagnostic|writeDiagnostic|report)\(\s*'(MJG\d{3})'/g)) {
    const row = (CONFIG_CODES as Record<string, CodeInfo>)[match[1]!] ?? (WRITE_CODES as Record<string, CodeInfo>)[match[1]!];
    used.set(match[1]!, row?.severity ?? 'not in a code table');
  }
  // The one way to raise a coded diagnostic here is a table's factory: a literal code with its own severity is a second.
  for (const match of text.matchAll(/createDiagnostic\(\s*'(MJG\d{3})'/g)) used.set(match[1]!, `raised outside a table in ${file}`);
}

const docs = readFileSync(join(ROOT, 'docs/DIAGNOSTICS.md'), 'utf8');
// Only this section: the ones after it (detect, emit) are checked against their own code tables.
const start = docs.indexOf('## CLI and config (MJG3xx, MJG4xx)');
const next = docs.indexOf('\n## ', start + 1);
const section = docs.slice(start, next === -1 ? undefined : next);
const documented = new Map([...section.matchAll(/^\| (MJG\d{3}) \| (\w+) \|/gm)].map((m) => [m[1]!, m[2]!]));

describe('CLI, config and write diagnostic codes', () => {
  it('finds the codes in the sources', () => {
    expect(used.size).toBeGreaterThan(15);
  });

  it.each([...used])('%s is documented with severity %s', (code, severity) => {
    expect(documented.get(code)).toBe(severity);
  });

  it('documents no code that is never emitted', () => {
    expect([...documented.keys()].filter((code) => !used.has(code))).toEqual([]);
  });
});
