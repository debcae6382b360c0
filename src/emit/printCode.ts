/**
 * Width-aware printing of the TypeScript expressions emit builds (zod schemas, object and array literals, string
 * literals), so that no generated line is longer than PRINT_WIDTH. An expression that fits stays on one line; one
 * that does not is broken at its outermost bracket, one element per line with a trailing comma (a sole bracketed
 * argument is hugged: `z.looseObject({` … `})`), and a string literal too long for its line is broken after its own
 * line breaks, then between words, by line continuations (printText.ts). Input is always code printed by code.ts,
 * whose literals are single-quoted with escapes, so a small scanner understands all of it.
 *
 * The code is scanned once, without building a tree: the scan records, at each quote and opening bracket, where
 * it ends, and whether the group is already flat (printed on one line it reads exactly as written, which is how
 * code.ts prints everything). Only the groups that must break are walked again, element by element; every other
 * group is copied as the slice it is. (Tokenizing the whole expression into nested items cost more than all other
 * printing on GitHub's 1.4 MB of long expressions.)
 */

import { continuedLines, splitLiteral } from './printText.js';

export const PRINT_WIDTH = 160;
const INDENT = '  ';

const QUOTE = 0x27; // '
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const SPACE = 0x20;
const OPEN_BRACE = 0x7b;
const OPEN_PAREN = 0x28;

/** Opening bracket char code → its closer's char code; -1 for any other character. */
function closerOf(c: number): number {
  return c === 0x28 ? 0x29 : c === 0x7b ? 0x7d : c === 0x5b ? 0x5d : -1;
}

/** Exactly the characters `String.prototype.trim` removes (WhiteSpace and LineTerminator). */
export function isTrimmed(c: number): boolean {
  if (c <= SPACE) return c === SPACE || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

// Scratch of the scan, indexed by the position of a quote or an opening bracket (printing is never re-entered):
// where the string or group ends (exclusive), and for a group whether it was closed and whether it is flat.
let ends = new Int32Array(1 << 12);
let flags = new Uint8Array(1 << 12);
const CLOSED = 1;
const FLAT = 2;
// The scan's stack of open groups: opening position, start of the current element, element index, flat so far.
const stackOpen: number[] = [];
const stackElement: number[] = [];
const stackIndex: number[] = [];
const stackFlat: boolean[] = [];

/**
 * Whether element `index` of the group opened at `open`, spanning [start, end), prints as written: no spaces to
 * trim, except the single ones inside an object literal's braces (`{ a: 1 }`), and not empty, except as the only
 * element (`()`, `{}`). Elements are separated by `, ` exactly (checked by the scan).
 */
function isFlatElement(code: string, open: number, start: number, end: number, index: number, last: boolean): boolean {
  if (index === 0 && last && end === start) return true;
  const brace = code.charCodeAt(open) === OPEN_BRACE;
  const lead = brace && index === 0 ? 1 : 0;
  const trail = brace && last ? 1 : 0;
  if (end - start < lead + trail + 1) return false;
  if (lead === 1 && code.charCodeAt(start) !== SPACE) return false;
  if (trail === 1 && code.charCodeAt(end - 1) !== SPACE) return false;
  return !isTrimmed(code.charCodeAt(start + lead)) && !isTrimmed(code.charCodeAt(end - 1 - trail));
}

/**
 * Records every string's and group's end; returns whether the whole code is flat as written. Brackets inside
 * strings do not count; a closer that is not the innermost group's is plain text; a group never closed runs to
 * the end (and prints with its closer).
 */
function scan(code: string): boolean {
  const n = code.length;
  if (ends.length < n) {
    ends = new Int32Array(n * 2);
    flags = new Uint8Array(n * 2);
  }
  let top = -1;
  let allFlat = true;
  let closeCode = -1;
  let i = 0;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (c === QUOTE) {
      const j = closingQuote(code, i + 1);
      ends[i] = Math.min(j + 1, n);
      i = j + 1;
    } else if (closerOf(c) !== -1) {
      top += 1;
      stackOpen[top] = i;
      stackElement[top] = i + 1;
      stackIndex[top] = 0;
      stackFlat[top] = true;
      closeCode = closerOf(c);
      i += 1;
    } else if (c === closeCode) {
      const open = stackOpen[top]!;
      const flat = stackFlat[top]! && isFlatElement(code, open, stackElement[top]!, i, stackIndex[top]!, true);
      ends[open] = i + 1;
      flags[open] = flat ? CLOSED | FLAT : CLOSED;
      top -= 1;
      if (top >= 0) {
        if (!flat) stackFlat[top] = false;
        closeCode = closerOf(code.charCodeAt(stackOpen[top]!));
      } else {
        if (!flat) allFlat = false;
        closeCode = -1;
      }
      i += 1;
    } else if (c === COMMA && top >= 0) {
      if (!isFlatElement(code, stackOpen[top]!, stackElement[top]!, i, stackIndex[top]!, false)) stackFlat[top] = false;
      i += 1;
      const from = i;
      while (code.charCodeAt(i) === SPACE) i += 1;
      if (i - from !== 1) stackFlat[top] = false;
      stackElement[top] = i;
      stackIndex[top]! += 1;
    } else i += 1;
  }
  for (; top >= 0; top--) {
    ends[stackOpen[top]!] = n;
    flags[stackOpen[top]!] = 0;
    allFlat = false;
  }
  return allFlat;
}

