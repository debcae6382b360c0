/**
 * Which `subscriptions/listen` requests this server answers itself: those whose filter carries `taskIds` (the
 * Tasks extension v2 client's `contributeTaskFilterV2`). The SDK answers listen at its transport entry, before
 * any handler of ours, and its filter schema strips `taskIds` (templates/runtime/README.md, "Tasks status
 * notifications"), so such a request is taken off the wire in front of it: HTTP in mcp/httpServer.ts, stdio in
 * mcp/stdioTasks.ts. Every other listen (the four change kinds) goes to the SDK unchanged.
 *
 * A task listen is answered for its task ids only: this server advertises none of the four change kinds
 * (no `listChanged`, no resource subscriptions), so the SDK would honour none of them either.
 */
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from './tasks.js';

/** The protocol revisions that carry `subscriptions/listen` (the Tasks extension v2 is defined on them). */
const LISTEN_REVISIONS: readonly string[] = ['2026-07-28'];
/** Longer ids are none of this server's (job ids are short); refusing them bounds what one request costs. */
const MAX_TASK_ID_LENGTH = 256;

export type ListenId = string | number;

export type TaskListen =
  | { kind: 'listen'; id: ListenId; taskIds: string[]; declared: boolean; protocolVersion: string }
  | { kind: 'invalid'; id: ListenId; code: number; message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A listen request whose filter asks for task ids; anything else (null) is the SDK's. */
export function readTaskListen(message: unknown): TaskListen | null {
  if (!isObject(message) || message.method !== 'subscriptions/listen') return null;
  const id = message.id;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  const params = message.params;
  const filter = isObject(params) ? params.notifications : undefined;
  if (!isObject(filter) || !Object.hasOwn(filter, 'taskIds')) return null;
  const meta = isObject(params) ? params._meta : undefined;
  const version = isObject(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  const capabilities = isObject(meta) ? meta[CLIENT_CAPABILITIES_META_KEY] : undefined;
  if (typeof version !== 'string' || !isObject(capabilities)) {
    return {
      kind: 'invalid',
      id,
      code: -32602,
      message: 'Invalid _meta envelope: the per-request envelope is required on protocol revision 2026-07-28',
    };
  }
  if (!LISTEN_REVISIONS.includes(version)) {
    return {
      kind: 'invalid',
      id,
      code: -32602,
      message: `Unsupported protocol version ${version} for subscriptions/listen; supported: ${LISTEN_REVISIONS.join(', ')}`,
    };
  }
  const taskIds = filter.taskIds;
  if (!Array.isArray(taskIds) || !taskIds.every((t) => typeof t === 'string' && t.length > 0 && t.length <= MAX_TASK_ID_LENGTH)) {
    return { kind: 'invalid', id, code: -32602, message: "Invalid params: 'notifications.taskIds' must be a list of task ids" };
  }
  const extensions = capabilities.extensions;
  // As every tasks/* method: only a request that declares the extension ever sees a task.
  const declared = isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
  return { kind: 'listen', id, taskIds: taskIds as string[], declared, protocolVersion: version };
}

export function listenError(id: ListenId, code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

export const LIMIT_REACHED = { code: -32603, message: 'Subscription limit reached' } as const;
