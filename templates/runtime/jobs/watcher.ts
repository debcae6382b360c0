/**
 * The watcher: without it nothing moves unless an agent asks. Every replica runs one; each tick it reads a
 * bounded page of this server's non-terminal jobs (rotating through them by a list cursor, plus the jobs it
 * already watches) and for each one:
 *
 * - marks it stalled when its status has not changed for far longer than expected (jobs/stall.ts), so the
 *   mark reaches the metrics without anyone looking;
 * - while someone may care (a client asked with a progress token or a Tasks request within WATCH_INTEREST_MS,
 *   recorded in the record's `interestUntil`, or the job is younger than its expected duration times
 *   JOB_WATCH_YOUNG_FACTOR), takes the job's watch lease in the store (`watch:<job_id>` in the lease table, so
 *   of two replicas only one watches a job) and refreshes it at the job's shared pace (jobs/pace.ts: never
 *   faster than its window, Retry-After or a credential hold);
 * - when nobody cares and its retention is about to run out, ends it `failed` with reason `expired`, so an
 *   abandoned job leaves the running counts and an agent that comes back reads why instead of "no such job".
 *
 * Off the hot path: an unref'd timer, at most JOB_WATCH_MAX_JOBS reads and leases per tick, one tick at a time,
 * stopped (its leases released) on shutdown before the store closes.
 */
import type { RuntimeContext } from '../core/context.js';
import { DEFAULT_WATCH_YOUNG_MS } from '../defaults.js';
import type { CanonicalState } from '../definition.js';
import { sweepInterval } from '../store/sweeper.js';
import type { JobRecord } from '../store/types.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal } from './interpret.js';
import { iso, updateRecord } from './jobRecords.js';
import { pacedRefresh, pollDue } from './pace.js';
import { noteStall, stallOf } from './stall.js';

/** Watch leases live in the lease table beside work leases, under this prefix (recovery.ts leaves them alone). */
export const WATCH_LEASE_PREFIX = 'watch:';
/** A client that asked about a job (progress token, Tasks request) keeps it watched this long. */
export const WATCH_INTEREST_MS = 5 * 60_000;

export function watchLeaseId(jobId: string): string {
  return `${WATCH_LEASE_PREFIX}${jobId}`;
}

export function isWatchLease(id: string): boolean {
  return id.startsWith(WATCH_LEASE_PREFIX);
}

/** Whether someone may care about the job now: a client asked recently, or it is young for what it is. */
export function mayCare(
  record: Pick<JobRecord, 'interestUntil' | 'createdAt'>,
  expectedMs: number | null,
  now: number,
  youngFactor: number,
): boolean {
  if ((record.interestUntil ?? 0) > now) return true;
  const young = expectedMs !== null && expectedMs > 0 ? expectedMs * youngFactor : DEFAULT_WATCH_YOUNG_MS;
  return now - record.createdAt < young;
}

/**
 * When an abandoned job is ended: one sweep before its retention runs out (the sweep may delete it any time in
 * the sweep interval after expiresAt), so the ended record, kept for a new retention, is what the agent finds.
 */
export function abandonedAt(record: Pick<JobRecord, 'expiresAt'>, retentionMs: number): number {
  return record.expiresAt - sweepInterval(retentionMs);
}

export function expiryMessage(record: Pick<JobRecord, 'updatedAt'>, retentionMs: number): string {
  const days = retentionMs >= 86_400_000 ? `${Math.round(retentionMs / 86_400_000)} days` : `${Math.round(retentionMs / 60_000)} min`;
  return `expired: nobody asked about this job for about ${days} (last change ${iso(record.updatedAt)}), so the server stopped following it. It may still have finished upstream; check the upstream, or start it again.`;
}

/**
 * A client asked about the job in a way that wants news (a progress token, a Tasks request): keep it watched for
 * WATCH_INTEREST_MS on every replica. Written at most once per half window; never fails the call that asked.
 */
export async function noteInterest(ctx: RuntimeContext, record: JobRecord): Promise<JobRecord> {
  if (!ctx.config.watch.enabled || !ctx.store || isTerminal(record.state)) return record;
  const now = ctx.now();
  if ((record.interestUntil ?? 0) - now > WATCH_INTEREST_MS / 2) return record;
  const patch = { interestUntil: now + WATCH_INTEREST_MS, expiresAt: now + ctx.config.retentionMs };
  return (await updateRecord(ctx, record, patch).catch(() => null)) ?? record;
}

export interface WatchReport {
  /** Non-terminal records looked at. */
  examined: number;
  /** Upstream polls made for them (at their pace). */
  polled: number;
  /** Jobs another replica watches (its lease), left to it. */
  leasedElsewhere: number;
  stalled: number;
  expired: number;
}

/** The states the watcher rotates through; each tick reads the next page of each. */
const ACTIVE_STATES: readonly CanonicalState[] = ['running', 'queued'];