/**
 * Where the literal whose text starts at `from` ends: its first quote not escaped (after an even run of
 * backslashes), or the end of the code when it never closes. Found with indexOf rather than walked a character at
 * a time: most long code is one literal (a tool's listed JSON text, 91 MB over Microsoft Graph beta's tools).
 */
function closingQuote(code: string, from: number): number {
  for (let q = code.indexOf("'", from); q !== -1; q = code.indexOf("'", q + 1)) {
    let k = q - 1;
    while (k >= from && code.charCodeAt(k) === BACKSLASH) k -= 1;
    if ((q - 1 - k) % 2 === 0) return q;
  }
  return code.length;
}

const TEXT = 0;
const STRING = 1;
const GROUP = 2;

/** Indentation strings by level, made once. */
const indents: string[] = [''];
export function indent(level: number): string {
  while (indents.length <= level) indents.push(indents[indents.length - 1]! + INDENT);
  return indents[level]!;
}

/** One expression being printed: the scanned code, the lines so far and the line under way. */
class Printer {
  current: string;
  private flats: Map<number, string> | undefined;

  constructor(
    private readonly code: string,
    readonly lines: string[],
    start: string,
  ) {
    this.current = start;
  }

  /** Where a group's elements stop: its closer, or the end of the code when it was never closed. */
  private closeOf(open: number): number {
    return flags[open]! & CLOSED ? ends[open]! - 1 : this.code.length;
  }

  /** [start, end) of each element between the group's own commas; an element starts after the spaces of `, `. */
  elementsOf(open: number): number[] {
    const { code } = this;
    const close = this.closeOf(open);
    const out: number[] = [];
    let start = open + 1;
    let p = start;
    while (p < close) {
      const c = code.charCodeAt(p);
      if (c === QUOTE || closerOf(c) !== -1) p = ends[p]!;
      else if (c === COMMA) {
        out.push(start, p);
        p += 1;
        while (code.charCodeAt(p) === SPACE) p += 1;
        start = p;
      } else p += 1;
    }
    out.push(start, close);
    return out;
  }

  /** A group with nothing inside (`()`, `{}`) has nowhere to break. */
  canBreak(open: number): boolean {
    const close = this.closeOf(open);
    if (open + 1 >= close) return false;
    if (this.code.charCodeAt(open + 1) !== COMMA) return true;
    const elements = this.elementsOf(open);
    for (let k = 0; k < elements.length; k += 2) if (elements[k + 1]! > elements[k]!) return true;
    return false;
  }

