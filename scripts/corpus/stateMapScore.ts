/**
 * Does a found job END right? The labels of issue 24 say, for each labelled start, which status values its poll
 * names and which of them mean the work is still going (`statusField.values`, `statusField.inProgress`). A value
 * the labels call in progress that our state map calls terminal ends the job early (worst: `succeeded` while the
 * work runs); a value the labels call terminal that we map to `queued`/`running`, or leave out of the map (the
 * runtime reads an unmapped value as `running`), makes the job poll until it expires.
 *
 * Judged only where we link the labelled start to the labelled poll: elsewhere the map reads another document.
 * A tear-down or stop word (`DELETING`, `STOPPING`) the labels list as in progress is counted apart: a provisioning
 * family maps it to `failed` on purpose (stateWords.ts `TEAR_DOWN`: AWS's own waiters fail on it), so it is a
 * reasoned disagreement with the label, not an early end. So is a running word (`RUNNING`, `STARTED`, `InProgress`)
 * that our map calls `succeeded`: the family reads the thing as up, the end of bringing it up or of starting a
 * stream that runs until stopped (stateWords.ts steady words, runUntilStopped.ts); both are shown, tagged.
 *
 * Beside the labels, `familyVocabulary` reads every family of the corpus: values mapped to `running` only because
 * no rule knows the word, families that can never succeed or never fail, and job-resource families with no status
 * at all (a 202 or marker family ends by HTTP and is not counted). Pure.
 */

import { normalizeStateWord, readStateWord } from '../../src/detect/status/stateWords.js';
import type { CanonicalState, JobFamily } from '../../src/model/jobs.js';
import { isOperationLink } from '../../src/model/jobs.js';
import { evidenceContradictions } from './evidenceCheck.js';
import { type FamilyLinks, LABEL_SETS, type LabelSet, type Labels, linkedLabelledFamily } from './labelScore.js';

/** What the state-map measure needs of one family, beside its links (FamilyLinks). */
export interface FamilyVocabulary {
  statusField: string | null;
  states: Record<string, CanonicalState>;
  /** Values mapped to queued/running that no table, compound or gerund rule reads: `running` by default only. */
  unknownRunning: string[];
  /** No status, no `done`, no state map, and nothing of HTTP's to end it (no 202, marker or handed-out URL). */
  statusLess: boolean;
  /** How the family reads how far a job is: a fraction or percent field, counts over a total, or not at all. */
  progress: 'field' | 'counts' | null;
  /** Evidence lines that say another thing than the family does (evidenceCheck.ts), each with why; absent in older runs. */
  contradictions?: string[];
  /** A value that ends the job well unless an error beside it says it failed (JobFamily.neutralEnds): it can fail. */
  failsByError?: true;
}

const TERMINAL = new Set<CanonicalState>(['succeeded', 'failed', 'cancelled']);
const HTTP_ENDED = /\b202\b|x-ms-long-running-operation|respond-async|Operation-Location|Azure-AsyncOperation/;

export function familyVocabulary(f: JobFamily): FamilyVocabulary {
  const unknownRunning = Object.entries(f.states)
    .filter(([v, st]) => !TERMINAL.has(st) && !readStateWord(v).known)
    .map(([v]) => v);
  const httpEnded =
    !isOperationLink(f.poll) || f.start.some((s) => s.azureLro || s.pollUrlFrom.length > 0) || f.evidence.some((e) => HTTP_ENDED.test(e));
  return {
    statusField: f.statusField,
    states: f.states,
    unknownRunning,
    statusLess: f.statusField === null && f.doneField === null && Object.keys(f.states).length === 0 && !httpEnded,
    progress: f.progress === null ? null : 'field' in f.progress ? 'field' : 'counts',
    contradictions: evidenceContradictions(f),
    ...(f.neutralEnds && f.errorField !== null ? { failsByError: true as const } : {}),
  };
}

export interface StateMapScore {
  /** Labelled starts linked to the labelled poll, whose values were compared. */
  starts: number;
  values: number;
  agree: number;
  /** In progress by the labels, terminal by our map, per canonical state. */
  earlyEnd: Record<'succeeded' | 'failed' | 'cancelled', number>;
  /** ...of which tear-down or stop words (DELETING, STOPPING) mapped to failed/cancelled: reasoned, not counted above. */
  tearDown: number;
  /** ...of which running words (RUNNING, STARTED) mapped to succeeded: the thing is up. Reasoned, not counted above. */
  up: number;
  /** Terminal by the labels, queued/running by our map. */
  neverEnds: number;
  /** Absent from our map, by what the labels call them (the runtime reads them as running). */
  unmapped: { inProgress: number; terminal: number };
  /** `spec: Op VALUE label→ours`, worst first. */
  cases: Array<{ rank: number; text: string }>;
}

/** Words of a thing being taken down or stopped: while it was being brought up, it will not come up. */
const TRANSIENT = /^(delet|terminat|deregister|deprovision|decommission|stop|disabl|deactivat|detach|disassociat)/;

