import { describe, expect, it } from 'vitest';
import { parseSpecText, readSpecText } from '../../../src/load/parseText.js';

// A file of its own: vitest gives each test file fresh modules, so js-yaml has not been loaded here yet.
describe('parseText without js-yaml loaded', () => {
  it('reads JSON without loading js-yaml, and says so plainly when YAML comes before loadYamlParser()', async () => {
    expect(await readSpecText('{"openapi": "3.1.0"}', 'spec.json')).toEqual({ value: { openapi: '3.1.0' }, diagnostics: [], json: true });
    expect(() => parseSpecText('openapi: 3.1.0\n', 'spec.yaml')).toThrow(/loadYamlParser/);
    expect(await readSpecText('openapi: 3.1.0\n', 'spec.yaml')).toEqual({ value: { openapi: '3.1.0' }, diagnostics: [] });
    expect(parseSpecText('a: 1\n', 'spec.yaml')).toEqual({ value: { a: 1 }, diagnostics: [] });
  });
});
