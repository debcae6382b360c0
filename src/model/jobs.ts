/**
 * What job detection returns: job families with evidence and confidence, plus rejected "async hints".
 * Produced by `detect/`, consumed by `emit/` (job tables for the runtime) and by `explain` (JSON contract
 * documented in docs/EXPLAIN.md; keep field names stable).
 */
import type { CanonicalState, EtaUnit, FinalStateVia, ReturnsToRest } from '../../templates/runtime/definition.js';
import type { Diagnostic } from './diagnostics.js';
import type { HttpMethod, JsonPointer, JsonSchema, Operation } from './ir.js';
import { isObject } from './jsonPointer.js';

export { CANONICAL_STATES, FINAL_STATE_VIA, TERMINAL_STATES } from '../../templates/runtime/defaults.js';
// The lifecycle words and Azure's final-state-via values are the runtime's contract (templates/runtime/
// definition.ts, defaults.ts): one source for the generator and the generated server. The model imports
// nothing else from outside itself.
export type { CanonicalState, EtaUnit, FinalStateVia, ReturnsToRest };

export type Confidence = 'high' | 'medium' | 'low';

/** Identifies one operation of the IR. `method` upper-case, `path` exactly as the spec writes it. */
export interface OperationRef {
  operationId?: string;
  method: HttpMethod;
  path: string;
  pointer: JsonPointer;
}

/**
 * Where a value comes from in an HTTP response: a header (`header:Operation-Location`) or a body field given
 * as a dotted path (`body:id`, `body:urls.get`, `body:name`).
 */
export type ValueSource = `header:${string}` | `body:${string}`;

/**
 * A value the start's own request carries, as a dotted path into the start tool's input arguments
 * (`arg:body.ClusterName`, `arg:name`): the job id of a job whose name the client chooses.
 */
export type StartArgSource = `arg:${string}`;

/** The job-resource operation used to poll/cancel/fetch, and how the job id reaches it. */
export interface JobOperationLink {
  op: OperationRef;
  /**
   * Path parameter that receives the upstream job id (`batch_id`, `name`, `jobId`); a query parameter when the
   * operation has no such path parameter and reads the id from the query (`GET /jobs/runs/get?run_id=`). When the job is
   * nested under a parent (`/threads/{thread_id}/runs/{run_id}`), `carry` lists the other path params
   * whose values come from the start call's arguments or from the start response.
   */
  idParam: string;
  /**
   * Where `idParam` goes in the linked request. Absent: a path parameter, else a query parameter of that wire
   * name (as above). `body`: `idParam` is a dotted path into the JSON request body (an RPC-style poll such as
   * AWS `POST /#X-Amz-Target=AmazonAthena.GetQueryExecution` with `{"QueryExecutionId": …}`). `item`: the
   * operation takes no id and lists the scope's items; the job is the `itemsAt` item whose `itemId` is the id
   * (detect/idflow/scopeListPoll.ts). `none`: the operation takes no id at all; it reads the one thing of its kind
   * the account has (a singleton: devops-guru `GetCostEstimation`, `GetIndex`), whose status is the job's
   * (detect/idflow/singletonPoll.ts); `idParam` is then empty.
   */
  idIn?: 'path' | 'query' | 'body' | 'item' | 'none';
  /**
   * The body field takes a list of ids and the job's id goes as its only item: an RPC Describe that reads many
   * (`DescribeExportTasks {"exportIds": [id]}`, `DescribeJobs {"jobIds": [id]}`). Only with `idIn: 'body'`.
   */
  idList?: true;
  /**
   * The body field takes the id as a JSON number (`{"run_id": 123}`, Databricks' `jobs/runs/cancel`): the id is kept as
   * text and sent as the number it spells. Only with `idIn: 'body'`.
   */
  idNumeric?: true;
  /**
   * The body field `idParam` is a list of AWS filters and the job's id goes as the only value of one of them:
   * `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}` (detect/idflow/filterInputs.ts). Only with `idIn: 'body'`.
   */
  idFilter?: IdFilter;
  /**
   * With `idList` or `idFilter`: the dotted path of the list the answer holds the matched items in
   * (`ReplicationTasks`); the job is its one item, and an empty list says the upstream does not know the job.
   */
  itemsAt?: string;
  /**
   * With `itemsAt`: the field of each listed item that holds the id the poll asked by (`jobId` of Batch's
   * `jobs: [{jobId, status}]`, `id` of ECS's `taskSets`). The job is the item whose field equals the id sent, not
   * whichever comes first: an upstream may list more than it was asked for (detect/idflow/nounInputs.ts).
   */
  itemId?: string;
  /**
   * With `itemsAt` and `itemId`: the read answers one page at a time, and a job not on the first page is asked for
   * on the next ones (detect/idflow/listPages.ts).
   */
  pages?: ListPages;
  /**
   * Other values the request needs; `in` as for `idIn` (absent: path, else query). `filter`: with `idFilter`, the
   * value goes as the only value of one more AWS filter named `param` in the same list, and the job is the listed
   * item whose `itemId` field also equals it (a record keyed by two ids: detect/idflow/filterKeyedRecord.ts).
   */
  carry: Array<{ param: string; from: `arg:${string}` | ValueSource; in?: 'path' | 'query' | 'body' | 'filter'; itemId?: string }>;
  /**
   * A cancel's own idempotency token (SageMaker `StopPipelineExecution {ClientRequestToken}`, WorkMail
   * `CancelMailboxExportJob {ClientToken}`): the runtime sends one derived from the job, the same on every try, so a
   * cancel asked twice is one cancel upstream (detect/idflow/siblingCancel.ts).
   */
  idempotency?: IdempotencyParam;
  /**
   * A cancel's required inputs that neither the job nor the server supplies (Batch `CancelJob {jobId, reason}`): the
   * cancel tool asks the agent for them, under the operation's own name, schema and description, and sends them with
   * the cancel only (detect/cancelInputs.ts). Absent on every other link.
   */
  asks?: AskedInput[];
  /**
   * Constants the call sends to do its work: a cancel that is an update of the job setting its status to the
   * cancelled value (Dataflow `PUT …/jobs/{jobId} {"requestedState": "JOB_STATE_CANCELLED"}`: detect/updateCancel.ts).
   * Absent on every other link.
   */
  sets?: SetInput[];
  /**
   * The job is followed at a URL the start hands out (a 303's Location, a status link), not by an id, and this link's
   * path parameters are that URL's: the runtime reads them out of it by this template, the path of the GET the
   * contract says the URL is (Jira `/rest/api/3/task/{taskId}` for `POST …/task/{taskId}/cancel`:
   * detect/idflow/linkedStatusStarts.ts). Absent on every other link.
   */
  fromPollUrl?: string;
}

