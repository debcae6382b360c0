import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { literal, quote } from '../../../src/emit/code.js';
import { isTrimmed, PRINT_WIDTH, printExpression } from '../../../src/emit/printCode.js';
import { referencePrintExpression } from './referencePrinter.js';

/** The printed lines, evaluated back: formatting must never change the value. */
function evaluate(lines: string[]): unknown {
  return new Function(
    'z',
    `return (${lines
      .join('\n')
      .replace(/^\s*x = /, '')
      .replace(/,\s*$/, '')});`,
  )(z);
}

describe('printExpression', () => {
  it('keeps what fits on one line', () => {
    expect(printExpression('input: ', 'z.strictObject({ a: z.string() })', ',', 1)).toEqual([
      '  input: z.strictObject({ a: z.string() }),',
    ]);
  });

  it('breaks the outermost bracket first, hugs a sole argument, one element per line with trailing commas', () => {
    const fields = Array.from({ length: 12 }, (_, i) => `field_${i}: z.string().optional()`).join(', ');
    const lines = printExpression('x = ', `z.looseObject({ ${fields} })`, '', 0);
    expect(lines[0]).toBe('x = z.looseObject({');
    expect(lines[1]).toBe('  field_0: z.string().optional(),');
    expect(lines.at(-1)).toBe('})');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
    const schema = evaluate(lines) as z.ZodObject;
    expect(Object.keys(schema.shape)).toHaveLength(12);
  });

  it('prints a long text as one literal, broken after its line breaks, then between words, unchanged', () => {
    const text = `First paragraph that is quite long. ${'word '.repeat(60)}\n\nSecond paragraph with a quote ' and a backslash \\ and \u2028 too.`;
    const lines = printExpression('description: ', quote(text), ',', 1);
    // The first piece does not fit after `description: `: the literal opens with a line continuation.
    expect(lines[0]).toBe("  description: '\\");
    expect(lines[1]).toMatch(/^First paragraph/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
    // Every line but the last ends with a line continuation: between words, and after each line break of the text
    // (the empty line between paragraphs is its `\n` escape alone). Single quotes, never a template literal.
    expect(lines.some((l) => l.endsWith('word \\'))).toBe(true);
    expect(lines).toContain('\\n\\');
    for (const line of lines.slice(0, -1)) expect(line.endsWith('\\')).toBe(true);
    expect(lines.join('\n')).not.toContain('`');
    expect(lines.join('\n')).not.toContain("' +");
    expect(evaluate(lines.map((l, i) => (i === 0 ? l.replace('description: ', '') : l)))).toBe(text);
  });

  it.each([
    ['backticks and substitutions stay text', `a \`b\` costs \${price} and $ {x} and ${'x '.repeat(90)}\\\${y} $\${z}`],
    ['a space before a line break keeps the break escaped', `${'end of line '.repeat(14)}\n${'next '.repeat(40)}`],
    ['escaped backslashes before an n are not a line break', `${'path '.repeat(30)}C:\\new\\nested ${'x '.repeat(80)}`],
    ['quotes, tabs and carriage returns', `it's ${'a\tb\r\n'.repeat(40)} 'done'`],
    // Every character an escape and no space: each cut between two whole escapes (it looped forever, cutting nothing).
    ['a line of letters outside ASCII', `~${'ÀÁÂÃÄÅÇÈÉÊËÌÍ'.repeat(20)}`],
    ['a sentence without spaces (CJK)', '任务已提交，请稍后查询处理结果。'.repeat(30)],
    ['an escaped backslash before a u', `${'C:\\u0041\\'.repeat(40)}`],
  ])('continued literals keep the value: %s', (_name, text) => {
    for (const level of [0, 4]) {
      const lines = printExpression('x = ', quote(text), '', level);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
      expect(evaluate(lines)).toBe(text);
    }
  });

  it('prints nested literals readably and exactly', () => {
    const value = { title: 'x'.repeat(120), list: Array.from({ length: 30 }, (_, i) => `value-${i}`), nested: { a: 1, b: [true, null] } };
    const lines = printExpression('x = ', literal(value), '', 0);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(evaluate(lines)).toEqual(value);
  });
});

describe('printExpression: what follows a bracket counts', () => {
  it('breaks a group when the chain after it would overflow, never an empty call', () => {
    const code = `z.looseObject({ mode: z.enum(['explicit']).default('explicit') }).optional().describe(${quote('x '.repeat(70))})`;
    const lines = printExpression('prompt_cache_breakpoint: ', code, ',', 9);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(lines.join('\n')).not.toMatch(/\(\n\s*\)/);
    expect(evaluate(lines.map((l, i) => (i === 0 ? l.replace('prompt_cache_breakpoint: ', '') : l)))).toBeInstanceOf(z.ZodType);
  });
});

/** Deterministic PRNG (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Code as code.ts builds it: calls, chains, object and array literals, quoted texts with every kind of escape. */
function builtCode(next: () => number, depth = 0): string {
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const text = () =>
    quote(
      Array.from({ length: Math.floor(next() * 40) }, () =>
        pick([
          'word',
          'a',
          'longerword',
          ' ',
          '\n',
          "it's",
          '\\',
          '(',
          ')',
          '{',
          '}',
          '[',
          ']',
          ',',
          '`',
          '"',
          '//',
          '/*',
          '\u2028',
          'é',
          '😀',
          '\t',
        ]),
      ).join(pick([' ', '', '  '])),
    );
  const leaf = () =>
    pick(['z.string()', 'z.int().min(1)', 'z.unknown()', 'z.boolean()', text(), `z.enum([${text()}, ${text()}])`, '{}', '()', '[]']);
  if (depth > 4 || next() < 0.25) return leaf();
  const count = Math.floor(next() * 12);
  const parts = Array.from({ length: count }, () => builtCode(next, depth + 1));
  switch (pick(['object', 'array', 'call', 'chain'])) {
    case 'object':
      return literalObject(parts.map((part, i) => [pick(['a', 'name', `'key-${i}'`, `field_${i}`]), part]));
    case 'array':
      return `[${parts.join(', ')}]`;
    case 'call':
      return `z.looseObject(${literalObject(parts.map((part, i) => [`p${i}`, part]))})`;
    default:
      return `${builtCode(next, depth + 1)}.optional().describe(${text()})`;
  }
}

function literalObject(entries: Array<[string, string]>): string {
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
}

/** Anything at all: unbalanced and mismatched brackets, odd spacing, unterminated strings. */
function soup(next: () => number): string {
  const tokens = [
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ', ',
    ',',
    ',  ',
    ' ',
    "'",
    "\\'",
    'word',
    'z.string()',
    '\t',
    '\u00a0',
    '`',
    '"',
    "'quoted, (text)'",
  ];
  return Array.from({ length: Math.floor(next() * 120) }, () => tokens[Math.floor(next() * tokens.length)]!).join('');
}

describe('printExpression: same lines as the tokenizing printer it replaced', () => {
  const cases: Array<[string, string, string, number]> = [];
  const next = random(12);
  for (let i = 0; i < 1500; i++) {
    const code = i % 3 === 2 ? soup(next) : builtCode(next);
    cases.push([['', 'x = ', 'description: ', 'return lazy(this, "input", () => '][i % 4]!, code, [',', '', ');'][i % 3]!, i % 7]);
  }

  it('on built and on malformed code, at every indentation', () => {
    let broken = 0;
    for (const [prefix, code, suffix, level] of cases) {
      const lines = printExpression(prefix, code, suffix, level);
      expect(lines).toEqual(referencePrintExpression(prefix, code, suffix, level));
      if (lines.length > 1) broken += 1;
    }
    // The cases exercise breaking, not only the one-line path.
    expect(broken).toBeGreaterThan(300);
  });

  it.each([
    ['mismatched closers are text', `z.union([${"'a'.repeat(3), ".repeat(30)}(]}))`],
    ['unclosed groups print with their closers', `z.object({ a: [${'z.string(), '.repeat(20)}`],
    ['unterminated string', `z.enum(['${'x '.repeat(100)}`],
    ['spaces around elements are trimmed', `z.union([  ${'z.int() ,  '.repeat(20)}  ])`],
    ['empty elements keep their place', `[${'a, , '.repeat(40)}]`],
    ['object literal without inner spaces', `{${'a: 1,'.repeat(40)}}`],
    [
      'brackets, quotes and comments inside strings',
      `z.string().describe('${'(not a group) [nor this] {x} // no \\\' comment /* */ `tpl` "q" '.repeat(4)}')`,
    ],
    ['template literal and double quotes are plain text', `f(\`${'a, b'.repeat(30)}\`, "${'c, d'.repeat(30)}")`],
    ['non-breaking and other spaces', `[\u00a0${'a,\u2003b, '.repeat(30)}\u00a0]`],
    // Where a literal ends is found by searching for its quote: each run of backslashes before one must count.
    ['escaped quotes and runs of backslashes', `f('${"a \\' b \\\\' c, (d), ".repeat(12)}', '${'e\\\\\\'.repeat(30)}', [g, h])`],
    ['a literal ending in an escaped backslash', `f('${'x, '.repeat(60)}\\\\', (${'y, '.repeat(30)}))`],
    ['an unterminated literal ending in a backslash', `z.enum(['${'x '.repeat(100)}\\`],
  ])('%s', (_name, code) => {
    for (const level of [0, 3])
      expect(printExpression('x = ', code, ',', level)).toEqual(referencePrintExpression('x = ', code, ',', level));
  });
});

describe('isTrimmed', () => {
  it('is exactly what String.prototype.trim removes', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isTrimmed(c) !== (String.fromCharCode(c).trim() === '')) differ.push(c);
    expect(differ).toEqual([]);
  });
});