const empty = (): StateMapScore => ({
  starts: 0,
  values: 0,
  agree: 0,
  earlyEnd: { succeeded: 0, failed: 0, cancelled: 0 },
  tearDown: 0,
  up: 0,
  neverEnds: 0,
  unmapped: { inProgress: 0, terminal: 0 },
  cases: [],
});

/** The map's state for a label value: the value as written, else the one our map spells alike (`InProgress`). */
function mapped(states: Record<string, CanonicalState>, value: string): CanonicalState | undefined {
  if (Object.hasOwn(states, value)) return states[value];
  const n = normalizeStateWord(value);
  const alike = Object.keys(states).find((k) => normalizeStateWord(k) === n);
  return alike === undefined ? undefined : states[alike];
}

export function scoreStateMaps(labels: Labels, links: Map<string, FamilyLinks[]>): Record<LabelSet, StateMapScore> {
  const out = {} as Record<LabelSet, StateMapScore>;
  for (const set of LABEL_SETS) {
    const score = empty();
    for (const entry of labels[set]) {
      for (const start of entry.starts) {
        const truth = start.statusField;
        if (!truth) continue;
        const family = linkedLabelledFamily(links.get(entry.spec) ?? [], start);
        if (!family?.vocabulary) continue;
        score.starts++;
        const inProgress = new Set(truth.inProgress);
        const name = `${entry.spec}: ${start.operationId ?? start.path}`;
        for (const value of truth.values) {
          score.values++;
          const ours = mapped(family.vocabulary.states, value);
          const labelRuns = inProgress.has(value);
          const label = labelRuns ? 'in progress' : 'terminal';
          if (ours === undefined) {
            score.unmapped[labelRuns ? 'inProgress' : 'terminal']++;
            if (!labelRuns) score.cases.push({ rank: 2, text: `${name} ${value}: labels ${label}, unmapped (runs on)` });
          } else if (labelRuns && TERMINAL.has(ours)) {
            if (ours !== 'succeeded' && TRANSIENT.test(normalizeStateWord(value))) {
              score.tearDown++;
              score.cases.push({ rank: 4, text: `${name} ${value}: labels in progress, ours ${ours} (tear-down: by reason)` });
              continue;
            }
            if (ours === 'succeeded' && readStateWord(value).state === 'running') {
              score.up++;
              score.cases.push({ rank: 4, text: `${name} ${value}: labels in progress, ours succeeded (up: by reason)` });
              continue;
            }
            score.earlyEnd[ours as keyof StateMapScore['earlyEnd']]++;
            score.cases.push({ rank: ours === 'succeeded' ? 0 : 3, text: `${name} ${value}: labels in progress, ours ${ours}` });
          } else if (!labelRuns && !TERMINAL.has(ours)) {
            score.neverEnds++;
            score.cases.push({ rank: 1, text: `${name} ${value}: labels terminal, ours ${ours}` });
          } else score.agree++;
        }
      }
    }
    score.cases.sort((a, b) => a.rank - b.rank || a.text.localeCompare(b.text));
    out[set] = score;
  }
  return out;
}

/** Across every family of the corpus: what the state maps alone say about ending. */
export interface VocabularyFigures {
  families: number;
  withStatus: number;
  /** Families whose status tool reports progress, by a field and by counts. */
  progress: { field: number; counts: number };
  unknownRunning: { values: number; families: number; examples: string[] };
  neverSucceeds: string[];
  neverFails: string[];
  statusLess: string[];
  /** `spec: start: line (why)` for each evidence line that says another thing than its family does. */
  contradictions: string[];
}

export function vocabularyFigures(specs: Array<{ file: string; links: FamilyLinks[] }>): VocabularyFigures {
  const fig: VocabularyFigures = {
    families: 0,
    withStatus: 0,
    progress: { field: 0, counts: 0 },
    unknownRunning: { values: 0, families: 0, examples: [] },
    neverSucceeds: [],
    neverFails: [],
    statusLess: [],
    contradictions: [],
  };
  for (const { file, links } of specs)
    for (const f of links) {
      const v = f.vocabulary;
      if (!v) continue;
      fig.families++;
      const name = `${file}: ${f.starts[0] ?? '?'}`;
      if (v.statusLess) fig.statusLess.push(name);
      // Stored measures of older runs carry no such list.
      for (const line of v.contradictions ?? []) fig.contradictions.push(`${name}: ${line}`);
      if (v.progress) fig.progress[v.progress]++;
      const states = Object.values(v.states);
      if (states.length === 0) continue;
      fig.withStatus++;
      if (v.unknownRunning.length > 0) {
        fig.unknownRunning.values += v.unknownRunning.length;
        fig.unknownRunning.families++;
        fig.unknownRunning.examples.push(`${name} [${v.statusField}] ${v.unknownRunning.join(', ')}`);
      }
      if (!states.includes('succeeded')) fig.neverSucceeds.push(`${name} [${v.statusField}] ${Object.keys(v.states).join(', ')}`);
      if (!states.includes('failed') && !states.includes('cancelled') && !v.failsByError)
        fig.neverFails.push(`${name} [${v.statusField}] ${Object.keys(v.states).join(', ')}`);
    }
  return fig;
}
