/** Registers the job tools of every family (start, status, cancel, result) and the global list_jobs tool. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import { cancelJob } from './cancel.js';
import { describeCancel, describeList, describeResult, describeStart, describeStatus } from './describe.js';
import { listJobs } from './list.js';
import { jobResult } from './result.js';
import * as schemas from './schemas.js';
import { startJob } from './start.js';
import type { CallExtra } from './status.js';
import { jobStatus } from './status.js';

type Handler = (args: never, extra: CallExtra) => Promise<CallToolResult>;

interface ToolConfig {
  title?: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  _meta: Record<string, unknown>;
}

function meta(role: string, family: string | null, extra: Record<string, string> = {}): Record<string, string> {
  return { 'mcp-jobgen/role': role, ...(family ? { 'mcp-jobgen/job': family } : {}), ...extra };
}

export function registerJobTools(server: McpServer, ctx: RuntimeContext): void {
  const register = (
    name: string,
    config: ToolConfig,
    run: (args: Record<string, unknown>, extra: CallExtra) => Promise<CallToolResult>,
  ) => {
    const handler: Handler = (args, extra) => ctx.lifecycle.run(() => run(args as Record<string, unknown>, extra));
    server.registerTool(name, config, handler as never);
  };
  for (const family of ctx.def.families) {
    registerFamily(register, ctx, family);
  }
  if (ctx.def.listJobsTool && ctx.def.families.length > 0) {
    register(
      ctx.def.listJobsTool,
      {
        description: describeList(ctx.def.families),
        inputSchema: schemas.listInput(ctx.def.families.map((f) => f.name)),
        outputSchema: schemas.listOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: meta('list', null),
      },
      (args) => listJobs(ctx, args as Parameters<typeof listJobs>[1]),
    );
  }
}

type Register = (
  name: string,
  config: ToolConfig,
  run: (args: Record<string, unknown>, extra: CallExtra) => Promise<CallToolResult>,
) => void;

function registerFamily(register: Register, ctx: RuntimeContext, family: JobFamilySpec): void {
  for (const start of family.starts) {
    const op = ctx.operations.get(start.operation);
    if (!op) throw new Error(`Job family ${family.name}: start operation ${start.operation} is not in the definition.`);
    register(
      op.tool,
      {
        title: op.annotations.title,
        description: describeStart(family, op, ctx.config),
        inputSchema: op.input.extend({ idempotency_key: schemas.idempotencyKeyInput }),
        outputSchema: schemas.startOutput,
        annotations: { ...op.annotations, readOnlyHint: false },
        _meta: meta('start', family.name, { 'mcp-jobgen/operation': op.operationId ?? `${op.method} ${op.path}` }),
      },
      (args) => startJob(ctx, family, start, op, args),
    );
  }
  register(
    family.tools.status,
    {
      title: `${family.title} job status`,
      description: describeStatus(family, ctx.config),
      inputSchema: schemas.statusInput(ctx.config.waitMaxMs),
      outputSchema: schemas.statusOutput(family),
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: meta('status', family.name),
    },
    (args, extra) => jobStatus(ctx, family, args as { job_id: string; wait_ms?: number }, extra),
  );
  if (family.tools.cancel) {
    register(
      family.tools.cancel,
      {
        title: `Cancel ${family.title} job`,
        description: describeCancel(family),
        inputSchema: schemas.jobIdInput,
        outputSchema: schemas.cancelOutput,
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
        _meta: meta('cancel', family.name),
      },
      (args) => cancelJob(ctx, family, args as { job_id: string }),
    );
  }
  if (family.tools.result) {
    register(
      family.tools.result,
      {
        title: `${family.title} job result`,
        description: describeResult(family),
        inputSchema: schemas.jobIdInput,
        outputSchema: schemas.resultOutput(family),
        annotations: { readOnlyHint: true, openWorldHint: true },
        _meta: meta('result', family.name),
      },
      (args) => jobResult(ctx, family, args as { job_id: string }),
    );
  }
}
