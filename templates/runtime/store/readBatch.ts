/**
 * Reads of job records by id, batched per event-loop round. Two hundred agents polling at once make two hundred
 * `get`s that each cost the server a query (a pool checkout, a statement, a reply to parse) and the database a
 * round trip; collected until the loop's I/O phase is over (setImmediate) they go out as one read of many ids
 * (PostgreSQL `WHERE id = ANY($1)`, a Redis pipeline). A few round trips per round instead of one per call.
 *
 * Consistency is the one-read-per-get kind: a batch is sent after every `read` in it was asked for, so a read
 * sees every write that finished before it was asked for (read-your-writes holds for a caller that awaits its
 * update first). Each caller gets the stored text, never a shared object: callers parse and may mutate.
 */

/** Ids per query: bounds a statement's parameter and a pipeline's replies, whatever the burst. */
const MAX_IDS_PER_READ = 500;

/** Reads the stored text of each id; the answer is aligned with `ids`, null where there is no record. */
export type ReadMany = (ids: string[]) => Promise<Array<string | null>>;

interface Waiter {
  resolve(data: string | null): void;
  reject(error: unknown): void;
}

export class ReadBatch {
  /** Ids asked for in this round, with everyone waiting on each (the same id asked twice is read once). */
  private pending: Map<string, Waiter[]> | null = null;

  constructor(
    private readonly readMany: ReadMany,
    private readonly maxIds = MAX_IDS_PER_READ,
  ) {}

  /** The stored text of `id` (null: no record), read with every other id asked for in this round. */
  read(id: string): Promise<string | null> {
    return new Promise((resolve, reject) => {
      if (this.pending === null) {
        this.pending = new Map();
        setImmediate(() => this.flush());
      }
      const waiters = this.pending.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(id, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    const ids = [...batch.keys()];
    for (let from = 0; from < ids.length; from += this.maxIds) {
      const chunk = ids.slice(from, from + this.maxIds);
      // An async step first, so that a read that throws at once still fails its waiters instead of the timer.
      (async () => this.readMany(chunk))().then(
        (found) => {
          chunk.forEach((id, i) => {
            for (const waiter of batch.get(id) ?? []) waiter.resolve(found[i] ?? null);
          });
        },
        (error: unknown) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
        },
      );
    }
  }
}
