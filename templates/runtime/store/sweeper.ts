/**
 * Retention: deletes expired records in the background so the store does not grow without bound. Every
 * replica may run it; `expire` is a plain conditional delete, so concurrent sweeps are harmless.
 */
import { forwardStore } from './forwardStore.js';
import type { JobStore } from './types.js';

/** How often to sweep for a retention: a tenth of it, between one second and ten minutes. */
export function sweepInterval(retentionMs: number): number {
  return Math.min(Math.max(Math.floor(retentionMs / 10), 1000), 10 * 60 * 1000);
}

/**
 * Wraps a store so that `expire(now())` runs now and every `intervalMs`; `close` stops the timer first.
 * Sweep failures (database briefly down) are reported to `onError` and retried at the next tick.
 */
export function withSweeper(
  store: JobStore,
  intervalMs: number,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): JobStore {
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = (): void => {
    sweeping = store.expire(now()).catch(onError);
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  // A pending sweep must never keep a finished process alive.
  timer.unref();
  return {
    ...forwardStore(store),
    async close() {
      clearInterval(timer);
      await sweeping;
      await store.close();
    },
  };
}
