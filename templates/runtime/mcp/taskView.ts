/**
 * A job record seen as a task of the MCP Tasks extension (io.modelcontextprotocol/tasks, SEP-2663). Pure:
 * the caller refreshes the job first (the status tool's logic) and hands over what it learned.
 *
 * State mapping, per the extension's text: queued/running (and a start still waiting for its answer) are
 * `working`; succeeded is `completed` with the tool result inline; an upstream failure is a tool execution
 * error, so it is `completed` with `isError: true` ("failed MUST NOT be used for non-JSON-RPC errors");
 * cancelled is `cancelled`; a start whose outcome the server never learned is `failed` with a JSON-RPC error,
 * because the server lost track of the execution itself.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { JobRecord } from '../store/types.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export type Task = {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** Integer ms from creation; retention counts from the last write, so it grows while the job is polled. */
  ttlMs: number | null;
  pollIntervalMs?: number;
};

export type DetailedTask =
  | (Task & { status: 'working' | 'cancelled' })
  | (Task & { status: 'completed'; result: CallToolResult })
  | (Task & { status: 'failed'; error: { code: number; message: string } });

/** What the caller learned about the job when it refreshed it. */
export type JobOutcome =
  | { kind: 'working'; message: string; pollAfterMs: number }
  | { kind: 'completed'; message: string; result: CallToolResult }
  | { kind: 'cancelled'; message: string }
  | { kind: 'lost'; message: string };

export function taskBase(record: JobRecord, status: TaskStatus, message: string, pollAfterMs?: number): Task {
  const task: Task = {
    taskId: record.id,
    status,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.updatedAt).toISOString(),
    ttlMs: Math.max(0, Math.round(record.expiresAt - record.createdAt)),
  };
  if (message) task.statusMessage = message;
  // The spec wants a positive integer; a terminal task has nothing left to poll for.
  if (status === 'working' && pollAfterMs !== undefined) task.pollIntervalMs = Math.max(1, Math.round(pollAfterMs));
  return task;
}

export function detailedTask(record: JobRecord, outcome: JobOutcome): DetailedTask {
  switch (outcome.kind) {
    case 'working':
      return { ...taskBase(record, 'working', outcome.message, outcome.pollAfterMs), status: 'working' };
    case 'completed':
      return { ...taskBase(record, 'completed', outcome.message), status: 'completed', result: outcome.result };
    case 'cancelled':
      return { ...taskBase(record, 'cancelled', outcome.message), status: 'cancelled' };
    case 'lost':
      return {
        ...taskBase(record, 'failed', outcome.message),
        status: 'failed',
        error: { code: ProtocolErrorCode.InternalError, message: outcome.message },
      };
  }
}

/** First line of a tool result's text: the sentence the status and start tools lead with. */
export function leadSentence(result: CallToolResult): string {
  for (const block of result.content) if (block.type === 'text') return block.text.split('\n')[0] ?? '';
  return '';
}
