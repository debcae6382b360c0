/**
 * The shape of the tables that mcp-jobgen generates for each API. The runtime (this folder, copied
 * unchanged below a header into every generated project) is generic over them; the generated code is only data
 * plus zod schemas. Changing a field here means changing `src/emit/` in mcp-jobgen in the same commit.
 */
import type { z } from 'zod';
import type { CANONICAL_STATES, FINAL_STATE_VIA } from './defaults.js';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
export type CanonicalState = (typeof CANONICAL_STATES)[number];
/** Azure `final-state-via`: which URL holds the final result of a long-running operation. */
export type FinalStateVia = (typeof FINAL_STATE_VIA)[number];

/** `header:Operation-Location` or `body:urls.get` (dotted path into the JSON body). */
export type ValueSource = `header:${string}` | `body:${string}`;

export interface ParamSpec {
  /** Property name in the tool's input object. */
  arg: string;
  /** Name on the wire. */
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** OpenAPI serialisation for arrays/objects; query defaults to form + explode. */
  style?: string;
  explode?: boolean;
  /**
   * Path only: the value is sent as it is, its slashes kept (`x-ms-skip-url-encoding`), and still validated as
   * a path (upstream/serialize.ts encodeRawPathValue).
   */
  allowReserved?: true;
}

/**
 * A required parameter whose contract admits exactly one value (a one-value `enum` or a `const`: AWS's
 * `X-Amz-Target: AmazonAthena.GetQueryExecution`): the server sends it, and the tool has no argument for it.
 */
export interface ConstantParamSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  value: string;
}

export interface BodySpec {
  /** Property name in the tool's input object holding the body (normally `body`). */
  arg: string;
  /** `application/json`, `application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`, `application/octet-stream`, or a `+json` type. */
  mediaType: string;
  required: boolean;
}

