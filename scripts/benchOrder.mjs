// The order of paired round `round` in the benches that interleave contenders (bench.mjs, benchColdList.mjs,
// benchWork.mjs): every round starts one contender later, so load from anything else on the machine hits all
// alike. One helper, so the three rotate the same way and the type-check knows no element is missing.

/**
 * `xs` rotated left by `round`: `[xs[round % n], …, xs[n - 1], xs[0], …]`.
 * @template T
 * @param {readonly T[]} xs
 * @param {number} round
 * @returns {T[]}
 */
export function rotated(xs, round) {
  const k = xs.length === 0 ? 0 : round % xs.length;
  return [...xs.slice(k), ...xs.slice(0, k)];
}
