/**
 * The recovery scan every replica runs at start-up and every third of JOB_LEASE_MS: work whose lease lapsed
 * (its process died) is claimed with the store's conditional claim, so two replicas never recover the same
 * work, and then re-sent only where a repeat is provably harmless (an idempotent method, or a request that
 * carries the upstream's idempotency key), at most MAX_WORK_ATTEMPTS sends in all. Anything else ends
 * `failed` in the phase `interrupted`, with a reason the agent can act on. Never guess.
 */
import type { RuntimeContext } from '../core/context.js';
import { withToolLabel } from '../core/observe.js';
import { MAX_WORK_ATTEMPTS } from '../defaults.js';
import type { HttpMethod } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import { sentMethod } from '../upstream/request.js';
import type { LeaseKeeper } from './leases.js';
import { isWatchLease } from './watcher.js';

/** RFC 9110 §9.2.2: repeating these has the effect of sending them once. */
export const IDEMPOTENT_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE'];

export type RecoveryAction =
  /** Nothing to recover: the record is gone or its work had finished (only the lease's release was lost). */
  | { kind: 'release' }
  | { kind: 'resend'; attempt: number }
  | { kind: 'interrupt'; why: 'not-repeatable' | 'attempts-exhausted' | 'unknown-operation' };

/** What to do with the record of a lapsed lease. Pure: the decision table of the module comment. */
export function recoveryAction(record: JobRecord | null, method: HttpMethod | undefined, maxAttempts = MAX_WORK_ATTEMPTS): RecoveryAction {
  if (record?.phase !== 'pending') return { kind: 'release' };
  if (method === undefined) return { kind: 'interrupt', why: 'unknown-operation' };
  const repeatable = IDEMPOTENT_METHODS.includes(method) || record.upstreamIdempotencyKey !== null;
  if (!repeatable) return { kind: 'interrupt', why: 'not-repeatable' };
  const sent = record.attempts ?? 1;
  if (sent >= maxAttempts) return { kind: 'interrupt', why: 'attempts-exhausted' };
  return { kind: 'resend', attempt: sent + 1 };
}

/** A promoted call's record, as opposed to a job start's: its family is `call:<tool>`. */
export function isCallRecord(record: Pick<JobRecord, 'family'>): boolean {
  return record.family.startsWith('call:');
}

/**
 * The agent-facing reason of an interruption: what happened, why it was not repeated, and what to do. `find`
 * names a way to look for the work upstream (a list tool), when the contract offers one.
 */
export function interruptionMessage(
  record: JobRecord,
  method: HttpMethod | undefined,
  why: Exclude<RecoveryAction, { kind: 'release' | 'resend' }>['why'],
  find?: string,
): string {
  const what = isCallRecord(record) ? `call of ${record.operation}` : `start of job ${record.id}`;
  const because =
    why === 'not-repeatable'
      ? `repeating a ${method} without an upstream idempotency key could run it twice, so it was not re-sent`
      : why === 'attempts-exhausted'
        ? `it was sent ${record.attempts ?? 1} times and no attempt got an answer`
        : 'this server does not know the operation any more, so it cannot be re-sent';
  const look = find ? `Check whether it ran (${find}); if it did not` : 'Check the upstream for its effect; if it did not run';
  return `interrupted: may have run upstream. The server running the ${what} stopped before the upstream answered, and ${because}. ${look}, call ${record.operation} again with a new idempotency_key to run it anew.`;
}

export function interruptPatch(message: string): JobPatch {
  return { phase: 'interrupted', state: 'failed', error: { reason: 'interrupted', message }, lastError: message };
}

/** Re-sends the work of a claimed record under the lease; resolves once its outcome is written. */
export type Resumer = (ctx: RuntimeContext, record: JobRecord) => Promise<unknown>;

export interface RecoveryHooks {
  resumeStart?: Resumer;
  resumeCall?: Resumer;
  /** A way to find a family's work upstream (its list tool), for the interruption message. */
  findHint?: (record: JobRecord) => string | undefined;
  /** Observability: each claimed lapsed lease and what was done with it. */
  onRecovered?: (record: JobRecord | null, action: RecoveryAction['kind'] | 'lost-claim') => void;
}

export interface ScanReport {
  lapsed: number;
  claimed: number;
  resent: number;
  interrupted: number;
  released: number;
  /** Lapsed leases of work this server cannot resume (another server's or tenant's), left to them. */
  foreign: number;
}

const SCAN_BATCH = 50;

