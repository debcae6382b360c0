/**
 * Graceful shutdown: once closing, new tool calls are refused with a clear result, and close() waits (within
 * a grace period) for calls already running, so store writes they started are not cut off.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';

export class Lifecycle {
  private closing = false;
  private readonly inflight = new Set<Promise<unknown>>();

  get isClosing(): boolean {
    return this.closing;
  }

  get inflightCount(): number {
    return this.inflight.size;
  }

  /** Runs one tool call unless the server is shutting down. */
  async run(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
    if (this.closing) {
      return {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'The server is shutting down and takes no new calls.\nHint: retry in a moment (another replica, or after restart).',
          },
        ],
      };
    }
    const promise = work();
    this.inflight.add(promise);
    try {
      return await promise;
    } finally {
      this.inflight.delete(promise);
    }
  }

  /** Work that outlives the call that began it (a start answered before the upstream did): drained too. */
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inflight.add(settled);
    void settled.then(() => this.inflight.delete(settled));
  }

  /** Stops new calls and waits up to graceMs for running ones; resolves true when all finished. */
  async drain(graceMs: number): Promise<boolean> {
    this.closing = true;
    if (this.inflight.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    const settled = Promise.allSettled([...this.inflight]).then(() => true as const);
    const finished = await Promise.race([settled, timeout]);
    clearTimeout(timer);
    return finished;
  }
}
