import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasExternalRefs, jsonTextMayHaveExternalRefs } from '../../../src/load/refScan.js';
import { repoRoot } from './fixturePaths.js';

describe('jsonTextMayHaveExternalRefs', () => {
  // [JSON text, may a $ref leave the document?]
  const cases: Array<[string, boolean]> = [
    ['{"$ref": "#/components/schemas/A"}', false],
    ['{"a": {"$ref" :\n   "#/x"}, "b": [{"$ref":"#/y"}]}', false],
    ['{"paths": {}}', false],
    ['{"$ref": "./common.json#/A"}', true],
    ['{"$ref": "https://example.com/a.json"}', true],
    ['{"$ref": 1}', true],
    ['{"$ref": {"x": 1}}', true],
    // A key spelled with \u escapes is the same key to JSON.parse.
    ['{"\\u0024ref": "./b.json"}', true],
    ['{"$r\\u0065f": "other.json"}', true],
    ['{"$r\\u0065f": "#/internal"}', false],
    // A value starting with an escaped `#` is internal, but the text check cannot tell: the walk decides.
    ['{"$ref": "\\u0023/a"}', true],
    // Only a key followed by `:` counts: `$ref` in prose is no reference.
    ['{"description": "use \\"$ref\\" to point elsewhere"}', false],
  ];
  for (const [text, expected] of cases) {
    it(`${text} → ${expected}`, () => {
      expect(jsonTextMayHaveExternalRefs(text)).toBe(expected);
    });
  }

  it('never clears a document the walk finds an external $ref in (every case above, and the JSON fixtures)', () => {
    const texts = cases.map(([text]) => text);
    const real = path.join(repoRoot, 'fixtures', 'real');
    for (const dir of [real, path.join(real, 'azure-keyvault-backuprestore-7.5')]) {
      for (const name of readdirSync(dir)) if (name.endsWith('.json')) texts.push(readFileSync(path.join(dir, name), 'utf8'));
    }
    let external = 0;
    for (const text of texts) {
      const walked = hasExternalRefs(JSON.parse(text));
      if (walked) external++;
      if (!jsonTextMayHaveExternalRefs(text)) expect(walked).toBe(false);
    }
    expect(external).toBeGreaterThan(1);
  });
});
