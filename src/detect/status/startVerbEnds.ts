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
 */
import type { CanonicalState } from '../../model/jobs.js';
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
