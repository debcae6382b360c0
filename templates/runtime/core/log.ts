/**
 * The JSON log on stderr (pino): one line per job transition and per event of the server's own work
 * (promotion, lapsed lease, recovery, stall). stdout belongs to the MCP stdio transport, so nothing else is
 * ever written there. Lines carry ids, names, states and counts; the only free text, an error reason, is
 * scrubbed of every configured secret and cut short. The destination is synchronous: a line about a
 * transition is out before the next step, even if the process is killed right after.
 */
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type pino from 'pino';
import type { Logger } from 'pino';
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

/**
 * pino, loaded on the first line logged: a server that only lists and calls plain tools logs nothing, and loading
 * pino (CommonJS, with its dependencies) cost a cold start ~10 MB and 20-30 ms of CPU before the first tools/list
 * (issue 25). Synchronous (pino is CommonJS), so a line is still out before the next step.
 */
function loadPino(): typeof pino {
  return createRequire(import.meta.url)('pino') as typeof pino;
}

export function createLogObserver(options: LogOptions): Observer {
  let logger: Logger | undefined;
  const log = (): Logger => {
    if (logger) return logger;
    const pinoLog = loadPino();
    const destination = options.destination ?? pinoLog.destination({ dest: 2, sync: true });
    logger = pinoLog(
      {
        level: options.level,
        base: undefined,
        timestamp: pinoLog.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      destination,
    );
    return logger;
  };
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
      log().info(line, from === null ? 'job created' : 'job transition');
    },
    dedupeHit(record, conflict) {
      log().info({ event: conflict ? 'job.key_conflict' : 'job.deduplicated', ...jobFields(record) }, 'existing job returned');
    },
    upstream(event) {
      if (event.outcome !== 'ok') {
        log().debug({ event: 'upstream.error', tool: event.tool, method: event.method, outcome: event.outcome, status: event.status });
      }
    },
    promotion(operation) {
      log().info({ event: 'call.promoted', operation }, 'slow call promoted to a job');
    },
    leaseExpired() {
      log().debug({ event: 'lease.expired' });
    },
    leaseLost(id) {
      log().warn({ event: 'lease.lost', job_id: id }, 'lease taken over by another replica');
    },
    recovery(record, kind: RecoveryKind) {
      if (kind === 'lost-claim') return;
      log().info(
        { event: 'job.recovery', action: kind, ...(record ? jobFields(record) : {}), attempts: record?.attempts },
        'lapsed lease recovered',
      );
    },
    stalled(record) {
      log().warn({ event: 'job.stalled', ...jobFields(record), upstream_status: record.upstreamStatus }, 'job looks stalled');
    },
  };
}
