/**
 * The nouns that name a verb's action, as status fields are named for it: execute → execution (CloudFormation
 * `ExecuteChangeSet` → `ExecutionStatus`), provision → provisioning (Panorama `ProvisionDevice` →
 * `ProvisioningStatus`), deploy → deployment, register → registration, verify → verification. English derivation
 * rules, not a list of verbs: a form that is no word is never a field's name token, so over-producing costs nothing.
 * Asked for every value of every status weighed (changeUnderWay.ts): remembered by verb.
 */
import { memoByString } from './readerMemo.js';

export const verbNouns: (verb: string) => readonly string[] = memoByString(verbNounsOf);

function verbNounsOf(verb: string): readonly string[] {
  const v = verb.toLowerCase();
  if (!/^[a-z]{3,}$/.test(v)) return [];
  const stem = v.endsWith('e') ? v.slice(0, -1) : v;
  const forms = new Set([v, `${stem}ing`, `${stem}ion`, `${stem}ation`, `${v}ment`]);
  // run → running, scan → scanning, submit → submitting (a short vowel before the last consonant doubles it; where
  // the stress is not on it, `edit` → `editting`, the form is no word and costs nothing).
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(v)) forms.add(`${v}${v.at(-1)}ing`);
  // verify → verification, modify → modification.
  if (v.endsWith('ify')) forms.add(`${v.slice(0, -1)}ication`);
  // register → registration, administer → administration.
  if (v.endsWith('er')) forms.add(`${v.slice(0, -2)}ration`);
  // subscribe → subscription, describe → description.
  if (v.endsWith('ribe')) forms.add(`${v.slice(0, -2)}ption`);
  forms.delete(v);
  return [v, ...forms];
}
