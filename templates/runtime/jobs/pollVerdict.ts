/**
 * What a poll answer's HTTP code means for the job, the same for every family (issue 15 item 6), and when a
 * monitor body that the job is read from cannot be read. Pure tables: poll.ts acts on the verdicts.
 */
import type { ParsedBody } from '../upstream/http.js';

/**
 * - `read`: 1xx–3xx, interpret the answer;
 * - `credentials`: 401/403 say nothing about the job, only about this server's credentials: an error for the
 *   agent, the job's state stays;
 * - `transient`: 408, 425, 429 and 5xx: retried with backoff (Retry-After), never terminal;
 * - `conflict`: 409: the upstream is busy with the job (a concurrent change); not terminal either;
 * - `missing`: 404/410: failed, except just after the start (replication lag);
 * - `failed`: any other 4xx ends the job, the answer's body is the reason.
 */
export type PollVerdict = 'read' | 'credentials' | 'transient' | 'conflict' | 'missing' | 'failed';

const TRANSIENT = new Set([408, 425, 429]);

export function pollVerdict(status: number): PollVerdict {
  if (status < 400) return 'read';
  if (status === 401 || status === 403) return 'credentials';
  if (status >= 500 || TRANSIENT.has(status)) return 'transient';
  if (status === 409) return 'conflict';
  if (status === 404 || status === 410) return 'missing';
  return 'failed';
}

/** A 404 (or an empty list of matches: jobs/listedAnswer.ts) this soon after the start is more likely replication lag than a vanished job. */
export const YOUNG_JOB_MS = 15_000;

/** A network failure or a transient code: worth another attempt within the same call. */
export function isTransientAnswer(outcome: { ok: boolean; status?: number }): boolean {
  return !outcome.ok || pollVerdict(outcome.status ?? 0) === 'transient';
}

/**
 * Why a monitor body the job's state is read from cannot be read, or null when it can (an empty body can: it
 * just says nothing). Text that is not JSON, a binary body, or one cut at the size cap cannot.
 */
export function unreadableBody(body: ParsedBody): string | null {
  if (body.truncated) return `its body is larger than the size limit (cut at ${body.size} bytes)`;
  if (body.json !== undefined) return null;
  if (body.binary) return `its body is binary (${body.contentType ?? 'no Content-Type'})`;
  if (body.text.trim() === '') return null;
  return `its body is not JSON (${JSON.stringify(body.text.slice(0, 200))})`;
}

/** After this many unreadable answers in a row (across status calls) the job ends failed. */
export const UNREADABLE_LIMIT = 3;

export function unreadableReason(status: number, count: number, why: string): { message: string; http_status: number } {
  return {
    message: `The status monitor answered HTTP ${status} ${count} times in a row with a body that could not be read: ${why}.`,
    http_status: status,
  };
}
