import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { literal, quote } from '../../../src/emit/code.js';
import { PRINT_WIDTH, printExpression } from '../../../src/emit/printCode.js';

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

  it('splits long texts after their line breaks, then between words, without changing them', () => {
    const text = `First paragraph that is quite long. ${'word '.repeat(60)}\n\nSecond paragraph with a quote ' and a backslash \\ and \u2028 too.`;
    const lines = printExpression('description: ', quote(text), ',', 1);
    expect(lines[0]).toBe('  description:');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(lines.some((l) => l.endsWith("\\n' +"))).toBe(true);
    expect(evaluate(lines.map((l, i) => (i === 0 ? '' : l)))).toBe(text);
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