  /** Items of [start, end) as (kind, start, end) triples: plain text, strings, groups (which end where the scan said). */
  itemsOf(start: number, end: number): number[] {
    const { code } = this;
    const out: number[] = [];
    let text = start;
    let p = start;
    while (p < end) {
      const c = code.charCodeAt(p);
      const kind = c === QUOTE ? STRING : closerOf(c) !== -1 ? GROUP : TEXT;
      if (kind === TEXT) {
        p += 1;
        continue;
      }
      if (p > text) out.push(TEXT, text, p);
      out.push(kind, p, ends[p]!);
      p = ends[p]!;
      text = p;
    }
    if (end > text) out.push(TEXT, text, end);
    return out;
  }

  flatLength(open: number): number {
    return flags[open]! & FLAT ? ends[open]! - open : this.flatGroup(open).length;
  }

  /** The group printed on one line: its own text when the scan found it flat, else rebuilt (once) from its elements. */
  flatGroup(open: number): string {
    if (flags[open]! & FLAT) return this.code.slice(open, ends[open]);
    this.flats ??= new Map();
    const known = this.flats.get(open);
    if (known !== undefined) return known;
    const elements = this.elementsOf(open);
    let body = '';
    let first = true;
    for (let k = 0; k < elements.length; k += 2) {
      const text = this.flatRange(elements[k]!, elements[k + 1]!).trim();
      // A sole empty element is no element (`()`, `{}`); among several, each keeps its place.
      if (text === '' && elements.length === 2) continue;
      body = first ? text : `${body}, ${text}`;
      first = false;
    }
    const opener = this.code[open]!;
    // Object literals keep their inner spaces (`{ a: 1 }`), as code.ts prints them.
    const flat = opener === '{' && body ? `{ ${body} }` : `${opener}${body}${String.fromCharCode(closerOf(opener.charCodeAt(0)))}`;
    this.flats.set(open, flat);
    return flat;
  }

  flatRange(start: number, end: number): string {
    const items = this.itemsOf(start, end);
    let out = '';
    for (let k = 0; k < items.length; k += 3) {
      out += items[k] === GROUP ? this.flatGroup(items[k + 1]!) : this.code.slice(items[k + 1], items[k + 2]);
    }
    return out;
  }

  /** Prints `items` onto the current line, breaking what does not fit; `tail` characters must follow the last one. */
  emit(items: number[], depth: number, tail: number): void {
    const { code } = this;
    for (let k = 0; k < items.length; k += 3) {
      const kind = items[k]!;
      const start = items[k + 1]!;
      const end = items[k + 2]!;
      // What must follow on the same line: text up to the next place that can break (`.optional().describe(`).
      const rest = this.restLength(items, k + 3, tail);
      if (kind === TEXT) this.current += code.slice(start, end);
      else if (kind === STRING) {
        if (this.current.length + (end - start) + rest <= PRINT_WIDTH) this.current += code.slice(start, end);
        else this.splitString(code.slice(start, end), depth);
      } else if (this.current.length + this.flatLength(start) + rest <= PRINT_WIDTH || !this.canBreak(start)) {
        this.current += this.flatGroup(start);
      } else this.breakGroup(start, depth);
    }
  }

  /** Characters after item `from` that stay on the current line: up to and including the next breakable bracket. */
  restLength(items: number[], from: number, tail: number): number {
    let length = 0;
    for (let k = from; k < items.length; k += 3) {
      const kind = items[k]!;
      if (kind === GROUP) {
        if (this.canBreak(items[k + 1]!)) return length + 1;
        length += this.flatLength(items[k + 1]!);
      } else if (kind === STRING) return length + 1;
      else length += items[k + 2]! - items[k + 1]!;
    }
    return length + tail;
  }

