/**
 * Dynamic mode's job tools: one status, one cancel and one result tool for every family, because a job_id
 * knows its family (the record says which). Each looks the record up in this caller's partition and runs the
 * family's own handler, so the answer is exactly what the family's tool (still callable by name) would give;
 * only the output schemas are the families' common shape (`result` untyped). A job of a family outside the
 * selected toolsets is treated like a missing one.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { RuntimeContext } from '../core/context.js';
import { DYNAMIC_TOOLS, withArticle } from '../defaults.js';
import type { JobFamilySpec } from '../definition.js';
import { cancelJob } from '../jobs/cancel.js';
import { WAITING_FOR_INPUT_HINT } from '../jobs/describe.js';
import { loadJob } from '../jobs/jobRecords.js';
import { isCallRecord } from '../jobs/recovery.js';
import { jobResult } from '../jobs/result.js';
import * as schemas from '../jobs/schemas.js';
import { jobStatus } from '../jobs/status.js';
import { errorResult } from '../upstream/toolResults.js';
import { argumentErrors } from './argumentErrors.js';
import type { ToolEntry } from './toolRegistry.js';

type JobRun = (ctx: RuntimeContext, family: JobFamilySpec, jobId: string) => Promise<CallToolResult>;

function meta(role: string): Record<string, string> {
  return { 'mcp-jobgen/role': role, 'mcp-jobgen/job': '*' };
}

/** The shared tools for `families` (the families whose tools are selected); none when there are none. */
export function sharedJobTools(ctx: RuntimeContext, families: readonly JobFamilySpec[]): ToolEntry[] {
  if (families.length === 0) return [];
  const served = new Map(families.map((f) => [f.name, f] as const));
  const list = ctx.def.listJobsTool ? ` ${ctx.def.listJobsTool} finds a lost job_id.` : '';
  const withFamily =
    (run: JobRun) =>
    async (callCtx: RuntimeContext, jobId: string): Promise<CallToolResult> => {
      const record = await loadJob(callCtx, jobId);
      // A promoted call's handle is a job_id too, but its status tool is its own: say which.
      if (record && isCallRecord(record) && callCtx.def.callStatusTool) {
        return errorResult(
          `Job "${jobId}" is a promoted call of ${record.operation}, not a job started by a start tool.`,
          callCtx.config.secrets,
          `Call ${callCtx.def.callStatusTool} with {"job_id":"${jobId}"} for its status and result.`,
        );
      }
      const family = record ? served.get(record.family) : undefined;
      if (!family)
        return errorResult(`No job with id "${jobId}".`, callCtx.config.secrets, `Check the job_id (it starts with job_).${list}`);
      return run(callCtx, family, jobId);
    };
  const generic: JobFamilySpec = { ...families[0]!, resultOutput: undefined };
  const names = familyNames(families, ctx.def.listJobsTool);
  return [
    {
      name: DYNAMIC_TOOLS.status,
      title: 'Job status',
      description: [
        `Status of any job this server started (${names}): pass the job_id a start returned. The authoritative source of truth.`,
        "state is queued or running (keep polling), or succeeded, failed or cancelled (terminal); upstream_status keeps the API's own word.",
        WAITING_FOR_INPUT_HINT,
        `Call again after poll_after_ms, or pass wait_ms (capped at ${ctx.config.waitMaxMs} ms) to wait for a terminal state in one call. Once succeeded, ${DYNAMIC_TOOLS.result} fetches the result.`,
      ].join('\n'),
      inputSchema: schemas.statusInput(ctx.config.waitMaxMs),
      outputSchema: schemas.statusOutput(generic),
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: meta('status'),
      toolsets: [],
      run: (callCtx, args, extra) => {
        const input = args as { job_id: string; wait_ms?: number };
        return withFamily((c, family) => jobStatus(c, family, input, extra))(callCtx, input.job_id);
      },
    },
    {
      name: DYNAMIC_TOOLS.result,
      title: 'Job result',
      description: `Fetch the result of any succeeded job by job_id, from wherever its API keeps it. Fails with a clear message while the job is not succeeded; binary results come back as a link plus a preview, and a result larger than the server returns inline as result_ref: read it a page at a time with resources/read on its uri, or call again with offset.`,
      inputSchema: schemas.resultInput,
      outputSchema: schemas.resultOutput(generic),
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: meta('result'),
      toolsets: [],
      run: (callCtx, args) =>
        withFamily((c, family, jobId) =>
          jobResult(c, family, { job_id: jobId, ...(typeof args.offset === 'number' ? { offset: args.offset } : {}) }),
        )(callCtx, String(args.job_id)),
    },
    {
      name: DYNAMIC_TOOLS.cancel,
      title: 'Cancel job',
      description: [
        'Ask the upstream to cancel any job by job_id, then report what really happened:',
        'outcome cancelled, cancelling (accepted, poll status until terminal), already_terminal (it had finished; its result is unchanged), not_cancellable (the API refused, or offers no cancel for this kind of job) or unknown (sent, but the upstream did not answer in time: poll status to see).',
      ].join('\n'),
      // `inputs` only where some family's cancel asks for more than the job (JobFamilySpec.cancelInput).
      inputSchema: families.some((f) => f.cancelInput) ? schemas.jobIdInput.extend({ inputs: cancelInputsField }) : schemas.jobIdInput,
      outputSchema: schemas.cancelOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      _meta: meta('cancel'),
      toolsets: [],
      run: (callCtx, args) =>
        withFamily((c, family, jobId) => {
          const given = givenInputs(c, family, args.inputs);
          return 'error' in given ? Promise.resolve(given.error) : cancelJob(c, family, { ...given.values, job_id: jobId });
        })(callCtx, String(args.job_id)),
    },
  ];
}

const cancelInputsField = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'What the API\'s cancel of this kind of job requires beside the job, by name (`{"reason": "…"}`), where it requires more: a not_cancellable answer says what.',
  );

/** `inputs` checked against what the family's cancel asks (its own cancel tool's arguments); none for a family that asks nothing. */
function givenInputs(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  inputs: unknown,
): { values: Record<string, unknown> } | { error: CallToolResult } {
  if (inputs === undefined || !family.cancelInput) return { values: {} };
  const parsed = family.cancelInput.safeParse(inputs);
  if (parsed.success) return { values: parsed.data as Record<string, unknown> };
  return {
    error: errorResult(
      `Invalid inputs for cancelling ${withArticle(family.title)} job: ${argumentErrors(parsed.error, inputs)}`,
      ctx.config.secrets,
      `Give what ${family.tools.cancel ?? 'its cancel tool'} takes beside job_id.`,
    ),
  };
}

/** Families a shared status tool names by title; past this it says how many there are (dynamic mode keeps tools/list small). */
export const NAMED_FAMILIES_MAX = 6;

/**
 * The families the shared status tool serves: their titles up to NAMED_FAMILIES_MAX, else how many there are
 * (the list tool's `family` values name every one), so the description does not grow with the API.
 */
export function familyNames(families: readonly JobFamilySpec[], listTool: string | null | undefined): string {
  const titles = families.map((f) => f.title);
  if (titles.length <= NAMED_FAMILIES_MAX) return titles.join(', ');
  const where = listTool ? `; ${listTool}'s family values name them` : '';
  return `${titles.length} kinds${where}`;
}
