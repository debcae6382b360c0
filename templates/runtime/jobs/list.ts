/** list_jobs: this server's jobs (its credential partition only), newest first, filterable and paginated. */
import type { RuntimeContext } from '../core/context.js';
import type { CanonicalState } from '../definition.js';
import type { JobRecord, JobStore } from '../store/types.js';
import { errorResult, type ToolAnswer } from '../upstream/toolResults.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal } from './interpret.js';
import { iso, requireStore } from './jobRecords.js';
import { CALL_FAMILY_PREFIX, isPromotable } from './promotedCall.js';
import type { ListView } from './schemas.js';
import { workFields } from './view.js';

function workView(job: JobRecord, expected: number | null, now: number) {
  const { stall: _message, ...fields } = workFields(job, expected, now);
  return fields;
}

export async function listJobs(
  ctx: RuntimeContext,
  args: { family?: string; state?: CanonicalState; limit?: number; cursor?: string },
): Promise<ToolAnswer<ListView>> {
  let page: Awaited<ReturnType<JobStore['list']>>;
  try {
    page = await requireStore(ctx).list({
      family: args.family,
      state: args.state,
      partition: ctx.partition,
      limit: Math.min(100, Math.max(1, args.limit ?? 20)),
      cursor: args.cursor,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(`Could not list jobs: ${message}`, ctx.config.secrets, 'Drop the cursor to start from the newest job.');
  }
  const now = ctx.now();
  // The call status tool exists only where some plain tool is promoted (mcp/callTools.ts): with promotion off, a
  // call kept for its large answer (jobs/largeAnswer.ts) names none, and is read through its resource link.
  const callStatusTool =
    ctx.def.callStatusTool && ctx.def.operations.some((op) => op.role === 'tool' && isPromotable(ctx, op)) ? ctx.def.callStatusTool : null;
  const jobs = page.jobs.map((job): ListView['jobs'][number] => {
    const call = job.family.startsWith(CALL_FAMILY_PREFIX);
    const family = call ? undefined : ctx.def.families.find((f) => f.name === job.family);
    const expected = call
      ? (ctx.operations.get(job.operation)?.promote?.expectedDurationMs ?? null)
      : family
        ? expectedDurationFor(family, job)
        : null;
    return {
      job_id: job.id,
      family: job.family,
      operation: job.operation,
      state: job.state,
      terminal: isTerminal(job.state),
      upstream_status: job.upstreamStatus,
      upstream_id: job.upstreamId,
      kind: call ? 'call' : 'job',
      status_tool: call ? callStatusTool : (family?.tools.status ?? null),
      ...workView(job, expected, now),
      created_at: iso(job.createdAt),
      updated_at: iso(job.updatedAt),
    };
  });
  const lines = jobs.map(
    (j) =>
      `${j.job_id}  ${j.kind === 'call' ? `${j.operation} (promoted call)` : j.family}  ${j.state}${j.upstream_status ? ` (${j.upstream_status})` : ''}${j.upstream_id ? ` upstream id ${j.upstream_id}` : ''}${j.stalled ? ' STALLED' : ''}${j.last_error ? ` [${j.last_error.slice(0, 120)}]` : ''}  started ${j.created_at}${j.status_tool ? `; status: ${j.status_tool}` : ''}`,
  );
  if (jobs.length === 0) lines.push('No jobs match.');
  if (page.nextCursor) lines.push(`More: call again with cursor "${page.nextCursor}".`);
  const structured: ListView = { jobs, next_cursor: page.nextCursor };
  return { structuredContent: structured, content: [{ type: 'text', text: lines.join('\n') }] };
}
