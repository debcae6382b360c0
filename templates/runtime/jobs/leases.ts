/**
 * Lease keeping for work that runs inside this process (a start waiting for its answer, a promoted call).
 * Each piece of work holds a lease in the store while it runs; one timer per process renews every held lease
 * every third of JOB_LEASE_MS, so a process killed mid-work leaves a lease that lapses within seconds and a
 * recovery scan (recovery.ts) on any replica picks the work up.
 */
import { randomBytes } from 'node:crypto';
import type { JobStore, Lease } from '../store/types.js';

/** `r_<pid>_<random>`: unique per process, readable in the store and in logs. */
export function newOwnerId(): string {
  return `r_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface LeaseKeeperOptions {
  leaseMs: number;
  now: () => number;
  /** Called when a renewal finds the lease taken by another replica (the work goes on; its writes may race). */
  onLost?: (id: string) => void;
  owner?: string;
}

export class LeaseKeeper {
  readonly owner: string;
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: JobStore,
    private readonly options: LeaseKeeperOptions,
  ) {
    this.owner = options.owner ?? newOwnerId();
  }

  get leaseMs(): number {
    return this.options.leaseMs;
  }

  /** The lease to write with a new record (store.create's third argument). */
  newLease(): Omit<Lease, 'id'> {
    return { owner: this.owner, until: this.options.now() + this.options.leaseMs };
  }

  holds(id: string): boolean {
    return this.held.has(id);
  }

  get heldCount(): number {
    return this.held.size;
  }

  /** Starts renewing a lease this process already holds (written with the record, or claimed). */
  hold(id: string): void {
    this.held.add(id);
    if (this.timer) return;
    this.timer = setInterval(
      () => {
        this.renewing = this.renewAll();
      },
      Math.max(250, Math.floor(this.options.leaseMs / 3)),
    );
    // Renewals must never keep a finished process alive.
    this.timer.unref();
  }

  /** Stops renewing and drops the lease in the store (a failure is harmless: the lease lapses by itself). */
  async release(id: string): Promise<void> {
    this.forget(id);
    await this.store.releaseLease(id, this.owner).catch(() => undefined);
  }

  /** Holds the lease of `id` while `work` runs, then releases it, whatever the work's outcome. */
  async run<T>(id: string, work: () => Promise<T>): Promise<T> {
    this.hold(id);
    try {
      return await work();
    } finally {
      await this.release(id);
    }
  }

  /** Stops the timer (shutdown); held leases then lapse on their own, so other replicas recover the work. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing;
  }

  /** Stops renewing without releasing: the lease lapses by itself (and the work is recovered elsewhere). */
  forget(id: string): void {
    this.held.delete(id);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** One heartbeat for every held lease, in parallel; a store error is retried at the next beat. */
  async renewAll(): Promise<void> {
    const until = this.options.now() + this.options.leaseMs;
    await Promise.all(
      [...this.held].map(async (id) => {
        const kept = await this.store.renewLease(id, this.owner, until).catch(() => true);
        if (!kept && this.held.has(id)) {
          this.forget(id);
          this.options.onLost?.(id);
        }
      }),
    );
  }
}
