/**
 * Proofs from the text alone that no `$ref` leaves a single-file spec, so that the parsed document need not be
 * walked (refScan.ts `hasExternalRefs`). Each answers false only when that is certain; true means "walk".
 */

/**
 * A `"$ref"` key (each letter also as a `\\uXXXX` escape, the only other way JSON can spell it) whose value does
 * not start with `"#`. Its absence from a JSON text proves that no `$ref` in the parsed document leaves it;
 * a match (also in prose or an example) only means the document has to be walked.
 */
const JSON_REF_NOT_INTERNAL = /"(?:\$|\\u0024)(?:r|\\u0072)(?:e|\\u0065)(?:f|\\u0066)"\s*:(?!\s*"#)/i;

/**
 * For a text JSON.parse read: false when no `$ref` can leave the document, without walking it (GitHub's 13 MB
 * spec is one scan instead of a walk over all its objects); true when the document must be walked.
 * Without a `\\u00` escape in the text the key can only be spelled `"$ref"`, and indexOf loops from the rare
 * `$` do what the regex does for less.
 */
export function jsonTextMayHaveExternalRefs(text: string): boolean {
  if (text.includes('\\u00')) return JSON_REF_NOT_INTERNAL.test(text);
  // Pretty-printed specs (GitHub's) write every internal ref `"$ref": "#`: when that accounts for every `$ref"`,
  // counting both proves it (the loop below costs more per occurrence while the code is still cold).
  if (occurrences(text, '$ref"') === occurrences(text, '$ref": "#')) return false;
  for (let at = text.indexOf('$ref"'); at !== -1; at = text.indexOf('$ref"', at + 5)) {
    if (text.charCodeAt(at - 1) !== QUOTE) continue; // `"x$ref"`: another key
    let i = skipSpace(text, at + 5);
    if (text.charCodeAt(i) !== COLON) continue; // a value or prose, not a key
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) !== QUOTE || text.charCodeAt(i + 1) !== HASH) return true;
  }
  return false;
}

/** How often `part` occurs in `text` (occurrences of these parts cannot overlap). */
function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * The same proof for a YAML text (openai.yaml: 2,800 `$ref`s, 3 MB): false only when every occurrence of `$ref`
 * not continued by a name character reads `$ref`, an optional closing quote, `:` and a value quoted with `'#`
 * or `"#` (a `$ref` key is always written so; a value so quoted is a string that starts with `#`).
 * Whatever else could spell the key makes it answer true (walk): escapes in double-quoted scalars (`\\x24`,
 * `\\u0024`, `\\U00000024`, the letters likewise), an escaped line break where an explicit key (`? `) could
 * hold it (an implicit key is one line; openai.yaml's curl examples end lines with `\\` in block scalars), and
 * anchors (an alias used as a key, `*a : ./x.yaml`, has no `$ref` in its text).
 */
export function yamlTextMayHaveExternalRefs(text: string): boolean {
  if (YAML_KEY_ESCAPE.test(text) || hasYamlAnchor(text)) return true;
  if (YAML_ESCAPED_LINE_BREAK.test(text) && hasExplicitKey(text)) return true;
  // As for JSON: the usual spellings accounting for every `$ref` prove it without the loop.
  if (occurrences(text, '$ref') === occurrences(text, "$ref: '#") + occurrences(text, '$ref: "#')) return false;
  for (let at = text.indexOf('$ref'); at !== -1; at = text.indexOf('$ref', at + 4)) {
    let i = at + 4;
    if (isNameChar(text.charCodeAt(i))) continue; // `$refs`, `$ref_id`: another word
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE) i++;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== COLON) return true;
    i = skipSpace(text, i + 1);
    const quote = text.charCodeAt(i);
    if ((quote !== QUOTE && quote !== APOSTROPHE) || text.charCodeAt(i + 1) !== HASH) return true;
  }
  return false;
}

/** Double-quoted YAML escapes that can spell `$`, `r`, `e` or `f`. */
const YAML_KEY_ESCAPE = /\\(?:x|u00|U000000)(?:24|72|65|66)/;
/** In a double-quoted scalar, joins two lines without a space: `"$r\\` + line break + `ef"` is `$ref`. */
const YAML_ESCAPED_LINE_BREAK = /\\[\r\n]/;

/**
 * An anchor (`&name`) where a node may start: after whitespace, a line start or an indicator (`,[{:?-`).
 * Loops over indexOf rather than one regex: a regex that may match at any position tries every one of them.
 */
function hasYamlAnchor(text: string): boolean {
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    const next = text.charCodeAt(at + 1);
    if (Number.isNaN(next) || isYamlBreakOrSpace(next) || ',[]{}'.includes(text[at + 1]!)) continue; // no name follows
    if (mayStartNodeAfter(text.charCodeAt(at - 1), ',[{:?-')) return true;
  }
  return false;
}

/** The explicit key indicator (`? ` where a node may start): the only way a key spans lines. */
function hasExplicitKey(text: string): boolean {
  for (let at = text.indexOf('?'); at !== -1; at = text.indexOf('?', at + 1)) {
    if (mayStartNodeAfter(text.charCodeAt(at - 1), ',[{') && isYamlBreakOrSpace(text.charCodeAt(at + 1))) return true;
  }
  return false;
}

/** `before` is the character before the candidate (NaN at the start of the text). */
function mayStartNodeAfter(before: number, indicators: string): boolean {
  return Number.isNaN(before) || isYamlBreakOrSpace(before) || indicators.includes(String.fromCharCode(before));
}

/** What `\\s` matches, as far as a YAML text can hold it next to an indicator. */
function isYamlBreakOrSpace(c: number): boolean {
  return (
    c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || (c > 0x7f && /\s/.test(String.fromCharCode(c))) || c === 0x0b || c === 0x0c
  );
}

const COLON = 0x3a;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const HASH = 0x23;

/** JSON whitespace (space, tab, CR, LF), which is also YAML's separation space. */
function skipSpace(text: string, from: number): number {
  let i = from;
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++i));
  return i;
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}
