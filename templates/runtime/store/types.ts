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
 * `interrupted`: the server running the request died and a repeat was not provably safe, so it was not
 * re-sent (state `failed`; the record keeps its dedupe key inside its window, so a blind retry is told, not run).
 */
export type StartPhase = 'pending' | 'accepted' | 'unknown' | 'rejected' | 'interrupted';

/** One cookie of a job's jar (RFC 6265 5.3): host-only to the API's origin, identified by (name, path). */
export interface StoredCookie {
  name: string;
  value: string;
  /** The Path attribute, or the default-path of the URL that set it. */
  path: string;
  /** Sent over https only. */
  secure: boolean;
  /** ms since epoch; null for a session cookie (kept for the job's life). */
  expires: number | null;
  /** ms since epoch (kept when a cookie is replaced): orders the Cookie header and picks whom to evict. */
  created: number;
}

/** A record's jar: the list this runtime writes, or the name → value object of records written before it. */
export type JobCookies = StoredCookie[] | Record<string, string>;

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
  /**
   * Cookie jar for this job, as the API's origin set it on start and poll answers (upstream/cookieJar.ts). Written
   * as a StoredCookie list; a record written before the jar holds name → value, which readJar still reads.
   */
  cookies: JobCookies;
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
  /**
   * The job convention this job was started under (jobs/protocols.ts: `azure-lro`, `monitor`, `google-operation`,
   * `job-resource`, `rpc`), chosen once when the start answered. Absent on records written before it existed (and
   * an unknown name is ignored): the convention is then chosen again from the family.
   */
  protocol?: string;
  /**
   * A job over a set (StartSpec.members): each member's id and last known state, in the order the start listed them.
   * The record's own state is their aggregate (jobs/memberSet.ts). Absent on every other job, and on records
   * written before it existed.
   */
  members?: JobMember[];
  /**
   * A poll saw the thing leave its rest (a run under way, a start taking), so its next rest ends the job: with the last
   * run's outcome for a thing that rests between runs (JobFamilySpec.returnsToRest, jobs/restingRun.ts), as a start that
   * did not take for one started from rest (JobFamilySpec.restsBeforeStart, jobs/startFromRest.ts), and as this job's own
   * end for one started again (JobFamilySpec.earlierRun, jobs/earlierRun.ts). Absent otherwise.
   */
  runSeen?: boolean;
  /**
   * The upstream accepted a cancel of this job (a 2xx answer to the cancel tool's request). A later answer that it no
   * longer knows the job (404, 410) is then where that cancel left it, `cancelled`, not a failure: a cancel may remove
   * the job (GitHub's `DELETE /repos/{owner}/{repo}/import`, "Cancel an import"). Absent on every other job.
   */
  cancelAccepted?: boolean;
  /** The members its start listed past JOB_MEMBERS_MAX, which the job does not follow (jobs/memberSet.ts). */
  membersNotFollowed?: MembersNotFollowed;
  /** Consecutive poll answers whose monitor body could not be read (not JSON, cut at the size cap); reset by a readable one. */
  unreadablePolls?: number;
  /** Times the request of in-process work (a start, a promoted call) was sent; recovery re-sends add one. */
  attempts?: number;
  /** The last failure of in-process work (no answer, interruption), for status and list_jobs. */
  lastError?: string | null;
  /** When state, phase or upstreamStatus last changed (set by every backend's patch rule): the stall clock. */
  statusChangedAt?: number;
  /** When the job was first seen stalled (counted once), or null. */
  stalledAt?: number | null;
  /**
   * Until when someone may care about the job (a client asked with a progress token or a Tasks request): the
   * watcher (jobs/watcher.ts) keeps refreshing it until then, on whichever replica holds its watch lease.
   */
  interestUntil?: number | null;
  /** The shared pace (jobs/pace.ts): when a replica last polled the upstream for this job. */
  lastPolledAt?: number | null;
  /** Not worth polling before this (Retry-After, rate-limit reset, the family's interval, backoff). */
  nextPollAt?: number | null;
  /** A replica's claim on the next poll, until this; null once its answer is written. */
  pollingUntil?: number | null;
  /** Consecutive failed polls (429, 5xx, network): the backoff grows with them; reset by an answer. */
  pollFailures?: number;
  /**
   * Values kept beside the record by reference (store blobs `<id>:<name>`, jobs/resultRefs.ts): the result, a
   * promoted call's answer, or a job document too large to keep whole. Absent on records that have none.
   */
  refs?: Partial<Record<RefName, RefInfo>>;
  createdAt: number;
  updatedAt: number;
  /** Records are deleted by `expire` after this (retention). */
  expiresAt: number;
  /** Incremented on every write; conditional updates compare it. */
  version: number;
}

/** One member of a job over a set: the upstream's id of the thing, and what its own poll last said. */
export interface JobMember {
  id: string;
  state: CanonicalState;
  upstreamStatus: string | null;
  /** The member's reason, once failed or cancelled. */
  error?: unknown;
  /** The member's last status document (bounded): its result, once it succeeded. */
  document?: unknown;
  /** When a status check last polled it (ms): the longest unpolled go first (jobs/memberPoll.ts). */
  polledAt?: number;
  /** The upstream answered this member's cancel 2xx: a 404/410 for it afterwards is the cancel's doing (JobRecord.cancelAccepted). */
  cancelAccepted?: boolean;
}

