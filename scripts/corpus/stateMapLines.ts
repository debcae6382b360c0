/** The printed lines of the state-map measure (stateMapScore.ts): one per label set, the worst cases, the whole corpus. */
import { LABEL_SETS, type LabelSet } from './labelScore.js';
import type { StateMapScore, VocabularyFigures } from './stateMapScore.js';

/** Worst cases shown per set; `all` shows every case and every family the corpus figures count. */
const WORST = 5;

export function stateMapLines(sets: Record<LabelSet, StateMapScore>, vocab: VocabularyFigures, all: boolean): string[] {
  const lines: string[] = [];
  for (const set of LABEL_SETS) {
    const x = sets[set];
    const early = x.earlyEnd.succeeded + x.earlyEnd.failed + x.earlyEnd.cancelled;
    lines.push(
      `  state map ${set}: ${x.values} values of ${x.starts} linked starts, agree ${x.agree}; early end ${early} (succeeded ${x.earlyEnd.succeeded}, failed ${x.earlyEnd.failed}, cancelled ${x.earlyEnd.cancelled}); never ends ${x.neverEnds}; unmapped ${x.unmapped.inProgress + x.unmapped.terminal} (terminal ${x.unmapped.terminal}); by reason: tear-down failed ${x.tearDown}, up succeeded ${x.up}`,
    );
    const shown = all ? x.cases : x.cases.filter((c) => !c.text.endsWith(': by reason)')).slice(0, WORST);
    lines.push(...shown.map((c) => `    ${c.text}`));
  }
  const u = vocab.unknownRunning;
  lines.push(
    `  state maps of all ${vocab.families} families (${vocab.withStatus} with states): ${u.values} values in ${u.families} families run only as unknown words; never succeed ${vocab.neverSucceeds.length}; never fail ${vocab.neverFails.length}; status-less job resources ${vocab.statusLess.length}`,
    `  progress reported by ${vocab.progress.field + vocab.progress.counts} families (${vocab.progress.field} by a fraction or percent field, ${vocab.progress.counts} by counts over a total)`,
    `  evidence lines that say another thing than their family does: ${vocab.contradictions.length} (target 0)`,
  );
  // Every one, always: each is a line explain prints wrongly.
  lines.push(...vocab.contradictions.map((e) => `    contradicts ${e}`));
  if (all) {
    lines.push(...u.examples.map((e) => `    unknown running ${e}`));
    lines.push(...vocab.neverSucceeds.map((e) => `    never succeeds ${e}`));
    lines.push(...vocab.neverFails.map((e) => `    never fails ${e}`));
    lines.push(...vocab.statusLess.map((e) => `    status-less ${e}`));
  }
  return lines;
}
