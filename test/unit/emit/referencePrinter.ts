/**
 * The printer as it was before it worked on positions (emit: printer scans once …): kept only as the oracle the
 * differential tests of printCode.test.ts compare against. Not used by the generator. The cutting of long string
 * literals did not change, so it is the generator's own `splitLiteral` (and `continuedLines`, which spells the pieces
 * as the lines of one literal); what the oracle checks is the layout.
 */
import { continuedLines, splitLiteral } from '../../../src/emit/printText.js';

const PRINT_WIDTH = 160;
const INDENT = '  ';

type Item = { kind: 'text'; text: string } | { kind: 'string'; text: string } | Group;
interface Group {
  kind: 'group';
  open: string;
  close: string;
  /** Elements between top-level commas. */
  elements: Item[][];
  /** The group printed on one line, computed once (the printer asks for it at every level above it). */
  flat?: string;
}

const QUOTE = 0x27; // '
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const SPACE = 0x20;
/** Opening bracket char code → its closer. */
const CLOSER_OF: Readonly<Record<number, string>> = { 40: ')', 123: '}', 91: ']' };

/**
 * Splits printed code into items; brackets become nested groups. Unbalanced input is kept as plain text. Plain
 * text between the characters that matter is cut out in one slice, not gathered a character at a time.
 */
function parse(code: string): Item[] {
  const n = code.length;
  let i = 0;
  const readSeq = (close: string | null): Item[][] => {
    const closeCode = close === null ? -1 : close.charCodeAt(0);
    let current: Item[] = [];
    const elements: Item[][] = [current];
    let start = i;
    const flush = () => {
      if (i > start) current.push({ kind: 'text', text: code.slice(start, i) });
    };
    while (i < n) {
      const c = code.charCodeAt(i);
      if (c === QUOTE) {
        flush();
        let j = i + 1;
        while (j < n && code.charCodeAt(j) !== QUOTE) j += code.charCodeAt(j) === BACKSLASH ? 2 : 1;
        current.push({ kind: 'string', text: code.slice(i, j + 1) });
        i = j + 1;
        start = i;
      } else if (CLOSER_OF[c] !== undefined) {
        flush();
        const open = code[i]!;
        const closer = CLOSER_OF[c]!;
        i += 1;
        const inner = readSeq(closer);
        current.push({ kind: 'group', open, close: closer, elements: inner });
        start = i;
      } else if (c === closeCode) {
        flush();
        i += 1;
        return elements;
      } else if (c === COMMA && closeCode !== -1) {
        flush();
        current = [];
        elements.push(current);
        i += 1;
        while (code.charCodeAt(i) === SPACE) i += 1;
        start = i;
      } else i += 1;
    }
    flush();
    return elements;
  };
  return readSeq(null)[0] ?? [];
}

function flat(items: Item[]): string {
  let out = '';
  for (const item of items) out += item.kind === 'group' ? flatGroup(item) : item.text;
  return out;
}

function flatGroup(group: Group): string {
  if (group.flat !== undefined) return group.flat;
  const { elements } = group;
  let body = '';
  let first = true;
  for (const element of elements) {
    const text = flat(element).trim();
    // A sole empty element is no element (`()`, `{}`); among several, each keeps its place.
    if (text === '' && elements.length === 1) continue;
    body = first ? text : `${body}, ${text}`;
    first = false;
  }
  // Object literals keep their inner spaces (`{ a: 1 }`), as code.ts prints them.
  group.flat = group.open === '{' && body ? `{ ${body} }` : `${group.open}${body}${group.close}`;
  return group.flat;
}

/**
 * `prefix` + the expression + `suffix`, as lines indented by `level` (the first line carries the prefix). Lines
 * come back without their indentation applied beyond `level`'s own: callers push them as they are.
 */
export function referencePrintExpression(prefix: string, code: string, suffix: string, level: number): string[] {
  // Emit prints flat code in exactly the spacing `flat` would give it: what fits needs no parsing at all.
  if (INDENT.length * level + prefix.length + code.length + suffix.length <= PRINT_WIDTH)
    return [`${INDENT.repeat(level)}${prefix}${code}${suffix}`];
  const lines: string[] = [];
  let current = INDENT.repeat(level) + prefix;
  const emit = (items: Item[], depth: number, tail: number) => {
    for (let index = 0; index < items.length; index++) {
      const item = items[index]!;
      // What must follow on the same line: text up to the next place that can break (`.optional().describe(`).
      const rest = restLength(items, index + 1, tail);
      if (item.kind === 'text') current += item.text;
      else if (item.kind === 'string') {
        if (current.length + item.text.length + rest <= PRINT_WIDTH) current += item.text;
        else splitString(item.text, depth);
      } else {
        const text = flatGroup(item);
        if (current.length + text.length + rest <= PRINT_WIDTH || !canBreak(item)) current += text;
        else breakGroup(item, depth);
      }
    }
  };
  const breakGroup = (group: Group, depth: number) => {
    const elements = group.elements.filter((e) => e.length > 0);
    // A sole bracketed argument is hugged: `call({` … `})` rather than a line holding only `{`.
    const only = elements.length === 1 ? elements[0]! : null;
    if (only && only.length === 1 && only[0]!.kind === 'group' && group.open === '(') {
      current += '(';
      breakGroup(only[0] as Group, depth);
      current += ')';
      return;
    }
    current += group.open;
    lines.push(current);
    for (const element of elements) {
      current = INDENT.repeat(depth + 1);
      emit(trimEnds(element), depth + 1, 1);
      current += ',';
      lines.push(current);
    }
    current = INDENT.repeat(depth) + group.close;
  };
  const splitString = (literal: string, depth: number) => {
    // Room for the quotes, the ` +` after a piece, and the `),` (or deeper closers) after the last one.
    const pieces = splitLiteral(literal, PRINT_WIDTH - (depth + 1) * INDENT.length - 8);
    if (pieces.length <= 1) {
      current += literal;
      return;
    }
    // The pieces as the lines of one literal (printText.ts continuedLines), on the current line or after a continuation.
    const template = continuedLines(pieces);
    if (current.length + template[0]!.length > PRINT_WIDTH) {
      lines.push(`${current}'\\`);
      current = template[0]!.slice(1);
    } else current += template[0];
    for (const line of template.slice(1)) {
      lines.push(current);
      current = line;
    }
  };
  const items = parse(code);
  const whole = flat(items);
  if (current.length + whole.length + suffix.length <= PRINT_WIDTH) return [`${current}${whole}${suffix}`];
  emit(items, level, suffix.length);
  lines.push(current + suffix);
  return lines;
}

/** A group with nothing inside (`()`, `{}`) has nowhere to break. */
function canBreak(item: Item): boolean {
  return item.kind === 'group' && item.elements.some((e) => e.length > 0);
}

/** Characters after `from` that stay on the current line: up to and including the next breakable bracket. */
function restLength(items: Item[], from: number, tail: number): number {
  let length = 0;
  for (let i = from; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'group' && canBreak(item)) return length + item.open.length;
    if (item.kind === 'string') return length + 1;
    length += item.kind === 'group' ? flatGroup(item).length : item.text.length;
  }
  return length + tail;
}

/** An element without the spaces around it (`{ a: 1, b: 2 }` is tokenized with them). */
function trimEnds(items: Item[]): Item[] {
  const out = [...items];
  const first = out[0];
  if (first?.kind === 'text') out[0] = { kind: 'text', text: first.text.trimStart() };
  const last = out.at(-1);
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text.trimEnd() };
  return out.filter((item) => item.kind !== 'text' || item.text !== '');
}
