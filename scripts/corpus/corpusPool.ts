/**
 * The worker pool of the corpus commands (runCorpus.ts, metamorphic.ts): each file of the list goes to a worker
 * thread as one message, and its one answer comes back; a worker that does not answer within the timeout, or dies,
 * is replaced and the file is scored by `hung`, so that one spec can never stop the run.
 */
import { Worker } from 'node:worker_threads';

export interface PoolOptions<T> {
  files: readonly string[];
  workerFile: string;
  workers: number;
  timeoutMs: number;
  /** The message a worker gets for one file. */
  message: (file: string) => unknown;
  /** The result of a file whose worker hung or died. */
  hung: (file: string, reason: string) => T;
  /** Told of each answer, for progress lines. */
  onResult?: (result: T, done: number) => void;
}

export function runPool<T>(o: PoolOptions<T>): Promise<T[]> {
  const results: T[] = new Array(o.files.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve) => {
    if (o.files.length === 0) resolve(results);
    const startWorker = () => {
      const w = new Worker(o.workerFile);
      let current = -1;
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        done++;
        o.onResult?.(results[current]!, done);
        if (done === o.files.length) resolve(results);
      };
      const feed = () => {
        if (next >= o.files.length) {
          void w.terminate();
          return;
        }
        current = next++;
        const file = o.files[current]!;
        timer = setTimeout(() => {
          results[current] = o.hung(file, `timeout: no answer within ${o.timeoutMs} ms`);
          finish();
          void w.terminate();
          startWorker();
        }, o.timeoutMs);
        w.postMessage(o.message(file));
      };
      w.on('message', (m: T) => {
        clearTimeout(timer);
        results[current] = m;
        finish();
        feed();
      });
      w.on('error', (e) => {
        clearTimeout(timer);
        results[current] = o.hung(o.files[current]!, `worker died: ${e.message}`);
        finish();
        startWorker();
      });
      feed();
    };
    for (let i = 0; i < Math.min(o.workers, o.files.length); i++) startWorker();
  });
}
