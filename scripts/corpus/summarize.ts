/** The corpus figures from per-spec measures: the four numbers of issue 15, the label scores of issue 24, and what lies behind them. */

import { type FieldScore, scoreStatusFields } from './fieldScore.js';
import {
  type LabelScore,
  type LabelSet,
  type Labels,
  scoreLabels,
  specsNoLabelNames,
  type UnlabelledFamily,
  unlabelledAwsFamilies,
  unlabelledFamilies,
} from './labelScore.js';
import type { SpecMeasure } from './measureSpec.js';
import { type StateMapScore, scoreStateMaps, type VocabularyFigures, vocabularyFigures } from './stateMapScore.js';

export interface CorpusSummary {
  specs: number;
  azure: { total: number; found: number; recall: number };
  google: { total: number; found: number; recall: number };
  noSignal: {
    specs: number;
    withFamily: number;
    share: number;
    files: string[];
  };
  /** The same with the stop-38 reading of status fields (corpusTruth.ts TruthReading), for comparison. */
  noSignalStop38: { specs: number; withFamily: number; share: number };
  /** The same with only protocol signals counted (a work-in-progress status alone is no signal here). */
  noProtocolSignal: { specs: number; withFamily: number; share: number };
  crashes: Array<{ file: string; crash: string }>;
  loadFailed: string[];
  slowest: Array<{ file: string; ms: number }>;
  totalMs: number;
  /** The hand-reviewed labels of issue 24 (fixtures/corpus/labels/), when given. */
  labels?: LabelScore;
  /** No-signal specs with a family that no label names (labelScore.ts `unlabelledFamilies`), when labels are given. */
  noSignalUnlabelled?: { withFamily: number; share: number; files: string[] };
  /** No-signal specs that no job label names either, and how many of them get a family, when labels are given. */
  noSignalNoLabel?: { specs: number; withFamily: number; share: number; files: string[] };
  /** Families on the reviewed AWS specs that no label names (labelScore.ts `unlabelledAwsFamilies`), when labels are given. */
  awsUnlabelled?: { families: number; unlabelled: UnlabelledFamily[] };
  /** Labelled values against our state maps (stateMapScore.ts), when labels are given. */
  stateMaps?: Record<LabelSet, StateMapScore>;
  /** Labelled status fields against the families' (fieldScore.ts), when labels are given. */
  statusFields?: FieldScore;
  /** Every family's state map: what can never end, and what runs only as an unknown word. */
  vocabulary: VocabularyFigures;
}

/** Recall of nothing is complete; a share of nothing is zero. */
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const share = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function summarize(measures: SpecMeasure[], labels?: Labels): CorpusSummary {
  const sum = (f: (m: SpecMeasure) => number) => measures.reduce((n, m) => n + f(m), 0);
  const azureTotal = sum((m) => m.truth.azureLro.length);
  const azureFound = sum((m) => m.azureFound.length);
  const googleTotal = sum((m) => m.truth.googleOperations.length);
  const googleFound = sum((m) => m.googleFound.length);
  // A spec that failed to load or crashed has no truth to judge it by; it shows under crashes / load failures.
  const noSignal = measures.filter((m) => !m.crash && !m.loadFailed && m.truth.signals.length === 0);
  const withFamily = noSignal.filter((m) => m.families > 0);
  const noSignalStop38 = measures.filter((m) => !m.crash && !m.loadFailed && m.truth.signalsStop38.length === 0);
  const stop38WithFamily = noSignalStop38.filter((m) => m.families > 0).length;
  const noProtocol = measures.filter((m) => !m.crash && !m.loadFailed && m.truth.signals.every((x) => x === 'work-in-progress-status'));
  const protocolWithFamily = noProtocol.filter((m) => m.families > 0).length;
  return {
    specs: measures.length,
    azure: {
      total: azureTotal,
      found: azureFound,
      recall: ratio(azureFound, azureTotal),
    },
    google: {
      total: googleTotal,
      found: googleFound,
      recall: ratio(googleFound, googleTotal),
    },
    noSignal: {
      specs: noSignal.length,
      withFamily: withFamily.length,
      share: share(withFamily.length, noSignal.length),
      files: withFamily.map((m) => m.file),
    },
    noSignalStop38: {
      specs: noSignalStop38.length,
      withFamily: stop38WithFamily,
      share: share(stop38WithFamily, noSignalStop38.length),
    },
    noProtocolSignal: {
      specs: noProtocol.length,
      withFamily: protocolWithFamily,
      share: share(protocolWithFamily, noProtocol.length),
    },
    crashes: measures.filter((m) => m.crash).map((m) => ({ file: m.file, crash: m.crash! })),
    loadFailed: measures.filter((m) => m.loadFailed).map((m) => m.file),
    slowest: [...measures]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((m) => ({ file: m.file, ms: Math.round(m.ms) })),
    totalMs: Math.round(sum((m) => m.ms)),
    vocabulary: vocabularyFigures(measures),
    // A crashed or unloaded spec is scored as measured: it found nothing.
    ...(labels
      ? labelFigures(
          labels,
          measures,
          noSignal.map((m) => m.file),
          withFamily.map((m) => m.file),
        )
      : {}),
  };
}

function labelFigures(labels: Labels, measures: SpecMeasure[], noSignalSpecs: string[], noSignalFamilies: string[]) {
  const links = new Map(measures.map((m) => [m.file, m.links]));
  const files = unlabelledFamilies(labels, links, noSignalFamilies);
  const unvouched = specsNoLabelNames(labels, noSignalSpecs);
  const unvouchedWithFamily = specsNoLabelNames(labels, noSignalFamilies);
  return {
    labels: scoreLabels(labels, links),
    awsUnlabelled: unlabelledAwsFamilies(labels, links),
    stateMaps: scoreStateMaps(labels, links),
    statusFields: scoreStatusFields(labels, links),
    noSignalUnlabelled: { withFamily: files.length, share: share(files.length, noSignalSpecs.length), files },
    noSignalNoLabel: {
      specs: unvouched.length,
      withFamily: unvouchedWithFamily.length,
      share: share(unvouchedWithFamily.length, unvouched.length),
      files: unvouchedWithFamily,
    },
  };
}
