/**
 * Scores detection against the hand-reviewed labels of issue 24 (fixtures/corpus/labels/, read its README):
 * AWS asynchronous jobs, AWS provisioning, other vendors' jobs, and trap specs that must get no family.
 *
 * A labelled start is found when some family starts with that operation (method + path); it is also linked
 * when that family polls the labelled poll operation, by an operation link or at the URL the start hands out where
 * the contract says that URL is the labelled poll (a 303's documented Location, Box's `status_url`: the runtime
 * polls that very resource, and reads its status as that GET declares it). AWS query-protocol specs declare `GET` and `POST` on the
 * same `/#Action=X` path; either variant is the same operation (labels README, rule 4). Pure apart from
 * `readLabels`, which reads the label files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FamilyVocabulary } from './stateMapScore.js';

export interface LabelOp {
  method: string;
  path: string;
  operationId?: string;
}
export interface LabelledStart extends LabelOp {
  poll: LabelOp;
  /** The poll's status: the values the spec names and which of them are not terminal (stateMapScore.ts). */
  statusField?: { path: string; values: string[]; inProgress: string[] };
}
export interface LabelledSpec {
  spec: string;
  starts: LabelledStart[];
}
export interface Labels {
  awsJobs: LabelledSpec[];
  awsProvisioning: LabelledSpec[];
  genericJobs: LabelledSpec[];
  traps: Array<{ spec: string; why: string }>;
}

export const LABEL_SETS = ['awsJobs', 'awsProvisioning', 'genericJobs'] as const;
export type LabelSet = (typeof LABEL_SETS)[number];

export function readLabels(dir: string): Labels {
  const read = <T>(name: string): T => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
  return {
    awsJobs: read('aws-jobs.json'),
    awsProvisioning: read('aws-provisioning.json'),
    genericJobs: read('generic-jobs.json'),
    traps: read('generic-traps.json'),
  };
}

/** What scoring needs of one spec's detection: each family's start keys and poll key (`METHOD /path`). */
export interface FamilyLinks {
  starts: string[];
  poll: string | null;
  /** A URL poll's GET as the contract names it (JobFamily.pollUrlReads), `METHOD /path`; absent or null otherwise. */
  urlReads?: string | null;
  kind: 'job' | 'provisioning';
  /** The cancel, `METHOD /path` or `via <field>` (a URL the answer hands out), null for none; absent in older runs. */
  cancel?: string | null;
  /** The family's status and state map, read by the state-map measure (stateMapScore.ts). */
  vocabulary?: FamilyVocabulary;
}

/** `METHOD /path`, with the method dropped on an AWS query-protocol `/#Action=` path (GET_X and POST_X are one). */
export function labelKey(method: string, path: string): string {
  return /#Action=/.test(path) ? `* ${path}` : `${method.toUpperCase()} ${path}`;
}
/** A family's `METHOD /path` key read as labelKey reads a label's (`* /#Action=X` for either method). */
const keyOfOpKey = (opKey: string) => {
  const space = opKey.indexOf(' ');
  return labelKey(opKey.slice(0, space), opKey.slice(space + 1));
};

/**
 * The family with a status vocabulary that starts at a labelled start and polls (or reads the handed-out URL at)
 * its labelled poll: the selection the field and state-map measures score (fieldScore.ts, stateMapScore.ts).
 */
export function linkedLabelledFamily(families: readonly FamilyLinks[], start: LabelledStart): FamilyLinks | undefined {
  const key = labelKey(start.method, start.path);
  const pollKey = labelKey(start.poll.method, start.poll.path);
  return families.find(
    (f) =>
      f.vocabulary !== undefined &&
      f.starts.some((s) => keyOfOpKey(s) === key) &&
      [f.poll, f.urlReads].some((p) => p !== null && p !== undefined && keyOfOpKey(p) === pollKey),
  );
}

export interface SetScore {
  specs: number;
  total: number;
  /** Labelled starts that start some family. */
  found: number;
  /** ...whose family also polls the labelled poll. */
  linked: number;
  /** ...of those, polled at the URL the start hands out, which the contract says is the labelled poll. */
  linkedAtUrl: number;
  recall: number;
  pollRecall: number;
  /** `spec: METHOD /path (operationId)` of each labelled start not found. */
  missed: string[];
  /** Found, but polled elsewhere: `spec: start → labelled poll (detected poll)`. */
  wrongPoll: string[];
}

