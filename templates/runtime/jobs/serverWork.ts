/**
 * The work a server process carries itself, assembled once per runtime: the lease keeper, the recovery scan,
 * and the observers (the JSON log always, Prometheus metrics in HTTP mode), wired in by wrapping the
 * context's store and fetch, the two seams every job write and every upstream request pass through.
 */
import type { RuntimeContext } from '../core/context.js';
import { createLogObserver } from '../core/log.js';
import type { Metrics } from '../core/metrics.js';
import { combineObservers, type Observer, observedFetch } from '../core/observe.js';
import { observedStore } from '../core/observedStore.js';
import type { OperationSpec, ServerDefinition } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { sentMethod } from '../upstream/request.js';
import { iso } from './jobRecords.js';
import { LeaseKeeper } from './leases.js';
import { callResumer, isPromotable, type PresentSuccess } from './promotedCall.js';
import { RecoveryScanner, type Resumer } from './recovery.js';
import { resumeStart } from './start.js';
import { JobWatcher } from './watcher.js';

/** A store is needed for job families and for promotable calls. */
export function needsStore(def: ServerDefinition): boolean {
  return def.families.length > 0 || def.operations.some((op) => op.promote !== undefined);
}

export interface ServerWorkOptions {
  /** HTTP mode: Prometheus metrics for `/metrics` (prom-client is loaded only then). */
  metrics: boolean;
  /** How a plain tool presents a 2xx answer (for promoted calls answered later). */
  present: PresentSuccess;
  /** Re-sends a start whose server died (default: jobs/start.ts resumeStart). */
  resumeStart?: Resumer;
  /** Tests: no recovery timer (scan with `scanner.scanOnce()`). */
  scanTimer?: boolean;
  /** Tests: no watcher timer (tick with `watcher.tickOnce()`). */
  watchTimer?: boolean;
  /** More observers of this runtime's events (the Tasks feed hears of this replica's job changes). */
  observers?: Observer[];
}

export interface ServerWork {
  metrics: Metrics | null;
  keeper: LeaseKeeper | null;
  scanner: RecoveryScanner | null;
  /** Null without a store, with JOB_WATCH=off, or without job families (nothing to poll). */
  watcher: JobWatcher | null;
  observer: Observer;
  /** Stops the watcher (releasing its leases), the scan and the heartbeat (held leases then lapse, and another replica recovers their work). */
  close(): Promise<void>;
}

export async function attachServerWork(ctx: RuntimeContext, options: ServerWorkOptions): Promise<ServerWork> {
  const metrics = options.metrics
    ? await (await import('../core/metrics.js')).createMetrics({ stats: ctx.store ? () => ctx.store!.stats() : null, now: ctx.now })
    : null;
  const log = createLogObserver({ level: ctx.config.logLevel, secrets: ctx.config.secrets });
  const observer = combineObservers([...(metrics ? [metrics.observer] : []), log, ...(options.observers ?? [])]);
  ctx.observer = observer;
  ctx.fetch = observedFetch(ctx.fetch, observer);
  if (!ctx.store) return { metrics, keeper: null, scanner: null, watcher: null, observer, close: async () => undefined };

  ctx.store = observedStore(ctx.store, observer);
  const keeper = new LeaseKeeper(ctx.store, { leaseMs: ctx.config.leaseMs, now: ctx.now, onLost: (id) => observer.leaseLost(id) });
  ctx.leases = keeper;
  const scanner = new RecoveryScanner(ctx, keeper, {
    resumeStart: options.resumeStart ?? resumeStart,
    resumeCall: callResumer(options.present),
    findHint: (record) => findHint(ctx, record),
    onRecovered: (record, kind) => {
      if (kind !== 'lost-claim') observer.leaseExpired();
      observer.recovery(record, kind);
    },
  });
  if (options.scanTimer !== false) scanner.start();
  const watcher = ctx.config.watch.enabled && ctx.def.families.length > 0 ? new JobWatcher(ctx, keeper.owner) : null;
  if (watcher && options.watchTimer !== false) watcher.start();
  return {
    metrics,
    keeper,
    scanner,
    watcher,
    observer,
    async close() {
      // Before the store closes (the caller closes it after this): no tick may outlive it.
      await watcher?.stop();
      await scanner.stop();
      await keeper.stop();
    },
  };
}

/**
 * How to look for interrupted work upstream, for its message: the family's list tool (the contract's own
 * listing of its jobs) when it has one, with when the job was created. Promoted calls have none.
 */
export function findHint(ctx: RuntimeContext, record: JobRecord): string | undefined {
  const family = ctx.def.families.find((f) => f.name === record.family);
  if (!family?.listTool) return undefined;
  return `look for it with ${family.listTool}: a job created around ${iso(record.createdAt)} with these arguments`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/**
 * The sentences a promotable tool's description ends with, where the contract shows the call slow
 * (`promote.announce`): what it returns, and how retries behave. Every other promoted call says so in its
 * handle only, should it ever be slow: a thousand tools need not all repeat it.
 */
export function describePromotable(ctx: RuntimeContext, op: OperationSpec): string {
  if (!isPromotable(ctx, op) || !op.promote?.announce) return op.description;
  const expected = op.promote?.expectedDurationMs ? ` It usually takes about ${seconds(op.promote.expectedDurationMs)}.` : '';
  const dedupe =
    sentMethod(op) === 'GET' || sentMethod(op) === 'HEAD'
      ? ''
      : ' An identical call while one is running (or whose answer was lost) returns that call instead of running again; pass a new idempotency_key to run it anew.';
  return [
    op.description.trim(),
    `Returns the result, or a job_id (structuredContent.mcp_job) if it takes longer than ${seconds(ctx.config.promoteAfterMs)}: then poll ${ctx.def.callStatusTool} with that job_id, and do not call this tool again for the same work.${expected}${dedupe}`,
  ]
    .filter(Boolean)
    .join('\n');
}
