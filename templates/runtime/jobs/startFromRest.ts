/**
 * Reading a start that runs a thing made apart (JobFamilySpec.restsBeforeStart: MediaLive `StartChannel`, DMS
 * `StartReplicationTask`, Lookout for Vision `StartModel`). The thing rests (`IDLE`, `ready`, `TRAINED`) until the start
 * takes, goes through its starting (`STARTING`), and the job succeeds when it runs. The rest value means two things:
 *
 * - before the poll has seen the thing leave it, the start has not taken yet (the first read after the call may still
 *   say `IDLE`): `queued`, as the family's map says;
 * - after a poll saw it elsewhere (starting, recovering), the thing went back to rest without running: the start did
 *   not take, and the job fails (`back_at_rest`) rather than wait at `queued` until it expires; or, after a cancel the
 *   upstream accepted (a Stop), that cancel's end, `cancelled`.
 *
 * The mark that a poll saw the thing leave its rest is the record's `runSeen`, durable in every backend.
 */
import type { JobFamilySpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { isTerminal } from './interpret.js';

/** The poll's patch as a start from rest reads it (unchanged for any other family, or an answer with no status). */
export function readStartFromRest(family: JobFamilySpec, record: JobRecord, patch: JobPatch): JobPatch {
  const rest = family.restsBeforeStart;
  const raw = patch.upstreamStatus;
  if (!rest || rest.length === 0 || typeof raw !== 'string' || patch.state === undefined) return patch;
  const resting = rest.some((r) => r.toLowerCase() === raw.toLowerCase());
  if (!resting) return isTerminal(patch.state) || record.runSeen === true ? patch : { ...patch, runSeen: true };
  if (record.runSeen !== true) return patch;
  if (record.cancelAccepted === true) return { ...patch, state: 'cancelled' };
  return {
    ...patch,
    state: 'failed',
    error: {
      reason: 'back_at_rest',
      message: `What the job started went back to ${raw} once it began to start, without running: the start did not take. Start it again if it should run.`,
    },
  };
}
