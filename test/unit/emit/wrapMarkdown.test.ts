import { describe, expect, it } from 'vitest';
import { wrapMarkdown } from '../../../src/emit/wrapMarkdown.js';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('wrapMarkdown: prose wrapped, structure kept', () => {
  it('wraps a paragraph at spaces, every line within the width', () => {
    const out = wrapMarkdown(words(40), 30);
    expect(out.split('\n').every((line) => line.length <= 30)).toBe(true);
    expect(out.replace(/\n/g, ' ')).toBe(words(40));
  });

  it.each([
    ['a table row', `| ${words(30)} |`],
    ['a heading', `## ${words(30)}`],
    ['an HTML comment', `<!-- ${words(30)} -->`],
    ['a quote', `> ${words(30)}`],
    ['indented code', `    ${words(30)}`],
  ])('keeps %s as one line', (_, line) => {
    expect(wrapMarkdown(line, 30)).toBe(line);
  });

  it('keeps fenced code as it is', () => {
    const text = ['```sh', words(30), '```', words(3)].join('\n');
    expect(wrapMarkdown(text, 30)).toBe(text);
  });

  it('never breaks inside a code span or a link destination', () => {
    const line = `see \`${words(12)}\` and [the docs](https://example.com/a b/${'x'.repeat(40)}) then ${words(6)}`;
    const out = wrapMarkdown(line, 30).split('\n');
    expect(out.some((l) => l.includes(`\`${words(12)}\``))).toBe(true);
    expect(out.some((l) => l.includes('(https://example.com/a b/'))).toBe(true);
    expect(out.join(' ')).toBe(line);
  });

  it('continues a list item under its text', () => {
    const out = wrapMarkdown(`- ${words(20)}`, 30).split('\n');
    expect(out[0]!.startsWith('- ')).toBe(true);
    expect(out.slice(1).every((l) => l.startsWith('  ') && !l.startsWith('   '))).toBe(true);
  });

  it.each(['-', '*', '+', '#', '>', '|', '<b>', '1.', '2)', '='])('never starts a continuation with %j', (token) => {
    const line = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? token : 'word')).join(' ');
    const out = wrapMarkdown(line, 25).split('\n');
    for (const l of out.slice(1)) expect(l.startsWith(token)).toBe(false);
    expect(out.join(' ')).toBe(line);
  });

  it('leaves a word longer than the width whole', () => {
    const long = 'x'.repeat(50);
    expect(wrapMarkdown(`a ${long} b`, 20)).toBe(`a\n${long}\nb`);
  });
});

describe('wrapMarkdown: a paragraph is re-flowed as a whole', () => {
  it('joins the soft line breaks of a paragraph before wrapping it', () => {
    const text = [words(5), words(2), words(5), '', words(3)].join('\n');
    expect(wrapMarkdown(text, 40)).toBe([`${words(7)} word`, words(4), '', words(3)].join('\n'));
  });

  it('keeps hard line breaks, list items and their continuations apart', () => {
    const text = ['first line  ', 'second', '- item one', '  continued', '- item two'].join('\n');
    expect(wrapMarkdown(text, 80)).toBe(['first line  ', 'second', '- item one continued', '- item two'].join('\n'));
  });
});

describe('wrapMarkdown: lines that are structure, not prose', () => {
  it.each(['---', '***', '___', '===', '- - -'])('a setext underline or rule %j is not joined to the line above', (rule) => {
    const text = ['A heading', rule, 'text'].join('\n');
    expect(wrapMarkdown(text, 80)).toBe(text);
  });
});
