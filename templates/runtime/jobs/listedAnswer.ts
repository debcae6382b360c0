/**
 * A poll that asks for one job in a list (`idList`: `DescribeDirectories {"DirectoryIds": [id]}`; `idFilter`:
 * `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}`) is answered by a list of what matched
 * (JobOperationLinkSpec.itemsAt). The job is its one item, read where detection found the status
 * (`ReplicationTasks.0.Status`). An empty list is the upstream saying it knows no such job: the same as a 404
 * (jobs/pollVerdict.ts `missing`), never success and never "still running".
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { getPath } from './interpret.js';
import type { Answer, Unreadable } from './jobProtocol.js';
import { boundSnapshot } from './jobRecords.js';
import { interpretPoll } from './pollAnswer.js';
import { isOperationLink } from './pollRequest.js';
import { YOUNG_JOB_MS } from './pollVerdict.js';

/** One poll answer of a linked poll, with an empty list of matched items read as an unknown job. */
export function readListedPoll(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, answer: Answer): JobPatch | Unreadable {
  const patch = interpretPoll(ctx, family, record, answer, false);
  const itemsAt = isOperationLink(family.poll) ? family.poll.itemsAt : undefined;
  if (itemsAt === undefined || 'unreadable' in patch) return patch;
  const items = getPath(answer.body.json, itemsAt);
  if (!Array.isArray(items) || items.length > 0) return patch;
  // Just after the start a Describe may not list the job yet (eventual consistency), as a 404 may be early.
  if (ctx.now() - record.createdAt < YOUNG_JOB_MS) return patch;
  return {
    ...patch,
    state: 'failed',
    error: boundSnapshot({
      message: `The upstream lists no job with id ${JSON.stringify(record.upstreamId)}: its answer's \`${itemsAt}\` is empty, so it does not know this job.`,
      http_status: answer.status,
    }),
  };
}