/** How many members a start listed past the bound, and the first and last of their ids, in the start's order. */
export interface MembersNotFollowed {
  count: number;
  first: string;
  last: string;
}

/** What a record keeps by reference (jobs/resultRefs.ts). */
export type RefName = 'result' | 'answer' | 'document';

export interface RefInfo {
  /** Bytes of the kept value (UTF-8 text: JSON, or the upstream's text). */
  size: number;
  content_type: string | null;
  /** When the kept value lapses (ms since epoch). */
  expires_at: number;
}

export type JobPatch = Partial<Omit<JobRecord, 'id' | 'family' | 'operation' | 'createdAt' | 'version'>>;

export type CreateOutcome =
  | { created: true; record: JobRecord }
  /** Another live record holds (partition, dedupeKey): nothing was written. */
  | { created: false; existing: JobRecord };

/**
 * Work that runs inside a server process (a start waiting for its answer, a promoted call) holds a lease
 * beside its record: who runs it and until when. The owner renews it while the work runs; a lease past its
 * `until` belongs to a process that died, and any replica may claim it and recover the work. Kept apart from
 * the record so a heartbeat never bumps the record's version (which would race the work's own writes).
 */
export interface Lease {
  /** The job record's id. */
  id: string;
  /** The holding process (`r_<pid>_<random>`). */
  owner: string;
  /** ms since epoch, by the owner's clock. */
  until: number;
}

export interface ListQuery {
  family?: string;
  state?: CanonicalState;
  /** Only records of this credential partition. */
  partition?: string;
  limit: number;
  /** Opaque cursor from a previous page. */
  cursor?: string;
}

export interface StoreStats {
  byFamilyState: Array<{ family: string; state: CanonicalState; count: number }>;
  /** createdAt of the oldest queued/running record, or null. */
  oldestActiveCreatedAt: number | null;
}

export interface JobStore {
  /** Creates schema/keys on first use. Idempotent. */
  init(): Promise<void>;
  /**
   * Inserts the record unless a record with the same (partition, dedupeKey) exists that is still a dedupe
   * target (dedupeUntil > now and state not failed/cancelled and phase not rejected). A lapsed or dead
   * holder loses the key atomically and the new record is inserted. Atomic across processes: a unique
   * constraint, never check-then-insert. Records with dedupeKey null always insert. With `lease`, the lease
   * is written in the same atomic step, and only when the record is created.
   */
  create(record: JobRecord, now: number, lease?: Omit<Lease, 'id'>): Promise<CreateOutcome>;
  get(id: string): Promise<JobRecord | null>;
  /** Applies the patch only if the stored version equals expectedVersion; returns the new record, or null on a version mismatch / missing record. */
  update(id: string, expectedVersion: number, patch: JobPatch, now: number): Promise<JobRecord | null>;
  /** The record currently holding (partition, dedupeKey), live or not. */
  findByKey(partition: string, dedupeKey: string): Promise<JobRecord | null>;
  /** Newest first. */
  list(query: ListQuery): Promise<{ jobs: JobRecord[]; nextCursor: string | null }>;
  /** Deletes records with expiresAt <= now (and their leases); returns how many records. */
  expire(now: number): Promise<number>;
  /**
   * The conditional claim: takes the lease of `id` for `owner` until `until` if there is none, if it lapsed
   * (until <= now) or if `owner` already holds it. Of concurrent claimers exactly one wins (true).
   */
  claimLease(id: string, owner: string, until: number, now: number): Promise<boolean>;
  /** Extends the lease while `owner` holds it (also after it lapsed, unless someone claimed it meanwhile). */
  renewLease(id: string, owner: string, until: number): Promise<boolean>;
  /** Drops the lease if `owner` holds it. */
  releaseLease(id: string, owner: string): Promise<void>;
  /** Leases with until <= now, the longest lapsed first, at most `limit`. */
  expiredLeases(now: number, limit: number): Promise<Lease[]>;
  /** Store-wide figures for metrics: records by family and state, and the oldest non-terminal record. */
  stats(): Promise<StoreStats>;
  /**
   * Keeps a large value beside the records (a result above JOB_RESULT_INLINE_MAX_BYTES: jobs/resultRefs.ts), so a
   * record read never carries it. Replaces the value under `key`; it lives until its own `expiresAt`.
   */
  putBlob(key: string, data: Buffer, expiresAt: number): Promise<void>;
  /** Up to `length` bytes of the value under `key` from byte `offset`, and its whole size; null when there is none (or it lapsed). */
  readBlob(key: string, offset: number, length: number, now: number): Promise<{ data: Buffer; size: number } | null>;
  /**
   * Raises the hold under `key` (an upstream credential's hash: jobs/credentialHold.ts) to `until`, never lowers it:
   * one replica's 429 or exhausted rate limit pauses every replica's polls with that credential.
   */
  holdUntil(key: string, until: number): Promise<void>;
  /** The hold under `key` when it is later than `now`, else 0. */
  heldUntil(key: string, now: number): Promise<number>;
  /** Waits for in-flight writes, then releases connections. */
  close(): Promise<void>;
}
