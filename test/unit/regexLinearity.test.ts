/**
 * Issue 23 item 6: no regex in the generator may backtrack over spec text. Every regular-expression literal (and
 * `new RegExp('…')` with a literal pattern) in src/ is parsed and refused when it has one of the two shapes that
 * make V8's backtracking engine super-linear, and the one that makes a global search quadratic:
 * - a nested quantifier: a group repeated without bound that holds an unbounded quantifier (`(a+)+`, `([a-z]+\d*)*`);
 * - overlapping neighbours: an unbounded item followed, through optional items only, by an item that matches the
 *   same characters (`([A-Z]+)([A-Z][a-z])`, `[ \t]*\|?[ \t]*`, `.*x` after `.+`), which tries every split of a run;
 * - a scan that can run past the next start: an unanchored pattern whose unbounded item takes every character its
 *   prefix needs, before a required closer (`<[^>]*>`): on many starts and no closer each start scans to the end.
 * A pattern that has such a shape but cannot backtrack on it is listed in ALLOWED with the reason. The end-to-end
 * half (a 200k-character identifier through detection and naming) is test/fault/linearSpecText.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
/** The generator reads strangers' contracts; the runtime reads contracts' text, upstream answers and client input. */
const SCANNED = [join(ROOT, 'src'), join(ROOT, 'templates', 'runtime')];

/** Pattern source → why it cannot backtrack super-linearly although it has a flagged shape. */
const ALLOWED: Record<string, string> = {
  '^[ \\t]*\\$?[ \\t]*curl\\s.*(\\n[ \\t]+.*|\\\\\\n.*)*$':
    'each repetition starts with a line break that `.` cannot match, and with the m flag `$` matches after any `.*`',
  '\\[([^[\\]]+)\\]\\((?:[^()\\s[\\]]|\\([^()\\s[\\]]*\\))+\\)': 'the two alternatives start with different characters (`(` or not)',
  '^[ \\t]*(?:\\|[ \\t]*)?:?-{3,}:?[ \\t]*(\\|[ \\t]*:?-{3,}:?[ \\t]*)*(?:\\|[ \\t]*)?$':
    'each repetition starts with `|`, which nothing before it matches',
  "(?:'[^']*'|\\\\'|[^\\s'])+": 'splits our own regenerate command, whose words shellWord quoted (no spec text)',
  '^(?:(.+)_)?([a-z][a-z0-9]*)_id$': 'anchored: one start, and each split point is followed by a scan that stops at the next `_`',
  '^(.*)\\/\\{[^}/]+\\}$': 'anchored: one start, and each split point is followed by a scan that stops at the next `/` or `}`',
  '```[\\s\\S]*?(```|$)': 'a fence with no closer matches up to the end of the text: every start succeeds',
  ' in JSON at position \\d+.*$': "a literal prefix, then only digits to split; applied to JSON.parse's message",
};

interface Item {
  /** What one repetition matches, for comparing neighbours: a class or escape as written, `.` for any character. */
  key: string;
  unbounded: boolean;
  optional: boolean;
  /** Alternatives of a group kept as a group (quantified or a lookaround). */
  alternatives?: Item[][];
  lookaround?: boolean;
}

/** A small parser for the subset of JS regex syntax src/ uses: enough to find the two shapes. */
function parse(source: string): Item[][] {
  let i = 0;
  const alternatives = (): Item[][] => {
    const out: Item[][] = [[]];
    while (i < source.length && source[i] !== ')') {
      if (source[i] === '|') {
        i++;
        out.push([]);
        continue;
      }
      out[out.length - 1]!.push(...item());
    }
    return out;
  };
  const item = (): Item[] => {
    const start = i;
    let key: string;
    let group: Item[][] | undefined;
    let lookaround = false;
    const c = source[i]!;
    if (c === '(') {
      i++;
      if (source.startsWith('?:', i)) i += 2;
      else if (/^\?<?[=!]/.test(source.slice(i, i + 3))) {
        lookaround = true;
        i += source[i + 1] === '<' ? 3 : 2;
      } else if (source.startsWith('?<', i)) i = source.indexOf('>', i) + 1;
      group = alternatives();
      i++; // ')'
      key = source.slice(start, i);
    } else if (c === '[') {
      i++;
      while (source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      key = source.slice(start, i);
    } else if (c === '\\') {
      i += source[i + 1] === 'u' && source[i + 2] === '{' ? source.indexOf('}', i) - i + 1 : source[i + 1] === 'u' ? 6 : 2;
      key = source.slice(start, i);
    } else {
      i++;
      key = c;
    }
    const quantifier = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(source.slice(i))?.[0] ?? '';
    i += quantifier.length;
    const unbounded = /^[*+]|,\}/.test(quantifier);
    const optional = /^[*?]|^\{0/.test(quantifier) || lookaround || c === '^' || c === '$' || key === '\\b' || key === '\\B';
    // A plain group (no quantifier, one alternative) is part of the sequence around it: `([A-Z]+)([A-Z]` overlaps.
    if (group && !lookaround && quantifier === '' && group.length === 1) return group[0]!;
    const wildcard = key === '.' || key === '[\\s\\S]' || key === '[^]';
    return [{ key: wildcard ? '.' : key, unbounded, optional, ...(group ? { alternatives: group } : {}), lookaround }];
  };
  return alternatives();
}

const ZERO_WIDTH = new Set(['^', '$', '\\b', '\\B']);

function hasUnbounded(sequence: Item[]): boolean {
  return sequence.some((it) => it.unbounded || (it.alternatives !== undefined && !it.lookaround && it.alternatives.some(hasUnbounded)));
}

/** First items a sequence can start with (through optional items and into groups). */
function firstKeys(sequence: Item[]): string[] {
  const keys: string[] = [];
  for (const it of sequence) {
    if (it.lookaround || ZERO_WIDTH.has(it.key)) continue;
    if (it.alternatives) keys.push(...it.alternatives.flatMap(firstKeys));
    else keys.push(it.key);
    if (!it.optional) break;
  }
  return keys;
}

/** Whether two items can match one same character (tried on every ASCII character; a key is a class, an escape or a
 * literal as written). */
function overlaps(a: string, b: string): boolean {
  if (a === b || a === '.' || b === '.') return true;
  const ra = characterClass(a);
  const rb = characterClass(b);
  if (!ra || !rb) return false;
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (ra.test(ch) && rb.test(ch)) return true;
  }
  return false;
}

