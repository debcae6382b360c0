/**
 * Lower-case word tokens of a name or a text: `percentComplete` → [percent, complete]; `ETA_seconds` → [eta,
 * seconds]; `createImageVariation /audio/text-to_speech` → [create, image, variation, audio, text, to, speech].
 * The one tokenizer of detection: field roles (fieldRoles.ts), progress (findProgress.ts) and the promotion
 * rules all read names through it. Names repeat across a spec's schemas and each is asked several questions, so
 * each string is split once per run (frozen: the arrays are shared).
 */
import { memoByString } from './readerMemo.js';

/**
 * Between an acronym and the word after it (`HTTPResponse` → `HTTP Response`). Written as a position between two
 * lookarounds of fixed length, so each position is tried once: the `([A-Z]+)([A-Z][a-z])` it replaces
 * backtracked over every run of capitals from every start (a 200k-capital operationId took a minute).
 */
export const ACRONYM_END = /(?<=[A-Z])(?=[A-Z][a-z])/g;

export function nameTokensUncached(text: string): readonly string[] {
  return Object.freeze(
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(ACRONYM_END, ' ')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

export const nameTokens: (text: string) => readonly string[] = memoByString(nameTokensUncached);
