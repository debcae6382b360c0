/**
 * Ground truth for the generality corpus (fixtures/generality/, APIs outside fixtures/real/), decided by reading
 * each API as a careful engineer before running detection. Operations are named by operationId.
 *
 * `cancel` / `result` list the acceptable answers (`null` inside the list: none is also acceptable).
 * `gap` marks what the contracts in src/model/jobs.ts cannot express yet, or detection does not find yet (the
 * reason says which): a family with `gap.family` must NOT be found (it would be broken at run time, or the gap
 * closed and the table is stale) and counts as missed in recall; `gap.starts` (with `gap.why`) are starts of a found
 * family that detection does not find yet, missed in recall, and must not be found; `gap.cancel` means the cancel
 * exists but cannot be linked, so the family is expected with `cancel: null`. `gap.falseStarts` (with `gap.falseWhy`)
 * are starts detection puts in the family that the truth says are none: counted as found and wrong in precision,
 * expected in the family so that the test fails when they go, and exempt from `notJobs` while they stand. A family
 * found on a trap is written so too, with no `start` of its own: its poll is exempt from `notJobs` while it stands.
 * `gap.result` (with `gap.resultWhy`) is the result detection links (`null`: none) where the truth's `result` lists otherwise,
 * `gap.falseCancel` (with `gap.falseCancelWhy`) the cancel it links where the truth's `cancel` lists otherwise (exempt
 * from `notJobs` while it stands), and
 * `gap.idempotency` (the why) says detection forwards no key where the truth names one: the truth stands, the
 * difference is asserted as it is, so the test fails when it goes.
 */

export interface ExpectedGenerality {
  start: string[];
  poll: string;
  /** Starts the documentation leaves open (an action that answers nothing to follow): found or not, neither counts. */
  optionalStarts?: string[];
  /** Other polls that read the same job as well (Hetzner's `/actions/{id}` beside `/servers/actions/{id}`). */
  pollAlso?: string[];
  cancel: Array<string | null>;
  result?: Array<string | null>;
  gap?: {
    family?: string;
    cancel?: string;
    starts?: string[];
    why?: string;
    falseStarts?: string[];
    falseWhy?: string;
    /** The result detection links, `null` for none. */
    result?: string | null;
    resultWhy?: string;
    falseCancel?: string;
    falseCancelWhy?: string;
    idempotency?: string;
  };
  /** The upstream idempotency parameter the starts must forward (checked on every start). */
  idempotency?: { in: 'header' | 'query' | 'body'; name: string };
  /**
   * Decided as a family before detection ran, then judged ambiguous: the contract alone does not tell it from
   * a business resource. Absent is accepted; if found it must match. Left out of precision and recall.
   */
  ambiguous?: string;
  /** Terminal outcome field beside the status, and some of its value map; absent means the family must have none. */
  outcome?: { field: string; outcomes: Record<string, string>; finished: Record<string, string> };
}

export interface GeneralitySpec {
  file: string;
  families: ExpectedGenerality[];
  /** Operations that must be in no family (traps), each with why. */
  notJobs?: Record<string, string>;
  /**
   * The diagnostic codes detection reports on this contract, in order (none when absent): a gap detection sees and
   * says (`MJG305`: a start whose answer yields no id for its poll) is asserted as said, no more and no less.
   */
  diagnostics?: string[];
}

