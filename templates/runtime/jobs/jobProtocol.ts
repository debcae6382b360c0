/**
 * The job-protocol interface: what a job convention decides after its start has answered. Each convention (Azure
 * LRO, HTTP 202 monitor, Google operation, job resource, RPC) implements it in one file (`*Protocol.ts`), and
 * jobs/protocols.ts chooses one per start, once, and records its name on the job (`JobRecord.protocol`). The
 * tool handlers (start, poll, cancel, result, status) call the interface and never ask which convention it is.
 * What every convention shares stays in the handlers: the HTTP-code verdicts (jobs/pollVerdict.ts), retries,
 * pacing, budgets, results by reference.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec, StartSpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import type { UpstreamOutcome } from '../upstream/http.js';
import type { UpstreamRequest } from '../upstream/request.js';
import type { Prepared } from './pollRequest.js';
import type { RefView } from './resultRefs.js';

/** The conventions, as recorded on a job (`JobRecord.protocol`). */
export type JobProtocolName = 'azure-lro' | 'monitor' | 'google-operation' | 'job-resource' | 'rpc' | 'member-set' | 'returns-to-rest';

/** Where a succeeded job's result is, as the status and result tools show it. */
export interface InlineResult {
  result?: unknown;
  result_location?: string | null;
  /** The result kept by reference (jobs/resultRefs.ts). */
  result_ref?: RefView;
  note?: string;
}

export type Answer = Extract<UpstreamOutcome, { ok: true }>;

/** Sends one poll request with the poll's retries (jobs/poll.ts sendWithRetry), within `ctx`'s budget. */
export type SendPoll = (ctx: RuntimeContext, request: UpstreamRequest) => Promise<UpstreamOutcome>;

/** A poll answer that could not be read: the caller counts it and asks again (jobs/pollVerdict.ts). */
export interface Unreadable {
  unreadable: string;
}

/** The start's 2xx answer and what the generic reading (jobs/startRecord.ts) already made of it. */
export interface StartAnswer {
  family: JobFamilySpec;
  start: StartSpec;
  request: UpstreamRequest;
  response: Answer;
  secrets: readonly string[];
  /** JOB_MEMBERS_MAX: the most members a job over a set follows. */
  membersMax: number;
}

/** The values an agent gave the cancel tool beside `job_id`, by argument name (JobOperationLinkSpec.asks). */
export type CancelGiven = Readonly<Record<string, unknown>>;

export interface JobProtocol {
  readonly name: JobProtocolName;
  /** Start: whether the answer left something to follow (the job's id for a linked poll, or a poll URL). */
  canFollow(family: JobFamilySpec, upstreamId: string | null, pollUrl: string | null): boolean;
  /** Start: the record patch of the answer, from the generic reading `base` (id, URLs, first state). */
  started(base: JobPatch, answer: StartAnswer): JobPatch;
  /** Poll: the request that asks the upstream where the job is. */
  preparePoll(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Prepared;
  /**
   * Poll: the answer that holds the job, where the first is one page of a list without it (jobs/listedAnswer.ts);
   * absent where an answer is the job's whole document.
   */
  findPage?(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, first: Answer, send: SendPoll): Promise<Answer>;
  /** Poll: one 1xx–3xx answer as a record patch (other codes are settled by jobs/pollVerdict.ts first). */
  readPoll(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, answer: Answer): JobPatch | Unreadable;
  /**
   * Cancel: the request, or null when the API offers no way to cancel. `given`: what the cancel tool asked the agent
   * for (JobOperationLinkSpec.asks), by argument name.
   */
  prepareCancel(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, given?: CancelGiven): Prepared | null;
  /** Cancel: an answer carrying a job document read as a poll would be; null when the state comes only from polls. */
  readCancelAnswer(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, answer: Answer): JobPatch | Unreadable | null;
  /** Result: the request that fetches a succeeded job's result, or null when it is in the job document. */
  prepareResult(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Prepared | null;
  /** Result: where a succeeded job's result is, read from its record (its document, or a location). */
  locateResult(family: JobFamilySpec, record: JobRecord): InlineResult;
  /** Status: a sentence added to a succeeded job's message about the resource it returned ('' for none). */
  succeededNote(record: JobRecord): string;
}
