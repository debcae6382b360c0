/**
 * The generated README's prose wrapped to a width an owner can read in a terminal or a diff (lines of 656
 * characters were printed before). Only paragraphs and list items are wrapped; headings, tables (a row must stay
 * one line), fenced code and HTML comments are kept as they are. A line is broken only at a space outside an
 * inline code span and outside a link's destination, and never where the next line would begin a Markdown block
 * of its own (a list marker, a heading, a quote, a table row, HTML): the rendered document is the same.
 */

export const README_WIDTH = 120;

/** What a continuation line must not start with: it would open a block instead of continuing the paragraph. */
const BLOCK_START = /(?:[-*+>#|<=]|\d{1,9}[.)](?:\s|$))/y;
const LIST_ITEM = /^(\s*(?:[-*+]|\d{1,9}[.)]) )/;
const FENCE = /^\s*(?:```|~~~)/;

export function wrapMarkdown(text: string, width = README_WIDTH): string {
  const out: string[] = [];
  const lines = text.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced || FENCE.test(line) || !isProse(line)) {
      out.push(line);
      continue;
    }
    // One paragraph (or list item): its soft line breaks render as spaces, so it is re-flowed as a whole.
    const marker = LIST_ITEM.exec(line)?.[1] ?? '';
    const indent = ' '.repeat(marker.length);
    let joined = line;
    while (i + 1 < lines.length && continues(lines[i + 1]!, indent) && !hardBreak(joined)) {
      joined = `${joined} ${lines[++i]!.trim()}`;
    }
    out.push(...(joined.length <= width ? [joined] : wrapLine(joined, width, indent)));
  }
  return out.join('\n');
}

/** A line ending in two spaces or a backslash is a hard line break: the paragraph is not joined across it. */
function hardBreak(line: string): boolean {
  return line.endsWith('  ') || line.endsWith('\\');
}

/** Whether `next` continues the paragraph above: prose, not a new list item, indented like the item's text. */
function continues(next: string, indent: string): boolean {
  if (!isProse(next) || FENCE.test(next) || LIST_ITEM.test(next)) return false;
  const own = next.length - next.trimStart().length;
  return indent === '' ? own === 0 : own === indent.length;
}

/** A thematic break (`---`, `***`, `___`) or a setext underline (`===`, `---`): joined to prose it would vanish. */
function isRule(line: string): boolean {
  const start = line.trimStart();
  if (line.length - start.length > 3 || start === '') return false;
  const mark = start[0]!;
  const marks = start.replace(/[ \t]/g, '');
  if (mark === '=') return /^=+$/.test(start.trimEnd());
  return (mark === '-' || mark === '*' || mark === '_') && marks.length >= 3 && marks.split(mark).length === marks.length + 1;
}

function isProse(line: string): boolean {
  const start = line.trimStart();
  if (start === '' || line.startsWith('    ') || isRule(line)) return false;
  return !start.startsWith('#') && !start.startsWith('|') && !start.startsWith('<') && !start.startsWith('>');
}

/** The positions of spaces where the line may break (outside code spans and link destinations). */
function breakPoints(line: string): number[] {
  const points: number[] = [];
  let code = 0; // length of the backtick run that opened the current code span, 0 outside one
  let destination = 0; // depth of parentheses inside a link's `](…)`
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      if (code === 0) code = run;
      else if (run === code) code = 0;
      i += run - 1;
    } else if (code > 0) {
    } else if (c === '(' && (destination > 0 || line[i - 1] === ']')) {
      destination++;
    } else if (c === ')' && destination > 0) {
      destination--;
    } else if (c === ' ' && destination === 0 && i > 0 && line[i - 1] !== ' ' && line[i + 1] !== ' ' && i + 1 < line.length) {
      BLOCK_START.lastIndex = i + 1;
      if (!BLOCK_START.test(line)) points.push(i);
    }
  }
  return points;
}

function wrapLine(line: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  const points = breakPoints(line);
  let from = 0;
  let prefix = '';
  let k = 0;
  while (prefix.length + (line.length - from) > width) {
    const limit = from + width - prefix.length;
    let cut = -1;
    while (k < points.length && points[k]! <= limit) cut = points[k++]!;
    // No space fits: break at the first one after the limit (a long word or code span stays whole).
    if (cut < 0 && k < points.length) cut = points[k++]!;
    if (cut < 0) break;
    lines.push(prefix + line.slice(from, cut));
    from = cut + 1;
    prefix = indent;
  }
  lines.push(prefix + line.slice(from));
  return lines;
}
