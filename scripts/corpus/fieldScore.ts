/**
 * Does a found job read the RIGHT status field? For each labelled start linked to its labelled poll (the state-map
 * measure's selection, stateMapScore.ts), the family's status field against the label's `statusField.path`. The two
 * spell a list level differently: ours reads a list's first item (`Clusters.0.ClusterStatus`, statusByMeaning.ts),
 * the labels write `[]` (`Clusters[].ClusterStatus`); both are read as the same path. A disagreement means the family
 * follows another status of the same answer (a part's, another action's, a last run's) than the reviewer did. Pure.
 */
import { type FamilyLinks, LABEL_SETS, type LabelSet, type Labels, linkedLabelledFamily } from './labelScore.js';

export interface FieldScore {
  /** Labelled starts linked to the labelled poll whose label names a status field. */
  total: number;
  agree: number;
  /** `set spec: Op: label <path>, ours <path>`, in label order. */
  mismatches: string[];
}

/** A status path with its list levels spelled one way: `A.0.B`, `A[].B` and `A.[].B` are all `A[].B`. */
export function listSpelling(path: string): string {
  return path
    .split('.')
    .map((seg) => (seg === '0' || seg === '[]' ? '[]' : seg))
    .join('.')
    .replace(/\.\[\]/g, '[]');
}

export function scoreStatusFields(labels: Labels, links: Map<string, FamilyLinks[]>): FieldScore & { sets: Record<LabelSet, FieldScore> } {
  const sets = {} as Record<LabelSet, FieldScore>;
  const all: FieldScore = { total: 0, agree: 0, mismatches: [] };
  for (const set of LABEL_SETS) {
    const score: FieldScore = { total: 0, agree: 0, mismatches: [] };
    for (const entry of labels[set])
      for (const start of entry.starts) {
        if (!start.statusField) continue;
        const family = linkedLabelledFamily(links.get(entry.spec) ?? [], start);
        if (!family?.vocabulary) continue;
        score.total++;
        const ours = family.vocabulary.statusField;
        if (ours !== null && listSpelling(ours) === listSpelling(start.statusField.path)) score.agree++;
        else
          score.mismatches.push(
            `${set} ${entry.spec}: ${start.operationId ?? start.path}: label ${start.statusField.path}, ours ${ours ?? '(none)'}`,
          );
      }
    sets[set] = score;
    all.total += score.total;
    all.agree += score.agree;
    all.mismatches.push(...score.mismatches);
  }
  return { ...all, sets };
}