export interface ToolAnnotationsSpec {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface OperationSpec {
  /** Tool name (unique, `^[a-zA-Z0-9_-]{1,64}$`); also the key that job families use to name operations. */
  tool: string;
  operationId: string | null;
  method: HttpMethod;
  /** Path template exactly as in the spec; may contain a literal query (`/responses?beta=true`). */
  path: string;
  /**
   * `tool`: registered as a plain tool. `start`: registered as a job start tool (see JobFamilySpec.starts).
   * `internal`: used by a job family and not registered on its own (mcp-jobgen keeps poll/cancel/result
   * operations as plain `tool`s so that jobs started elsewhere stay reachable; `internal` hides one).
   */
  role: 'tool' | 'start' | 'internal';
  description: string;
  /** Zod object for the tool input (always an object at the top level). */
  input: z.ZodObject;
  /** Zod object for `structuredContent` of a successful call, when the success response is a JSON object. */
  output?: z.ZodObject;
  /**
   * The JSON Schemas tools/list shows for `input` and `output`, as JSON text, computed when the project was
   * generated: listing a tool then parses text instead of building its zod schemas and converting them (1.6 s
   * plus 1.6 s for OpenAI's 288 operations here). Absent (a hand-written definition): converted from zod.
   */
  listed?: ListedSchemas;
  annotations: ToolAnnotationsSpec;
  params: ParamSpec[];
  /** Parameters the server fills itself (ConstantParamSpec); absent when there are none. */
  constants?: ConstantParamSpec[];
  body?: BodySpec;
  /** Alternatives (OR) of scheme keys that must all be satisfied (AND). Empty list: no auth needed. */
  security: string[][];
  /** Names of the toolsets (ServerDefinition.toolsets) this operation belongs to: one per tag, or a part of one. */
  toolsets: string[];
  /**
   * Set on every plain tool by default: a call not answered within JOB_PROMOTE_AFTER_MS returns a job handle and
   * its request goes on in the background under a lease. `{}` when the contract says nothing about it. Absent:
   * never promoted (a job family's operation, an answer streamed as server-sent events, or an operator's
   * `promote: false`).
   */
  promote?: PromotionSpec;
  /**
   * The AWS query protocol (`aws.protocols#awsQuery`: `/#Action=X` with constant `Action` and `Version`): the
   * request is a signed `POST` of a form (upstream/queryForm.ts) and the answer XML read into JSON
   * (upstream/queryAnswer.ts). Absent for every other operation.
   */
  awsQuery?: AwsQuerySpec;
  /**
   * Loads the module that builds `input` and `output` (generated projects keep the zod schemas of plain tools in
   * `src/schemas/`, imported on a tool's first call: start-up and tools/list then load none of them). Reading
   * `input` or `output` before it resolves throws. Absent: they are built on read (core/lazy.ts).
   */
  loadSchemas?: () => Promise<void>;
}

/**
 * An operation of the AWS query protocol. Its arguments are flattened into form keys by the protocol's rules
 * (`A.B`, `List.member.N`, `Map.entry.N.key`), its answer `<XResponse><XResult>…` read into the Result's JSON.
 */
export interface AwsQuerySpec {
  action: string;
  version: string;
  /** The arguments' shape where it is not text: lists (and their member names), maps, structures. */
  input?: QueryShape;
  /** The Result's shape where it is not text: what is a list, a map, a number or a boolean. */
  output?: QueryShape;
}

/**
 * The part of a schema the query protocol's form keys and XML need, text everywhere it says nothing: a
 * structure's members, a list (its member element name when not `member`; `flat` for `@xmlFlattened`, whose items
 * are repeated elements of the structure, named by `member` when it is set, and sent as `member.N`), a map (its `entry` of
 * `key`/`value`), a number or a boolean.
 */
export type QueryShape =
  | 'string'
  | 'number'
  | 'boolean'
  | { members: Record<string, QueryShape> }
  | { list: QueryShape; member?: string; flat?: true }
  | { map: QueryShape };

/** OperationSpec.listed: JSON text of the input schema and, when the operation has one, the output schema. */
export interface ListedSchemas {
  input: string;
  output?: string;
}

/** What the contract says about a promoted operation; every field is left out when it says nothing. */
export interface PromotionSpec {
  /** Timeout of the background request (ms); absent or null: JOB_BACKGROUND_TIMEOUT_MS. */
  timeoutMs?: number | null;
  /** How long a call usually takes, when the contract says (poll pacing, stall detection). */
  expectedDurationMs?: number | null;
  /** The operation's upstream idempotency parameter: a derived key is sent there, so a recovery re-send is safe. */
  idempotency?: IdempotencySpec | null;
  /** The contract shows the call slow (or an override said promote): the description says it may answer with a job handle. */
  announce?: boolean;
}

/** A toolset: the operations of one tag (or one part of a tag too big for one toolset), selected with MCP_TOOLSETS. */
export interface ToolsetSpec {
  name: string;
  description: string;
}

export type SecuritySchemeSpec =
  | { key: string; type: 'bearer'; env: { token: string } }
  | { key: string; type: 'basic'; env: { username: string; password: string } }
  | { key: string; type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; env: { value: string } }
  | AwsSigv4SchemeSpec;

/**
 * AWS Signature V4: every request is signed (upstream/sigv4.ts) with the credentials in `env` (the standard AWS
 * variables; `sessionToken` is optional) for `service` in the region of AWS_REGION / AWS_DEFAULT_REGION, else `region`.
 */
export interface AwsSigv4SchemeSpec {
  key: string;
  type: 'awsSigv4';
  /** The signing name (`athena`); null when the contract does not say, and then no request can be signed. */
  service: string | null;
  /** The contract's default region (`us-east-1`), or null. */
  region: string | null;
  env: { accessKeyId: string; secretAccessKey: string; sessionToken: string };
}

export interface IdempotencySpec {
  in: 'header' | 'query' | 'body';
  name: string;
  firstSentHeader?: string;
}

export interface StartSpec {
  /** OperationSpec.tool of the start operation (role `start`). */
  operation: string;
  /**
   * Where the upstream job id is: the start's answer, or its own request: a parameter by its wire name
   * (`arg:job-id`, whatever its tool argument is called) or a path into its arguments (`arg:body.Name`).
   */
  idFrom: ValueSource | `arg:${string}` | null;
  pollUrlFrom: ValueSource[];
  cancelUrlFrom: ValueSource | null;
  finalStateVia?: FinalStateVia;
  /**
   * `x-ms-long-running-operation`: the start is polled the way @azure/core-lro does (jobs/azureLro.ts), from
   * the headers its answer actually carries (Operation-Location, Azure-AsyncOperation, Location, else a PUT's
   * own provisioningState), whatever the contract declared. Absent for every other start.
   */
  azureLro?: true;
  /**
   * `x-ms-pageable` on an Azure LRO: its final result is the first page of a list. The result tool follows
   * `nextLinkName` and returns the `itemName` items of every page (bounded, jobs/resultPages.ts). Absent otherwise.
   */
  pageable?: { nextLinkName: string; itemName: string };
  preferAsync: boolean;
  idempotency: IdempotencySpec | null;
  /**
   * The start acts on several things and answers one handle per thing in a list (AWS Lightsail `CreateInstances` →
   * `operations: [{id}]`): the job is the set of them. Each member is polled by its own id through the family's poll,
   * and the job's state is their aggregate (jobs/memberSet.ts). `idFrom` names the first member's id. Absent otherwise.
   */
  members?: MemberSetSpec;
  /**
   * `idFrom` reads an AWS ARN of this resource type (`domain`) and the job id is what follows `<type>/` in it: the poll
   * asks for the thing's id, not its ARN (jobs/arnResourceId.ts). Absent otherwise.
   */
  idFromArn?: string;
}

/** Where a start's answer lists the members of a job over a set: the list's dotted path, and each item's id field. */
export interface MemberSetSpec {
  itemsAt: string;
  /** '' where the items are the ids themselves (`instance_ids: ["i-1", "i-2"]`). */
  itemId: string;
}

export interface JobOperationLinkSpec {
  /** OperationSpec.tool of the operation (a plain `tool`, or `internal` when hidden). */
  operation: string;
  /** Parameter (wire name) receiving the upstream job id; with `idIn: 'body'`, a dotted path into the JSON body. */
  idParam: string;
  /**
   * Absent: a path parameter, else a query parameter of that name. `body`: a field of the JSON request body.
   * `item`: the operation takes no id; it lists the items of the scope the start acted in (`carry`), and the job is
   * the one at `itemsAt` whose `itemId` is the id (App Runner `ListOperations {ServiceArn}`: jobs/listedAnswer.ts).
   * `none`: the operation takes no id; it reads the account's one thing of its kind (a singleton: `GET
   * /cost-estimation`), whose status is the job's; `idParam` is empty and the job is followed without an upstream id.
   */
  idIn?: 'path' | 'query' | 'body' | 'item' | 'none';
  /** With `idIn: 'body'`: the field takes a list of ids, and the job's id is sent as its only item (`{"exportIds": [id]}`). */
  idList?: true;
  /** With `idIn: 'body'`: the field is a JSON number, and the id (kept as text) is sent as the number it spells. */
  idNumeric?: true;
  /**
   * With `idIn: 'body'`: the field is a list of AWS filters and the job's id is sent as the only value of the named
   * one (`{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}`).
   */
  idFilter?: {
    name: string;
    nameKey: string;
    valuesKey: string;
    /** The name's numeric code, sent instead of the name where the contract codes its filter names. */
    code?: number;
  };
  /**
   * With `idList` or `idFilter` (or an optional id of a `List…` read: SSM `ListCommands {CommandId}`): the dotted path
   * of the answer's list of matched items (`ReplicationTasks`). The job is its one item; an empty list means the
   * upstream does not know the job (jobs/listedAnswer.ts).
   */
  itemsAt?: string;
  /**
   * With `itemsAt`: the field of each listed item that holds the id (`jobId`). The job is the item whose field equals
   * the id sent; a list without it is an upstream that does not know the job (jobs/listedAnswer.ts).
   */
  itemId?: string;
  /**
   * With `itemsAt` and `itemId`: the read answers a page at a time; a job not on the page read is asked for on the
   * next ones, sending the answer's `next` field (`NextToken`, `nextPageToken`) as the input `param` (jobs/listedAnswer.ts).
   */
  pages?: { param: string; in: 'body' | 'query'; next: string };
  /**
   * Other values: from a start input (`arg:thread_id`, a parameter by its wire name as `StartSpec.idFrom`) or the start response (`body:thread_id`); `in` as `idIn`.
   * `filter`: with `idFilter`, one more filter named `param` in the same list, its only value this one
   * (`{"Name": "replication-instance-arn", "Values": [value]}`), and the job is the listed item whose `itemId` field
   * also equals it (DMS `DescribeConnections`: a connection is an endpoint and a replication instance together).
   */
  carry: Array<{ param: string; from: `arg:${string}` | ValueSource; in?: 'path' | 'query' | 'body' | 'filter'; itemId?: string }>;
  /**
   * The operation's own idempotency token (a cancel's `ClientToken`): sent with a key derived from the job and the
   * upstream id, the same on every try, so asking twice is one request upstream (jobs/pollRequest.ts).
   */
  idempotency?: { in: 'header' | 'query' | 'body'; name: string };
  /**
   * What the cancel tool asks the agent for and sends with this call only (Batch `CancelJob {jobId, reason}`): the
   * input's wire name, where it goes, and the cancel tool's argument that holds it (JobFamilySpec.cancelInput). Set on
   * a cancel link only, and only where the contract requires what the job does not carry.
   */
  asks?: Array<{ param: string; in: 'query' | 'body'; arg: string }>;
  /**
   * Values the call sends as they are, to do its work: a cancel that updates the job's status to the cancelled
   * value (Macie `PATCH /jobs/{jobId} {"jobStatus": "CANCELLED"}`), each at its wire name and place.
   */
  sets?: Array<{ param: string; in: 'query' | 'body'; value: string }>;
  /**
   * The job is followed at a URL the start handed out, and this operation's path parameters are read out of that URL
   * by this template, the path of the GET the URL is (`/rest/api/3/task/{taskId}`): jobs/jobParams.ts.
   */
  fromPollUrl?: string;
}

/** The unit of a job's ETA field (`JobFamilySpec.etaUnit`). */
export type EtaUnit = 'ms' | 's' | 'min' | 'h' | 'date-time' | 'unix-s' | 'unix-ms';

/**
 * A thing that returns to rest between runs (detect/status/returnsToRest.ts): the status values it rests in, and its
 * last run's record, status (mapped by `lastRunOutcomes`) and start time, as dotted paths into the poll's answer.
 */
export interface ReturnsToRest {
  /** Status values the thing rests in between runs (`READY`, `Idle`). */
  rest: string[];
  /** The last run's record (`Crawler.LastCrawl`): shown as the reason of a run that failed. */
  lastRun: string;
  /** The last run's status (`Crawler.LastCrawl.Status`). */
  lastRunStatus: string;
  /** Its values → terminal canonical states (`SUCCEEDED` → succeeded, `Aborted` → cancelled). */
  lastRunOutcomes: Record<string, CanonicalState>;
  /** As JobFamilySpec `statusCodes`, for the last run's status: code → name. Absent when it is words. */
  lastRunCodes?: Record<string, string>;
  /** When the last run started (`Crawler.LastCrawl.StartTime`: a date-time or epoch seconds/ms), or null. */
  lastRunStartedAt: string | null;
}

export interface JobFamilySpec {
  name: string;
  /** `provisioning`: a resource brought up (CREATING → ACTIVE); absent: a job that finishes. */
  kind?: 'job' | 'provisioning';
  /** Human title, e.g. "Batch". */
  title: string;
  /** Tool names of the family's own tools (chosen by mcp-jobgen's naming module; start tools are OperationSpec.tool). */
  tools: { status: string; cancel: string | null; result: string | null };
  confidence: 'high' | 'medium' | 'low';
  starts: StartSpec[];
  poll: JobOperationLinkSpec | { via: ValueSource };
  cancel: JobOperationLinkSpec | { via: ValueSource } | null;
  result: JobOperationLinkSpec | { field: string } | { finalStateVia: FinalStateVia } | null;
  statusField: string | null;
  doneField: string | null;
  errorField: string | null;
  /** Words beside the status that say why it is so (`StatusReason`): a failed or cancelled job's reason when no error field has one. */
  reasonField?: string;
  resultField: string | null;
  /**
   * A fraction/percent field (`{field, scale}`: value / scale), or a counts object (`{counts, done, total}`:
   * sum of the `done` keys / `total` key, clamped 0..1; a missing or zero total gives null), or null.
   */
  progress: { field: string; scale: 1 | 100 } | { counts: string; done: string[]; total: string } | null;
  /** Upstream value → canonical. Lookup is exact first, then case-insensitive; unknown values are `running`. */
  states: Record<string, CanonicalState>;
  /**
   * The status field carries numeric codes the contract names (`0` Queued, `2` Completed): code → name. A code read
   * is its name from then on (states, upstream_status, the message). Absent when the status is words.
   */
  statusCodes?: Record<string, string>;
  /**
   * Dotted path of a field beside the status that says how a finished job ended (`conclusion`,
   * `state.result_state`), or null. When the status maps to a terminal state and this field holds a value,
   * the canonical state is `outcomes[value]` (exact, then case-insensitive); a null outcome keeps the status's state.
   */
  outcomeField: string | null;
  /** Outcome value → terminal canonical state. Empty when the contract lists no values (common words are read then). */
  outcomes: Record<string, CanonicalState>;
  /** As `statusCodes`, for the outcome field. */
  outcomeCodes?: Record<string, string>;
  /**
   * The poll reads a thing that runs again and again and rests between runs (a Glue crawler, a scheduled task):
   * `statusField` is where it is now, and how this job's run ended is its last run's record (jobs/restingRun.ts).
   * Absent on every other family.
   */
  returnsToRest?: ReturnsToRest;
  /**
   * The linked poll's HTTP code is the job's state (RFC 9110 §15.3.3): 202 running, another 2xx done, its answer then
   * the result, as at a URL monitor (jobs/pollAnswer.ts). Absent on every other family.
   */
  statusByCode?: true;
  /**
   * A start that runs a thing made apart (`StartChannel` of a channel `CreateChannel` made): the status values the thing
   * rests in before it runs (`IDLE`), queued in `states`. Seen again after the thing left them, the start did not take
   * and the job fails (jobs/startFromRest.ts). Absent on every other family.
   */
  restsBeforeStart?: string[];
  /**
   * Status values that say the job ended, not how (Google Cloud's Operation `DONE`), `succeeded` in `states`: an
   * `errorField` value there means it failed (jobs/interpret.ts). Absent on every other family.
   */
  neutralEnds?: string[];
  /**
   * A start acts on the job its poll reads (a re-run: GitHub's `…/actions/jobs/{job_id}/rerun`): the time in the poll's
   * answer that dates the run a finished document is, its end or else its start. A finished answer dated before the job's
   * start is the earlier run's (jobs/earlierRun.ts). Absent on every other family.
   */
  earlierRun?: { field: string; of: 'end' | 'start' };
  retryAfter: boolean;
  /** Configured (config / `x-mcp-jobgen`); wins over `etaField`. */
  expectedDurationMs: number | null;
  /**
   * Top-level field of the start answer or status document that says how long the job takes or when it finishes,
   * or null. Read from the job's latest stored document when `expectedDurationMs` is null.
   */
  etaField: string | null;
  /**
   * How `etaField`'s value reads, as the generator decided from its schema, name and description: a number of
   * `ms`, `s`, `min` or `h`; a `date-time`, or a Unix time in seconds or ms (`unix-s`, `unix-ms`): when it
   * finishes. Absent: the value's own form decides (a number is seconds, a date-time string a finishing time).
   */
  etaUnit?: EtaUnit;
  /** Server-side dedupe window for starts without an agent key (JOB_DEDUPE_WINDOW_MS overrides). */
  dedupeWindowMs: number;
  /** Extra origins (besides the upstream base URL's) that poll/result URLs may point at. */
  allowedOrigins: string[];
  /**
   * A plain tool that lists the family's upstream jobs (a GET on the jobs' collection), or null. Named to the
   * agent when a start's outcome is unknown and cannot be re-sent safely: it is how the job is found again.
   */
  listTool: string | null;
  /** Optional zod schema of the final result, for a typed `result` in the status output. */
  resultOutput?: z.core.$ZodType;
  /** The arguments the cancel tool takes beside `job_id`: the asks of the cancel link, typed as the contract types them. */
  cancelInput?: z.ZodObject;
  /** Fields of the job document that name where the real output lives, and the plain tool that fetches it. */
  outputs?: OutputPointerSpec[];
}

/** `field` of the job document holds the value of `tool`'s argument `arg` (`output_file_id` → download_file's `file_id`). */
export interface OutputPointerSpec {
  field: string;
  tool: string;
  arg: string;
}

export interface ServerDefinition {
  /** npm-style server name reported to MCP clients. */
  name: string;
  version: string;
  title: string;
  /** Sent as the MCP `instructions`: explains the job workflow. */
  instructions: string;
  /** Default upstream base URL from the spec's servers (variables substituted); `API_BASE_URL` overrides. */
  baseUrl: string | null;
  securitySchemes: SecuritySchemeSpec[];
  operations: OperationSpec[];
  families: JobFamilySpec[];
  /** Name of the list_jobs tool (normally `list_jobs`; renamed if an operation took that name). Null when there are no families. */
  listJobsTool: string | null;
  /** Every toolset an operation names, in first-use order (`all` and `jobs` are implied, never listed). */
  toolsets: ToolsetSpec[];
  /** Mode when MCP_TOOL_MODE is unset: `dynamic` (a few meta-tools) for specs above DYNAMIC_MODE_ABOVE_OPERATIONS. */
  toolMode: ToolMode;
  /** Name of the status tool of promoted calls (normally `call_status`); absent or null when no tool is promotable. */
  callStatusTool?: string | null;
}

/** `static`: one tool per operation. `dynamic`: search/describe/call meta-tools plus the shared job tools. */
export type ToolMode = 'static' | 'dynamic';
