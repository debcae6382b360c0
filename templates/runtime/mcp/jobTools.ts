/**
 * The job tools of every family (start, status, cancel, result) and the global list_jobs tool, as registry
 * entries. Start entries carry their family binding so that the Tasks extension can answer them with a task.
 */
import type { RuntimeContext } from '../core/context.js';
import { lazy } from '../core/lazy.js';
import { JOBS_TOOLSET } from '../defaults.js';
import type { JobFamilySpec, OperationSpec } from '../definition.js';
import { cancelJob } from '../jobs/cancel.js';
import { describeCancel, describeList, describeResult, describeStart, describeStatus } from '../jobs/describe.js';
import { listJobs } from '../jobs/list.js';
import { jobResult } from '../jobs/result.js';
import * as schemas from '../jobs/schemas.js';
import { startJob } from '../jobs/start.js';
import { jobStatus } from '../jobs/status.js';
import { promotableOperations } from './callTools.js';
import { shippedSchemas, type ToolEntry, type ToolRegistry, type ToolRun } from './toolRegistry.js';

type ToolConfig = Omit<ToolEntry, 'name' | 'run' | 'start' | 'dispatch'>;
type Register = (name: string, config: ToolConfig, run: ToolRun) => void;

/**
 * `jobs`, plus every toolset that holds one of the starts: a toolset with a start tool is useless without the
 * tools that poll, fetch and cancel what it starts.
 */
export function jobToolsets(ctx: RuntimeContext, families: JobFamilySpec[]): string[] {
  const names = new Set<string>([JOBS_TOOLSET]);
  for (const family of families) {
    for (const start of family.starts) for (const name of ctx.operations.get(start.operation)?.toolsets ?? []) names.add(name);
  }
  return [...names];
}

function startToolsets(op: OperationSpec): string[] {
  return op.toolsets.includes(JOBS_TOOLSET) ? op.toolsets : [...op.toolsets, JOBS_TOOLSET];
}

function meta(role: string, family: string | null, extra: Record<string, string> = {}): Record<string, string> {
  return { 'mcp-jobgen/role': role, ...(family ? { 'mcp-jobgen/job': family } : {}), ...extra };
}

export function addJobTools(registry: ToolRegistry, ctx: RuntimeContext): void {
  const register: Register = (name, config, run) => registry.add({ name, ...config, run });
  for (const family of ctx.def.families) {
    registerFamily(registry, register, ctx, family);
  }
  // Promoted calls are jobs too: list_jobs finds them.
  if (ctx.def.listJobsTool && (ctx.def.families.length > 0 || promotableOperations(ctx).length > 0)) {
    register(
      ctx.def.listJobsTool,
      {
        description: describeList(ctx.def.families),
        inputSchema: schemas.listInput(ctx.def.families.map((f) => f.name)),
        outputSchema: schemas.listOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: meta('list', null),
        // Also wherever a promotable tool is: list_jobs finds a promoted call's lost job_id.
        toolsets: [...new Set([...jobToolsets(ctx, ctx.def.families), ...promotableOperations(ctx).flatMap((op) => op.toolsets)])],
      },
      (callCtx, args) => listJobs(callCtx, args as Parameters<typeof listJobs>[1]),
    );
  }
}

function registerFamily(registry: ToolRegistry, register: Register, ctx: RuntimeContext, family: JobFamilySpec): void {
  const toolsets = jobToolsets(ctx, [family]);
  for (const start of family.starts) {
    const op = ctx.operations.get(start.operation);
    if (!op) throw new Error(`Job family ${family.name}: start operation ${start.operation} is not in the definition.`);
    registry.add({
      name: op.tool,
      title: op.annotations.title,
      description: describeStart(family, op, ctx.config),
      // Built on first use, like the operation's own schema (core/lazy.ts).
      get inputSchema() {
        return lazy(this, 'inputSchema', () => op.input.extend({ idempotency_key: schemas.idempotencyKeyInput }));
      },
      outputSchema: schemas.startOutput,
      // A retry with the same idempotency_key (or identical arguments inside the window) returns the same job.
      annotations: { ...op.annotations, readOnlyHint: false, idempotentHint: true },
      _meta: meta('start', family.name, { 'mcp-jobgen/operation': op.operationId ?? `${op.method} ${op.path}` }),
      toolsets: startToolsets(op),
      run: (callCtx, args) => startJob(callCtx, family, start, op, args),
      ...(op.loadSchemas ? { prepare: op.loadSchemas } : {}),
      start: { family, start, op },
      // The start's output is the runtime's own (schemas.startOutput), not the operation's.
      shipped: shippedSchemas(op.listed, { idempotencyKey: schemas.idempotencyKeyInput, withOutput: false }),
    });
  }
  register(
    family.tools.status,
    {
      title: `${family.title} job status`,
      description: describeStatus(family, ctx.config),
      inputSchema: schemas.statusInput(ctx.config.waitMaxMs),
      outputSchema: schemas.statusOutput(family),
      // jobs/view.ts builds a StatusView; its result was parsed against the family's result schema there.
      ownOutput: true,
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: meta('status', family.name),
      toolsets,
    },
    (callCtx, args, extra) => jobStatus(callCtx, family, args as { job_id: string; wait_ms?: number }, extra),
  );
  if (family.tools.cancel) {
    register(
      family.tools.cancel,
      {
        title: `Cancel ${family.title} job`,
        description: describeCancel(family),
        // What the API's cancel call requires beside the job, the agent gives (JobFamilySpec.cancelInput).
        inputSchema: family.cancelInput ? schemas.jobIdInput.extend(family.cancelInput.shape) : schemas.jobIdInput,
        outputSchema: schemas.cancelOutput,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
        _meta: meta('cancel', family.name),
        toolsets,
      },
      (callCtx, args) => cancelJob(callCtx, family, args as { job_id: string } & Record<string, unknown>),
    );
  }
  if (family.tools.result) {
    register(
      family.tools.result,
      {
        title: `${family.title} job result`,
        description: describeResult(family),
        inputSchema: schemas.resultInput,
        outputSchema: schemas.resultOutput(family),
        annotations: { readOnlyHint: true, openWorldHint: true },
        _meta: meta('result', family.name),
        toolsets,
      },
      (callCtx, args) => jobResult(callCtx, family, args as { job_id: string; offset?: number }),
    );
  }
}
