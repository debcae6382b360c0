import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOAD_CODES } from '../../../src/load/codes.js';
import { NORMALIZE_CODES } from '../../../src/normalize/codes.js';

// The documentation table is the user's reference: every code we can emit must be in it, with its severity.
describe('docs/DIAGNOSTICS.md', () => {
  const docs = readFileSync(new URL('../../../docs/DIAGNOSTICS.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('## Load and normalize (MJG1xx, MJG2xx)'));
  const rows = new Map([...section.matchAll(/^\| (MJG\d{3}) \| (\w+) \|/gm)].map((m) => [m[1]!, m[2]!]));

  it.each(Object.entries({ ...LOAD_CODES, ...NORMALIZE_CODES }))('documents %s', (code, info) => {
    expect(rows.get(code)).toBe(info.severity);
  });

  it('load codes are MJG1xx and build codes MJG2xx', () => {
    expect(Object.keys(LOAD_CODES).every((c) => /^MJG1\d\d$/.test(c))).toBe(true);
    expect(Object.keys(NORMALIZE_CODES).every((c) => /^MJG2\d\d$/.test(c))).toBe(true);
  });
});
