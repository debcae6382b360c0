/**
 * Ground truth for the first half of the seventh generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, decided before detection ever ran on these files): twelve job APIs
 * none of which carries a published long-running marker (fal.ai's queue, Black Forest Labs' FLUX, Kling AI video
 * tasks, Baseten async inference, Rev.ai jobs, Transloadit assemblies, PDF.co background jobs, NeverBounce bulk jobs,
 * Bright Data snapshots, DataForSEO tasks, Auth0 Management API jobs, Hightouch sync runs) and three business APIs
 * whose statuses sound like work (GoCardless payments, Okta users, Twilio messages). Same format as
 * generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_7A: GeneralitySpec[] = [
  {
    // The submit answers {request_id, status_url, response_url, cancel_url} IN_QUEUE; …/requests/{id}/status reads
    // IN_QUEUE → IN_PROGRESS → COMPLETED (no failed word: a failure shows at the result read), PUT …/cancel stops it,
    // and the output is only at …/requests/{id} (the response_url): the result, none accepted too as elsewhere. The
    // status, result and cancel paths name the app (fal-ai/flux), not the submit's full path (fal-ai/flux/dev).
    file: 'fal-queue.yaml',
    families: [
      {
        start: ['submitFluxDevRequest'],
        poll: 'getRequestStatus',
        cancel: ['cancelRequest'],
        result: ['getRequestResult', null],
      },
    ],
    notJobs: {
      streamRequestStatus: 'a server-sent event stream of the same status, not a read to poll',
      listModels: 'a list of model endpoints on the platform host',
    },
  },
  {
    // Each generation endpoint answers {id, polling_url}; GET /v1/get_result?id= (id in the QUERY) reads Pending until
    // Ready (the image URL in result.sample) or Error / Request Moderated / Content Moderated / Task not found. Four
    // starts of one job. No cancel; the status read carries the result.
    file: 'bfl-flux.yaml',
    families: [
      {
        start: [
          'generate_flux_pro_1_1_v1_flux_pro_1_1_post',
          'generate_flux_pro_1_1_ultra_v1_flux_pro_1_1_ultra_post',
          'generate_flux_dev_v1_flux_dev_post',
          'generate_flux_kontext_pro_v1_flux_kontext_pro_post',
        ],
        poll: 'get_result_v1_get_result_get',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the submit answers 200 `{id, polling_url}` (one branch of a oneOf); the read takes that bare `id` in the query of an unrelated path (`/v1/get_result?id=`), too common an id to link by, and a `polling_url` is followed only on a 201 or 202',
        },
      },
    ],
    notJobs: { get_credits_v1_credits_get: 'a plain read of the balance' },
  },
  {
    // Two families, one per task kind: the create answers {code, data: {task_id, task_status: submitted}} and
    // …/{id} reads submitted → processing → succeed (task_result.videos) | failed (task_status_msg). No cancel; the
    // task read carries the videos. external_task_id is a caller-chosen lookup id, not documented as an idempotency key.
    file: 'kling-video.yaml',
    families: [
      { start: ['createText2VideoTask'], poll: 'getText2VideoTask', cancel: [null], result: [null] },
      { start: ['createImage2VideoTask'], poll: 'getImage2VideoTask', cancel: [null], result: [null] },
    ],
    notJobs: { listText2VideoTasks: 'a list', listImage2VideoTasks: 'a list' },
  },
  {
    // The three async_predict routes (production, a named environment, one deployment) answer {request_id};
    // /async_request/{request_id} reads QUEUED → IN_PROGRESS → SUCCEEDED | FAILED | EXPIRED | CANCELED |
    // WEBHOOK_FAILED, and DELETE on the same path cancels a queued request. The output is never readable (it goes only
    // to the webhook), so no result. webhook_status is about the delivery, not how the work ended: no outcome field.
    file: 'baseten-async.yaml',
    families: [
      {
        start: ['asyncPredictProduction', 'asyncPredictEnvironment', 'asyncPredictDeployment'],
        poll: 'getAsyncRequestStatus',
        cancel: ['cancelAsyncRequest'],
        result: [null],
      },
    ],
    notJobs: {
      predictProduction: 'synchronous',
      getAsyncQueueStatusProduction: 'counts of the queue; a plain read',
    },
  },
  {
    // The submit answers the Job in_progress; /jobs/{id} reads it until transcribed | failed. The transcript and the
    // captions are separate reads of the finished job (409 before). No cancel: DELETE refuses a job in progress.
    file: 'revai-jobs.yaml',
    families: [
      {
        start: ['SubmitTranscriptionJob'],
        poll: 'GetJobById',
        cancel: [null],
        result: ['GetTranscriptById', 'GetCaptions', null],
      },
    ],
    notJobs: {
      GetListOfJobs: 'a list',
      DeleteJobById: 'deletes a finished job’s data (409 while in progress); not a cancel',
      GetAccount: 'a plain read of the balance',
    },
  },
  {
    // The create answers the Assembly Status (`ok`: ASSEMBLY_UPLOADING → ASSEMBLY_EXECUTING → ASSEMBLY_COMPLETED, or
    // ASSEMBLY_CANCELED / REQUEST_ABORTED; a failed one carries `error` instead), read again at
    // /assemblies/{assembly_id} and cancelled by DELETE there. A replay runs the Assembly again as a NEW Assembly
    // (its own assembly_id and URLs), so it is a second start, not a step on the old one. The results sit in the
    // status itself. Templates answer the same `ok` field (TEMPLATE_CREATED …) as a mere acknowledgement.
    file: 'transloadit-assemblies.yaml',
    families: [
      {
        start: ['createAssembly', 'replayAssembly'],
        poll: 'getAssemblyStatus',
        cancel: ['cancelAssembly'],
        result: [null],
        gap: {
          family:
            'not found: the assembly’s state is in a field named `ok` (ASSEMBLY_UPLOADING, ASSEMBLY_EXECUTING, …), and only a status-named field is read as one',
        },
      },
    ],
    notJobs: {
      listAssemblies: 'a list',
      replayAssemblyNotification: 'sends an ended Assembly’s notification again; nothing runs',
      createTemplate: 'saves a Template; its ok TEMPLATE_CREATED acknowledges the save',
      getTemplate: 'a plain read',
    },
  },
  {
    // Every conversion is synchronous by default and, with "async": true in its body, answers {jobId, url} at once;
    // POST /v1/job/check with {jobid} in the BODY reads working → success | failed | aborted (unknown for an unknown
    // id). The brief asks for the async mode, so the conversions are the starts. The output sits at the url the start
    // answered (repeated by the check once success): no result operation. No cancel.
    file: 'pdfco-async.yaml',
    families: [
      {
        start: ['pdfConvertToText', 'pdfConvertToCsv', 'pdfMerge'],
        poll: 'jobCheck',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      getPresignedUrl: 'hands out an upload URL at once',
      getCreditBalance: 'a plain read of the balance',
    },
  },
  {
    // /jobs/create answers {status: success, job_id}; /jobs/status?job_id= reads job_status (uploading, parsing,
    // waiting, waiting_analyzed, queued, running, under_review → complete | failed) — the top-level `status` is the
    // call's own outcome. The verified emails are read by /jobs/results or /jobs/download. Parse and start are steps on
    // a job created without auto_parse / auto_start (they answer a queue_id, no new handle). No cancel is documented.
    file: 'neverbounce-jobs.yaml',
    families: [
      {
        start: ['jobsCreate'],
        poll: 'jobsStatus',
        cancel: [null],
        result: ['jobsResults', 'jobsDownload', null],
      },
    ],
    notJobs: {
      singleCheck: 'verifies one email synchronously; its status is the call’s outcome',
      jobsParse: 'a step on an existing job (created without auto_parse); answers a queue_id, no new handle',
      jobsStart: 'a step on an existing job (created without auto_start); answers a queue_id, no new handle',
      jobsSearch: 'a list',
      jobsDelete: 'deletes a job and its data; never documented as a cancel',
      accountInfo: 'a plain read of credits and job counts',
    },
  },
  {
    // The trigger answers {snapshot_id}; /datasets/v3/progress/{snapshot_id} reads starting → running → ready | failed;
    // POST …/snapshot/{id}/cancel stops it and …/snapshot/{id} downloads the data (202 until ready). The synchronous
    // scrape answers the data, or 202 with a snapshot_id when it outlives its wait: a start the documentation leaves
    // open, so optional.
    file: 'brightdata-datasets.yaml',
    families: [
      {
        start: ['triggerCollection'],
        optionalStarts: ['scrapeSync'],
        poll: 'getSnapshotProgress',
        cancel: ['cancelSnapshot'],
        result: ['downloadSnapshot', null],
      },
    ],
    notJobs: { listSnapshots: 'a list', listDatasets: 'a plain list of the scrapers' },
  },
  {
    // task_post takes up to 100 tasks and answers each id inside the envelope's `tasks` array (20100 Task Created.);
    // task_get/regular/{id} answers 40602 Task In Queue. / 40601 Task Handed. while it waits and 20000 Ok. with the SERP
    // when done: the state is a numeric status_code with a message, no status word. /advanced and /html are other
    // renderings of the same task and answer the same codes: other polls of the same job. The poll carries the result.
    file: 'dataforseo-tasks.yaml',
    families: [
      {
        start: ['googleOrganicTaskPost'],
        poll: 'googleOrganicTaskGetRegular',
        pollAlso: ['googleOrganicTaskGetAdvanced', 'googleOrganicTaskGetHtml'],
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the task’s state is only a numeric `status_code` (20100, 40601, …) named in prose, in a `tasks[]` list, with no status-named field',
        },
      },
    ],
    notJobs: {
      googleOrganicTasksReady: 'lists the finished tasks not yet collected; a list, not the read of one task',
      googleOrganicLiveRegular: 'synchronous',
      googleLocations: 'a plain list',
      appendixUserData: 'a plain read of the account',
    },
  },
  {
    // The import (202), export (201) and verification-email (201) starts each answer a Job {id, type, status: pending};
    // /jobs/{id} reads pending/processing → completed | failed (values in prose only). An import's rejected users are at
    // /jobs/{id}/errors; an export's file is at the job's `location` once completed: either is an acceptable result.
    // No cancel. Users are plain records created and changed at once.
    file: 'auth0-jobs.yaml',
    families: [
      {
        start: ['post_users-imports', 'post_users-exports', 'post_verification-email'],
        poll: 'get_jobs_by_id',
        cancel: [null],
        result: ['get_errors', 'field location', null],
      },
    ],
    notJobs: {
      post_users: 'creates a user at once (201)',
      get_users: 'a list',
      get_users_by_id: 'a plain read',
      patch_users_by_id: 'a synchronous update',
      delete_users_by_id: 'a delete',
    },
  },
  {
    // Both triggers answer {id} of a sync run; no read of one run by its id exists: the list of the sync's runs takes
    // ?runId= (id in the QUERY, the run inside `data`) and reads queued → querying → processing → reporting → success |
    // warning | failed | cancelled | interrupted | aborted. TriggerRunCustom names the sync in its body. The sync's own
    // status summarises its latest run, which need not be the one triggered: not the poll. No cancel in the API.
    file: 'hightouch-syncs.yaml',
    families: [
      {
        start: ['TriggerRun', 'TriggerRunCustom'],
        poll: 'ListSyncRuns',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the trigger answers a bare `id`, and the run is read only in the sync’s list of runs filtered by `?runId=`: too common an id to link by but to the item the start creates',
        },
      },
    ],
    notJobs: {
      GetSync: 'reads the sync’s configuration; its status is the latest run’s, not necessarily the triggered one',
      ListSync: 'a list',
      CreateSync: 'creates a sync configuration; nothing runs',
      UpdateSync: 'a synchronous edit',
    },
  },
  // Business resources with work-sounding statuses: no family.
  {
    // A payment is money collected under a mandate on a charge date; its statuses follow the Direct Debit scheme over
    // days (pending_submission until near the charge date, submitted to the banks, confirmed, paid_out in a payout) or
    // end cancelled / failed / charged_back (a chargeback can come weeks after confirmed). The cancel is a merchant's
    // business cancel allowed only before submission; the retry resubmits a failed payment. Idempotency keys exist on
    // every POST and prove nothing here.
    file: 'gocardless-payments.yaml',
    families: [],
    notJobs: {
      createPayment: 'creates a payment collected on the charge date by the banks’ schedule, not work the caller waits on',
      getPayment: 'reads the payment record; pending_submission / submitted / confirmed follow the Direct Debit calendar',
      listPayments: 'a list',
      updatePayment: 'a synchronous edit of metadata',
      cancelPayment: 'a merchant’s business cancel, refused once the payment is submitted',
      retryPayment: 'resubmits a failed payment under the same id; a business action on the payment',
      getMandate: 'reads the mandate, an authorisation whose status is its standing with the bank',
    },
  },
  {
    // A user's status is an account's standing (STAGED, PROVISIONED waiting for the person to set a password, ACTIVE,
    // LOCKED_OUT, SUSPENDED, DEPROVISIONED …), moved by an administrator's lifecycle calls. Activation and deactivation
    // are documented as asynchronous with transitioningToStatus beside the status, and `Prefer: respond-async` turns
    // deactivate and delete into 202s: the nearest thing to a job here, but it is a brief internal transition of the
    // account record with no handle of its own, and the states it ends in are where the account stays, not results.
    file: 'okta-users.yaml',
    families: [],
    notJobs: {
      createUser: 'creates an identity (STAGED, or activated at once); the person, not the server, completes activation',
      getUser: 'reads the account; its status is a standing, not work in progress',
      listUsers: 'a list',
      updateUser: 'a synchronous edit of the profile or credentials',
      deleteUser: 'deactivates, then on a second call deletes, an account; its 202 with respond-async hands out nothing to follow',
      activateUser: 'an administrator’s lifecycle move, answering an activation link for the person',
      deactivateUser: 'an administrator’s lifecycle move; its 202 with respond-async hands out nothing to follow',
      suspendUser: 'an administrator’s lifecycle move, made at once',
      unsuspendUser: 'an administrator’s lifecycle move, made at once',
    },
  },
  {
    // A message is a delivery record: queued/accepted → sending → sent → delivered | undelivered | failed is Twilio and
    // the carriers reporting on it (sent may be final when a carrier reports nothing), pushed to the StatusCallback. A
    // scheduled message is cancelled by an update of Status among other fields. No work is started for the caller to
    // wait on.
    file: 'twilio-messages.yaml',
    families: [],
    notJobs: {
      CreateMessage: 'sends a message; its status is the delivery report, not a job',
      FetchMessage: 'reads the delivery record',
      ListMessage: 'a list',
      UpdateMessage: 'redacts a body or cancels a scheduled message: an update, not a job cancel',
      DeleteMessage: 'a delete',
      ListMedia: 'a list of the message’s media',
      CreateMessageFeedback: 'records whether the recipient acted (confirmed/unconfirmed); a business record',
    },
  },
];
