/**
 * How printCode.ts breaks a string literal too long for its line: into pieces after its own `\n` escapes, then
 * after spaces (splitLiteral), printed as the lines of one single-quoted literal with the same value, each line but
 * the last ended by a line continuation (continuedLines). Input is a single-quoted literal as code.ts prints it.
 */

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
      // Never cut an escape sequence in half; a piece that is all escapes (`\u00c0\u00c1…`, a CJK sentence) is
      // cut after its first whole one instead, so that every piece takes something.
      while (cut > 0 && isInsideEscape(rest, cut)) cut -= 1;
      if (cut === 0) for (cut = 1; cut < rest.length && isInsideEscape(rest, cut); ) cut += 1;
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) chunks.push(rest);
  }
  return chunks.map((c) => `'${c}'`);
}

/**
 * The pieces of a long single-quoted literal as the lines of that one literal: every line but the last ends with a
 * line continuation (`\\` and a line break, which adds nothing to the value), so a piece ending in a `\\n` escape
 * reads `…\\n\\` and the text still reads line by line. One literal instead of a `+` chain of pieces, because tsc
 * gives each piece a string literal type of its own and checks each `+`: on GitHub's project (10k pieces) the chain
 * cost 8k types and about 0.5-1 s of check. A single-quoted literal, not a template literal: V8 keeps a template's
 * raw text beside its value and scans it more slowly (GitHub's 3.1 MB of tool modules, most of it these texts:
 * their compile in V8 ~25 % less). The lines after the first start in column 0 (indentation would be text).
 */
export function continuedLines(pieces: readonly string[]): string[] {
  return pieces.map((piece, k) => {
    const body = piece.slice(k === 0 ? 0 : 1, k === pieces.length - 1 ? piece.length : -1);
    return k === pieces.length - 1 ? body : `${body}\\`;
  });
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
  // `\uXXXX`: the cut must not land after its `\u` and before the end of its four hex digits. One that starts at
  // `index` is whole after the cut (a cut there is between two escapes). Only the five characters before are looked
  // at: a search back through the whole text cost each cut the length of the line.
  for (let u = Math.max(0, index - 5); u < index; u++)
    if (text.charCodeAt(u) === BACKSLASH && /^\\u[0-9a-f]{4}/i.test(text.slice(u, u + 6))) return true;
  return false;
}

const BACKSLASH = 0x5c;
