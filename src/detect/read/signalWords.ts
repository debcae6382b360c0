/**
 * Names that carry job meaning in HTTP contracts, as data: monitor headers, cancel verbs, result
 * sub-resources, status/progress/error field names, idempotency parameters. Matching is case-insensitive
 * and always on a whole path segment or a whole field name, never on a substring of a path, so that a
 * path like `/payments/canceled_orders` or `/retry_policies` is not a signal.
 */

/**
 * Response headers that hand out a status monitor URL, in the order a poller should prefer them. `Content-Location`
 * only on a 202 (startSignals.ts): the content of a 202 describes the request's status (RFC 9110 §15.3.3), so the
 * resource it identifies (§8.7) is that status's monitor; JSON:API's asynchronous processing hands out its job so.
 */
export const MONITOR_HEADERS: readonly string[] = ['Azure-AsyncOperation', 'Operation-Location', 'Location', 'Content-Location'];
/** The monitor headers of Azure's REST guidelines, whose monitor answers `{status, error}` in Azure's words. */
export const AZURE_MONITOR_HEADERS: readonly string[] = ['Azure-AsyncOperation', 'Operation-Location'];
/**
 * Where ARM's Azure-AsyncOperation resource says how far the operation is: `percentComplete`, "optional, double
 * between 0 and 100" (azure-resource-manager-rpc, v1.0/async-api-reference.md, "Azure-AsyncOperation resource format").
 */
export const ARM_MONITOR_PROGRESS: { readonly field: string; readonly scale: 100 } = { field: 'percentComplete', scale: 100 };
/** Monitor headers that say so only on a 202: elsewhere the resource the content represents. */
export const MONITOR_ON_202_ONLY: readonly string[] = ['Content-Location'];

/**
 * Last path segment (or `:verb` suffix) of an operation that cancels the job it is mounted on, best first. `kill`, as
 * a process is ended (POSIX kill(1)): Kestra's `POST …/executions/{executionId}/kill`, YARN's and Spark's kill.
 */
export const CANCEL_VERBS: readonly string[] = ['cancel', 'abort', 'terminate', 'stop', 'dismiss', 'kill'];

/**
 * Verbs in an operationId/summary that make a POST/DELETE on the job item itself a cancel: the verb or its noun
 * (`Cancel or delete a task`, `cancellation`), not a past participle, which names a state (`Delete a job that is …
 * Aborted or Failed`: Salesforce Bulk's delete of ended jobs).
 */
export const CANCEL_WORDS_IN_TEXT = /\b(?:cancel(?:s|l?ing|l?ation)?|abort(?:s|ing)?|dismiss(?:es|ing|al)?|terminat(?:e|es|ing|ion))\b/i;

/** Sub-resources of a job that hold its output. */
export const RESULT_SEGMENTS: readonly string[] = [
  'results',
  'result',
  'output',
  'outputs',
  'output_items',
  'content',
  'contents',
  'download',
  'artifacts',
  'transcript',
];

/**
 * The last name token of a field that holds a status (`Status`, `JobState`, `phase`). `Lifecycle`: FSx names each
 * resource's own state so (`FileSystems.0.Lifecycle`: CREATING → AVAILABLE), beside the
 * `AdministrativeActions.0.Status` of the changes made to it. `Stage`: Directory Service's directory
 * (`DirectoryDescriptions.0.Stage`: Requested → Creating → Active), beside the `ShareStatus` of sharing it; a stage
 * that names a deployment (`dev`, `prod`) lists no lifecycle and is not read.
 */
export const STATUS_NAME_TOKENS: ReadonlySet<string> = new Set(['status', 'state', 'phase', 'lifecycle', 'stage']);

/** Status fields, best first. `*_status` / `*Status` names are tried after these. */
export const STATUS_FIELDS: readonly string[] = ['status', 'state', 'phase', 'statusCode', 'processing_status', 'job_status', 'jobStatus'];

/**
 * Fields beside the status that say how a finished job ended (GitHub `conclusion`, Databricks `result_state`).
 * These names mean nothing else, so they are taken even when the contract lists no values.
 */
export const OUTCOME_FIELDS: readonly string[] = [
  'conclusion',
  'outcome',
  'result_state',
  'resultState',
  'result_status',
  'resultStatus',
  'outcome_state',
  'outcomeState',
];

/**
 * Names that are an outcome only when their listed values are success/failure words: a `result` or
 * `resolution` string is as often business data (`approved`, `won't fix`) or the payload itself.
 */
export const OUTCOME_FIELDS_NEEDING_VALUES: readonly string[] = [
  'result',
  'resolution',
  'final_state',
  'finalState',
  'final_status',
  'finalStatus',
  'exit_status',
  'exitStatus',
];

/** Last name tokens that say a field holds a URL (`status_url`, `statusHref`, `progress_link`). */
export const URL_WORDS: ReadonlySet<string> = new Set(['url', 'uri', 'href', 'link']);

