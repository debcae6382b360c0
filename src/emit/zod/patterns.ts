/**
 * Which contract patterns the generated server can check. A pattern is checked only when it is an ECMA-262
 * expression (JSON Schema's dialect: clients validate the published `pattern` with it) and RE2 compiles it,
 * because the server matches with RE2 (templates/runtime/core/contractPattern.ts) to stay linear-time on
 * patterns strangers wrote. RE2 has no backreferences or lookaround: such a pattern is left out of the schema
 * and said in the description instead, with a diagnostic (emitPatternDiagnostics).
 */
import { RE2JS } from 're2js';

/** `linear`: checked; `not-linear`: needs backtracking (backreference, lookaround); `invalid`: not ECMA-262. */
export type PatternVerdict = 'linear' | 'not-linear' | 'invalid';

const verdicts = new Map<string, PatternVerdict>();

export function patternVerdict(pattern: string): PatternVerdict {
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    verdict = judge(pattern);
    verdicts.set(pattern, verdict);
  }
  return verdict;
}

function judge(pattern: string): PatternVerdict {
  try {
    // Compiling is not matching: V8 parses in linear time; only matching can backtrack.
    new RegExp(pattern);
  } catch {
    return 'invalid';
  }
  try {
    RE2JS.compile(RE2JS.translateRegExp(pattern));
    return 'linear';
  } catch {
    return 'not-linear';
  }
}

/** The note an input schema's description carries for a pattern the server does not check. */
export function uncheckedPatternNote(pattern: string): string {
  return `Should match the pattern ${pattern} (not checked by this server).`;
}
