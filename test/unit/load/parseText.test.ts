import { beforeAll, describe, expect, it } from 'vitest';
import { lineAndColumn, loadYamlParser, parseSpecText, readSpecText, stripBom } from '../../../src/load/parseText.js';

describe('parseSpecText', () => {
  beforeAll(loadYamlParser);
  it.each([
    ['JSON object', '{"openapi": "3.1.0"}', { openapi: '3.1.0' }],
    ['JSON with leading whitespace', '\n  {"a": [1, 2]}', { a: [1, 2] }],
    ['YAML', 'openapi: 3.0.3\ninfo: {title: t}\n', { openapi: '3.0.3', info: { title: 't' } }],
    ['JSON with a BOM', '\uFEFF{"a": 1}', { a: 1 }],
    ['YAML with a BOM', '\uFEFFa: 1\n', { a: 1 }],
    ['JSON with a trailing comma (rescued by YAML)', '{"a": 1,}', { a: 1 }],
  ])('%s', (_name, text, expected) => {
    const { value, diagnostics } = parseSpecText(text, 'spec');
    expect(diagnostics).toEqual([]);
    expect(value).toEqual(expected);
  });

  it('keeps YAML dates and 1.1 booleans as strings and boolean keys as string keys', () => {
    const { value } = parseSpecText('version: 2024-11-15\nenum: [yes, no, on, off]\nflags:\n  true: a\n  no: b\n', 'spec');
    expect(value).toEqual({ version: '2024-11-15', enum: ['yes', 'no', 'on', 'off'], flags: { true: 'a', no: 'b' } });
  });

  it('supports YAML merge keys', () => {
    const { value } = parseSpecText('base: &b {type: string}\nx:\n  <<: *b\n  format: uuid\n', 'spec');
    expect((value as Record<string, unknown>).x).toEqual({ type: 'string', format: 'uuid' });
  });

  it.each([
    ['YAML', 'a: 1\nb: [1, 2\n', /invalid YAML in spec\.yaml at line 3, column 1/],
    ['YAML bad indentation', 'a:\n  - 1\n - 2\n', /invalid YAML in spec\.yaml at line 3, column 2/],
    ['JSON', '{\n  "a": 1\n  "b": 2\n}', /invalid JSON in spec\.yaml at line 3, column 3/],
  ])('reports invalid %s with line and column (MJG102)', (_name, text, message) => {
    const { value, diagnostics } = parseSpecText(text, 'spec.yaml');
    expect(value).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'MJG102', severity: 'error', file: 'spec.yaml' });
    expect(diagnostics[0]!.message).toMatch(message);
  });

  it('warns on duplicate YAML keys and keeps the last value (MJG109)', () => {
    const { value, diagnostics } = parseSpecText('a: 1\nb: 2\na: 3\n', 'spec.yaml');
    expect(value).toEqual({ a: 3, b: 2 });
    expect(diagnostics.map((d) => d.code)).toEqual(['MJG109']);
    expect(diagnostics[0]!.message).toMatch(/line 3/);
  });
});

describe('readSpecText (js-yaml loaded on first need)', () => {
  it.each([
    ['JSON', '{"openapi": "3.1.0"}'],
    ['YAML', 'openapi: 3.0.3\ninfo: {title: t}\n'],
    ['JSON rescued by YAML', '{"a": 1,}'],
    ['invalid JSON', '{\n  "a": 1\n  "b": 2\n}'],
    ['invalid YAML', 'a: 1\nb: [1, 2\n'],
    ['duplicate YAML keys', 'a: 1\nb: 2\na: 3\n'],
    ['BOM YAML', '\uFEFFa: 1\n'],
  ])('gives what parseSpecText gives: %s', async (_name, text) => {
    await loadYamlParser();
    expect(await readSpecText(text, 'spec.yaml')).toEqual(parseSpecText(text, 'spec.yaml'));
  });
});

describe('helpers', () => {
  it('stripBom removes only a leading BOM', () => {
    expect(stripBom('\uFEFFa\uFEFF')).toBe('a\uFEFF');
    expect(stripBom('a')).toBe('a');
  });

  it.each([
    [0, 1, 1],
    [2, 1, 3],
    [3, 2, 1],
    [6, 3, 1],
  ])('lineAndColumn of offset %i in "ab\\ncd\\nef"', (offset, line, column) => {
    expect(lineAndColumn('ab\ncd\nef', offset)).toEqual({ line, column });
  });
});