/** A value a link sends as is: the input's wire name, where it goes, and the contract's listed value. */
export interface SetInput {
  param: string;
  in: 'query' | 'body';
  value: string;
}

/** An input a start tool asks for only to hand it to the family's poll: the poll's own name, schema and description. */
export interface AskedInput {
  name: string;
  /** Where the poll takes it; the carry sends it there. */
  in: 'query' | 'body';
  /** The poll requires it: so does the start tool. */
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** One AWS filter that selects a job by its id: the filter's name and the keys of the filter item. */
export interface IdFilter {
  /** The filter name the contract states (`replication-task-arn`, `IMPORT_TASK_ID`, `PackageID`). */
  name: string;
  /** The item's key for the name (`Name`, `name`). */
  nameKey: string;
  /** The item's key for the list of values (`Values`, `values`, OpenSearch's `Value`). */
  valuesKey: string;
  /** The name's numeric code, where the contract sends filter names as codes it names (model/enumCodes.ts). */
  code?: number;
}

/**
 * How a list read is asked for its next page: the request input that takes the page token (`NextToken` in the
 * body, `pageToken` in the query) and the dotted path of the answer's field that hands it out (`NextToken`,
 * `nextPageToken`, `Marker`).
 */
export interface ListPages {
  param: string;
  in: 'body' | 'query';
  next: string;
}

/**
 * Whether a status's values are a done flag's, `false` and `true` as the runtime reads a boolean (detect/status/doneFlag.ts):
 * a flag that says the work ended, for the words detection and explain say it in.
 */
export function isDoneFlag(values: readonly string[]): boolean {
  return values.length === 2 && values[0] === 'false' && values[1] === 'true';
}

/** A poll, cancel or result that is an operation link (not a URL from a header or field, not a final-state rule). */
export function isOperationLink(value: unknown): value is JobOperationLink {
  return isObject(value) && 'op' in value && 'idParam' in value;
}

export interface StartOperation {
  op: OperationRef;
  /**
   * Where the upstream job id is found in the start response (`body:id`, `body:name`, `body:jobID`), if anywhere.
   * A `header:` source (`header:Operation-Location` when the 202 has no body) holds a URL: the id is the last
   * segment of its path (`…/batches/{id}?api-version=…` → `{id}`).
   */
  idFrom: ValueSource | StartArgSource | null;
  /** Headers/body fields that hand out a poll URL, in priority order (`header:Operation-Location`, `body:urls.get`). */
  pollUrlFrom: ValueSource[];
  /** Header or field that hands out a cancel URL (`body:urls.cancel`). */
  cancelUrlFrom: ValueSource | null;
  /** Azure `final-state-via` for this start, when declared. */
  finalStateVia?: FinalStateVia;
  /**
   * `x-ms-long-running-operation`: polled the way @azure/core-lro does, from the headers the answer actually
   * carries (Operation-Location, Azure-AsyncOperation, Location, else a PUT's own provisioningState). Absent otherwise.
   */
  azureLro?: true;
  /** `x-ms-pageable` with a `nextLinkName` on an Azure LRO: the final result is the first page of a list. */
  pageable?: { nextLinkName: string; itemName: string };
  /** RFC 7240: the start request should send `Prefer: respond-async`. */
  preferAsync: boolean;
  /** Upstream idempotency parameter of this start, if the contract declares one. */
  idempotency: IdempotencyParam | null;
  /** How the start was linked to its poll by the data flow of the job's id (detect/idflow/idFlowJobs.ts); absent otherwise. */
  idFlow?: IdFlowEvidence;
  /**
   * The start acts on several things and answers one handle per thing, in a list (detect/idflow/memberSets.ts): the
   * job is the set of them, each polled by its own id, ended when all have ended. `idFrom` names the first's.
   */
  members?: MemberSet;
  /**
   * `idFrom` reads an ARN whose pattern spells this resource type (`domain`), and the job id is what follows
   * `<type>/` in it: the read takes the thing's id, not its ARN (detect/idflow/arnResourceId.ts). Absent otherwise.
   */
  idFromArn?: string;
}

/** Where a start's answer lists the members of a job over a set: the list's dotted path and each item's id field. */
export interface MemberSet {
  /** Dotted path of the list in the start's answer (`operations`, `Jobs`). */
  itemsAt: string;
  /** The field of each listed item holding the id the poll takes (`id`, `JobId`); '' where the items are the ids. */
  itemId: string;
}

/**
 * The evidence of an id-flow link, for `explain`: the id's path from the start to the poll, where the status
 * vocabulary was read, and every other poll weighed for this start with the reason it lost.
 */
export interface IdFlowEvidence {
  /** `answer`: the start's answer carries the id in `field`; `request`: the client names the job in its own input `field`. */
  flow: 'answer' | 'request';
  /** Dotted path in the start's answer (`JobId`, `cluster.name`), or the start's input (`TranscriptionJobName`). */
  field: string;
  /** Where the poll takes the id: its path, query or JSON body input `name` (`list`: as the only item of a list); `item`: nowhere, it is matched in the list the poll answers; `none`: nowhere, the poll reads a singleton. */
  /** `filter`: the AWS filter name the id goes in as the only value (`replication-task-arn`; detect/idflow/filterInputs.ts). */
  /** `item`: where the answer lists what was asked for, and the listed item's field the job is matched by. */
  pollInput: {
    name: string;
    in: 'path' | 'query' | 'body' | 'item' | 'none';
    list: boolean;
    filter?: string;
    item?: { at: string; id: string };
  };
  /** The status the poll answers: the field, where its values come from (`enum` or `description`), its depth. */
  vocabulary: { field: string; from: 'enum' | 'description'; depth: number; inList: boolean; values: string[] };
  /** Every other candidate poll with the reason it was rejected, in the order weighed (at most MAX_REJECTED_POLLS). */
  rejected: Array<{ op: OperationRef; reason: string }>;
  /** Rejected candidates left out of `rejected` (a large API offers many). */
  rejectedMore: number;
}

export interface IdempotencyParam {
  in: 'header' | 'query' | 'body';
  /** Wire name (`Idempotency-Key`, `Repeatability-Request-ID`, `idempotency_key`). */
  name: string;
  /** Azure repeatability also wants `Repeatability-First-Sent` (an HTTP-date of the first attempt). */
  firstSentHeader?: string;
}

/**
 * `job`: a unit of work that finishes (an export, a build, a transcription). `provisioning`: a resource being
 * brought up (CREATING → ACTIVE): its steady state is success for the start that created it.
 */
export type FamilyKind = 'job' | 'provisioning';

/** The time that dates a finished document's run: when it ended, or else when it started (JobFamily.earlierRun). */
export interface EarlierRun {
  /** Dotted path in the poll's answer (`completed_at`, `Job.EndTime`). */
  field: string;
  of: 'end' | 'start';
}

export interface JobFamily {
  /** Family name, snake_case, unique in the spec, stable: `batch`, `fine_tuning_job`, `prediction`. */
  name: string;
  /** Absent: `job`. */
  kind?: FamilyKind;
  confidence: Confidence;
  /** Human-readable reasons, each naming the signal (`202 + Operation-Location on POST /translator/document/batches`). */
  evidence: string[];
  start: StartOperation[];
  /** Poll by operation on the job resource, or only through a URL the start response hands out. */
  poll: JobOperationLink | { via: ValueSource };
  /**
   * With a URL poll: the GET the contract says that URL is (a 303's documented Location, a link field named after
   * it, a 201's Location into an action's collection), whose answer declares the status read there. Not emitted: the
   * runtime follows the URL as handed out; detection's record of where it leads (explain, corpus scoring).
   */
  pollUrlReads?: OperationRef;
  cancel: JobOperationLink | { via: ValueSource } | null;
  /** Where results live when they are not in the status response. */
  result:
    | JobOperationLink
    | { field: string } // a URL field in the terminal status body (`result_url`, `output`)
    | { finalStateVia: FinalStateVia }
    | null;
  /** Dotted path of the status field in the poll response (`status`, `status.phase`), or null (Google `done`). */
  statusField: string | null;
  /** Google AIP-151: boolean `done` field; `error` / `response` siblings. */
  doneField: string | null;
  /** Dotted path to an error object/message in the poll response. */
  errorField: string | null;
  /**
   * Dotted path to the words beside the status that say why it is so (`StatusReason`, `message`): the reason of a job
   * that failed or was cancelled when no error field says one. Absent when the poll has none.
   */
  reasonField?: string;
  /** Dotted path to the inline result in the poll response (`response`, `output`, `result`). */
  resultField: string | null;
  /** Where a real progress fraction comes from (a fraction/percent field or a counts object), or null: never invented. */
  progress: ProgressSpec | null;
  /** Upstream status value → canonical state. Values seen in the contract's enum or descriptions. */
  states: Record<string, CanonicalState>;
  /**
   * The status field carries numeric codes the contract names (`x-enumNames`, `x-enum-varnames`, `x-ms-enum`,
   * titled consts: model/enumCodes.ts): code → name. `states` is keyed by the names. Absent otherwise.
   */
  statusCodes?: Record<string, string>;
  /**
   * Dotted path, beside the status field, of a field saying how a finished job ended (GitHub `conclusion`,
   * Databricks `state.result_state`), or null. When the status maps to a terminal state and this field has a
   * value, the job's state is `outcomes[value]` instead.
   */
  outcomeField: string | null;
  /** Outcome value → terminal canonical state (`success`→succeeded, `failure`→failed); empty when values are not listed. */
  outcomes: Record<string, CanonicalState>;
  /** As `statusCodes`, for the outcome field. */
  outcomeCodes?: Record<string, string>;
  /**
   * The poll reads a thing that rests between runs (a Glue crawler READY → RUNNING → READY, a jellyfin task): the
   * job's outcome is its last run's, for a run the job set off (detect/status/returnsToRest.ts). Absent otherwise.
   */
  returnsToRest?: ReturnsToRest;
  /**
   * The poll's HTTP code is the job's state, and nothing in its answer is (detect/idflow/codeStatusPoll.ts): 202 while
   * the work runs, 200 (or another 2xx) once done, the answer then being what it made. Absent otherwise.
   */
  statusByCode?: true;
  /**
   * A start that runs a thing made apart (detect/status/startVerbEnds.ts: MediaLive's `StartChannel`): the values the
   * thing rests in before it runs (`IDLE`), queued in `states`. Queued until a poll sees the thing leave them; back at
   * one after that, the thing stopped without running, and the start failed (jobs/startFromRest.ts). Absent otherwise.
   */
  restsBeforeStart?: string[];
  /**
   * Status values that say the job ended, not how (Google Cloud's Operation `DONE`: detect/marked/cloudOperations.ts),
   * mapped to succeeded in `states`: there an `errorField` value means it failed. Absent otherwise.
   */
  neutralEnds?: string[];
  /**
   * A family some of whose starts name a job that may already exist (its id from the agent's arguments: a re-run):
   * the time beside the status that dates the run a finished document is (detect/status/earlierRun.ts). A finished
   * answer dated before the job's start is an earlier run's (jobs/earlierRun.ts). Absent otherwise.
   */
  earlierRun?: EarlierRun;
  /** Schema of the poll (status) response, for a typed `result` where possible. */
  statusSchema?: JsonSchema;
  /** Schema of the final result, when the contract says what it is. */
  resultSchema?: JsonSchema;
  /**
   * Inputs the family's poll requires that no start supplies (Chime `GetVoiceToneAnalysisTask`'s `isCaller`):
   * every start tool of the family asks the agent for them, and the runtime sends them on each poll through a
   * carry `arg:<name>` (detect/idflow/askedInputs.ts). Absent when the starts supply all.
   */
  asks?: AskedInput[];
  /** The upstream declares `Retry-After` on the start or poll response. */
  retryAfter: boolean;
  /** From config / `x-mcp-jobgen` only; null when unknown. */
  expectedDurationMs: number | null;
  /** From config only (`jobs[name].dedupeWindowMs`): how long an identical start is deduplicated; unset = default. */
  dedupeWindowMs?: number;
  /** From config only (`jobs[name].allowedOrigins`): origins besides the API's own that its URLs may point at. */
  allowedOrigins?: string[];
  /**
   * Field (a dotted path when the answer wraps its resource in an envelope: `data.eta_seconds`) of the start answer
   * or the status document saying how long the work takes or when it
   * finishes (`expected_duration_sec`, `estimated_completion_time`), or null. Read at run time when no
   * expected duration is configured.
   */
  etaField: string | null;
  /** How `etaField` reads (detect/status/etaUnit.ts); null without a field or when the schema does not say. */
  etaUnit: EtaUnit | null;
}

/** An operation that looked async but is not a job family, and why. */
export interface AsyncHint {
  operationId?: string;
  method: HttpMethod;
  path: string;
  reason: string;
}

/**
 * Whether a plain operation is promoted to a job when a call outlives JOB_PROMOTE_AFTER_MS, and why. Every
 * plain operation outside a job family is promoted by default (whether a call is slow is learned at run time:
 * a client timeout is never better than a job handle); an override turns it off, and so does an answer
 * streamed as server-sent events. Evidence (the rules that fired, each with its weight) only decides whether
 * the description announces it (`announce`) and what it says about timing. Listed for every plain operation
 * outside a job family; `source: 'default'` where no rule fired and no override spoke.
 */
export interface PromotionDecision {
  op: OperationRef;
  promote: boolean;
  /** The contract shows the call slow (evidence reached its score, or an override said promote): the tool's
   * description says it may answer with a job handle, and the expected duration when known. */
  announce: boolean;
  source: 'rules' | 'x-mcp-jobgen' | 'config' | 'default';
  /** Sum of the fired rules' weights (announced from 1; a GET from 1.5). */
  score: number;
  evidence: string[];
  /** Timeout for the background request, when the contract or the override says one; else the runtime's default. */
  timeoutMs: number | null;
  expectedDurationMs: number | null;
  /** Upstream idempotency parameter, forwarded so that a recovery re-send of the call is safe. */
  idempotency: IdempotencyParam | null;
}

export interface JobDetection {
  families: JobFamily[];
  hints: AsyncHint[];
  diagnostics: Diagnostic[];
  /**
   * Operations a published convention guarantees but the spec does not declare, linked by some family
   * (AIP-151 `GET {root}/{name}` where a discovery-converted spec collapsed the operations GET away). Their
   * pointers say where the spec would declare them; the emitter makes each an internal operation (no tool of
   * its own). Absent: none.
   */
  syntheticOperations?: Operation[];
  /** Plain operations and their promotion (absent from detections made before promotion existed: none). */
  promotions?: PromotionDecision[];
}

/**
 * A true progress fraction in the poll response: either a field holding a fraction (`scale: 1`) or a
 * percentage (`scale: 100`), or a counts object (`request_counts`, `summary`) where the sum of the `done`
 * keys over the `total` key is the fraction. Paths are dotted, relative to the poll response body; `done`
 * and `total` are keys of the counts object.
 */
export type ProgressSpec = { field: string; scale: 1 | 100 } | { counts: string; done: string[]; total: string };