export class JobWatcher {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Watch leases this replica holds: job id → until. */
  private readonly held = new Map<string, number>();
  /** Where each state's rotation goes on at the next tick. */
  private readonly cursors = new Map<CanonicalState, string>();

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly owner: string,
  ) {}

  get watching(): readonly string[] {
    return [...this.held.keys()];
  }

  /** Ticks every JOB_WATCH_INTERVAL_MS; a tick still running makes the next one wait its turn. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tickOnce()).catch(() => undefined);
    }, this.ctx.config.watch.intervalMs);
    // The watcher must never keep a finished process alive.
    this.timer.unref();
  }

  /** Stops ticking, waits for the tick in flight, and releases every watch lease (another replica takes over). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const store = this.ctx.store;
    const ids = [...this.held.keys()];
    this.held.clear();
    if (store) await Promise.all(ids.map((id) => store.releaseLease(watchLeaseId(id), this.owner).catch(() => undefined)));
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** One pass: the jobs already watched, then the next page of the rotation. Store failures wait for the next tick. */
  async tickOnce(): Promise<WatchReport> {
    const report: WatchReport = { examined: 0, polled: 0, leasedElsewhere: 0, stalled: 0, expired: 0 };
    const store = this.ctx.store;
    if (!store || this.stopped || this.ctx.lifecycle.isClosing) return report;
    const seen = new Set<string>();
    for (const id of [...this.held.keys()]) {
      seen.add(id);
      const record = await store.get(id);
      if (!record) await this.release(id);
      else await this.examine(record, report);
      if (this.stopped) return report;
    }
    for (const record of await this.nextPage()) {
      if (seen.has(record.id)) continue;
      await this.examine(record, report);
      if (this.stopped) return report;
    }
    return report;
  }

  /** The next page of each active state (half the bound each), advancing each state's rotation. */
  private async nextPage(): Promise<JobRecord[]> {
    const limit = Math.max(1, Math.ceil(this.ctx.config.watch.maxJobs / ACTIVE_STATES.length));
    const pages = await Promise.all(
      ACTIVE_STATES.map(async (state) => {
        const cursor = this.cursors.get(state);
        const page = await this.ctx.store!.list({ state, partition: this.ctx.partition, limit, ...(cursor ? { cursor } : {}) });
        // At the end of the list the rotation starts again from the newest.
        if (page.nextCursor) this.cursors.set(state, page.nextCursor);
        else this.cursors.delete(state);
        return page.jobs;
      }),
    );
    return pages.flat();
  }

  private async examine(record: JobRecord, report: WatchReport): Promise<void> {
    const family = this.ctx.def.families.find((f) => f.name === record.family);
    // Only jobs this server can poll: its own families and credentials, with an accepted start. Work still in
    // flight (a start, a promoted call) is the lease keeper's and the recovery scan's.
    if (!family || record.partition !== this.ctx.partition || record.phase !== 'accepted' || isTerminal(record.state)) {
      await this.release(record.id);
      return;
    }
    report.examined += 1;
    const { watch, retentionMs } = this.ctx.config;
    let current = record;
    const now = this.ctx.now();
    const expected = expectedDurationFor(family, current);
    const stall = stallOf(current, expected, now);
    if (stall.stalled && !current.stalledAt) {
      current = await noteStall(this.ctx, current, stall);
      if (current.stalledAt) report.stalled += 1;
    }
    if (!mayCare(current, expected, now, watch.youngFactor)) {
      await this.release(current.id);
      if (now >= abandonedAt(current, retentionMs) && (await this.expire(current))) report.expired += 1;
      return;
    }
    if (!(await this.lease(current.id, now))) {
      report.leasedElsewhere += 1;
      return;
    }
    if (!pollDue(current, now)) return;
    const before = current.lastPolledAt ?? null;
    const refresh = await pacedRefresh(this.ctx, family, current);
    if ((refresh.record.lastPolledAt ?? null) !== before) report.polled += 1;
    if (isTerminal(refresh.record.state)) await this.release(current.id);
  }

  /** Takes or keeps the job's watch lease: a new one only below JOB_WATCH_MAX_JOBS, our own renewed when half spent. */
  private async lease(id: string, now: number): Promise<boolean> {
    const ours = this.held.get(id);
    const leaseMs = Math.max(this.ctx.config.leaseMs, 4 * this.ctx.config.watch.intervalMs);
    if (ours !== undefined && ours - now > leaseMs / 2) return true;
    if (ours === undefined && this.held.size >= this.ctx.config.watch.maxJobs) return false;
    const until = now + leaseMs;
    const won = await this.ctx.store!.claimLease(watchLeaseId(id), this.owner, until, now);
    if (won) this.held.set(id, until);
    else this.held.delete(id);
    return won;
  }

  private async release(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    await this.ctx.store?.releaseLease(watchLeaseId(id), this.owner).catch(() => undefined);
  }

  /** Ends an abandoned job (a conditional write: any change meanwhile means someone cared, and it stays). */
  private async expire(record: JobRecord): Promise<boolean> {
    const message = expiryMessage(record, this.ctx.config.retentionMs);
    const written = await updateRecord(this.ctx, record, {
      state: 'failed',
      error: { reason: 'expired', message },
      lastError: message,
      expiresAt: this.ctx.now() + this.ctx.config.retentionMs,
    }).catch(() => null);
    return written !== null;
  }
}
