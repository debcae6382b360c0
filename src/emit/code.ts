/**
 * Small printers for TypeScript source fragments. Everything the emitters write goes through these so that
 * quoting, escaping and key style are decided once (single quotes, 2-space indent, LF) and output is
 * byte-identical between runs.
 */
import { indent, printInto } from './printCode.js';

// Everything that could end the literal or a line, and every character outside ASCII (see quote).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped
const NEEDS_ESCAPE = /['\\\u0000-\u001f\u007f-\uffff]/;
const NAMED: Readonly<Record<number, string>> = { 39: "\\'", 92: '\\\\', 10: '\\n', 13: '\\r', 9: '\\t' };

/**
 * Single-quoted TS string literal; escapes everything that could end the literal or a line, and writes every
 * character outside ASCII as `\uXXXX` (a pair as two: the same string). An all-ASCII file is read and kept by
 * node as one-byte text; one `…` or `’` in a spec's description makes the whole module two-byte, slower to decode
 * and scan, and twice the memory: GitHub's tool files (4 MB) start 15-20 % faster in CPU and 7-10 MB smaller.
 * Escaping is one pass over the text copying the stretches between escapes (a regex replace called back once per
 * escape, and GitHub's descriptions have thousands of line breaks).
 */
export function quote(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `'${text}'`;
  let out = "'";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0x27 && c !== 0x5c && c < 0x7f) continue;
    out += text.slice(from, i) + (NAMED[c] ?? `\\u${c.toString(16).padStart(4, '0')}`);
    from = i + 1;
  }
  return `${out}${text.slice(from)}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Object literal key: bare when it is an identifier; `__proto__` computed so it stays an own property. */
export function propertyKey(name: string): string {
  if (name === '__proto__') return `[${quote(name)}]`;
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** A JSON-compatible value as a TS expression (strings single-quoted, keys in the given order). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') {
    // One pass, no entry arrays: emit prints thousands of these (params, annotations, toolsets).
    let body = '';
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      body = body === '' ? `${propertyKey(k)}: ${literal(v)}` : `${body}, ${propertyKey(k)}: ${literal(v)}`;
    }
    return body === '' ? '{}' : `{ ${body} }`;
  }
  return 'null';
}

/** `callee(arg1, arg2)`. */
export function call(callee: string, ...args: string[]): string {
  return `${callee}(${args.join(', ')})`;
}

/** `target.method(arg…)`. */
export function chain(target: string, method: string, ...args: string[]): string {
  return `${target}.${method}(${args.join(', ')})`;
}

/**
 * Line printer with pinned style: 2-space indent, LF, nothing reformatted afterwards. Emitters write whole
 * lines, so output is formatted by construction. (code-block-writer scans every character it is given to
 * track strings and comments; on GitHub's 3 MB of output that alone cost more than the rest of emit.)
 */
export class LineWriter {
  private readonly lines: string[] = [];
  private level = 0;

  line(text: string): this {
    this.lines.push(text === '' ? '' : indent(this.level) + text);
    return this;
  }

  /** `prefix` + a printed expression + `suffix`, broken over lines to fit PRINT_WIDTH (printCode.ts). */
  expr(prefix: string, code: string, suffix = ','): this {
    printInto(this.lines, prefix, code, suffix, this.level);
    return this;
  }

  blank(): this {
    return this.line('');
  }

  /** `open` on its own line, the body indented, then `close`. */
  block(open: string, body: () => void, close: string): this {
    this.line(open);
    this.level += 1;
    body();
    this.level -= 1;
    return this.line(close);
  }

  /** The lines as one text, after `head` (text that ends where the first line starts: a file's header and imports). */
  toString(head = ''): string {
    // The final LF as one more join, and the head joined into the first line: `join(…) + '\n'` or `head + join(…)`
    // is a string of two parts, which writing the file flattens into one more copy of the whole file.
    this.lines.push('');
    const first = this.lines[0]!;
    if (head !== '') this.lines[0] = head + first;
    const text = this.lines.join('\n');
    this.lines[0] = first;
    this.lines.pop();
    return text;
  }
}

/** Trim and collapse a spec text so it fits in a description; cut at a word boundary when too long. */
export function clipText(text: string | undefined, max: number): string {
  if (!text) return '';
  // Big specs repeat the same parameter descriptions thousands of times (GitHub's `owner`, `repo`). Keyed by
  // the text itself (one map per limit): a `${max}…${text}` key would copy and re-hash every description.
  let byText = clipCache.get(max);
  if (byText === undefined) {
    byText = new Map();
    clipCache.set(max, byText);
  }
  const cached = byText.get(text);
  if (cached !== undefined) return cached;
  const clipped = clipUncached(text, max);
  if (byText.size > 20_000) byText.clear();
  byText.set(text, clipped);
  return clipped;
}

const clipCache = new Map<number, Map<string, string>>();
const MESSY_TEXT = /\r|\t| {2}|\n{3}|<\/?[a-z]|<!--|```|\]\(|\*\*|__|(^|\n)#|(^|\n)[ \t]*(?:\$[ \t]*)?curl\s|(^|\n)\|/i;
// Some specs (Stripe) write descriptions in HTML; agents read plain text. Only well-known tags are removed,
// so `List<String>` or `<id>` placeholders survive.
const HTML_TAG = /<\/?(p|br|code|pre|strong|em|b|i|a|ul|ol|li|span|div|h[1-6])(?:\s[^<>]*)?\/?>/gi;
const BLOCK_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'div', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function clipUncached(text: string, max: number): string {
  // Most spec texts are short and clean: skip the three whole-text rewrites for them.
  if (text.length <= max && !MESSY_TEXT.test(text)) return text.trim();
  let prose = cleanProse(text);
  if (prose.includes('<')) prose = prose.replace(HTML_TAG, (_tag, name: string) => (BLOCK_TAGS.has(name.toLowerCase()) ? '\n' : ''));
  if (prose.includes('\r')) prose = prose.replace(/\r\n?/g, '\n');
  const collapsed = prose
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (collapsed.length <= max) return collapsed;
  const cut = collapsed.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Markdown and example noise removed before a spec text is clipped, so the limit is spent on prose: fenced code
 * blocks and `curl` command lines (examples an agent cannot run), images, HTML comments, table rules; links keep
 * their text (most are relative to the vendor's docs site), headings and emphasis their words. Each rewrite runs
 * only when the text (as the rewrites before it left it) holds what its pattern cannot match without: GitHub's
 * 1,223 operation descriptions are all messy somewhere, rarely everywhere.
 */
export function cleanProse(text: string): string {
  let out = text;
  if (out.includes('```')) out = out.replace(/```[\s\S]*?(```|$)/g, '\n');
  if (out.includes('<!--')) out = removeHtmlComments(out);
  if (/curl/i.test(out)) out = out.replace(/^[ \t]*\$?[ \t]*curl\s.*(\n[ \t]+.*|\\\n.*)*$/gim, '');
  // Spec text is untrusted: every pattern below is linear in the text. A bracket never lies inside link text or
  // a link target, so a run of unclosed `[` or `![` is scanned once, not once per bracket.
  if (out.includes('![')) out = out.replace(/!\[[^[\]]*\]\([^)[\]]*\)/g, '');
  if (out.includes('](')) out = out.replace(/\[([^[\]]+)\]\((?:[^()\s[\]]|\([^()\s[\]]*\))+\)/g, '$1');
  if (out.includes('#')) out = out.replace(/^[ \t]*#{1,6}[ \t]+/gm, '');
  if (out.includes('---')) out = out.replace(/^[ \t]*(?:\|[ \t]*)?:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*(?:\|[ \t]*)?$/gm, '');
  if (out.includes('**') || out.includes('__')) out = unwrapEmphasis(out);
  return out;
}

/** `<!--…-->` removed; an unclosed one is kept, as the lazy regex kept it, but the text is scanned once. */
function removeHtmlComments(text: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('<!--'); open !== -1; open = text.indexOf('<!--', from)) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) break;
    out += text.slice(from, open);
    from = close + 3;
  }
  return out + text.slice(from);
}

