/**
 * One corpus spec through load → normalize → detect, scored against its ground truth (corpusTruth.ts).
 * Never throws: a thrown error anywhere in the pipeline is reported as a crash with its message.
 */
import { readFile } from 'node:fs/promises';
import { detectJobs } from '../../src/detect/detectJobs.js';
import { loadDocument } from '../../src/load/index.js';
import { isOperationLink, type JobDetection, type JobFamily } from '../../src/model/jobs.js';
import { normalizeModel } from '../../src/normalize/index.js';
import { type SpecTruth, specTruth, opKey as truthKey } from './corpusTruth.js';
import type { FamilyLinks } from './labelScore.js';
import { familyVocabulary } from './stateMapScore.js';
import { type FamilyStates, familyStates } from './waiterScore.js';

export interface SpecMeasure {
  file: string;
  ms: number;
  crash: string | null;
  loadFailed: boolean;
  truth: SpecTruth;
  families: number;
  /** Start operations of any family, `METHOD /path`, with the family's confidence. */
  starts: Record<string, string>;
  azureFound: string[];
  googleFound: string[];
  /** Each family's starts and poll, for scoring against the hand-reviewed labels (labelScore.ts). */
  links: FamilyLinks[];
  /** Each family's state map, for scoring against AWS's waiters (waiterScore.ts) and diffing runs. */
  stateMaps?: FamilyStates[];
}

/** The measure of a file whose worker hung or died (`crash` says which), after `ms` of waiting: nothing found. */
export function hungMeasure(file: string, crash: string, ms: number): SpecMeasure {
  return {
    file,
    ms,
    crash,
    loadFailed: false,
    truth: { azureLro: [], googleOperations: [], signals: [], signalsStop38: [], operations: 0 },
    families: 0,
    starts: {},
    azureFound: [],
    googleFound: [],
    links: [],
  };
}

/**
 * `originalPath` reads a path of the loaded document as the spec's own: the identity, or (metamorphic.ts) the way
 * back from a rewrite that moved the paths, so that keys compare with the truth's and the labels'.
 */
export function scoreDetection(
  file: string,
  truth: SpecTruth,
  detection: JobDetection,
  originalPath: (path: string) => string = (p) => p,
): Omit<SpecMeasure, 'ms' | 'crash' | 'loadFailed'> {
  const opKey = (method: string, path: string) => truthKey(method, originalPath(path));
  const starts: Record<string, string> = {};
  for (const f of detection.families) for (const s of f.start) starts[opKey(s.op.method, s.op.path)] = f.confidence;
  return {
    file,
    truth,
    families: detection.families.length,
    starts,
    azureFound: truth.azureLro.filter((k) => k in starts),
    googleFound: truth.googleOperations.filter((k) => k in starts),
    links: detection.families.map((f) => ({
      starts: f.start.map((s) => opKey(s.op.method, s.op.path)),
      poll: isOperationLink(f.poll) ? opKey(f.poll.op.method, f.poll.op.path) : null,
      urlReads: f.pollUrlReads ? opKey(f.pollUrlReads.method, f.pollUrlReads.path) : null,
      kind: f.kind ?? 'job',
      cancel: cancelKey(f.cancel, opKey),
      vocabulary: familyVocabulary(f),
    })),
    stateMaps: familyStates(detection),
  };
}

export async function measureSpec(file: string, absolute: string): Promise<SpecMeasure> {
  const t0 = performance.now();
  let truth: SpecTruth = emptyTruth();
  try {
    truth = specTruth(JSON.parse(await readFile(absolute, 'utf8')));
  } catch (error) {
    return crashed(file, truth, t0, error);
  }
  return measureWithTruth(file, truth, absolute, t0);
}

const emptyTruth = (): SpecTruth => ({ azureLro: [], googleOperations: [], signals: [], signalsStop38: [], operations: 0 });

/**
 * `file` scored against `truth`, loaded from `loadPath`: the spec itself, or (metamorphic.ts) a rewrite of it that
 * keeps the original's truth, so that both are judged by the same ground.
 */
export async function measureWithTruth(
  file: string,
  truth: SpecTruth,
  loadPath: string,
  t0 = performance.now(),
  originalPath?: (path: string) => string,
): Promise<SpecMeasure> {
  const none: JobDetection = { families: [], hints: [], diagnostics: [] };
  try {
    const loaded = await loadDocument(loadPath);
    if (!loaded.ok) return { ...scoreDetection(file, truth, none), ms: performance.now() - t0, crash: null, loadFailed: true };
    const { model } = normalizeModel(loaded);
    const detection = detectJobs(model);
    return { ...scoreDetection(file, truth, detection, originalPath), ms: performance.now() - t0, crash: null, loadFailed: false };
  } catch (error) {
    return crashed(file, truth, t0, error);
  }
}

function crashed(file: string, truth: SpecTruth, t0: number, error: unknown): SpecMeasure {
  const crash =
    error instanceof Error ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n')}` : String(error);
  return {
    ...scoreDetection(file, truth, { families: [], hints: [], diagnostics: [] }),
    ms: performance.now() - t0,
    crash,
    loadFailed: false,
  };
}

/** A family's cancel as the measures compare it: the operation's `METHOD /path`, or the answer field its URL is in. */
function cancelKey(cancel: JobFamily['cancel'], opKey: (method: string, path: string) => string): string | null {
  if (cancel === null) return null;
  return isOperationLink(cancel) ? opKey(cancel.op.method, cancel.op.path) : `via ${cancel.via}`;
}
