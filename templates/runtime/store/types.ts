/**
 * The job store contract. Three backends implement it (SQLite file, Redis, PostgreSQL), chosen by
 * JOB_STORE_URL; the job tool handlers only ever see this interface. Everything a later poll needs lives
 * in the record, so any replica, or the same server after kill -9, can continue a job.
 */
import type { CanonicalState } from '../definition.js';

/**
 * How far the start call got. `pending`: record claimed before the upstream call (concurrent duplicates
 * wait on it). `accepted`: upstream answered 2xx and the job exists. `unknown`: the request was sent but no
 * answer arrived (timeout/reset): it may or may not have started work. `rejected`: upstream refused (4xx/5xx).
 */
export type StartPhase = 'pending' | 'accepted' | 'unknown' | 'rejected';

export interface JobRecord {
  /** The handle the agent holds (`job_…`), minted by the server. */
  id: string;
  family: string;
  /** Start tool (OperationSpec.tool) that created it. */
  operation: string;
  phase: StartPhase;
  /** Last known canonical state (`queued` until the upstream says otherwise). */
  state: CanonicalState;
  /** Upstream's own status value, as last seen. */
  upstreamStatus: string | null;
  upstreamId: string | null;
  /** Absolute URLs handed out by the upstream (already resolved against the request URL). */
  pollUrl: string | null;
  cancelUrl: string | null;
  resultUrl: string | null;
  /** Path parameter values for the family's poll/cancel/result operations. */
  pathParams: Record<string, string>;
  /** Cookie jar for this job: name → value, as set by the upstream on start/poll responses. */
  cookies: Record<string, string>;
  /** Hash of family + operation + canonical arguments (dedupe and key-conflict detection). */
  inputHash: string;
  /** Credential partition: hash of the credentials in use, so two tenants never share a job. */
  partition: string;
  /** Agent-given or derived key; unique per partition while the record is a dedupe target. */
  dedupeKey: string | null;
  /** When the dedupe claim lapses (ms since epoch); after it a same-key start is new work. */
  dedupeUntil: number;
  /** The key forwarded upstream, if the contract has an idempotency parameter. */
  upstreamIdempotencyKey: string | null;
  /** Canonical start arguments, kept so an `unknown` start can be re-sent with the same upstream key. */
  args: Record<string, unknown>;
  /** Last status body / error / result summary, JSON-serialisable. */
  snapshot: unknown;
  /** Terminal error (upstream reason), when failed. */
  error: unknown;
  /**
   * Azure LRO starts only (StartSpec.azureLro): how core-lro polls this job, chosen from the start's answer.
   * `operation-location`: pollUrl is a status monitor, resultUrl the final GET (or null); `location`: the HTTP
   * code of pollUrl is the status; `body`: pollUrl is the resource, its provisioningState the status; null: the
   * start's answer was the outcome. Absent on records of other starts (and on records written before it existed).
   */
  azureLro?: { mode: 'operation-location' | 'location' | 'body' | null };
  /** Consecutive poll answers whose monitor body could not be read (not JSON, cut at the size cap); reset by a readable one. */
  unreadablePolls?: number;
  createdAt: number;
  updatedAt: number;
  /** Records are deleted by `expire` after this (retention). */
  expiresAt: number;
  /** Incremented on every write; conditional updates compare it. */
  version: number;
}

export type JobPatch = Partial<Omit<JobRecord, 'id' | 'family' | 'operation' | 'createdAt' | 'version'>>;

export type CreateOutcome =
  | { created: true; record: JobRecord }
  /** Another live record holds (partition, dedupeKey): nothing was written. */
  | { created: false; existing: JobRecord };

export interface ListQuery {
  family?: string;
  state?: CanonicalState;
  /** Only records of this credential partition. */
  partition?: string;
  limit: number;
  /** Opaque cursor from a previous page. */
  cursor?: string;
}

export interface JobStore {
  /** Creates schema/keys on first use. Idempotent. */
  init(): Promise<void>;
  /**
   * Inserts the record unless a record with the same (partition, dedupeKey) exists that is still a dedupe
   * target (dedupeUntil > now and state not failed/cancelled and phase not rejected). A lapsed or dead
   * holder loses the key atomically and the new record is inserted. Atomic across processes: a unique
   * constraint, never check-then-insert. Records with dedupeKey null always insert.
   */
  create(record: JobRecord, now: number): Promise<CreateOutcome>;
  get(id: string): Promise<JobRecord | null>;
  /** Applies the patch only if the stored version equals expectedVersion; returns the new record, or null on a version mismatch / missing record. */
  update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null>;
  /** The record currently holding (partition, dedupeKey), live or not. */
  findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null>;
  /** Newest first. */
  list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }>;
  /** Deletes records with expiresAt <= now; returns how many. */
  expire(now: number): Promise<number>;
  /** Waits for in-flight writes, then releases connections. */
  close(): Promise<void>;
}
