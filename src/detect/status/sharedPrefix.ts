/**
 * The namespace every value of a vocabulary starts with (`REGISTRATION_` of `REGISTRATION_PENDING`, `esriJob` of
 * `esriJobSucceeded`): a leaf, read by namespacedValues.ts's judgement and stateWords.ts's assessment alike. Pure.
 */

/**
 * The whole words every value starts with, each ended by `_`, `-`, `.`, a space or a change of case
 * (`RegistrationPending`: the same vocabulary spelled in PascalCase, as the metamorphic test's `enumCase` spells it;
 * `job.starting`: Coconut's namespace); each value keeps a word after.
 */
export function sharedPrefix(values: readonly string[]): string | null {
  if (values.length < 2) return null;
  const parts = values.map((v) => v.split(/(?<=[_\-. ])|(?<=[a-z0-9])(?=[A-Z])/));
  let prefix = '';
  for (let i = 0; ; i++) {
    const word = parts[0]![i];
    // Every value must keep a word of its own after the prefix.
    if (word === undefined || parts.some((p) => p[i] !== word || p.length <= i + 1)) break;
    prefix += word;
  }
  return /[A-Za-z]/.test(prefix) ? prefix : null;
}
