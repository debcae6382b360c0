/**
 * A contract's `pattern` as a check run by a linear-time engine (RE2, in re2js's pure-JS port). Patterns come
 * from whoever wrote the spec: as a JavaScript RegExp, `^(a+)+$` against 34 `a`s and a `!` backtracks for
 * seconds and blocks every other client of the server. RE2 matches in time linear in the input, whatever the
 * pattern. The generator prints this check only for patterns RE2 compiles (no backreferences or lookaround) and
 * that are ECMA-262 expressions (JSON Schema's dialect), so the published `pattern` is the one enforced here.
 */
import { RE2JS } from 're2js';

/**
 * A predicate for zod's `refine`: true when `value` contains a match (JSON Schema patterns are not anchored).
 * Compiled on first use, so a server does not compile the patterns of tools nobody calls. Should this RE2
 * release refuse a pattern the generator's accepted, the value is not checked here (the upstream still is).
 */
export function matchesPattern(source: string): (value: string) => boolean {
  let compiled: RE2JS | null | undefined;
  return (value) => {
    if (compiled === undefined) compiled = compileLinear(source);
    return compiled === null || compiled.test(value);
  };
}

function compileLinear(source: string): RE2JS | null {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch {
    return null;
  }
}