/** A one-character item as a regex of its own; null for a group or a zero-width item. */
function characterClass(key: string): RegExp | null {
  if (key.startsWith('(') || ZERO_WIDTH.has(key)) return null;
  try {
    return new RegExp(`^${key}$`);
  } catch {
    return null;
  }
}

/**
 * A search for a closer that can run past the next start: an unanchored pattern whose scan takes every character
 * its prefix needs, up to a required closer (`<[^>]*>`, `\{[^}]*\}`). On text with many starts and no closer, every
 * start scans to the end of the text: quadratic. A scan that refuses one character every start needs (`<[^<>]*>`)
 * stops at the next start.
 */
function openerScan(sequence: Item[]): string | null {
  if (sequence[0]?.key === '^') return null;
  for (let n = 1; n < sequence.length; n++) {
    const it = sequence[n]!;
    if (!it.unbounded || it.alternatives) continue;
    const needed = sequence.slice(0, n).filter((p) => !p.optional && !p.alternatives && characterClass(p.key) !== null);
    if (needed.length === 0 || !needed.every((p) => overlaps(p.key, it.key))) continue;
    if (sequence.slice(n + 1).some((next) => !next.optional)) return `${it.key} can scan past the next ${needed[0]!.key}`;
  }
  return null;
}

function problems(sequences: Item[][], top = true): string[] {
  const found: string[] = [];
  for (const sequence of sequences) {
    if (top) {
      const scan = openerScan(sequence);
      if (scan) found.push(scan);
    }
    sequence.forEach((it, n) => {
      if (it.alternatives && !it.lookaround) {
        if (it.unbounded && it.alternatives.some(hasUnbounded)) found.push(`nested quantifier in ${it.key}`);
        found.push(...problems(it.alternatives, false));
      }
      if (!it.unbounded || it.alternatives) return;
      const next = firstKeys(sequence.slice(n + 1));
      const clash = next.find((key) => key === it.key || key === '.' || it.key === '.');
      if (clash !== undefined) found.push(`${it.key} repeated, then ${clash} can match the same characters`);
    });
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

/** Every regex literal and literal `new RegExp(…)` pattern in src/ and templates/runtime/, with where it is. */
function patternsInSrc(): { where: string; source: string }[] {
  const out: { where: string; source: string }[] = [];
  for (const file of SCANNED.flatMap((dir) => [...sourceFiles(dir)])) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const where = `${relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (ts.isRegularExpressionLiteral(node)) out.push({ where, source: node.text.slice(1, node.text.lastIndexOf('/')) });
      if (
        ts.isNewExpression(node) &&
        node.expression.getText() === 'RegExp' &&
        node.arguments?.[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        out.push({ where, source: node.arguments[0].text });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

describe('the regex lint finds the shapes it is for', () => {
  it.each([
    ['([A-Z]+)([A-Z][a-z])', true],
    ['^v\\d+([a-z]+\\d*)*$', true],
    ['(a+)+$', true],
    ['[ \\t]*\\|?[ \\t]*x', true],
    ['.+.*', true],
    ['(?<=[A-Z])(?=[A-Z][a-z])', false],
    ['[^A-Za-z0-9]+', false],
    ['\\{[^{}]*\\}', false],
    ['^v\\d+[a-z0-9]*$', false],
    ['<[^>]*>', true],
    ['<\\/?[a-z]+[^>]*>', true],
    ['\\{([^}]+)\\}', true],
    ['<\\/?[a-z][^<>]*>', false],
    ['\\/operations\\/\\{[^{}]+\\}:cancel$', false],
    ["'[^']*'", false],
    ['#[^\\n]*', false],
  ])('%s flagged: %s', (source, flagged) => {
    expect(problems(parse(source)).length > 0).toBe(flagged);
  });
});

describe('src/ and templates/runtime/ regexes', () => {
  const patterns = patternsInSrc();

  it('finds the literals (the scan itself works)', () => {
    expect(patterns.length).toBeGreaterThan(100);
  });

  it('have no nested or overlapping unbounded quantifiers, except the listed ones', () => {
    const flagged = patterns
      .filter(({ source }) => ALLOWED[source] === undefined)
      .flatMap(({ where, source }) => problems(parse(source)).map((problem) => `${where} /${source}/: ${problem}`));
    expect(flagged).toEqual([]);
  });

  it('every allowed pattern is still in the scanned code and still has the shape it is allowed for', () => {
    const sources = new Set(patterns.map((p) => p.source));
    for (const source of Object.keys(ALLOWED)) {
      expect(sources.has(source), source).toBe(true);
      expect(problems(parse(source)).length, source).toBeGreaterThan(0);
    }
  });
});
