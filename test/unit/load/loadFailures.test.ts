import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../src/load/index.js';
import { fixture } from './fixturePaths.js';

// Inputs that leave nothing usable: `ok` is false, the document is empty, and one coded error says why.
describe('loadDocument: unusable input', () => {
  it.each([
    ['broken/invalid-yaml.yaml', 'MJG102', /invalid YAML .* at line 9, column 1/, undefined],
    ['broken/invalid-json.json', 'MJG102', /invalid JSON .* at line 6, column 5/, undefined],
    ['broken/not-openapi.yaml', 'MJG106', /neither an `openapi` nor a `swagger` field/, '#'],
    ['broken/unsupported-version.json', 'MJG107', /openapi: "2\.5\.0"/, '#/openapi'],
    ['broken/README.md', 'MJG106', /top level is string/, '#'],
    ['does-not-exist.yaml', 'MJG101', /cannot read .*does-not-exist\.yaml \(ENOENT\)/, undefined],
  ])('%s → %s', async (file, code, message, pointer) => {
    const { path, shown } = fixture(file);
    const result = await loadDocument(path);
    expect(result.ok).toBe(false);
    expect(result.document).toEqual({});
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code, severity: 'error', file: shown, ...(pointer ? { pointer } : {}) });
    expect(result.diagnostics[0]!.pointer).toBe(pointer);
    expect(result.diagnostics[0]!.message).toMatch(message);
  });

  it('never fetches a spec given as a URL (MJG114), and keeps the URL intact', async () => {
    const result = await loadDocument('https://example.com/openapi.yaml');
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.file])).toEqual([['MJG114', 'https://example.com/openapi.yaml']]);
    expect(result.diagnostics[0]!.message).toBe('https://example.com/openapi.yaml is a URL: remote specs are never fetched');
  });

  it('reads OpenAPI 3.2 as 3.1 with a warning (MJG108)', async () => {
    const { path } = fixture('load/openapi-3.2.yaml');
    const result = await loadDocument(path);
    expect(result).toMatchObject({ ok: true, flavour: 'openapi-3.1' });
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['MJG108', '#/openapi']]);
  });
});

describe('loadDocument: broken refs in a multi-file spec keep going', () => {
  it('reports missing file, missing pointer and remote ref with the file and pointer holding each', async () => {
    const result = await loadDocument(fixture('broken/multi/root.yaml').path);
    const holder = fixture('broken/multi/paths/jobs.yaml').shown;
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.file, d.pointer])).toEqual([
      ['MJG103', holder, '#/get/parameters/0'],
      ['MJG105', holder, '#/get/responses/200/content/application~1json/schema'],
      ['MJG104', holder, '#/get/responses/404/content/application~1json/schema'],
    ]);
    expect(result.diagnostics[0]!.message).toContain('../parameters/missing.yaml');
    expect(result.diagnostics[1]!.message).toContain('../schemas.yaml#/Nothing');
    expect(result.diagnostics[2]!.message).toContain('https://example.com/schemas/error.yaml');
  });
});
