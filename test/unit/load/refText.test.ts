import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadYamlParser, parseSpecText } from '../../../src/load/parseText.js';
import { hasExternalRefs } from '../../../src/load/refScan.js';
import { jsonTextMayHaveExternalRefs, yamlTextMayHaveExternalRefs } from '../../../src/load/refText.js';
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
    ['{"$ref": "#/a", "b": {"$ref": "b.json"}}', true],
    ['["$ref", {"$ref": "#/a"}]', false],
    ['{"a": "$ref"}', false],
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

describe('yamlTextMayHaveExternalRefs', () => {
  beforeAll(loadYamlParser);
  // [YAML text, may a $ref leave the document?]
  const cases: Array<[string, boolean]> = [
    ["a:\n  $ref: '#/components/schemas/A'\n", false],
    ['a:\n  $ref: "#/x"\nb: [{$ref: "#/y"}, {"$ref": \'#/z\'}]\n', false],
    ["a:\n  '$ref' : '#/x'\n  $refs: ./not-a-ref.yaml\n  $ref_id: other.yaml\n", false],
    ['paths: {}\n', false],
    ["a:\n  $ref:\n    '#/x'\n", false],
    ['a:\n  $ref: ./common.yaml#/A\n', true],
    ["a:\n  $ref: 'common.yaml'\n", true],
    ['a:\n  $ref: https://example.com/a.yaml\n', true],
    // `#` after a space starts a comment: an unquoted internal ref is no string at all; the walk decides.
    ['a:\n  $ref: #/x\n', true],
    ['a: {$ref: 1}\n', true],
    ['a:\n  $ref: !!str ./b.yaml\n', true],
    ['a:\n  $ref: |\n    ./b.yaml\n', true],
    ['? $ref\n: ./b.yaml\n', true],
    ['? $ref # the key\n: ./b.yaml\n', true],
    // Escapes in double-quoted scalars spell the same key: the text alone proves nothing.
    ['a:\n  "\\x24ref": ./b.yaml\n', true],
    ['a:\n  "$r\\u0065f": ./b.yaml\n', true],
    ['a:\n  "\\U00000024ref": ./b.yaml\n', true],
    ['a:\n  ? "$r\\\n    ef"\n  : ./b.yaml\n', true],
    // An alias used as a key has no `$ref` in its text; any anchor makes the walk decide.
    ["k: &key $ref\nv:\n  ? '#/x'\n  : 1\na:\n  *key : ./b.yaml\n", true],
    ["base: &b {$ref: '#/x'}\nc:\n  <<: *b\n", true],
    // `$ref` in prose, or `&` in prose and URLs, is neither a key nor an anchor.
    ["description: see https://x.test/?a=1&b=2 for R&D & more\nb:\n  $ref: '#/x'\n", false],
    ['description: a $ref in prose\n', true],
    // A `\` at a line end outside a double-quoted explicit key joins nothing a key could be made of.
    ["example: |\n  curl https://x.test \\\n    -H 'a: b'\nb:\n  $ref: '#/x'\n", false],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${expected}`, () => {
      expect(yamlTextMayHaveExternalRefs(text)).toBe(expected);
    });
  }

  it('the escape and alias cases really do hold an external $ref (the walk finds it)', () => {
    for (const [text, expected] of cases.slice(14, 19)) {
      expect(expected).toBe(true);
      expect(hasExternalRefs(parseSpecText(text, 'spec.yaml').value), text).toBe(true);
    }
  });

  it('never clears a document the walk finds an external $ref in (every case above, and the YAML fixtures)', () => {
    const texts = cases.map(([text]) => text);
    const collect = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'expected') collect(file);
        } else if (/\.ya?ml$/.test(entry.name)) texts.push(readFileSync(file, 'utf8'));
      }
    };
    collect(path.join(repoRoot, 'fixtures'));
    let external = 0;
    let cleared = 0;
    for (const text of texts) {
      const { value } = parseSpecText(text, 'spec.yaml');
      if (value === null || typeof value !== 'object') continue;
      const walked = hasExternalRefs(value);
      if (walked) external++;
      if (!yamlTextMayHaveExternalRefs(text)) {
        cleared++;
        expect(walked, text.slice(0, 200)).toBe(false);
      }
    }
    expect(external).toBeGreaterThan(5);
    expect(cleared).toBeGreaterThan(10);
  });
});