export const GENERALITY: GeneralitySpec[] = [
  {
    file: 'anthropic-message-batches.yaml',
    families: [
      {
        start: ['message_batches_post'],
        poll: 'message_batches_retrieve',
        cancel: ['message_batches_cancel'],
        result: ['message_batches_results', null],
      },
    ],
    notJobs: { message_batches_delete: 'deletes a finished batch; the docs say to cancel first', messages_post: 'synchronous' },
  },
  {
    // An asset is ingested and transcoded after creation (preparing → ready | errored); the docs tell clients to
    // poll the asset or wait for a webhook. No cancel exists: deleting an asset is not cancelling its processing.
    // Live streams (idle/active/disabled) describe a connection, not work that ends.
    file: 'mux-video-assets.yaml',
    families: [
      {
        start: ['create-asset'],
        poll: 'get-asset',
        cancel: [null],
        ambiguous:
          'its only job evidence is preparing/ready/errored on a 201 create: no cancel, no result, no progress, no job noun; the same shape as a business resource, so no family is accepted',
      },
    ],
    notJobs: { 'create-live-stream': 'a stream is a connection state, not finite work', 'delete-asset': 'a delete' },
  },
  {
    // The start answers `{dubbing_id, expected_duration_sec}`; the project reads "dubbing" until "dubbed" or "failed".
    file: 'elevenlabs-dubbing.yaml',
    families: [{ start: ['create_dubbing'], poll: 'get_dubbing', cancel: [null], result: ['get_dubbed_audio', null] }],
    notJobs: { delete_dubbing: 'deletes the project', text_to_speech: 'synchronous audio' },
  },
  {
    // Every generation endpoint answers only `{id}` of a task read at /v1/tasks/{id}; DELETE says "Cancel or delete a task".
    file: 'runway-tasks.yaml',
    families: [{ start: ['imageToVideo', 'textToImage'], poll: 'getTask', cancel: ['deleteTask'] }],
  },
  {
    // 201 + Location of a transcription whose status is NotStarted/Running/Succeeded/Failed; result files under
    // /files. DELETE removes the transcription (the contract never says it cancels).
    file: 'azure-speech-batch.yaml',
    families: [
      { start: ['Transcriptions_Create'], poll: 'Transcriptions_Get', cancel: [null], result: ['Transcriptions_ListFiles', null] },
    ],
    notJobs: { WebHooks_Create: '201 + Location of a plain resource', Transcriptions_Delete: 'a delete, not a cancel' },
  },
  {
    // The start answers `{jobArn}`; the job is read at /model-invocation-job/{jobIdentifier} (which takes the ARN) and stopped at …/stop.
    file: 'aws-bedrock-batch.yaml',
    families: [
      {
        start: ['CreateModelInvocationJob'],
        poll: 'GetModelInvocationJob',
        cancel: ['StopModelInvocationJob'],
        idempotency: { in: 'body', name: 'clientRequestToken' },
      },
    ],
  },
  {
    // Every action is a POST whose job name travels in the request body: the client names the job
    // (`TranscriptionJobName`) and the poll takes it in its JSON body (`JobOperationLink.idIn: 'body'`, issue 24).
    file: 'aws-transcribe-json.yaml',
    families: [
      {
        start: ['StartTranscriptionJob'],
        poll: 'GetTranscriptionJob',
        cancel: [null],
      },
    ],
  },
  {
    // Runs are read with `?run_id=` (id in the QUERY) and cancelled with `{run_id}` in a POST body.
    file: 'databricks-jobs.yaml',
    families: [
      {
        start: ['jobs.runNow', 'jobs.submit'],
        poll: 'jobs.getRun',
        // The cancel takes run_id in its JSON body (a gap until stop 65: a link passed ids in the path or query only).
        cancel: ['jobs.cancelRun'],
        result: ['jobs.getRunOutput', null],
        idempotency: { in: 'body', name: 'idempotency_token' },
        // `life_cycle_state: TERMINATED` only says "finished"; `result_state` says how.
        outcome: {
          field: 'state.result_state',
          outcomes: { SUCCESS: 'succeeded', FAILED: 'failed', TIMEDOUT: 'failed', CANCELED: 'cancelled' },
          finished: { TERMINATED: 'succeeded', INTERNAL_ERROR: 'failed', RUNNING: 'running' },
        },
      },
    ],
    notJobs: { 'jobs.create': 'creates a job definition, not a run', 'jobs.deleteRun': 'a delete' },
  },
  {
    file: 'google-speech-v1.yaml',
    families: [{ start: ['speech.speech.longrunningrecognize'], poll: 'speech.operations.get', cancel: [null] }],
    notJobs: { 'speech.speech.recognize': 'synchronous', 'speech.projects.locations.phraseSets.create': 'plain resource' },
  },
  {
    // Creating a Job answers 200/201/202 with the object, as every Kubernetes create does; its status has
    // counters and conditions but no status word, and nothing cancels it. Ambiguous: no family.
    file: 'kubernetes-batch-v1.yaml',
    families: [],
  },
  {
    // Created at /pipeline (singular), read at /pipelines/{pipeline_id}; the trigger endpoint starts the same
    // pipeline. CI jobs have cancel/retry/artifacts but no start of their own: no family for them.
    file: 'gitlab-pipelines.yaml',
    families: [
      {
        start: ['postApiV4ProjectsIdPipeline', 'postApiV4ProjectsIdTriggerPipeline'],
        poll: 'getApiV4ProjectsIdPipelinesPipelineId',
        cancel: ['postApiV4ProjectsIdPipelinesPipelineIdCancel'],
      },
    ],
    notJobs: { postApiV4ProjectsIdPipelinesPipelineIdRetry: 'acts on an existing pipeline' },
  },
  {
    // Calls and messages have queued/…/completed/failed/canceled words, but a call is a live session and a message
    // a delivery record; "cancel" is an update (`Status=canceled`) among other fields. No family.
    file: 'twilio-calls.yaml',
    families: [],
    notJobs: {
      CreateCall: 'a live call',
      UpdateCall: 'an update that can also hang up',
      CreateMessage: 'a delivery record',
      CreateCallRecording: 'a recording session',
    },
  },
  {
    // Payments and orders with status words, idempotency keys and a `/cancel` that voids a payment: business.
    file: 'square-payments.yaml',
    families: [],
    notJobs: { CancelPayment: 'a business cancel (void)', CreatePayment: 'a payment', CreateOrder: 'an order' },
  },
  {
    // 202 with no body and nothing to poll: fire-and-forget.
    file: 'sendgrid-mail.yaml',
    families: [],
    notJobs: { SendMail: 'fire-and-forget 202', CreateScheduledSend: 'records a cancel/pause request; not a job' },
  },
];
