/**
 * Spec text (titles, descriptions, the spec's own file name) is untrusted wherever it is printed. String literals
 * escape it themselves (code.ts); these two cover the other places: comments and Markdown.
 */
import { BIDI_CONTROLS, escapeChars } from '../model/unsafeText.js';

/**
 * Characters that end a comment line (line breaks, U+2028/U+2029 in TS), that a terminal obeys (ESC, NUL, …), or that
 * reorder what a reviewer sees (bidirectional overrides: model/unsafeText.ts).
 */
const COMMENT_BREAKERS = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROLS}]`, 'g');

/**
 * Text inside a generated comment (`//`, `#`, `--` or a Markdown `<!-- -->` block): every control character, line
 * separator and bidi override shown as a `\u{…}` escape, and `-->` / `--!>` (which close an HTML comment) and a `*` before a `/` (which
 * closes a block comment) split by a space, so that nothing a spec's file name or title holds can end the comment.
 */
export function commentSafe(text: string): string {
  return escapeChars(text, COMMENT_BREAKERS)
    .replace(/--(!?)>/g, '-- $1>')
    .replaceAll('*/', '* /');
}

/** Control characters other than line breaks and tabs, and bidi overrides; a Markdown reader or a terminal would obey them. */
const MARKDOWN_CONTROLS = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]`, 'g');

/** Markdown from spec text: no raw control characters (ESC, NUL, BEL, …) nor bidi overrides; U+2028/U+2029 read as spaces. */
export function markdownSafe(text: string): string {
  return text.replace(MARKDOWN_CONTROLS, '').replace(/[\u2028\u2029]/g, ' ');
}
