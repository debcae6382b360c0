/**
 * How printCode.ts breaks a string literal too long for its line: into pieces after its own `\n` escapes, then
 * after spaces (splitLiteral), printed as the lines of one template literal with the same value (templateLines).
 * Input is a single-quoted literal as code.ts prints it.
 */
const QUOTE = 0x27; // '
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const BACKTICK = 0x60;
const DOLLAR = 0x24;

/**
 * A single-quoted literal as pieces of at most `max` characters, cut after `\n` escapes first, then after spaces.
 * Exported for the reference printer of the differential tests, which shares it (the cutting did not change).
 */
export function splitLiteral(literal: string, max: number): string[] {
  const body = literal.slice(1, -1);
  const chunks: string[] = [];
  // After each escaped line break: a description reads line by line in the source, as it will on screen.
  for (const line of afterLineBreaks(body)) {
    let rest = line;
    while (rest.length > max) {
      // After a space: a line of the template ends `word \` rather than the next one starting with a space.
      let cut = rest.lastIndexOf(' ', max - 1) + 1;
      if (cut < max / 2) cut = max;
      // Never cut an escape sequence in half.
      while (cut > 0 && isInsideEscape(rest, cut)) cut -= 1;
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) chunks.push(rest);
  }
  return chunks.map((c) => `'${c}'`);
}

/**
 * The pieces of a long single-quoted literal as the lines of one template literal with the same value: a piece
 * ending in a `\\n` escape ends its line with a real line break, any other with a line continuation (`\\` and a
 * line break, which adds nothing to the value). One literal instead of a `+` chain of pieces, because tsc gives
 * each piece a string literal type of its own and checks each `+`: on GitHub's project (10k pieces) the chain cost
 * 8k types and about 0.5-1 s of check. The lines after the first start in column 0 (indentation would be text).
 * The pieces' escapes all mean the same in a template, but for `\\'`; a backtick and `${` are escaped.
 */
export function templateLines(pieces: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '`';
  for (let k = 0; k < pieces.length; k++) {
    const body = templateBody(pieces[k]!.slice(1, -1));
    if (k === pieces.length - 1) lines.push(`${line}${body}\``);
    // A real line break, unless it would leave a space at the end of the line.
    else if (endsWithLineBreak(body) && !/[ \t]$/.test(body.slice(0, -2))) lines.push(line + body.slice(0, -2));
    else lines.push(`${line}${body}\\`);
    line = '';
  }
  return lines;
}

/** A single-quoted literal's body (code.ts escapes) as a template literal's body with the same value. */
function templateBody(body: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === BACKSLASH) {
      if (body.charCodeAt(i + 1) === QUOTE) {
        out += `${body.slice(from, i)}'`;
        from = i + 2;
      }
      i += 1;
    } else if (c === BACKTICK || (c === DOLLAR && body.charCodeAt(i + 1) === OPEN_BRACE)) {
      out += `${body.slice(from, i)}\\`;
      from = i;
    }
  }
  return out + body.slice(from);
}

/** Whether `body` ends in a `\\n` escape (an odd run of backslashes before the `n`). */
function endsWithLineBreak(body: string): boolean {
  if (!body.endsWith('\\n')) return false;
  let backslashes = 0;
  for (let i = body.length - 2; i >= 0 && body.charCodeAt(i) === BACKSLASH; i--) backslashes += 1;
  return backslashes % 2 === 1;
}

/**
 * `body` cut after each `\\n` escape (the same pieces as `body.split(/(?<=\\\\n)/)`, whose look-behind scan
 * cost GitHub's long descriptions more than the rest of their printing).
 */
function afterLineBreaks(body: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = body.indexOf('\\n'); i !== -1; i = body.indexOf('\\n', i + 2)) {
    const end = i + 2;
    if (end < body.length) {
      pieces.push(body.slice(start, end));
      start = end;
    }
  }
  pieces.push(body.slice(start));
  return pieces;
}

function isInsideEscape(text: string, index: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) backslashes += 1;
  if (backslashes % 2 === 1) return true;
  // `\uXXXX`: the cut must not land inside the four hex digits.
  const u = text.lastIndexOf('\\u', index);
  return u >= 0 && index - u < 6 && /^\\u[0-9a-f]{4}/i.test(text.slice(u, u + 6));
}
