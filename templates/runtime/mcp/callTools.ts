/** The status tool of promoted calls (one per server, named by the generator: normally `call_status`). */
import type { RuntimeContext } from '../core/context.js';
import { JOBS_TOOLSET } from '../defaults.js';
import { callStatusInput, callStatusOutput } from '../jobs/callSchemas.js';
import { callStatus } from '../jobs/callStatus.js';
import { isPromotable } from '../jobs/promotedCall.js';
import type { ToolRegistry } from './toolRegistry.js';

/** Plain tools of this server whose slow calls answer with a job handle (none when promotion is off). */
export function promotableOperations(ctx: RuntimeContext) {
  return ctx.def.operations.filter((op) => op.role === 'tool' && isPromotable(ctx, op));
}

export function addCallTools(registry: ToolRegistry, ctx: RuntimeContext): void {
  const name = ctx.def.callStatusTool;
  const promotable = promotableOperations(ctx);
  if (!name || promotable.length === 0) return;
  registry.add({
    name,
    title: 'Status of a promoted call',
    description: [
      // Every plain tool is promotable by default: a thousand names would outweigh the whole dynamic listing.
      `Status of a call that took longer than ${Math.round(ctx.config.promoteAfterMs / 1000)} s and answered with a job_id (${promotable.length <= 12 ? `tools: ${promotable.map((op) => op.tool).join(', ')}` : 'any plain tool'}).`,
      "state is running (call again after poll_after_ms, or pass wait_ms to wait) or succeeded (result holds the upstream's answer; an answer too large to return inline is result_ref instead: read it a page at a time with resources/read on its uri, or call again with offset) or failed (error and last_error say why).",
      `attempts counts the sends: a call whose server stopped is re-sent only where that is safe; otherwise it fails as "interrupted: may have run upstream".`,
    ].join('\n'),
    inputSchema: callStatusInput(ctx.config.waitMaxMs),
    outputSchema: callStatusOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    // Its own role: generic clients that drive job families by `status` + `job` must not take it for one.
    _meta: { 'mcp-jobgen/role': 'call-status' },
    // Wherever one of its promotable tools is selected, and with the job tools.
    toolsets: [...new Set([...promotable.flatMap((op) => op.toolsets), JOBS_TOOLSET])],
    run: (callCtx, args, extra) => callStatus(callCtx, args as { job_id: string; wait_ms?: number; offset?: number }, extra),
  });
}
