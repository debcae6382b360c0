/**
 * "Did you mean" for config keys: a typo like `exlude` or `baseURL` should point at the real key rather than
 * leave the user reading the docs. Damerau-less Levenshtein is enough for keys this short.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest candidate, if it is close enough to be a plausible typo: case-only differences always count,
 * otherwise at most a third of the word may differ (so `foo` does not "suggest" `jobs`).
 */
export function suggestClosest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(word.length, best.candidate.length) / 3));
  return best.distance <= limit ? best.candidate : undefined;
}