/**
 * `**bold**` and `__bold__` keep their words: what `/(\*\*|__)(\S(?:[\s\S]*?\S)?)\1/g` replaced, scanned once. That
 * regex searched the rest of the text from every unmatched opener (`**a **a **a …` was quadratic). A closer is
 * the first same delimiter at least three characters on whose previous character is not a space; when an opener
 * has none, no later opener of that kind has one either.
 */
function unwrapEmphasis(text: string): string {
  const closerGone = { '**': false, __: false };
  let out = '';
  let from = 0;
  for (let at = 0; at < text.length - 2; at++) {
    const c = text[at];
    if ((c !== '*' && c !== '_') || text[at + 1] !== c || /\s/.test(text[at + 2]!)) continue;
    const delimiter = c === '*' ? '**' : '__';
    if (closerGone[delimiter]) continue;
    let close = text.indexOf(delimiter, at + 3);
    while (close !== -1 && /\s/.test(text[close - 1]!)) close = text.indexOf(delimiter, close + 1);
    if (close === -1) {
      closerGone[delimiter] = true;
      continue;
    }
    out += text.slice(from, at) + text.slice(at + 2, close);
    from = close + 2;
    at = from - 1;
  }
  return out + text.slice(from);
}

/** Deterministic JSON with sorted keys, 2-space indent, trailing LF. */
export function sortedJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
