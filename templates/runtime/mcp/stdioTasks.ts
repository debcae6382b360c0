/**
 * Task subscriptions over stdio: the transport handed to `serveStdio` is wrapped so that a task-carrying
 * `subscriptions/listen` (mcp/taskListen.ts) and the `notifications/cancelled` that ends one are answered here,
 * before the SDK's entry sees them (it would strip `taskIds` and acknowledge none). Every other message reaches
 * the SDK unchanged, in order; what this wrapper writes goes out through the same transport.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import type { SubscriptionId, TaskFeed } from './taskFeed.js';
import { LIMIT_REACHED, listenError, readTaskListen } from './taskListen.js';

type Receive = NonNullable<Transport['onmessage']>;

export class TaskListenTransport implements Transport {
  onmessage?: Receive;
  /** This connection's task streams by subscription id, with their teardowns. */
  private readonly streams = new Map<SubscriptionId, () => void>();

  constructor(
    private readonly inner: Transport,
    private readonly feed: TaskFeed,
    private readonly ctx: RuntimeContext,
  ) {
    inner.onmessage = (message, extra) => {
      if (!this.intercept(message)) this.onmessage?.(message, extra);
    };
  }

  get onclose(): Transport['onclose'] {
    return this.inner.onclose;
  }

  set onclose(handler: Transport['onclose']) {
    this.inner.onclose = () => {
      this.teardownAll();
      handler?.();
    };
  }

  get onerror(): Transport['onerror'] {
    return this.inner.onerror;
  }

  set onerror(handler: Transport['onerror']) {
    this.inner.onerror = handler;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  close(): Promise<void> {
    this.teardownAll();
    return this.inner.close();
  }

  /** True when the message was a task listen (or the cancel of one) and was answered here. */
  private intercept(message: JSONRPCMessage): boolean {
    const record = message as Record<string, unknown>;
    if (record.method === 'notifications/cancelled') {
      const requestId = (record.params as { requestId?: unknown } | undefined)?.requestId;
      const teardown = typeof requestId === 'string' || typeof requestId === 'number' ? this.streams.get(requestId) : undefined;
      if (!teardown) return false;
      teardown();
      this.streams.delete(requestId as SubscriptionId);
      return true;
    }
    const listen = readTaskListen(message);
    if (!listen) return false;
    void this.serve(listen).catch((error: unknown) => this.inner.onerror?.(error instanceof Error ? error : new Error(String(error))));
    return true;
  }

  private async serve(listen: NonNullable<ReturnType<typeof readTaskListen>>): Promise<void> {
    const write = (message: Record<string, unknown>) => void this.inner.send(message as JSONRPCMessage).catch(() => undefined);
    if (listen.kind === 'invalid') return write(listenError(listen.id, listen.code, listen.message));
    if (this.streams.has(listen.id)) return write(listenError(listen.id, -32600, 'A subscription with this id is already open'));
    if (this.feed.isFull) return write(listenError(listen.id, LIMIT_REACHED.code, LIMIT_REACHED.message));
    const honoured = listen.declared ? await this.feed.honoured(this.ctx, listen.taskIds) : [];
    const id = listen.id;
    const teardown = this.feed.open(this.ctx, id, honoured, { write, end: () => this.streams.delete(id) });
    // A stream ended at once (nothing honoured) has already removed itself: nothing to keep.
    if (honoured.length > 0) this.streams.set(id, teardown);
  }

  private teardownAll(): void {
    for (const teardown of this.streams.values()) teardown();
    this.streams.clear();
  }
}
