/**
 * Text from a contract, made safe for a terminal. A spec is a stranger's: an operationId, a title or a status value
 * may hold ESC sequences that retitle the window, clear the screen or rewrite what was printed (`\u001b]0;…\u0007`,
 * `\u001b[2J`), a carriage return that overwrites the line, or bidirectional overrides that show text in another order
 * than it is. `mcp-jobgen explain` and the diagnostics print such text; each of these characters is shown as its
 * escape instead (`\u{1b}`, as generated comments show it: model/unsafeText.ts), so the reader sees that it is there
 * and the terminal does nothing with it. Line feeds and tabs stay. The CLI's own progress line writes its escapes apart from this (progress.ts).
 */
import { BIDI_CONTROLS, escapeChars } from '../model/unsafeText.js';

const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]`, 'g');

export function terminalSafe(text: string): string {
  return escapeChars(text, UNSAFE);
}
