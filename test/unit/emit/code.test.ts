import { describe, expect, it } from 'vitest';
import { cleanProse, clipText, LineWriter, literal, propertyKey, quote, sortedJson } from '../../../src/emit/code.js';

describe('quote', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['a\nb\r\tc', "'a\\nb\\r\\tc'"],
    ['line\u2028sep\u2029', "'line\\u2028sep\\u2029'"],
    ['nul\u0000', "'nul\\u0000'"],
    ['emoji 😀 as its two code units', "'emoji \\ud83d\\ude00 as its two code units'"],
    ['no ellipsis… nor café outside ASCII', "'no ellipsis\\u2026 nor caf\\u00e9 outside ASCII'"],
    ['lone \ud800 surrogate', "'lone \\ud800 surrogate'"],
  ])('%j', (text, expected) => {
    expect(quote(text)).toBe(expected);
    // The literal must evaluate back to the same text.
    expect(new Function(`return ${quote(text)};`)()).toBe(text);
  });
});

describe('literals and keys', () => {
  it('prints JSON-like values as TS with single quotes, skipping undefined', () => {
    expect(literal({ a: 1, 'b-c': [true, null, 'x'], d: undefined, e: {} })).toBe("{ a: 1, 'b-c': [true, null, 'x'], e: {} }");
  });

  it('quotes keys that are not identifiers and keeps __proto__ an own property', () => {
    expect(['ok', '1a', 'a-b', '__proto__'].map(propertyKey)).toEqual(['ok', "'1a'", "'a-b'", "['__proto__']"]);
    const value = new Function(`return { ${propertyKey('__proto__')}: 1 };`)() as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('sorts JSON keys deeply and ends with a newline', () => {
    expect(sortedJson({ b: 1, a: { d: 1, c: [{ f: 1, e: 2 }] } })).toBe(
      '{\n  "a": {\n    "c": [\n      {\n        "e": 2,\n        "f": 1\n      }\n    ],\n    "d": 1\n  },\n  "b": 1\n}\n',
    );
  });
});

describe('clipText', () => {
  it('collapses whitespace and cuts long texts at a word boundary with an ellipsis', () => {
    expect(clipText('  a \t b\r\n\r\n\r\n\r\nc  ', 100)).toBe('a b\n\nc');
    const clipped = clipText('word '.repeat(100), 42);
    expect(clipped.length).toBeLessThanOrEqual(42);
    expect(clipped.endsWith('word…')).toBe(true);
    expect(clipText(undefined, 10)).toBe('');
  });
});

describe('cleanProse', () => {
  it.each([
    [
      'fenced examples go',
      'Creates a run.\n\n```bash\ncurl https://api.example.com/runs \\\n  -H "x: y"\n```\n\nThen poll it.',
      'Creates a run.\n\n\n\n\nThen poll it.',
    ],
    ['curl lines go, with their continuations', 'Start it:\ncurl -X POST https://x/y \\\n  -d @file\nDone.', 'Start it:\n\nDone.'],
    [
      'links keep their text',
      'See [conversation state](/docs/guides/conversation-state) and [x](https://a.b/c_(d)).',
      'See conversation state and x.',
    ],
    ['images and comments go', 'A ![diagram](/img.png) b <!-- hidden --> c', 'A  b  c'],
    [
      'headings and emphasis keep their words',
      '## Usage\nThis is **important** and __this__ too.',
      'Usage\nThis is important and this too.',
    ],
    ['table rules go', '| a | b |\n|---|:---:|\n| 1 | 2 |', '| a | b |\n\n| 1 | 2 |'],
    ['plain text is untouched', 'List<String> of `ids`, 2 * 3 = 6.', 'List<String> of `ids`, 2 * 3 = 6.'],
  ])('%s', (_name, input, expected) => {
    expect(cleanProse(input)).toBe(expected);
  });

  it('is applied before clipping, so the limit is spent on prose', () => {
    const text = `\`\`\`\n${'curl -X POST x\n'.repeat(50)}\`\`\`\nThe real description.`;
    expect(clipText(text, 100)).toBe('The real description.');
  });
});

describe('quote: same literal as a regex replace, ASCII only', () => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
  const ESCAPES = /['\\\u0000-\u001f\u007f-\uffff]/g;
  const NAMED: Record<string, string> = { "'": "\\'", '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const reference = (text: string) =>
    `'${text.replace(ESCAPES, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;

  it('on every code unit alone, and in random mixes of the interesting ones', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (quote(`a${String.fromCharCode(c)}b`) !== reference(`a${String.fromCharCode(c)}b`)) differ.push(c);
    expect(differ).toEqual([]);
    const units = [
      'a',
      "'",
      '\\',
      '\n',
      '\r',
      '\t',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2027',
      '\u2028',
      '\u2029',
      '\u202a',
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '😀',
      'é',
    ];
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      let text = '';
      for (let k = i % 17; k > 0; k--) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += units[seed % units.length];
      }
      expect(quote(text)).toBe(reference(text));
    }
  });
});

describe('LineWriter.toString', () => {
  it('joins a head in before the first line, and leaves the lines as they were', () => {
    const w = new LineWriter();
    w.line('const a = 1;').block('function f() {', () => w.line('return a;'), '}');
    const plain = w.toString();
    expect(plain).toBe('const a = 1;\nfunction f() {\n  return a;\n}\n');
    expect(w.toString('// header\nimport x;\n')).toBe(`// header\nimport x;\n${plain}`);
    expect(w.toString()).toBe(plain);
  });

  it('is the head alone when nothing was written', () => {
    expect(new LineWriter().toString('// header\n')).toBe('// header\n');
    expect(new LineWriter().toString()).toBe('');
  });
});
