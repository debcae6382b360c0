/**
 * What a rewrite changed (metamorphic.ts): detection on the spec as written against detection on a rewrite that
 * means the same. Pure: measures and labels in, flips out.
 *
 * A family is compared by its signature: its starts, its poll (or the GET of the URL it polls), its kind, its status
 * field and its state map, values compared without case or separators (so that `enumCase` compares like with like).
 */
import { type FamilyLinks, LABEL_SETS, type LabelSet, type Labels, scoreLabels } from './labelScore.js';
import type { SpecMeasure } from './measureSpec.js';

/** A state value as the comparison reads it: `IN_PROGRESS`, `inProgress`, `in-progress` are one. */
const valueKey = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

export function familySignature(f: FamilyLinks): string {
  const states = Object.entries(f.vocabulary?.states ?? {})
    .map(([v, st]) => `${valueKey(v)}=${st}`)
    .sort();
  const cancel = f.cancel === undefined ? '' : ` cancel ${f.cancel ?? '-'}`;
  return `${[...f.starts].sort().join(' + ')} -> ${f.poll ?? f.urlReads ?? '(URL)'} [${f.kind}] ${f.vocabulary?.statusField ?? '-'} {${states.join(',')}}${cancel}`;
}

export interface SpecChange {
  file: string;
  /** Family signatures found only on the spec as written, and only on the rewrite. */
  before: string[];
  after: string[];
}

export interface Flips {
  /** Labelled starts found before and not after (`set spec: METHOD /path (operationId)`), and the reverse. */
  lost: string[];
  found: string[];
  /** Labelled starts linked to their labelled poll before and not after (still found), and the reverse. */
  pollLost: string[];
  pollFound: string[];
  /** Trap specs, and specs with no async signal, that had no family before and have one after. */
  trapsGained: string[];
  noSignalGained: string[];
  /** Every spec whose families differ, with the signatures on each side. */
  changed: SpecChange[];
}

const linkName = (line: string) => line.split(' → ')[0]!;

export function compareRuns(labels: Labels, base: readonly SpecMeasure[], after: readonly SpecMeasure[]): Flips {
  const linksOf = (ms: readonly SpecMeasure[]) => new Map(ms.map((m) => [m.file, m.links]));
  const b = scoreLabels(labels, linksOf(base));
  const a = scoreLabels(labels, linksOf(after));
  const flips: Flips = { lost: [], found: [], pollLost: [], pollFound: [], trapsGained: [], noSignalGained: [], changed: [] };
  const minus = (xs: string[], ys: string[]) => xs.filter((x) => !ys.includes(x));
  for (const set of LABEL_SETS as readonly LabelSet[]) {
    const tag = (xs: string[]) => xs.map((x) => `${set} ${x}`);
    const [bMissed, aMissed] = [b.sets[set].missed, a.sets[set].missed];
    const [bUnlinked, aUnlinked] = [b.sets[set].wrongPoll.map(linkName), a.sets[set].wrongPoll.map(linkName)];
    flips.lost.push(...tag(minus(aMissed, bMissed)));
    flips.found.push(...tag(minus(bMissed, aMissed)));
    flips.pollLost.push(...tag(minus(aUnlinked, [...bUnlinked, ...bMissed])));
    flips.pollFound.push(...tag(minus(bUnlinked, [...aUnlinked, ...aMissed])));
  }
  const traps = new Set(labels.traps.map((t) => t.spec));
  const afterByFile = new Map(after.map((m) => [m.file, m]));
  for (const m of base) {
    const n = afterByFile.get(m.file);
    if (!n) continue;
    const gained = m.families === 0 && n.families > 0;
    if (gained && traps.has(m.file)) flips.trapsGained.push(m.file);
    if (gained && !m.crash && !m.loadFailed && m.truth.signals.length === 0) flips.noSignalGained.push(m.file);
    const before = m.links.map(familySignature);
    const now = n.links.map(familySignature);
    const change = { file: m.file, before: minus(before, now), after: minus(now, before) };
    if (change.before.length + change.after.length > 0 || (n.crash === null) !== (m.crash === null)) flips.changed.push(change);
  }
  return flips;
}
