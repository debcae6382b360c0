/**
 * Raw JSON-RPC against a runtime server over the SDK's in-memory transport, served the way stdio mode serves
 * (the opening message picks the era). For what no SDK client sends yet: the Tasks extension's methods on
 * the 2026-07-28 era, with or without the extension in the request's client capabilities.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { CreateServerOptions, ServerDefinition } from '../../templates/runtime/index.js';
import { createServer } from '../../templates/runtime/index.js';
import { STEPPED_ENV } from './harness.js';
import { MemoryJobStore } from './memoryStore.js';

export const TASKS = 'io.modelcontextprotocol/tasks';
export const WITH_TASKS = { extensions: { [TASKS]: {} } };

export interface RpcAnswer {
  result?: Record<string, any>;
  error?: { code: number; message: string; data?: any };
}

export interface RawMcp {
  store: MemoryJobStore;
  /** A 2026-07-28 request carrying the per-request `_meta` envelope with these client capabilities. */
  modern(method: string, params?: Record<string, unknown>, capabilities?: Record<string, unknown>): Promise<RpcAnswer>;
  /** Any message; resolves with its answer (requests) or at once (notifications). */
  send(message: Record<string, unknown>): Promise<RpcAnswer>;
  /** Every notification the server sent, in order. */
  notifications: Record<string, any>[];
  /** The first notification (already received or still to come) that matches. */
  nextNotification(match: (notification: Record<string, any>) => boolean): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export async function rawConnect(def: ServerDefinition, options: CreateServerOptions & { store?: MemoryJobStore } = {}): Promise<RawMcp> {
  const store = options.store ?? new MemoryJobStore();
  // As harness.ts: the fake upstream stepped one state per status call, a start waited for (STEPPED_ENV).
  const env = options.env ? { ...STEPPED_ENV, ...options.env } : undefined;
  const created = await createServer(def, { ...options, ...(env ? { env } : {}), store });
  const [client, server] = InMemoryTransport.createLinkedPair();
  const waiting = new Map<unknown, (answer: RpcAnswer) => void>();
  const notifications: Record<string, any>[] = [];
  const watchers: Array<{ match: (n: Record<string, any>) => boolean; resolve: (n: Record<string, any>) => void }> = [];
  client.onmessage = (message) => {
    if ('id' in message && ('result' in message || 'error' in message)) waiting.get(message.id)?.(message as RpcAnswer);
    else if ('method' in message && !('id' in message)) {
      notifications.push(message);
      for (const watcher of [...watchers]) {
        if (!watcher.match(message)) continue;
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve(message);
      }
    }
  };
  await created.serve(server);
  await client.start();
  let nextId = 1;
  const send = (message: Record<string, unknown>): Promise<RpcAnswer> => {
    if (!('id' in message)) return client.send(message as JSONRPCMessage).then(() => ({}));
    const answer = new Promise<RpcAnswer>((resolve) => waiting.set(message.id, resolve));
    return client.send(message as JSONRPCMessage).then(() => answer);
  };
  return {
    store,
    send,
    notifications,
    nextNotification(match) {
      const seen = notifications.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => watchers.push({ match, resolve }));
    },
    modern(method, params = {}, capabilities = {}) {
      const _meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': capabilities,
        'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
      };
      return send({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta } });
    },
    async close() {
      await client.close();
      await created.close();
    },
  };
}

/** Polls tasks/get until the task leaves `working` (the fake upstream advances one step per poll). */
export async function pollTask(mcp: RawMcp, taskId: string, maxPolls = 12): Promise<Record<string, any>[]> {
  const seen: Record<string, any>[] = [];
  for (let i = 0; i < maxPolls; i++) {
    const answer = await mcp.modern('tasks/get', { taskId }, WITH_TASKS);
    if (!answer.result) throw new Error(`tasks/get failed: ${JSON.stringify(answer.error)}`);
    seen.push(answer.result);
    if (answer.result.status !== 'working') return seen;
  }
  throw new Error(`task ${taskId} still working after ${maxPolls} polls`);
}
