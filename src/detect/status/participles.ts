/**
 * The past participle forms of a verb: claim → claimed, approve → approved, verify → verified, submit → submitted.
 * A leaf of the status rules (startVerbDone.ts, verbOutcome.ts) so that neither imports the other's reader.
 */
export function pastParticiples(verb: string): string[] {
  const v = verb.toLowerCase();
  if (!/^[a-z]{3,}$/.test(v)) return [];
  if (v.endsWith('e')) return [`${v}d`];
  const forms = [`${v}ed`];
  if (/[^aeiou]y$/.test(v)) forms.push(`${v.slice(0, -1)}ied`);
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(v)) forms.push(`${v}${v.at(-1)}ed`);
  return forms;
}
