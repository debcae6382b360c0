import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETECT_CODES } from '../../../src/detect/readOverrides.js';
import { EMIT_CODES } from '../../../src/emit/codes.js';

// Every code the detect and emit stages can report must be in the user's reference table, with its severity.
describe('docs/DIAGNOSTICS.md documents detect and emit codes', () => {
  const docs = readFileSync(new URL('../../../docs/DIAGNOSTICS.md', import.meta.url), 'utf8');
  const rows = new Map([...docs.matchAll(/^\| (MJG\d{3}) \| (\w+) \|/gm)].map((m) => [m[1]!, m[2]!]));

  it.each(Object.entries(EMIT_CODES))('documents %s', (code, info) => {
    expect(rows.get(code)).toBe(info.severity);
  });

  it.each(Object.values(DETECT_CODES))('documents %s', (code) => {
    expect(rows.has(code)).toBe(true);
  });
});
