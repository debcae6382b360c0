/**
 * Lower-case word tokens of a name or a text: `percentComplete` → [percent, complete]; `ETA_seconds` → [eta,
 * seconds]; `createImageVariation /audio/text-to_speech` → [create, image, variation, audio, text, to, speech].
 * The one tokenizer of detection: field roles (fieldRoles.ts), progress (findProgress.ts) and the promotion
 * rules all read names through it. Names repeat across a spec's schemas and each is asked several questions, so
 * each string is split once per run (frozen: the arrays are shared).
 */
import { memoByString } from './readerMemo.js';

export function nameTokensUncached(text: string): readonly string[] {
  return Object.freeze(
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
}

export const nameTokens: (text: string) => readonly string[] = memoByString(nameTokensUncached);
