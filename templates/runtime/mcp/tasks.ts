/**
 * The MCP Tasks extension (io.modelcontextprotocol/tasks, SEP-2663, protocol revision 2026-07-28) over the
 * job store: a task is a job, `taskId` is the job handle, and every tasks/* call goes through the same
 * record lookup (credential partition included), refresh and honest cancel as the job tools. No task state
 * lives anywhere else. Built on the SDK's custom request handlers until the SDK ships the extension itself
 * (typescript-sdk#2189); only this file would change then.
 *
 * Only a request that declares the extension in its per-request client capabilities ever sees a task; the
 * start/status/cancel tools stay the portable baseline for every other client.
 */
import type { CallToolResult, Server, ServerContext } from '@modelcontextprotocol/server';
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import { cancelJob } from '../jobs/cancel.js';
import { loadJob } from '../jobs/jobRecords.js';
import { pollAfterFor } from '../jobs/poll.js';
import { jobResult } from '../jobs/result.js';
import type { StartView, StatusView } from '../jobs/schemas.js';
import { isStalePending, startedResult } from '../jobs/startResult.js';
import { jobStatus } from '../jobs/status.js';
import { statusResult } from '../jobs/view.js';
import { noteInterest } from '../jobs/watcher.js';
import type { JobRecord } from '../store/types.js';
import type { ToolAnswer } from '../upstream/toolResults.js';
import type { DetailedTask, JobOutcome, Task } from './taskView.js';
import { detailedTask, leadSentence, taskBase } from './taskView.js';
import type { ToolEntry } from './toolRegistry.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export type CreateTaskResult = Task & { resultType: 'task' };

export interface TasksBinding {
  declared(sctx: ServerContext): boolean;
  /** Runs a start tool; answers with a task once the job exists, else with the start's own (error) result. */
  startTask(ctx: RuntimeContext, entry: ToolEntry, args: Record<string, unknown>): Promise<CreateTaskResult | CallToolResult>;
}

/** Whether this request's own client capabilities name the extension (2025-era requests carry none). */
export function declaresTasks(sctx: ServerContext): boolean {
  const envelope = sctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  const declared = capabilities?.extensions?.[TASKS_EXTENSION];
  return typeof declared === 'object' && declared !== null;
}

export const tasksBinding: TasksBinding = {
  declared: declaresTasks,
  async startTask(ctx, entry, args) {
    const started = await ctx.lifecycle.run(() => entry.run(ctx, args, {}));
    // A start tool answers StartView (jobs/schemas.ts); the registry only knows it as some tool's result.
    const view = started.isError ? undefined : (started.structuredContent as StartView | undefined);
    const jobId = view?.job_id;
    const loaded = typeof jobId === 'string' ? await loadJob(ctx, jobId) : null;
    const family = loaded ? familyOf(ctx, loaded) : undefined;
    // A start the upstream refused made no job: the plain error result says why.
    if (!loaded || !family) return started;
    // A task's requester follows it: the watcher keeps it fresh meanwhile, on every replica.
    const record = await noteInterest(ctx, loaded);
    const pollAfterMs = view?.poll_after_ms;
    const base = taskBase(
      record,
      record.phase === 'unknown' ? 'failed' : statusOf(record),
      leadSentence(started),
      pollAfterMs || undefined,
    );
    return { ...base, resultType: 'task' };
  },
};

const taskParams = z.looseObject({ taskId: z.string().min(1) });
const updateParams = z.looseObject({ taskId: z.string().min(1), inputResponses: z.record(z.string(), z.unknown()).optional() });

/** Advertises the extension and serves tasks/get, tasks/update and tasks/cancel for this request's context. */
export function serveTasks(server: Server, ctx: RuntimeContext): void {
  server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
  server.setRequestHandler('tasks/get', { params: taskParams }, async (params, sctx) => {
    const { record, family } = await findTask(ctx, sctx, params.taskId);
    return tracked(ctx, () => getTask(ctx, family, record));
  });
  server.setRequestHandler('tasks/update', { params: updateParams }, async (params, sctx) => {
    // No job ever asks the client for input, so no response can be outstanding: acknowledged and ignored,
    // as the extension says for responses to keys that are not outstanding.
    await findTask(ctx, sctx, params.taskId);
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: taskParams }, async (params, sctx) => {
    const { record, family } = await findTask(ctx, sctx, params.taskId);
    // Cooperative and eventually consistent: the ack promises nothing; tasks/get shows what really happened.
    await tracked(ctx, () => cancelJob(ctx, family, { job_id: record.id }));
    return {};
  });
}

