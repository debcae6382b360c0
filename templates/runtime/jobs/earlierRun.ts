/**
 * Reading a job started again (JobFamilySpec.earlierRun: GitHub's `POST …/actions/jobs/{job_id}/rerun`, polled at
 * `GET …/actions/jobs/{job_id}`). The read may still answer the previous run's end (`completed`, its old
 * `conclusion`) until the new run is picked up. For a start that acts on the job the poll reads (its id from the
 * agent's arguments), a finished answer is this job's only when a poll saw the job under way since the start, or when
 * the time that dates it (`completed_at`, else a start time) is at or after the job's start, less RUN_START_SKEW_MS for
 * the upstream's clock. Otherwise it is the earlier run's: `queued` (the new run may not have begun), and after
 * NO_RUN_SEEN_MS `failed` with `no_run_seen`, as a thing that rests between runs reads its last run (jobs/restingRun.ts).
 * An answer with no such time is read as it stands.
 */
import type { JobFamilySpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { getPath, isTerminal } from './interpret.js';
import { NO_RUN_SEEN_MS, noRunSeen, parseRunTime, RUN_START_SKEW_MS } from './restingRun.js';

/** The poll's patch as a job started again reads it (unchanged for any other family or start). */
export function readEarlierRun(family: JobFamilySpec, record: JobRecord, patch: JobPatch, body: unknown, now: number): JobPatch {
  const dated = family.earlierRun;
  if (!dated || patch.state === undefined) return patch;
  const start = family.starts.find((s) => s.operation === record.operation);
  if (!start?.idFrom?.startsWith('arg:')) return patch;
  if (!isTerminal(patch.state)) return record.runSeen === true ? patch : { ...patch, runSeen: true };
  if (record.runSeen === true) return patch;
  const at = parseRunTime(getPath(body, dated.field));
  if (at === null || at >= record.createdAt - RUN_START_SKEW_MS) return patch;
  const { error: _earlier, ...rest } = patch;
  const when = new Date(at).toISOString();
  if (now - record.createdAt < NO_RUN_SEEN_MS) return { ...rest, state: 'queued' };
  return {
    ...rest,
    state: 'failed',
    error: noRunSeen(`the upstream still shows the run that ${dated.of === 'end' ? 'ended' : 'started'} at ${when}, before this job`),
  };
}
