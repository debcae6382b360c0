import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_CODES } from '../../../src/config/codes.js';
import { DETECT_CODES } from '../../../src/detect/codes.js';
import { EMIT_CODES } from '../../../src/emit/codes.js';
import { WRITE_CODES } from '../../../src/write/codes.js';

// Every code the detect, config/CLI, emit and write stages can report is a row of its stage's table, and in the
// user's reference table with the same severity (load and normalize: test/unit/load/codes.test.ts).
describe('docs/DIAGNOSTICS.md documents every code table row', () => {
  const docs = readFileSync(new URL('../../../docs/DIAGNOSTICS.md', import.meta.url), 'utf8');
  const rows = new Map([...docs.matchAll(/^\| (MJG\d{3}) \| (\w+) \|/gm)].map((m) => [m[1]!, m[2]!]));

  it.each(Object.entries({ ...DETECT_CODES, ...CONFIG_CODES, ...EMIT_CODES, ...WRITE_CODES }))('documents %s', (code, info) => {
    expect(rows.get(code)).toBe(info.severity);
  });
});

describe('each stage reports codes in a range of its own', () => {
  it.each([
    ['detect', DETECT_CODES, 300, 309],
    ['config and CLI', CONFIG_CODES, 310, 399],
    ['write', WRITE_CODES, 400, 499],
    ['emit', EMIT_CODES, 500, 599],
  ] as const)('%s: MJG%i–MJG%i', (_, table, low, high) => {
    const outside = Object.keys(table).filter((code) => Number(code.slice(3)) < low || Number(code.slice(3)) > high);
    expect(outside).toEqual([]);
  });
});
