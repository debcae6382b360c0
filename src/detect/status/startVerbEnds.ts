/**
 * A thing made, then started: each start ends at its own verb's end. Some provisioning lifecycles have two steady
 * states one after the other: the thing rests once made (`IDLE`, `READY`, `STANDBY`, `CREATED`) and runs once
 * started (`RUNNING`, `ACTIVE`, `STARTED`, `ACTIVATED`), with a word for the starting between them (`STARTING`,
 * `ACTIVATING`). AWS's own waiters read them so: MediaLive `ChannelCreated` waits for `IDLE` and `ChannelRunning`
 * for `RUNNING`; DMS `ReplicationTaskReady` for `ready` and `ReplicationTaskRunning` for `running`. A create (and
 * any other verb that brings the thing up: restore, copy) is done at rest; the start is done when it runs, and the
 * rest value is, for it, the thing not yet started. One map for both ends one of them early or never.
 *
 * The map for each verb comes from the family's own map (the values' reading stays the lifecycle rules'): only the
 * rest and run values move. Asked only of a provisioning family (a job's success is its own end word: an
 * inference experiment `Running` until `Completed`), and only of a vocabulary with all three: rest, starting, run.
 * A job whose success is itself a making done (a model `TRAINED`) is read for its start by jobStatesForStart below.
 */
import type { CanonicalState } from '../../model/jobs.js';
import { gerundOf } from './gerundDone.js';
import { pastParticiples } from './participles.js';
import { normalizeStateWord, readStateWord } from './stateWords.js';

/** What a thing made and not yet started rests in: the scheduler's words (returnsToRest.ts) and a standby. */
const REST_WORDS = new Set(['idle', 'ready', 'standby']);
/** Or the making done, read so only beside the making under way (`CREATING`, `CREATED`): a bare `Created` may be the
 * first word of a thing still to be provisioned (GitHub codespaces `Created`, `Queued`, `Provisioning`, `Available`). */
const MADE: ReadonlyMap<string, string> = new Map([[pastParticiples('create')[0]!, 'creating']]);
/**
 * What a thing made to be started rests in before its first start when its lifecycle names no other rest, read so
 * only for the make: Rekognition creates a stream processor `STOPPED`, to run once `StartStreamProcessor` brings it
 * `STARTING` → `RUNNING`; EventBridge Pipes creates a pipe whose desired state is `STOPPED` so. For the start the
 * word keeps its own reading (a thing stopped while it starts is stopped).
 */
const MADE_STOPPED = new Set(['stopped']);
/** The starting under way, and the word of that starting done. */
const STARTING: ReadonlyMap<string, string> = new Map([
  ['starting', pastParticiples('start')[0]!],
  ['activating', pastParticiples('activate')[0]!],
]);

export type VerbPhase = 'make' | 'start';

/** The phase a start verb ends in: `start` (and `activate`) run the thing, every other verb makes it. */
export function verbPhase(verb: string | undefined): VerbPhase {
  return verb === 'start' || verb === 'activate' ? 'start' : 'make';
}

/** The family map as a start of `phase` reads it, or null where the vocabulary has no rest-then-run shape. */
export function statesForPhase(states: Readonly<Record<string, CanonicalState>>, phase: VerbPhase): Record<string, CanonicalState> | null {
  const values = Object.keys(states);
  const norm = (v: string) => normalizeStateWord(v);
  const starting = values.filter((v) => STARTING.has(norm(v)));
  if (starting.length === 0) return null;
  const startedWords = new Set(starting.map((v) => STARTING.get(norm(v))!));
  const normed = new Set(values.map(norm));
  const resting = (n: string) => REST_WORDS.has(n) || (MADE.has(n) && normed.has(MADE.get(n)!));
  const rest = values.filter((v) => resting(norm(v)) && states[v] !== 'failed' && states[v] !== 'cancelled');
  // Up: the starting done (`STARTED`, `ACTIVATED`), or a steady word that the thing runs (`RUNNING`, `ACTIVE`).
  const up = values.filter((v) => {
    if (rest.includes(v) || states[v] === 'failed' || states[v] === 'cancelled') return false;
    const w = readStateWord(v);
    return startedWords.has(norm(v)) || (w.state === 'running' && w.provisioning === 'steady');
  });
  // Only where no word of rest is listed: beside `ready` (DMS), `stopped` is a task stopped, and AWS's
  // `ReplicationTaskReady` waiter fails on it.
  const stopped = rest.length > 0 ? [] : values.filter((v) => MADE_STOPPED.has(norm(v)) && !up.includes(v));
  if ((rest.length === 0 && stopped.length === 0) || up.length === 0) return null;
  const out = { ...states };
  for (const v of up) out[v] = 'succeeded';
  for (const v of rest) out[v] = phase === 'start' ? 'queued' : 'succeeded';
  if (phase === 'make') for (const v of stopped) out[v] = 'succeeded';
  return out;
}

/** `STARTING_HOSTING` → `hosting`: the starting of a named work, whose done form (`HOSTED`) is the thing up. */
const STARTING_WORK = /^starting([a-z]+ing)$/;

/**
 * A job whose success is the thing made, started apart: Lookout for Vision trains a model (`TRAINING` → `TRAINED`,
 * the job's success) and `StartModel` hosts it (`STARTING_HOSTING` → `HOSTED`). One map for both never ends the start:
 * `HOSTED` runs, and `TRAINED`, where the model rests before it is started, would end it at once. For the start,
 * the work its starting word names done (`HOSTED` beside `STARTING_HOSTING`; `STARTED` beside `STARTING`) is the
 * success, and the made values are the thing not yet started. Only where every success of the job is a making done
 * (a participle beside its listed gerund): a job that ends in its own word (`Completed`) ends there for any start.
 */
export function jobStatesForStart(states: Readonly<Record<string, CanonicalState>>): Record<string, CanonicalState> | null {
  const values = Object.keys(states);
  const norm = (v: string) => normalizeStateWord(v);
  const listed = new Set(values.map(norm));
  const success = values.filter((v) => states[v] === 'succeeded');
  const made = (v: string) => {
    const gerund = gerundOf(norm(v));
    return gerund !== null && listed.has(gerund);
  };
  if (success.length === 0 || !success.every(made)) return null;
  // The starting done (`started`), or the work a compound starting names (`hosting`), done (`hosted`): never that
  // work itself under way.
  const done = new Set(values.map(norm).flatMap((n) => (STARTING.has(n) ? [STARTING.get(n)!] : [])));
  const works = new Set(values.map(norm).flatMap((n) => STARTING_WORK.exec(n)?.[1] ?? []));
  const up = values.filter((v) => {
    const n = norm(v);
    return !success.includes(v) && (done.has(n) || works.has(gerundOf(n) ?? ''));
  });
  if (up.length === 0) return null;
  const out = { ...states };
  for (const v of up) out[v] = 'succeeded';
  for (const v of success) out[v] = 'queued';
  return out;
}

/**
 * The values a start's map reads as the thing not yet started: queued for the start where the making ends
 * (`madeEnds`: the make phase's map, or a job's own map, whose success is the making done). `IDLE` of a MediaLive
 * channel, `TRAINED` of a Lookout for Vision model; never the starting under way (`STARTING`, queued in both).
 */
export function restBeforeStart(
  madeEnds: Readonly<Record<string, CanonicalState>>,
  startStates: Readonly<Record<string, CanonicalState>>,
): string[] {
  return Object.keys(startStates).filter((v) => startStates[v] === 'queued' && madeEnds[v] === 'succeeded');
}
