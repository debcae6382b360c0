/**
 * Convention: a thing that runs again and again and returns to rest between runs (JobFamilySpec.returnsToRest: Glue
 * `StartCrawler` → `GetCrawler`, jellyfin `POST /ScheduledTasks/Running/{id}` → `GET /ScheduledTasks/{id}`). Polled
 * and cancelled as any linked job (the poll by the thing's id, in its path or JSON body; the cancel its Stop verb),
 * each answer read as the family's convention reads it, then as a run of the thing (jobs/restingRun.ts): the job's
 * end is the last run's outcome, for a run that belongs to the job.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import type { Answer, JobProtocol } from './jobProtocol.js';
import { pageToListedJob, readListedPoll } from './listedAnswer.js';
import { linkedProtocol } from './protocolDefaults.js';
import { readRestingRun } from './restingRun.js';

/** The answer as the family's own convention reads it (an RPC Describe that may list; a job resource), then as a run. */
function readRun(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, answer: Answer) {
  const patch = readListedPoll(ctx, family, record, answer);
  if ('unreadable' in patch || patch.upstreamStatus === undefined) return patch;
  return readRestingRun(family, record, patch, answer.body.json, ctx.now());
}

export const restingRunProtocol: JobProtocol = {
  ...linkedProtocol('returns-to-rest'),
  findPage: pageToListedJob,
  readPoll: readRun,
  // A Stop answers nothing of the run (`StopCrawler` → `{}`); one that answers the thing is read as a poll.
  readCancelAnswer: readRun,
};
