/**
 * Ground truth for the fourth generality batch (fixtures/generality/, written 2026-12-07 by two helpers from their
 * knowledge of each vendor's public documentation, decided before detection ever ran on these files): fifteen job
 * APIs (OpenAI batches and fine-tuning, AssemblyAI, Replicate, Stability AI, Salesforce Bulk 2.0, Dropbox, Jira's
 * long tasks, Mapbox uploads, Shotstack, Yandex Cloud operations, Scaleway tasks, Bitbucket Pipelines, Jenkins, Adobe
 * PDF Services, Twilio Video compositions) and five business APIs whose statuses sound like progress (Asana, Jira
 * issues, Zendesk tickets, Stripe PaymentIntents, Intercom conversations). Same format as generalityExpected.ts.
 * First run (with stop 62's first four rules already in): 4 of the 15 job APIs whole, 12 of 29 starts, one false
 * start (Scaleway's create), no family on any of the 5 traps. The `gap`s are what is still missed, each with why;
 * Jira's cancel is the one expectation the first run moved (to `gap.cancel`, the form that says it is not linked).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_4: GeneralitySpec[] = [
  {
    // A batch runs validating → in_progress → finalizing → completed (or failed/expired/cancelling → cancelled); its
    // outputs are a file named by output_file_id, read at /files/{file_id}/content. A fine-tuning job runs
    // validating_files/queued/running → succeeded | failed | cancelled; its events list is a read of the job.
    file: 'openai-batches-finetuning.yaml',
    families: [
      { start: ['createBatch'], poll: 'retrieveBatch', cancel: ['cancelBatch'], result: ['downloadFile', null] },
      {
        start: ['createFineTuningJob'],
        poll: 'retrieveFineTuningJob',
        cancel: ['cancelFineTuningJob'],
        result: ['listFineTuningEvents', null],
      },
    ],
    notJobs: {
      createChatCompletion: 'synchronous',
      createFile: 'an upload; its deprecated status (uploaded/processed/error) describes the file, not work to follow',
      listBatches: 'a list',
      listPaginatedFineTuningJobs: 'a list',
    },
  },
  {
    // The create answers the transcript queued; it is read until completed or error. Sentences and paragraphs are
    // reads of the finished transcript. No cancel: DELETE removes a finished transcript's data.
    file: 'assemblyai-transcripts.yaml',
    families: [
      {
        start: ['createTranscript'],
        poll: 'getTranscript',
        cancel: [null],
        result: ['getTranscriptSentences', 'getTranscriptParagraphs', null],
      },
    ],
    notJobs: {
      deleteTranscript: 'a delete of the data, not a cancel',
      listTranscripts: 'a list',
      uploadFile: 'a synchronous upload answering a URL',
    },
  },
  {
    // Both prediction creates answer a prediction (201, or 202 while outputs are missing) read at urls.get =
    // /predictions/{id} and cancelled at urls.cancel; `Prefer: wait` may hand back a finished one. Trainings alike.
    file: 'replicate-predictions.yaml',
    families: [
      {
        start: ['predictions.create', 'models.predictions.create'],
        poll: 'predictions.get',
        cancel: ['predictions.cancel'],
        result: [null],
      },
      { start: ['trainings.create'], poll: 'trainings.get', cancel: ['trainings.cancel'], result: [null] },
    ],
    notJobs: {
      'models.create': 'creates a model, a plain resource (201)',
      'models.get': 'a plain read',
      'predictions.list': 'a list',
      'trainings.list': 'a list',
    },
  },
  {
    // The start answers only {id}; the result path is the poll: 202 {status: in-progress} while running, 200 with
    // the video when done (the state is the HTTP code). finish_reason CONTENT_FILTERED is a finished generation,
    // not a failure. No cancel.
    file: 'stability-async-generation.yaml',
    families: [
      {
        start: ['imageToVideo'],
        poll: 'imageToVideoResult',
        cancel: [null],
        result: [null, 'imageToVideoResult'],
        // Found since stop 66 (a gap until then): the read answers 202 while the work runs and 200 with the video,
        // its HTTP code the state (idflow/codeStatusPoll.ts); the video, a file, is read there again once done.
      },
    ],
    notJobs: { generateCore: 'synchronous image', userBalance: 'a plain read' },
  },
  {
    // An ingest job is created Open, given its CSV (PUT), closed by PATCH state UploadComplete, then processed to
    // JobComplete | Failed; the same PATCH with Aborted cancels it. The create is the start (it hands out the job);
    // the upload and close are steps on that job. A query job starts at once (UploadComplete → … → JobComplete).
    file: 'salesforce-bulk-v2.yaml',
    families: [
      {
        start: ['createIngestJob'],
        poll: 'getIngestJobInfo',
        cancel: ['closeOrAbortIngestJob', null],
        result: ['getIngestJobSuccessfulResults', 'getIngestJobFailedResults', null],
        gap: {
          family:
            'not found: beside a lifecycle-like `state` its only evidence is the PATCH that can set `Aborted`, read after families are made (updateCancel.ts); the first run found it only by misreading the DELETE of ended jobs as its cancel',
        },
      },
      {
        start: ['createQueryJob'],
        poll: 'getQueryJobInfo',
        cancel: ['abortQueryJob', null],
        result: ['getQueryJobResults', null],
      },
    ],
    notJobs: {
      uploadIngestJobData: 'puts the CSV into an Open job; a step on an existing job, it starts nothing',
      deleteIngestJob: 'deletes a finished job',
      deleteQueryJob: 'deletes a finished job',
      getAllIngestJobs: 'a list',
      getAllQueryJobs: 'a list',
    },
  },
  {
    // RPC over POST: the start answers `.tag: async_job_id` (or `complete` at once), the check route takes
    // {async_job_id} in its JSON body and answers `.tag` in_progress | complete | failed (copy batches: in_progress |
    // complete, with per-entry failures). Nothing cancels a job.
    file: 'dropbox-async-jobs.yaml',
    families: [
      {
        start: ['filesSaveUrl'],
        poll: 'filesSaveUrlCheckJobStatus',
        cancel: [null],
        result: [null],
        gap: {
          family: "not found: the status is Dropbox's own union tag (`.tag`: in_progress | complete | failed), no status-named field",
        },
      },
      {
        start: ['filesCopyBatchV2'],
        poll: 'filesCopyBatchCheckV2',
        cancel: [null],
        result: [null],
        gap: { family: 'not found: as filesSaveUrl, its status is a `.tag`' },
      },
    ],
    notJobs: { filesGetMetadata: 'a synchronous read', filesListFolder: 'a synchronous list' },
  },
  {
    // Deleting a custom field or a project answers 303 with the task (ENQUEUED/RUNNING → COMPLETE | FAILED |
    // CANCELLED | DEAD, progress) read at /task/{taskId} and cancelled at …/cancel. The bulk property set answers a
    // bare 303 (the task link is only in prose): optional. Issues and their workflow statuses are business records.
    file: 'jira-async-tasks.yaml',
    families: [
      {
        start: ['deleteCustomField', 'deleteProjectAsynchronously'],
        optionalStarts: ['bulkSetIssueProperty'],
        poll: 'getTask',
        // Found since stop 62 (the task read is a 303 Location's); its cancel since stop 66, the task id read out of
        // the Location by the task read's path (a gap until then).
        cancel: ['cancelTask'],
        result: [null],
      },
    ],
    notJobs: {
      createIssue: 'an issue: a business record whose status is a workflow state',
      getIssue: 'an issue read',
      doTransition: 'moves an issue through its workflow; no work runs',
      deleteIssue: 'a synchronous delete',
    },
  },
  {
    // The create answers {id, complete: false, error: null, progress: 0}; the upload is read until complete is true
    // or error is set (no status word: a boolean, a nullable error and a progress fraction). No cancel.
    file: 'mapbox-uploads.yaml',
    families: [
      {
        start: ['createUpload'],
        poll: 'retrieveUploadStatus',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the flag `complete` beside `error` is read as a status since stop 62 (doneFlag.ts), but beside it only `progress` says work: under the resource convention’s threshold (no cancel, `upload` names no work)',
        },
      },
    ],
    notJobs: {
      retrieveS3Credentials: 'a synchronous POST handing out staging credentials',
      removeUploadStatus: 'removes a finished upload from the listing; not a cancel',
      listUploadStatuses: 'a list',
      listTilesets: 'a list',
    },
  },
  {
    // Renders are queued (201, id at response.id in the wrapper) and read at /render/{id} until response.status is
    // done or failed; a template render starts the same render. Saving a template answers the same wrapper and id
    // but nothing runs. No cancel.
    file: 'shotstack-render.yaml',
    families: [{ start: ['postRender', 'postTemplateRender'], poll: 'getRender', cancel: [null], result: [null] }],
    notJobs: {
      postTemplate: 'saves a template (201 with an id in the same wrapper); a plain resource',
      getTemplate: 'a plain read',
      getTemplates: 'a list',
      deleteTemplate: 'a delete',
      probe: 'synchronous',
    },
  },

  {
    // Every instance change answers an Operation read at /operations/{id} (on its own host) until `done`, then `error`
    // or `response`: a boolean end like Google's LROs, so no outcome field. The operation service's `:cancel` is the
    // cancel; compute refuses it for most operations, so none is accepted too. getInstance is left free: its status
    // follows the same change, but the Operation is the documented handle.
    file: 'yandex-cloud-operations.yaml',
    families: [
      {
        start: ['createInstance', 'startInstance', 'stopInstance', 'restartInstance', 'deleteInstance'],
        poll: 'getOperation',
        cancel: ['cancelOperation', null],
        result: [null],
        idempotency: { in: 'header', name: 'Idempotency-Key' },
      },
    ],
    notJobs: {
      listInstances: 'a list',
      listInstanceOperations: 'a list of the operations run on an instance, not the read of one',
      getInstanceSerialPortOutput: 'a synchronous read',
    },
  },
  {
    // A power action answers a Task (pending/started/success/failure/retry, progress) that has no read of its own; its
    // href_result is the server, read until its state settles (starting → running, stopping → stopped). The create
    // answers a server already at rest (stopped): nothing runs until a poweron action. Tasks cannot be cancelled.
    file: 'scaleway-instance-tasks.yaml',
    families: [
      {
        start: ['ServerAction'],
        poll: 'GetServer',
        cancel: [null],
        result: [null],
        gap: {
          starts: ['ServerAction'],
          why: 'its 202 answers a Task whose only link to the server is `href_result`, a path in a field no rule reads as the server’s',
          falseStarts: ['CreateServer'],
          falseWhy:
            'the create is followed at the server, whose `stopped` (where a create leaves it) reads as its end: a family that ends at once',
        },
      },
    ],
    notJobs: {
      CreateServer: 'answers the server already in its resting state (stopped); nothing runs until a poweron action',
      DeleteServer: 'a delete of a stopped server, answering nothing',
      UpdateServer: 'a synchronous update',
      ListServers: 'a list',
      ListServerActions: 'lists the actions allowed now; changes nothing',
    },
  },
  {
    // A triggered pipeline runs PENDING → IN_PROGRESS → COMPLETED; COMPLETED only says "finished" and
    // state.result.name says how (the Databricks / Azure DevOps split). stopPipeline stops it. Steps share the state
    // shape but are started by their pipeline, not alone; their list is an acceptable result.
    file: 'bitbucket-pipelines.yaml',
    families: [
      {
        start: ['createPipelineForRepository'],
        poll: 'getPipelineForRepository',
        cancel: ['stopPipeline'],
        result: ['getPipelineStepsForRepository', null],
        outcome: {
          field: 'state.result.name',
          outcomes: { SUCCESSFUL: 'succeeded', FAILED: 'failed', ERROR: 'failed', STOPPED: 'cancelled' },
          finished: { COMPLETED: 'succeeded', IN_PROGRESS: 'running' },
        },
      },
    ],
    notJobs: {
      getPipelinesForRepository: 'a list',
      getPipelineStepForRepository: 'a step of a pipeline: started by the pipeline, nothing starts it alone',
      getRepositoryPipelineConfig: 'a plain read of the settings',
    },
  },
  {
    // Two stages. The trigger answers 201 + Location of a queue item; the item waits (why, blocked, stuck) until it
    // leaves the queue either cancelled or naming the build it became (executable.number), which then runs until
    // `building` is false with `result`. The family is the queue stage, the only one a start hands out a handle for,
    // cancelled by /queue/cancelItem?id=. The build stage has no start of its own (like GitLab's CI jobs): its stop
    // and console are no family's. Reading the build the item became is an acceptable result.
    file: 'jenkins-remote-build.yaml',
    families: [
      {
        start: ['build', 'buildWithParameters'],
        poll: 'getQueueItem',
        cancel: ['cancelQueueItem'],
        result: ['getBuild', null],
        gap: {
          family:
            'not found: a queue item says where it is by booleans and a class name (`blocked`, `buildable`, `cancelled`, `why`, `executable` once it left), no status word',
        },
      },
    ],
    notJobs: { getJob: 'the job definition', listJobs: 'a list', getQueue: 'a list of the queue' },
  },
  {
    // Each operation answers 201 + a `location` header naming its own status path, polled until done (with the output
    // asset and its download URL) or failed: one family per operation. No cancel. The status answer carries the
    // output's assetID; reading that asset's download URL is an acceptable result.
    file: 'adobe-pdf-services.yaml',
    families: [
      { start: ['pdfoperations.ocr'], poll: 'pdfoperations.ocr.jobstatus', cancel: [null], result: ['asset.get', null] },
      {
        start: ['pdfoperations.compresspdf'],
        poll: 'pdfoperations.compresspdf.jobstatus',
        cancel: [null],
        result: ['asset.get', null],
      },
      {
        start: ['pdfoperations.exportpdf'],
        poll: 'pdfoperations.exportpdf.jobstatus',
        cancel: [null],
        result: ['asset.get', null],
      },
    ],
    notJobs: {
      'authentication.generatetoken': 'a synchronous token exchange',
      'asset.uploadpresignedurl': 'hands out an upload URL and asset id at once; the upload itself goes to storage',
      'asset.delete': 'a delete',
    },
  },
  {
    // A composition is made after the create answers (enqueued → processing → completed | failed), unlike Mux with a
    // lifecycle vocabulary and a result: the file at /Media. DELETE removes the media and leaves the composition
    // `deleted`; it is no cancel. Recordings are made by rooms and only read here.
    file: 'twilio-video-compositions.yaml',
    families: [{ start: ['CreateComposition'], poll: 'FetchComposition', cancel: [null], result: ['FetchCompositionMedia', null] }],
    notJobs: {
      DeleteComposition: 'deletes the media of a composition (which then reads deleted), not a cancel',
      ListComposition: 'a list',
      FetchRecording: 'a track recording a room made; nothing here starts it',
      ListRecording: 'a list',
    },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    // "Tasks" are to-do items for people; `completed` is set by a person (or an update), sections are board columns
    // such as "In Progress", approvals wait on a reviewer. Every call answers at once.
    file: 'asana-tasks.yaml',
    families: [],
    notJobs: {
      createTask: 'creates a to-do item for people; the server has no work left once it answers',
      getTask: 'reads a to-do item; `completed` records a person ticking it off, not work ending',
      updateTask: 'a synchronous update, also how a person marks it complete',
      addTaskForSection: 'moves a task to another board column (e.g. In Progress → Done): a person’s bookkeeping',
      createProject: 'a container for tasks',
      getProject: 'a plain read; its status update (on_track, at_risk…) is a person’s report',
    },
  },
  {
    // Workflow statuses (To Do / In Progress / Done, categories new/indeterminate/done) record where people are with
    // an issue; a transition is a synchronous, person-chosen move, not a start.
    file: 'jira-issues-workflow.yaml',
    families: [],
    notJobs: {
      createIssue: 'creates a work item for people, answered at once in its initial status',
      getIssue: 'reads an issue; its "In Progress" is a team’s state, not the server’s work',
      doTransition: 'a synchronous workflow move a person chooses; it answers 204 with nothing to follow',
      getTransitions: 'lists the moves allowed from the current status',
      editIssue: 'a synchronous edit',
    },
  },
  {
    // new/open/pending/hold/solved/closed track a support conversation between agents and a requester; `pending`
    // waits on the customer, `hold` on a third party. The Idempotency-Key on create keys a retry, not a job.
    file: 'zendesk-tickets.yaml',
    families: [],
    notJobs: {
      CreateTicket: 'creates a support request, answered at once; its idempotency key only makes the retry safe',
      ShowTicket: 'reads a ticket; pending means waiting on the requester, not on the server',
      UpdateTicket: 'a synchronous update, also how agents solve a ticket',
      DeleteTicket: 'a delete',
    },
  },
  {
    // A PaymentIntent is the payment itself, not work the server does for the caller: most statuses wait on a party
    // (requires_payment_method / requires_confirmation / requires_action wait on the customer or the integration,
    // requires_capture on the merchant), so it does not run to an end by itself. `processing` is the payment network
    // settling the money (days for bank debits), reported by webhooks; `canceled` is a business decision with a
    // cancellation_reason that releases an authorization; `succeeded` means the money moved, and the object stays the
    // payment's record (refunds follow it). Idempotency keys exist on every POST and prove nothing here.
    file: 'stripe-payment-intents.yaml',
    families: [],
    notJobs: {
      PostPaymentIntents: 'creates a payment, which then waits for the customer’s payment method, not for the server',
      PostPaymentIntentsIntentConfirm:
        'confirms the customer’s intent to pay; what follows is requires_action (the customer) or processing (the payment network), a payment’s life, not a job',
      PostPaymentIntentsIntentCapture: 'the merchant captures authorized funds: a business step',
      PostPaymentIntentsIntentCancel: 'a business cancel with a cancellation_reason, voiding the payment',
      GetPaymentIntentsIntent: 'reads the payment record',
      PostPaymentIntentsIntent: 'a synchronous update',
    },
  },
  {
    // open/closed/snoozed describe a conversation between a contact and teammates; closing and snoozing are a
    // teammate's synchronous moves (one /parts endpoint told apart by message_type), reopened by any reply.
    file: 'intercom-conversations.yaml',
    families: [],
    notJobs: {
      createConversation: 'starts a conversation with people; answers the message at once',
      retrieveConversation: 'reads a conversation; open and snoozed wait on people, not the server',
      replyConversation: 'a synchronous reply',
      manageConversation: 'a teammate closes, snoozes, opens or assigns the conversation at once',
      updateConversation: 'a synchronous update',
    },
  },
];