export class RecoveryScanner {
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly keeper: LeaseKeeper,
    private readonly hooks: RecoveryHooks,
  ) {}

  /** Scans now and then every third of the lease. Failures (store briefly down) are retried next tick. */
  start(): void {
    const tick = (): void => {
      this.scanning = this.scanOnce().catch(() => undefined);
    };
    tick();
    this.timer = setInterval(tick, Math.max(250, Math.floor(this.keeper.leaseMs / 3)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.scanning;
  }

  async scanOnce(): Promise<ScanReport> {
    const store = this.ctx.store;
    const report: ScanReport = { lapsed: 0, claimed: 0, resent: 0, interrupted: 0, released: 0, foreign: 0 };
    if (!store || this.stopped) return report;
    const now = this.ctx.now();
    const lapsed = await store.expiredLeases(now, SCAN_BATCH);
    report.lapsed = lapsed.length;
    for (const lease of lapsed) {
      // A lapsed watch lease (jobs/watcher.ts) is no work: its watcher died. Dropped, so it never crowds a batch.
      if (isWatchLease(lease.id)) {
        report.lapsed -= 1;
        if (await store.claimLease(lease.id, this.keeper.owner, now, now)) await store.releaseLease(lease.id, this.keeper.owner);
        continue;
      }
      // Our own live work whose beat is late (a busy event loop) is renewed, never recovered.
      if (this.keeper.holds(lease.id)) continue;
      // Another server's or another tenant's work in a shared store: only they can resume it (with their
      // operations and credentials), so it is not even claimed. A lease without a record is cleaned up.
      const record = await store.get(lease.id);
      if (record && !this.canResume(record)) {
        report.foreign += 1;
        continue;
      }
      if (!(await store.claimLease(lease.id, this.keeper.owner, this.ctx.now() + this.keeper.leaseMs, this.ctx.now()))) {
        this.hooks.onRecovered?.(null, 'lost-claim');
        continue;
      }
      report.claimed += 1;
      const kind = await this.recover(lease.id);
      if (kind === 'resend') report.resent += 1;
      else if (kind === 'interrupt') report.interrupted += 1;
      else report.released += 1;
    }
    return report;
  }

  /** Whether this server may recover the record: its partition (credentials), and its own operation and family. */
  private canResume(record: JobRecord): boolean {
    if (record.partition !== this.ctx.partition) return false;
    const op = this.ctx.operations.get(record.operation);
    if (!op) return false;
    return isCallRecord(record) ? op.promote !== undefined : this.ctx.def.families.some((f) => f.name === record.family);
  }

  /** Runs with the claimed lease; every write is conditional on the version read, so a racing writer wins. */
  private async recover(id: string): Promise<RecoveryAction['kind']> {
    const store = this.ctx.store!;
    for (let round = 0; round < 3; round++) {
      const record = await store.get(id);
      const op = record ? this.ctx.operations.get(record.operation) : undefined;
      const method = op ? sentMethod(op) : undefined;
      const resumer = record && (isCallRecord(record) ? this.hooks.resumeCall : this.hooks.resumeStart);
      let action = recoveryAction(record, method);
      // A server built without a way to resume this kind of work cannot repeat it either.
      if (action.kind === 'resend' && !resumer) action = { kind: 'interrupt', why: 'unknown-operation' };
      if (action.kind === 'release' || !record) {
        await this.keeper.release(id);
        this.hooks.onRecovered?.(record, 'release');
        return 'release';
      }
      if (action.kind === 'interrupt') {
        const message = interruptionMessage(record, method, action.why, this.hooks.findHint?.(record));
        const written = await store.update(id, record.version, interruptPatch(message), this.ctx.now());
        if (!written) continue;
        await this.keeper.release(id);
        this.hooks.onRecovered?.(written, 'interrupt');
        return 'interrupt';
      }
      // Count the attempt before sending: a crash mid-send then still counts towards the bound.
      const claimed = await store.update(id, record.version, { attempts: action.attempt }, this.ctx.now());
      if (!claimed) continue;
      this.hooks.onRecovered?.(claimed, 'resend');
      // Its upstream request is labelled with the work's own tool in the metrics, as the first attempt was.
      const resuming = this.keeper.run(id, () => resumer!(withToolLabel(this.ctx, claimed.operation), claimed));
      this.ctx.lifecycle.track(resuming);
      return 'resend';
    }
    // The record kept changing under us: someone else is working on it; let the lease lapse again.
    await this.keeper.release(id);
    return 'release';
  }
}
