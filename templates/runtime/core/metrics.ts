/**
 * Prometheus metrics for HTTP mode (`GET /metrics`), with prom-client, loaded only when asked for. Counters
 * and the latency histogram are this process's (sum them over replicas); `mcp_jobs` and
 * `mcp_job_oldest_active_age_seconds` are read from the shared store at scrape time (every replica reports the
 * same store-wide value: aggregate them with max, not sum).
 */
import type { StoreStats } from '../store/types.js';
import type { JobStep, Observer, RecoveryKind, UpstreamEvent } from './observe.js';

export interface Metrics {
  observer: Observer;
  contentType: string;
  /** The exposition text; concurrent scrapes share one store query. */
  render(): Promise<string>;
}

/** Seconds; spans a quick REST call to a synchronous generation holding the request for minutes. */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** Family label of a record: promoted calls are `call:<tool>`, which is what the family column holds. */
function familyOf(record: { family: string }): string {
  return record.family;
}

export async function createMetrics(options: { stats: (() => Promise<StoreStats>) | null; now: () => number }): Promise<Metrics> {
  const client = (await import('prom-client')).default;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const counter = (name: string, help: string, labelNames: string[]) =>
    new client.Counter({ name, help, labelNames, registers: [registry] });

  const transitions = counter('mcp_job_transitions_total', 'Job records moved to a new phase/state by this process.', [
    'family',
    'phase',
    'state',
  ]);
  const starts = counter('mcp_job_starts_total', 'Starts (and promoted calls) whose first answer was recorded, by outcome.', [
    'family',
    'outcome',
  ]);
  const unknown = counter('mcp_job_unknown_outcomes_total', 'Requests sent upstream that got no answer (may have run upstream).', [
    'family',
  ]);
  const dedupe = counter('mcp_job_dedupe_hits_total', 'Starts or calls answered with an existing job instead of new work.', [
    'family',
    'conflict',
  ]);
  const promotions = counter('mcp_job_promotions_total', 'Plain calls that outlived JOB_PROMOTE_AFTER_MS and became jobs.', ['operation']);
  const recoveries = counter('mcp_job_recoveries_total', 'Lapsed leases handled by the recovery scan, by action.', ['action']);
  const expired = counter('mcp_job_leases_expired_total', 'Leases found lapsed (their process died or stalled).', []);
  const lost = counter('mcp_job_leases_lost_total', 'Leases of this process taken over by another replica.', []);
  const stalled = counter('mcp_job_stalled_total', 'Jobs flagged stalled (upstream status unchanged far past the expected duration).', [
    'family',
  ]);
  const upstreamErrors = counter('mcp_upstream_errors_total', 'Upstream requests that failed, by tool and kind.', ['tool', 'kind']);
  const latency = new client.Histogram({
    name: 'mcp_upstream_request_duration_seconds',
    help: 'Time to the upstream response headers, by the tool that caused the request.',
    labelNames: ['tool', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  // Both store gauges of one scrape (and scrapes arriving together) share one query; the next scrape asks again.
  let reading: Promise<StoreStats | null> | null = null;
  const readStats = (): Promise<StoreStats | null> => {
    if (!options.stats) return Promise.resolve(null);
    reading ??= options.stats().finally(() => {
      reading = null;
    });
    return reading;
  };
  new client.Gauge({
    name: 'mcp_jobs',
    help: 'Job records in the store by family and state (store-wide: aggregate replicas with max).',
    labelNames: ['family', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of (await readStats())?.byFamilyState ?? []) this.set({ family: row.family, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: 'mcp_job_oldest_active_age_seconds',
    help: 'Age of the oldest queued or running job in the store (0 when none; store-wide).',
    registers: [registry],
    async collect() {
      const oldest = (await readStats())?.oldestActiveCreatedAt ?? null;
      this.set(oldest === null ? 0 : Math.max(0, (options.now() - oldest) / 1000));
    },
  });

  const observer: Observer = {
    jobStep(record, from: JobStep | null) {
      const family = familyOf(record);
      transitions.inc({ family, phase: record.phase, state: record.state });
      if (from?.phase === 'pending' && record.phase !== 'pending') {
        starts.inc({ family, outcome: record.phase });
        if (record.phase === 'unknown') unknown.inc({ family });
      }
    },
    dedupeHit(record, conflict) {
      dedupe.inc({ family: familyOf(record), conflict: String(conflict) });
    },
    upstream(event: UpstreamEvent) {
      latency.observe({ tool: event.tool, outcome: event.outcome }, event.seconds);
      if (event.outcome !== 'ok') upstreamErrors.inc({ tool: event.tool, kind: event.outcome });
    },
    promotion(operation) {
      promotions.inc({ operation });
    },
    leaseExpired() {
      expired.inc();
    },
    leaseLost() {
      lost.inc();
    },
    recovery(_record, kind: RecoveryKind) {
      recoveries.inc({ action: kind });
    },
    stalled(record) {
      stalled.inc({ family: familyOf(record) });
    },
  };
  return { observer, contentType: registry.contentType, render: () => registry.metrics() };
}