/**
 * Start-response fields that announce how long the work will take (`expected_duration_sec`, `estimatedCompletionTime`,
 * `estimated_finish`): the upstream itself says the answer is not the result. A bare `eta` is left out: it is as
 * often a driver's or a parcel's arrival time as a job's.
 */
export const ETA_FIELD = /^(expected|estimated)_?(duration|completion|processing_?time|finish|time_?remaining|seconds_?remaining)/i;

/** Siblings of the resource in a response envelope (`{data, meta, links}`, `{payment, errors}`). */
export const ENVELOPE_META_FIELDS: readonly string[] = [
  'errors',
  'error',
  'meta',
  'links',
  'warnings',
  'included',
  'request_id',
  'requestId',
];

/**
 * The outcome of the call an envelope reports beside the resource (`{success, message, response}`: Shotstack;
 * `{ok, result}`: Slack's and Telegram's house style; `{code, msg, data}` and Kling's `{code, message, request_id,
 * data}`, whose `code` is the call's, 0 on success): about the request, never the
 * resource's own state, but only as a scalar. An object of that name is a resource (`{message: {id, status}}` of a
 * messaging API): read/envelope.ts isEnvelopeMeta.
 */
export const CALL_OUTCOME_FIELDS: readonly string[] = ['success', 'ok', 'code', 'message', 'msg'];

/**
 * Name tokens of objects beside the status that may hold a progress field (Google `metadata.progressPercentage`,
 * `progress.percent`, `stats.percent_done`). Progress, error and result field names are rules: fieldRoles.ts.
 */
export const PROGRESS_CONTAINERS: readonly string[] = ['metadata', 'progress', 'status', 'stats', 'statistics'];

/**
 * Words that say the work completed, as the last word of a name or a value: a done flag (`done`, `isComplete`:
 * status/doneFlag.ts), a step's completion (`UploadComplete`: status/stepCompletions.ts).
 */
export const COMPLETION_WORDS: ReadonlySet<string> = new Set(['done', 'complete', 'completed', 'finished']);

/**
 * Resource nouns that name work rather than things. A weak signal: it only adds to other evidence.
 * Compared against singularised path segments and schema name words.
 */
export const JOB_NOUNS: readonly string[] = [
  'job',
  'run',
  'batch',
  'task',
  'operation',
  'execution',
  'build',
  'export',
  'import',
  'training',
  'prediction',
  'workflow',
  'pipeline',
  'analysis',
  'transcript',
  'transcription',
  'translation',
  'synthesis',
  'render',
  'conversion',
  'generation',
  'scan',
  'backup',
  'restore',
  'migration',
  'deployment',
  'video',
];

/**
 * Nouns that say "job" outright. Weighed double: a resource named a job with a lifecycle-like status and one
 * more sign (a transcript, a cancel) is a job (Rev.ai `/jobs/{id}` in_progress/transcribed/failed), while a
 * `task` or `operation` can be a to-do item or a bank transaction.
 */
export const EXPLICIT_JOB_NOUNS: readonly string[] = ['job'];

/** Start-request idempotency parameters (header or query). Compared case-insensitively. */
export const IDEMPOTENCY_HEADERS: readonly string[] = [
  'Idempotency-Key',
  'Idempotency_Key',
  'X-Idempotency-Key',
  'Idempotent-Key',
  'X-Request-Idempotency-Key',
  'Repeatability-Request-ID',
];

/** Companion header of Azure repeatability. */
export const REPEATABILITY_FIRST_SENT = 'Repeatability-First-Sent';

/** Body fields that carry an idempotency key. */
export const IDEMPOTENCY_BODY_FIELDS: readonly string[] = [
  'idempotency_key',
  'idempotencyKey',
  'idempotency_token',
  'idempotencyToken',
  'client_token',
  'clientToken',
  'client_request_token',
  'clientRequestToken',
];

/** Query parameters that ask for a callback instead of polling. */
export const CALLBACK_PARAMS: readonly string[] = ['callback', 'callback_url', 'callbackUrl', 'webhook', 'webhook_url', 'webhookUrl'];

/**
 * Last words of a schema name that say what kind of schema it is, not what thing (`statusInfo`, Visma's
 * `ProjectDto`, a data transfer object): dropped from a family's name, the path noun used when nothing is left.
 */
export const GENERIC_NAME_WORDS: readonly string[] = ['status', 'info', 'object', 'resource', 'details', 'dto'];

export function equalsIgnoreCase(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Lower-cased members of each word list, made once per list (inList is asked about every property of a body). */
const LOWER_SETS = new WeakMap<readonly string[], ReadonlySet<string>>();

export function inList(list: readonly string[], name: string): boolean {
  let lower = LOWER_SETS.get(list);
  if (lower === undefined) {
    lower = new Set(list.map((x) => x.toLowerCase()));
    LOWER_SETS.set(list, lower);
  }
  return lower.has(name.toLowerCase());
}
