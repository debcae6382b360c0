/**
 * Small printers for TypeScript source fragments. Everything the emitters write goes through these so that
 * quoting, escaping and key style are decided once (single quotes, 2-space indent, LF) and output is
 * byte-identical between runs.
 */
import CodeBlockWriter from 'code-block-writer';

/** Single-quoted TS string literal; escapes everything that could end the literal or a line. */
export function quote(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}'`;
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
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${literal(v)}`).join(', ')} }`;
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

/** Writer with the pinned style every generated TS file uses. */
export function createWriter(): CodeBlockWriter {
  return new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: true, newLine: '\n', useTabs: false });
}

/** Trim and collapse a spec text so it fits in a description; cut at a word boundary when too long. */
export function clipText(text: string | undefined, max: number): string {
  if (!text) return '';
  const collapsed = text.replace(/\r\n?/g, '\n').replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
  if (collapsed.length <= max) return collapsed;
  const cut = collapsed.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
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
