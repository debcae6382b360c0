/**
 * Tasks status notifications (`notifications/tasks`, the Tasks extension v2) for the task subscriptions of
 * `subscriptions/listen` that this server answers itself (mcp/taskListen.ts). One feed per process, shared by
 * every stream (HTTP responses, stdio connections); a stream is a sink that writes JSON-RPC messages.
 *
 * Where changes come from: any replica may move a job (its watcher refreshes jobs at their pace, a status call
 * polls), and the only place they all meet is the store. So the feed re-reads the records its streams follow,
 * one tick at a time every JOB_WATCH_INTERVAL_MS, and announces each task whose state moved since it last did;
 * a change this replica writes (the runtime's observer) brings the next tick forward. Following a task counts
 * as caring about it: the feed renews the job's interest (jobs/watcher.ts noteInterest), so some replica's
 * watcher keeps it refreshed while a stream is open.
 *
 * Bounded against a hostile client: at most MAX_TASK_STREAMS streams per process and MAX_TASK_IDS ids per
 * stream, so a tick reads at most their product. A task that ended is announced once and dropped; a stream
 * with nothing left to follow is closed gracefully (the empty listen result), as is every stream on shutdown.
 */
import { SERVER_INFO_META_KEY, SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { NOOP_OBSERVER, type Observer } from '../core/observe.js';
import { isTerminal } from '../jobs/interpret.js';
import { noteInterest } from '../jobs/watcher.js';
import type { JobRecord } from '../store/types.js';
import { taskSnapshot } from './tasks.js';

/** Open task streams per process; one more is refused (-32603, as the SDK refuses past its own limit). */
export const MAX_TASK_STREAMS = 256;
/** Task ids one stream follows; the acknowledgement names the ones honoured, never more. */
export const MAX_TASK_IDS = 64;

export type SubscriptionId = string | number;

/** Where one stream's messages go (an SSE response, a stdio connection). */
export interface TaskSink {
  /** Writes one JSON-RPC message to the client. */
  write(message: Record<string, unknown>): void;
  /** Ends the stream after the graceful-close result was written (HTTP: ends the response). */
  end(): void;
}

interface TaskStream {
  id: SubscriptionId;
  ctx: RuntimeContext;
  sink: TaskSink;
  taskIds: Set<string>;
  /** What was last announced per task (its change key). */
  announced: Map<string, string>;
}

/** What makes a change worth announcing: the task's state and the upstream's own word for it. */
function changeKey(record: JobRecord): string {
  return `${record.phase}|${record.state}|${record.upstreamStatus ?? ''}`;
}

export class TaskFeed {
  private readonly streams = new Set<TaskStream>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly serverInfo: { name: string; version: string },
  ) {}

  get openCount(): number {
    return this.streams.size;
  }

  get isFull(): boolean {
    return this.streams.size >= MAX_TASK_STREAMS;
  }

  /** This replica's own writes: a followed job that moved is announced at once, not a tick later. */
  readonly observer: Observer = {
    ...NOOP_OBSERVER,
    jobStep: (record) => {
      for (const stream of this.streams) {
        if (stream.taskIds.has(record.id)) {
          this.tickSoon();
          return;
        }
      }
    },
  };

  /**
   * The requested ids this caller may follow: its own partition's tasks (another credential's task is as
   * unknown as a missing one), of this server's families, not expired. Only the first MAX_TASK_IDS distinct
   * ids are looked at.
   */
  async honoured(ctx: RuntimeContext, requested: readonly string[]): Promise<string[]> {
    const store = ctx.store;
    if (!store) return [];
    const ids = [...new Set(requested)].slice(0, MAX_TASK_IDS);
    const records = await Promise.all(ids.map((id) => store.get(id).catch(() => null)));
    const now = ctx.now();
    return ids.filter((_, i) => {
      const record = records[i];
      return (
        record !== null &&
        record !== undefined &&
        record.partition === ctx.partition &&
        record.expiresAt > now &&
        ctx.def.families.some((f) => f.name === record.family)
      );
    });
  }

  /**
   * Opens a stream: writes the acknowledgement, then (on the next tick) each task's current state, so a change
   * made between the client's last look and its listen is not lost. Returns the stream's teardown (the client
   * went away or cancelled: nothing more is written).
   */
  open(ctx: RuntimeContext, id: SubscriptionId, taskIds: readonly string[], sink: TaskSink): () => void {
    sink.write({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [...taskIds] }, _meta: { [SUBSCRIPTION_ID_META_KEY]: id } },
    });
    if (taskIds.length === 0 || this.closed) {
      this.finish(id, sink);
      return () => undefined;
    }
    const stream: TaskStream = { id, ctx, sink, taskIds: new Set(taskIds), announced: new Map() };
    this.streams.add(stream);
    this.startTimer();
    this.tickSoon();
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) this.stopTimer();
    };
  }

  /** Shutdown: every stream gets the graceful-close result and ends; the drain never waits for one. */
  close(): void {
    this.closed = true;
    this.stopTimer();
    for (const stream of [...this.streams]) this.end(stream);
  }

  /** One pass over the followed tasks; exposed for tests that step it. */
  async tickOnce(): Promise<void> {
    if (this.closed || this.streams.size === 0) return;
    const byTask = new Map<string, TaskStream[]>();
    for (const stream of this.streams) {
      for (const taskId of stream.taskIds) byTask.set(taskId, [...(byTask.get(taskId) ?? []), stream]);
    }
    const store = this.ctx.store;
    if (!store) return;
    for (const [taskId, followers] of byTask) {
      if (this.closed) return;
      const record = await store.get(taskId).catch(() => undefined);
      // A read that failed waits for the next tick; a record gone (retention) ends the task's following.
      if (record === undefined) continue;
      if (record === null) {
        for (const stream of followers) this.drop(stream, taskId);
        continue;
      }
      const key = changeKey(record);
      const due = followers.filter((stream) => stream.announced.get(taskId) !== key);
      // Every follower is of the record's partition (checked when acknowledged): the first one's context reads it.
      const owner = followers[0]!.ctx;
      if (!isTerminal(record.state)) await noteInterest(owner, record).catch(() => undefined);
      if (due.length > 0) {
        const task = await taskSnapshot(owner, record).catch(() => null);
        if (task && !this.closed) {
          for (const stream of due) {
            if (!this.streams.has(stream)) continue;
            stream.announced.set(taskId, key);
            stream.sink.write({
              jsonrpc: '2.0',
              method: 'notifications/tasks',
              params: { ...task, _meta: { [SUBSCRIPTION_ID_META_KEY]: stream.id } },
            });
          }
        }
      }
      if (isTerminal(record.state)) for (const stream of followers) if (stream.announced.get(taskId) === key) this.drop(stream, taskId);
    }
  }

  private drop(stream: TaskStream, taskId: string): void {
    stream.taskIds.delete(taskId);
    if (stream.taskIds.size === 0) this.end(stream);
  }

  private end(stream: TaskStream): void {
    if (!this.streams.delete(stream)) return;
    if (this.streams.size === 0) this.stopTimer();
    this.finish(stream.id, stream.sink);
  }

  /** The spec's graceful close: the empty `subscriptions/listen` result, stamped with the id and the server. */
  private finish(id: SubscriptionId, sink: TaskSink): void {
    sink.write({
      jsonrpc: '2.0',
      id,
      result: {
        resultType: 'complete',
        _meta: { [SUBSCRIPTION_ID_META_KEY]: id, [SERVER_INFO_META_KEY]: this.serverInfo },
      },
    });
    sink.end();
  }

  private tickSoon(): void {
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = (async () => {
      do {
        this.again = false;
        await this.tickOnce().catch(() => undefined);
      } while (this.again && !this.closed);
      this.ticking = null;
    })();
  }

  private startTimer(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.tickSoon(), this.ctx.config.watch.intervalMs);
    // A feed never keeps a finished process alive.
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