  breakGroup(open: number, depth: number): void {
    const { code } = this;
    const all = this.elementsOf(open);
    const elements: number[] = [];
    for (let k = 0; k < all.length; k += 2) if (all[k + 1]! > all[k]!) elements.push(all[k]!, all[k + 1]!);
    // A sole bracketed argument is hugged: `call({` … `})` rather than a line holding only `{`.
    if (elements.length === 2 && code.charCodeAt(open) === OPEN_PAREN) {
      const only = elements[0]!;
      if (closerOf(code.charCodeAt(only)) !== -1 && ends[only] === elements[1]) {
        this.current += '(';
        this.breakGroup(only, depth);
        this.current += ')';
        return;
      }
    }
    this.current += code[open]!;
    this.lines.push(this.current);
    // In a flat group every element is flat too, trimmed but for the braces' inner spaces: one that fits its
    // line is copied as it stands (printing its items would put them all on that line anyway).
    const flat = (flags[open]! & FLAT) !== 0;
    const pad = indent(depth + 1);
    const brace = flat && code.charCodeAt(open) === OPEN_BRACE ? 1 : 0;
    for (let k = 0; k < elements.length; k += 2) {
      if (flat) {
        const start = elements[k]! + (k === 0 ? brace : 0);
        const end = elements[k + 1]! - (k === elements.length - 2 ? brace : 0);
        if (pad.length + (end - start) + 1 <= PRINT_WIDTH) {
          this.lines.push(`${pad}${code.slice(start, end)},`);
          continue;
        }
      }
      this.current = pad;
      this.emit(this.trimmedItems(elements[k]!, elements[k + 1]!), depth + 1, 1);
      this.current += ',';
      this.lines.push(this.current);
    }
    this.current = indent(depth) + String.fromCharCode(closerOf(code.charCodeAt(open)));
  }

  /** The element's items without the spaces around it (`{ a: 1, b: 2 }` is scanned with them). */
  trimmedItems(start: number, end: number): number[] {
    const { code } = this;
    const items = this.itemsOf(start, end);
    const last = items.length - 3;
    if (items[0] === TEXT) while (items[1]! < items[2]! && isTrimmed(code.charCodeAt(items[1]!))) items[1]! += 1;
    if (items[last] === TEXT)
      while (items[last + 2]! > items[last + 1]! && isTrimmed(code.charCodeAt(items[last + 2]! - 1))) items[last + 2]! -= 1;
    for (const at of [last, 0]) if (items[at] === TEXT && items[at + 1] === items[at + 2]) items.splice(at, 3);
    return items;
  }

  splitString(literal: string, depth: number): void {
    // Room for the quote, the `\` after a piece, and the `),` (or deeper closers) after the last one.
    const pieces = splitLiteral(literal, PRINT_WIDTH - (depth + 1) * INDENT.length - 8);
    if (pieces.length <= 1) {
      this.current += literal;
      return;
    }
    const lines = continuedLines(pieces);
    // The literal opens on the current line (`description: ` and a quote) when its first line fits there; else
    // with a line continuation, so that all of its text starts in column 0.
    if (this.current.length + lines[0]!.length > PRINT_WIDTH) {
      this.lines.push(`${this.current}'\\`);
      this.current = lines[0]!.slice(1);
    } else this.current += lines[0];
    for (let k = 1; k < lines.length; k++) {
      this.lines.push(this.current);
      this.current = lines[k]!;
    }
  }
}

/**
 * `prefix` + the expression + `suffix`, as lines indented by `level` (the first line carries the prefix). Lines
 * come back without their indentation applied beyond `level`'s own: callers push them as they are.
 */
export function printExpression(prefix: string, code: string, suffix: string, level: number): string[] {
  const lines: string[] = [];
  printInto(lines, prefix, code, suffix, level);
  return lines;
}

/** printExpression, appending the lines to `lines`. */
export function printInto(lines: string[], prefix: string, code: string, suffix: string, level: number): void {
  const start = indent(level) + prefix;
  // Emit prints flat code in exactly the spacing a flat print would give it: what fits needs no scanning at all.
  if (start.length + code.length + suffix.length <= PRINT_WIDTH) {
    lines.push(start + code + suffix);
    return;
  }
  const flat = scan(code);
  const printer = new Printer(code, lines, start);
  if (!flat) {
    const whole = printer.flatRange(0, code.length);
    if (start.length + whole.length + suffix.length <= PRINT_WIDTH) {
      lines.push(start + whole + suffix);
      return;
    }
  }
  printer.emit(printer.itemsOf(0, code.length), level, suffix.length);
  lines.push(printer.current + suffix);
}
