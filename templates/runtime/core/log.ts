/**
 * The JSON log on stderr (pino): one line per job transition and per event of the server's own work
 * (promotion, lapsed lease, recovery, stall). stdout belongs to the MCP stdio transport, so nothing else is
 * ever written there. Lines carry ids, names, states and counts; the only free text, an error reason, is
 * scrubbed of every configured secret and cut short. The destination is synchronous: a line about a
 * transition is out before the next step, even if the process is killed right after.
 */
import type { Writable } from 'node:stream';
import pino from 'pino';
import type { JobRecord } from '../store/types.js';
import type { LogLevel } from './config.js';
import type { JobStep, Observer, RecoveryKind } from './observe.js';
import { scrubSecrets } from './secrets.js';

const REASON_CHARS = 300;

export interface LogOptions {
  level: LogLevel;
  secrets: readonly string[];
  /** Default: fd 2, synchronous. Tests pass a stream. */
  destination?: Writable;
}

function reasonOf(record: JobRecord, secrets: readonly string[]): string | undefined {
  const error = record.error as { message?: unknown; reason?: unknown } | null | undefined;
  const text =
    record.lastError ?? (typeof error?.message === 'string' ? error.message : typeof error?.reason === 'string' ? error.reason : undefined);
  return text ? scrubSecrets(text, secrets).slice(0, REASON_CHARS) : undefined;
}

function jobFields(record: JobRecord): Record<string, unknown> {
  return { job_id: record.id, family: record.family, operation: record.operation };
}

export function createLogObserver(options: LogOptions): Observer {
  const destination = options.destination ?? pino.destination({ dest: 2, sync: true });
  const log = pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const secrets = options.secrets;
  return {
    jobStep(record, from: JobStep | null) {
      const line: Record<string, unknown> = {
        event: from === null ? 'job.created' : 'job.transition',
        ...jobFields(record),
        from: from ? `${from.phase}/${from.state}` : null,
        to: `${record.phase}/${record.state}`,
        upstream_status: record.upstreamStatus,
      };
      if (record.attempts !== undefined) line.attempts = record.attempts;
      const reason = record.state === 'failed' || record.phase === 'unknown' ? reasonOf(record, secrets) : undefined;
      if (reason) line.reason = reason;
      log.info(line, from === null ? 'job created' : 'job transition');
    },
    dedupeHit(record, conflict) {
      log.info({ event: conflict ? 'job.key_conflict' : 'job.deduplicated', ...jobFields(record) }, 'existing job returned');
    },
    upstream(event) {
      if (event.outcome !== 'ok') {
        log.debug({ event: 'upstream.error', tool: event.tool, method: event.method, outcome: event.outcome, status: event.status });
      }
    },
    promotion(operation) {
      log.info({ event: 'call.promoted', operation }, 'slow call promoted to a job');
    },
    leaseExpired() {
      log.debug({ event: 'lease.expired' });
    },
    leaseLost(id) {
      log.warn({ event: 'lease.lost', job_id: id }, 'lease taken over by another replica');
    },
    recovery(record, kind: RecoveryKind) {
      if (kind === 'lost-claim') return;
      log.info(
        { event: 'job.recovery', action: kind, ...(record ? jobFields(record) : {}), attempts: record?.attempts },
        'lapsed lease recovered',
      );
    },
    stalled(record) {
      log.warn({ event: 'job.stalled', ...jobFields(record), upstream_status: record.upstreamStatus }, 'job looks stalled');
    },
  };
}