export interface LabelScore {
  sets: Record<LabelSet, SetScore>;
  traps: { specs: number; withFamily: number; share: number; files: string[] };
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/**
 * Scores the measured specs (`links` by spec file; a spec absent from the map was not measured and is left out
 * of every figure, so a sample or `--only` run scores only what it ran).
 */
export function scoreLabels(labels: Labels, links: Map<string, FamilyLinks[]>): LabelScore {
  const sets = {} as Record<LabelSet, SetScore>;
  for (const set of LABEL_SETS) {
    const score: SetScore = {
      specs: 0,
      total: 0,
      found: 0,
      linked: 0,
      linkedAtUrl: 0,
      recall: 1,
      pollRecall: 1,
      missed: [],
      wrongPoll: [],
    };
    for (const entry of labels[set]) {
      const families = links.get(entry.spec);
      if (!families) continue;
      score.specs++;
      for (const start of entry.starts) {
        score.total++;
        const key = labelKey(start.method, start.path);
        const owners = families.filter((f) => f.starts.some((s) => keyOfOpKey(s) === key));
        const name = `${entry.spec}: ${start.method} ${start.path} (${start.operationId ?? '?'})`;
        if (owners.length === 0) {
          score.missed.push(name);
          continue;
        }
        score.found++;
        const pollKey = labelKey(start.poll.method, start.poll.path);
        const polls = (key: string | null | undefined) => key !== null && key !== undefined && keyOfOpKey(key) === pollKey;
        if (owners.some((f) => polls(f.poll))) score.linked++;
        else if (owners.some((f) => polls(f.urlReads))) {
          score.linked++;
          score.linkedAtUrl++;
        } else
          score.wrongPoll.push(
            `${name} → ${start.poll.operationId ?? start.poll.path} (got ${owners.map((f) => f.poll ?? 'a URL').join(', ')})`,
          );
      }
    }
    score.recall = ratio(score.found, score.total);
    score.pollRecall = ratio(score.linked, score.total);
    sets[set] = score;
  }
  const trapSpecs = labels.traps.filter((t) => links.has(t.spec));
  const withFamily = trapSpecs.filter((t) => links.get(t.spec)!.length > 0).map((t) => t.spec);
  return {
    sets,
    traps: {
      specs: trapSpecs.length,
      withFamily: withFamily.length,
      share: trapSpecs.length === 0 ? 0 : withFamily.length / trapSpecs.length,
      files: withFamily,
    },
  };
}

/** Every labelled start key (labelKey), by spec, over the three job sets. */
function labelledStarts(labels: Labels): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const set of LABEL_SETS)
    for (const entry of labels[set]) {
      const keys = named.get(entry.spec) ?? new Set<string>();
      for (const start of entry.starts) keys.add(labelKey(start.method, start.path));
      named.set(entry.spec, keys);
    }
  return named;
}

/**
 * Specs with a family none of whose starts the labels name, among `files` (the no-signal specs): a family the
 * corpus truth calls unfounded and no reviewer called a job either. The truth still misses in-progress words it
 * does not list (`pending`, `submitted`, …), so it counts some labelled starts as unfounded; this is the share no
 * label vouches for.
 */
export function unlabelledFamilies(labels: Labels, links: Map<string, FamilyLinks[]>, files: readonly string[]): string[] {
  const named = labelledStarts(labels);
  return files.filter((file) => (links.get(file) ?? []).some((f) => !f.starts.some((s) => named.get(file)?.has(keyOfOpKey(s)))));
}

/** A family on a reviewed AWS spec that no label names. */
export interface UnlabelledFamily {
  file: string;
  starts: string[];
  poll: string | null;
  statusField: string | null;
}

/**
 * The families on AWS specs that no job label names. Every AWS spec of the labelled half was reviewed (labels README:
 * the AWS specs in neither AWS file were judged to have no qualifying family), so each of these is a family a
 * reviewer passed over: a label omission or a false family. Their share of all AWS families bounds precision the way
 * the recall lines bound recall; the list is for reading them.
 */
export function unlabelledAwsFamilies(
  labels: Labels,
  links: Map<string, FamilyLinks[]>,
): { families: number; unlabelled: UnlabelledFamily[] } {
  const named = labelledStarts(labels);
  let families = 0;
  const unlabelled: UnlabelledFamily[] = [];
  for (const [file, fams] of [...links].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!file.startsWith('amazonaws.com/')) continue;
    for (const f of fams) {
      families++;
      if (f.starts.some((s) => named.get(file)?.has(keyOfOpKey(s)))) continue;
      unlabelled.push({ file, starts: f.starts, poll: f.poll, statusField: f.vocabulary?.statusField ?? null });
    }
  }
  return { families, unlabelled };
}

/**
 * The specs among `files` that no job label names at all (traps included: a trap names no job). Among the no-signal
 * specs these are the ones where nothing says there is a job: no marker, no work-in-progress status the truth reads,
 * and no reviewer; a family on one of them is the false find the no-signal figure is meant to catch.
 */
export function specsNoLabelNames(labels: Labels, files: readonly string[]): string[] {
  const labelled = new Set(LABEL_SETS.flatMap((set) => labels[set].map((entry) => entry.spec)));
  return files.filter((file) => !labelled.has(file));
}
