/**
 * Characters of a stranger's text that make a reader see something else than what is there, shared by every place
 * that prints spec text for people (emit/safeText.ts for generated comments and READMEs, cli/terminalText.ts for the
 * terminal): control characters a terminal obeys, and the bidirectional embeddings, overrides and isolates that show
 * text in another order than it is written (the "Trojan Source" reordering of code and comments).
 */

/** U+202A–U+202E and U+2066–U+2069, as a character-class range for a RegExp source. */
export const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';

/** Each character `unsafe` (a global RegExp) matches, shown as its `\u{…}` escape: seen, and obeyed by nothing. */
export function escapeChars(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
