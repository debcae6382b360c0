/**
 * The work of a bring-up word done: `ACTIVATED` beside `ACTIVATING` (Glue triggers), `UPDATED` beside `UPDATING`
 * (HealthImaging image sets), `RESTORED` beside `RESTORING`. The gerund is a table word for a resource being
 * brought up or changed; its participle, which no table lists, says that step is over and the thing is up again.
 * Left unread it runs, and a provisioning family polls a resource at rest until the job expires. Only for a
 * lifecycle already judged a provisioning one, and only where both forms are listed: it maps, it never makes a
 * family. A tear-down's participle (`DELETED`) is no such end, nor a reversal (`DEACTIVATED`: its gerund is no
 * table word).
 */

/** Participle → gerund: `activated` → `activating`, `copied` → `copying`, `stopped` → `stopping`. */
export function gerundOf(participle: string): string | null {
  if (participle.endsWith('ied')) return `${participle.slice(0, -3)}ying`;
  // The e dropped before -ed is dropped before -ing too (`activat-ed`, `activat-ing`); a doubled consonant stays.
  return participle.endsWith('ed') ? `${participle.slice(0, -2)}ing` : null;
}

/**
 * Values (as listed) that are the participle of a listed, transitional table gerund. `normalize` and `transitional`
 * come from stateWords.ts (a leaf: stateWords imports this file).
 */
export function gerundsDone(
  values: readonly string[],
  normalize: (v: string) => string,
  transitional: (normalized: string) => boolean,
  known: (v: string) => boolean,
): string[] {
  const listed = new Set(values.map(normalize));
  return values.filter((v) => {
    if (known(v)) return false;
    const n = normalize(v);
    const gerund = gerundOf(n);
    return gerund !== null && listed.has(gerund) && transitional(gerund);
  });
}
