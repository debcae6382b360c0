/**
 * Tracks store operations that are still running so `close()` can wait for them: a SIGTERM must not drop a
 * write the server already acknowledged. After close starts, new operations are refused.
 */
import { JobStoreError } from './recordRules.js';

export class InflightTracker {
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;

  /** Runs `operation`, remembering it until it settles. */
  run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.closing) {
      return Promise.reject(new JobStoreError('STORE_CLOSED', 'the job store is closed'));
    }
    // An async wrapper turns a synchronous throw (better-sqlite3) into a rejection, and still starts now.
    const promise = (async () => operation())();
    this.running.add(promise);
    const forget = (): void => {
      this.running.delete(promise);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Refuses new operations and resolves once every running one has settled (failures included). */
  async drain(): Promise<void> {
    this.closing = true;
    while (this.running.size > 0) {
      await Promise.allSettled([...this.running]);
    }
  }

  get closed(): boolean {
    return this.closing;
  }
}