async function findTask(ctx: RuntimeContext, sctx: ServerContext, taskId: string): Promise<{ record: JobRecord; family: JobFamilySpec }> {
  if (!declaresTasks(sctx)) {
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  }
  if (ctx.lifecycle.isClosing) throw new ProtocolError(ProtocolErrorCode.InternalError, 'The server is shutting down; retry in a moment.');
  // Another caller's job (another credential partition) is indistinguishable from a missing one.
  const record = ctx.store ? await loadJob(ctx, taskId) : null;
  const family = record ? familyOf(ctx, record) : undefined;
  if (!record || !family) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');
  if (record.expiresAt <= ctx.now()) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task has expired');
  return { record, family };
}

function familyOf(ctx: RuntimeContext, record: JobRecord): JobFamilySpec | undefined {
  return ctx.def.families.find((f) => f.name === record.family);
}

function statusOf(record: JobRecord): Task['status'] {
  if (record.state === 'cancelled') return 'cancelled';
  if (record.state === 'succeeded' || record.state === 'failed') return 'completed';
  return 'working';
}

/** Work a tasks/* call does upstream and in the store is drained on shutdown like any tool call. */
async function tracked<T>(ctx: RuntimeContext, work: () => Promise<T>): Promise<T> {
  const promise = work();
  ctx.lifecycle.track(promise);
  return promise;
}

async function getTask(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Promise<DetailedTask> {
  await noteInterest(ctx, record);
  const status = await jobStatus(ctx, family, { job_id: record.id });
  const fresh = (await loadJob(ctx, record.id)) ?? record;
  return detailedTask(fresh, await outcomeOf(ctx, family, fresh, status));
}

/**
 * The task as its record says, for a `notifications/tasks` (mcp/taskFeed.ts): no upstream poll (the watcher or
 * a status call made the change being announced), only a settled job's result fetched when it lives elsewhere.
 */
export async function taskSnapshot(ctx: RuntimeContext, record: JobRecord): Promise<DetailedTask | null> {
  const family = familyOf(ctx, record);
  if (!family) return null;
  const status = statusResult(ctx, family, record, pollAfterFor(ctx, family, record));
  return detailedTask(record, await outcomeOf(ctx, family, record, status));
}

/** What the task is now, from the status tool's answer (the same refresh the status tool does). */
async function outcomeOf(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  fresh: JobRecord,
  status: ToolAnswer<StatusView>,
): Promise<JobOutcome> {
  if (fresh.phase === 'unknown' || isStalePending(ctx, fresh)) return { kind: 'lost', message: leadSentence(status) };
  if (status.isError) {
    // Credentials refused or a URL the policy blocks: the job may well still run upstream, so the task is
    // not over; the client keeps polling and reads why the check failed.
    return { kind: 'working', message: leadSentence(status), pollAfterMs: pollAfterFor(ctx, family, fresh) };
  }
  const structured = status.structuredContent;
  const message = structured.message || leadSentence(status);
  if (fresh.state === 'cancelled') return { kind: 'cancelled', message };
  if (fresh.state === 'succeeded' || fresh.state === 'failed') {
    return { kind: 'completed', message, result: await settledResult(ctx, family, fresh, status, structured.result !== undefined) };
  }
  return { kind: 'working', message, pollAfterMs: structured.poll_after_ms };
}

/**
 * The start tool's eventual result. Clients check it against the START tool's output schema, so its
 * structuredContent is start-shaped; the text carries the status report and the result (fetched through the
 * result tool when the job document does not hold it).
 */
async function settledResult(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  status: CallToolResult,
  inline: boolean,
): Promise<CallToolResult> {
  const content = [...status.content];
  if (record.state === 'succeeded' && family.tools.result && !inline) {
    const fetched = await jobResult(ctx, family, { job_id: record.id });
    if (fetched.isError) {
      content.push({
        type: 'text',
        text: `The result could not be fetched just now (${leadSentence(fetched)}); call ${family.tools.result} with {"job_id":"${record.id}"}.`,
      });
    } else content.push(...fetched.content);
  }
  const result: CallToolResult = { content, structuredContent: startedResult(ctx, family, record, 0, false).structuredContent };
  if (record.state === 'failed') result.isError = true;
  return result;
}
