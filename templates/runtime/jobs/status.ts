/**
 * The status tool: the authoritative view of a job. Without wait_ms it polls the upstream once, unless the
 * job's shared pace says not yet (jobs/pace.ts: then the store answers); with wait_ms it keeps polling (at the
 * suggested interval) until the job is terminal or the capped wait is over, sending
 * notifications/progress meanwhile when the client asked for them.
 */
import type { ServerNotification } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import { errorResult, type ToolAnswer, type ToolError } from '../upstream/toolResults.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal, readProgress } from './interpret.js';
import { loadJob } from './jobRecords.js';
import { pacedRefresh } from './pace.js';
import type { Refresh } from './poll.js';
import type { StatusView } from './schemas.js';
import { noteStall, stallOf } from './stall.js';
import { startProblem } from './startResult.js';
import { statusResult } from './view.js';
import { noteInterest } from './watcher.js';

export interface CallExtra {
  signal?: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification?: (notification: ServerNotification) => Promise<void>;
}

export function notFound(ctx: RuntimeContext, jobId: string, family: JobFamilySpec): ToolError {
  const list = ctx.def.listJobsTool ? ` Use ${ctx.def.listJobsTool} to find this server's jobs.` : '';
  return errorResult(`No ${family.title} job with id "${jobId}".`, ctx.config.secrets, `Check the job_id (it starts with job_).${list}`);
}

// Records whose start never finished cannot be polled: one explanation for every tool (startResult.ts).
export { startProblem } from './startResult.js';

export async function jobStatus(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  args: { job_id: string; wait_ms?: number },
  extra: CallExtra = {},
): Promise<ToolAnswer<StatusView>> {
  let record = await loadJob(ctx, args.job_id, family.name);
  if (!record) return notFound(ctx, args.job_id, family);
  const problem = startProblem(ctx, record);
  if (problem) return problem;
  const deadline = ctx.now() + Math.min(Math.max(0, args.wait_ms ?? 0), ctx.config.waitMaxMs);
  const progressToken = extra._meta?.progressToken;
  // A client that wants progress wants news: the watcher keeps this job fresh for it on every replica.
  if (progressToken !== undefined) record = await noteInterest(ctx, record);
  let step = 0;
  let sent = 0;
  for (;;) {
    // A start still in flight (another call, maybe another replica) is re-read until it lands.
    if (record.phase === 'pending') record = (await loadJob(ctx, record.id, family.name)) ?? record;
    // At the job's shared pace: inside its window the store answers, and one replica polls for all.
    const refresh: Refresh = await pacedRefresh(ctx, family, record);
    if (refresh.fatal) return refresh.fatal;
    record = refresh.record;
    const remaining = deadline - ctx.now();
    if (isTerminal(record.state) || remaining <= 0 || extra.signal?.aborted || ctx.lifecycle.isClosing) {
      record = await noteStall(ctx, record, stallOf(record, expectedDurationFor(family, record), ctx.now()));
      return statusResult(ctx, family, record, refresh.pollAfterMs, refresh.warning);
    }
    if (progressToken !== undefined && extra.sendNotification) {
      step += 1;
      const fraction = readProgress(family, record.snapshot);
      // A true fraction is sent as percent of total 100; without one, a step count with no total (none is known).
      // Progress must increase with every notification, so a value that did not move is not sent again.
      const progress = fraction !== null ? Math.round(fraction * 1000) / 10 : step;
      if (progress > sent) {
        sent = progress;
        await extra
          .sendNotification({
            method: 'notifications/progress',
            params: {
              progressToken,
              progress,
              ...(fraction !== null ? { total: 100 } : {}),
              message: `${record.state}${record.upstreamStatus ? ` (${record.upstreamStatus})` : ''}`,
            },
          })
          .catch(() => undefined);
      }
    }
    await sleep(Math.min(refresh.pollAfterMs, remaining), extra.signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
