/**
 * A contract's `pattern` as a check run by a linear-time engine (RE2, in re2js's pure-JS port). Patterns come
 * from whoever wrote the spec: as a JavaScript RegExp, `^(a+)+$` against 34 `a`s and a `!` backtracks for
 * seconds and blocks every other client of the server. RE2 matches in time linear in the input, whatever the
 * pattern. The generator prints this check only for patterns RE2 compiles (no backreferences or lookaround) and
 * that are ECMA-262 expressions (JSON Schema's dialect), so the published `pattern` is the one enforced here.
 */
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * re2js, loaded by the first pattern check: most calls check none, and a cold start loaded and compiled its 257 KB
 * before the first tools/list for nothing (issue 25). Synchronous (its CommonJS build), as zod's refine is.
 */
let loaded: typeof RE2JS | undefined;
function re2(): typeof RE2JS {
  loaded ??= (createRequire(import.meta.url)('re2js') as typeof import('re2js')).RE2JS;
  return loaded;
}

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
  // Outside the try: a missing re2js is an error, not a pattern left unchecked.
  const engine = re2();
  try {
    return engine.compile(engine.translateRegExp(source));
  } catch {
    return null;
  }
}
