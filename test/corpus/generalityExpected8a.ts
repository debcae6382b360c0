/**
 * Ground truth for the first half of the eighth generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, checked against the vendors' published references or SDKs where
 * they could be read, and decided before detection ever ran on these files): thirteen job APIs none of which carries
 * a published long-running marker (SendGrid contact imports and exports, Brevo contact processes, Mailjet bulk contact
 * jobs, Box zip downloads, Bannerbear images, Creatomate renders, Sieve jobs, Tripo3D tasks, Meshy 3D tasks, Hume batch
 * jobs, Together AI fine-tunes, Reducto async parse, Unstructured Platform jobs) and three business APIs whose statuses
 * sound like work (Mollie payments and refunds, Paddle Billing subscriptions, Freshdesk tickets). Same format as
 * generalityExpected.ts. First run (stop 65, committed before it): 11 of 20 starts, no family on the three traps; after
 * the stop's rules 17 of 20 (Sieve's job, Meshy's two, SendGrid's three imports, Reducto's cancel). The gaps were written after, each with why;
 * no expectation moved.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_8A: GeneralitySpec[] = [
  {
    // Two kinds of job. The upsert (PUT /v3/marketing/contacts) and the delete answer 202 {job_id}; the CSV import
    // answers {job_id, upload_uri, upload_headers} (the file is then PUT to upload_uri, outside the API); all three ids
    // are read at /imports/{id}: pending → completed | errored | failed (prose only), with counts and an errors_url in
    // `results`. The export answers 202 {id}, read at /exports/{id}: pending → ready (urls) | failure. Nothing cancels
    // either; both reads carry their output.
    file: 'sendgrid-contacts-import.yaml',
    families: [
      {
        start: ['UpdateContact', 'ImportContact', 'DeleteContact'],
        poll: 'GetImportContact',
        cancel: [null],
        result: [null],
        // Found since stop 65: the read's record says its `id` is "The job id.", the `job_id` the starts answer.
      },
      { start: ['ExportContact'], poll: 'GetExportContact', cancel: [null], result: [null] },
    ],
    notJobs: {
      SearchContact: 'an SGQL query answered at once',
      GetContactCount: 'a plain read of counts',
      GetContact: 'a plain read of one contact',
    },
  },
  {
    // The import and the export answer 202 {processId}; /processes/{processId} reads queued → in_process → completed
    // (no failure word; a notifyUrl is called at the end), with export_url once an export is done. Removing contacts
    // from a list answers the success/failure lists at once, or, with "all": true, a processId of the removal running
    // in the background: a start the documentation leaves open. No cancel.
    file: 'brevo-processes.yaml',
    families: [
      {
        start: ['importContacts', 'requestContactExport'],
        optionalStarts: ['removeContactFromList'],
        poll: 'getProcess',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      getProcesses: 'a list',
      createContact: 'creates a contact at once (201 with its id)',
      getContactInfo: 'a plain read of one contact',
    },
  },
  {
    // Two families, one per managemanycontacts resource: each POST answers 201 {Count, Data: [{JobID}], Total}, and a
    // GET on the same resource with the JobID appended reads Data[0].Status (prose only: Allocated, Upload, Prepare,
    // Importing → Completed | Error, or Abort). The rows that failed are at /DATA/batchjob/{JobID}/JSONError/…, the only
    // output of such a job. No cancel is documented.
    file: 'mailjet-contact-jobs.yaml',
    families: [
      {
        start: ['createContactslistManagemanycontacts'],
        poll: 'getContactslistManagemanycontacts',
        cancel: [null],
        result: ['getBatchjobJsonError', null],
        gap: {
          family:
            'not found: every answer wraps its records in `{Count, Data: [...], Total}`, so the job id is `Data[0].JobID` and the item read’s status `Data[0].Status` sits in a list, which is read as many items’ (its values, a bare comma list, are read since stop 65)',
        },
      },
      {
        start: ['createContactManagemanycontacts'],
        poll: 'getContactManagemanycontacts',
        cancel: [null],
        result: ['getBatchjobJsonError', null],
        gap: { family: 'not found: the same `{Count, Data: [...], Total}` wrapper as the list-scoped jobs' },
      },
    ],
    notJobs: {
      createContactslistManagecontact: 'manages one contact of a list at once',
      createContact: 'creates a contact at once',
      listContactslists: 'a list',
    },
  },
  {
    // The create answers 202 {download_url, status_url, expires_at}, no id field: both URLs embed the zip_download_id.
    // The status (in_progress | succeeded | failed, with file counts) is readable only once the client has started
    // reading the content, and the archive is built while that content streams: the "work" is the client's own
    // download. Decided as a family (start, status, content as result), but ambiguous. No cancel.
    file: 'box-zip-downloads.yaml',
    families: [
      {
        start: ['post_zip_downloads'],
        poll: 'get_zip_downloads_id_status',
        cancel: [null],
        result: ['get_zip_downloads_id_content', null],
        ambiguous:
          'the status is readable only after the content download has begun and follows that download: nothing runs on the server for the caller to wait on before reading the result, and the create answers URLs, no id',
      },
    ],
    notJobs: {
      get_files_id: 'a plain read of a file',
      get_files_id_content: 'a download that may answer 202 with Retry-After just after an upload: the same call is retried, no handle',
      post_folders_id_copy: 'a synchronous copy answering 201 with the new folder',
    },
  },
  {
    // The create answers 202 with the Image at status pending (uid, self link); /v2/images/{uid} reads it until
    // completed (image_url …) or failed (prose only). No cancel; the read carries the image URLs.
    file: 'bannerbear-images.yaml',
    families: [{ start: ['createImage'], poll: 'getImage', cancel: [null], result: [null] }],
    notJobs: {
      listImages: 'a list',
      listTemplates: 'a list',
      getTemplate: 'a plain read of a template',
      getAccount: 'a plain read of quota and usage',
    },
  },
  {
    // The create answers 202 with an ARRAY of renders (one, or one per tagged template), each at planned with its id;
    // /v1/renders/{id} reads planned → waiting → transcribing → rendering → succeeded (url) | failed (error_message).
    // No cancel; the read carries the file URL.
    file: 'creatomate-renders.yaml',
    families: [
      {
        start: ['createRenders'],
        poll: 'getRender',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the create answers a bare array of renders (one per output), a member set at the answer’s root, where sets are read only from a named list (MJG305 says the start yields no `{id}`)',
        },
      },
    ],
    notJobs: { listTemplates: 'a list', getTemplate: 'a plain read of a template' },
    diagnostics: ['MJG305'],
  },
  {
    // The push answers the job {id, status, …}; /v2/jobs/{job_id} reads queued → processing → finished | error |
    // cancelled (prose only) with the outputs inside; /await answers the same job once it ends (another read of it);
    // POST …/cancel stops it (the path as remembered).
    file: 'sieve-jobs.yaml',
    families: [
      {
        start: ['pushJob'],
        poll: 'getJob',
        pollAlso: ['awaitJob'],
        cancel: ['cancelJob'],
        result: [null],
      },
    ],
    notJobs: { listJobs: 'a list', listFunctionJobs: 'a list of one function’s jobs' },
  },
  {
    // Every task type is one POST /task answering {code: 0, data: {task_id}}; /task/{task_id} reads {code, data: Task}
    // queued → running (progress) → success (output URLs) | failed | cancelled | unknown | banned | expired. No cancel
    // endpoint; the read carries the model URLs.
    file: 'tripo3d-tasks.yaml',
    families: [{ start: ['createTask'], poll: 'getTask', cancel: [null], result: [null] }],
    notJobs: {
      uploadFile: 'stores an image and answers its token at once',
      getBalance: 'a plain read of credits',
    },
  },
  {
    // Two families. Each create answers only {result: "<task id>"} (the id under a field named result); …/{id} reads
    // PENDING → IN_PROGRESS → SUCCEEDED (model_urls) | FAILED (task_error); the text-to-3D refine is a second task from
    // the same POST. No cancel; the read carries the model URLs.
    file: 'meshy-3d-tasks.yaml',
    families: [
      { start: ['createTextTo3DTask'], poll: 'getTextTo3DTask', cancel: [null], result: [null] },
      { start: ['createImageTo3DTask'], poll: 'getImageTo3DTask', cancel: [null], result: [null] },
    ],
    notJobs: {
      listTextTo3DTasks: 'a list',
      listImageTo3DTasks: 'a list',
      streamTextTo3DTask: 'a server-sent event stream of the same task, not a read to poll',
      getBalance: 'a plain read of credits',
    },
  },
  {
    // The start answers only {job_id}; /v0/batch/jobs/{id} reads the job whose status is nested in its own object,
    // state.status QUEUED → IN_PROGRESS → COMPLETED | FAILED (one schema per status, a discriminator on it). The
    // predictions are read as JSON or as a zip of CSVs. No cancel.
    file: 'hume-batch-jobs.yaml',
    families: [
      {
        start: ['start-inference-job'],
        poll: 'get-job-details',
        cancel: [null],
        result: ['get-job-predictions', 'get-job-artifacts', null],
      },
    ],
    notJobs: { 'list-jobs': 'a list', 'synthesize-json': 'synthesizes speech at once' },
  },
  {
    // The create answers the job (id ft-…, status pending); /fine-tunes/{id} reads pending → queued → running →
    // compressing → uploading → completed | error | cancelled (cancel_requested between); POST …/cancel stops it. The
    // trained model is downloaded at /finetune/download?ft_id= (id in the QUERY).
    file: 'together-fine-tunes.yaml',
    families: [
      {
        start: ['createFineTune'],
        poll: 'retrieveFineTune',
        cancel: ['cancelFineTune'],
        result: ['downloadFineTuneModel', null],
      },
    ],
    notJobs: {
      listFineTunes: 'a list',
      estimateFineTunePrice: 'a price estimate answered at once',
      deleteFineTune: 'deletes a job; not a cancel',
      listFineTuneEvents: 'the job’s event log, neither its state nor its output',
    },
  },
  {
    // parse_async and extract_async answer only {job_id}; /job/{job_id} reads Pending | Idle → Completed (the parse or
    // extract result inside) | Failed (reason); POST /cancel/{job_id} cancels it.
    file: 'reducto-async-parse.yaml',
    families: [
      {
        start: ['parse_async', 'extract_async'],
        poll: 'retrieve_job',
        cancel: ['cancel_job'],
        result: [null],
      },
    ],
    notJobs: { parse: 'synchronous', upload: 'stores a file and answers its id at once' },
  },
  {
    // Running a workflow and creating an on-demand job both answer the JobInformation (SCHEDULED); /jobs/{job_id} reads
    // SCHEDULED → IN_PROGRESS → COMPLETED | FAILED | STOPPED, /details reports the same job per node; POST …/cancel
    // stops it. For a job run on files sent with it, each output file is at /download?file_id=&node_id=.
    file: 'unstructured-jobs.yaml',
    families: [
      {
        start: ['run_workflow', 'create_job'],
        poll: 'get_job',
        pollAlso: ['get_job_details'],
        cancel: ['cancel_job'],
        result: ['download_job_output', null],
      },
    ],
    notJobs: {
      list_jobs: 'a list',
      create_workflow: 'saves a workflow definition (a schedule may run it later); answers no job',
      get_workflow: 'reads the definition; active/inactive says whether it may run, not work under way',
    },
  },
  // Business resources with work-sounding statuses: no family.
  {
    // A payment waits on the customer at checkout (open → pending/authorized → paid, or canceled/expired/failed); the
    // cancel is a merchant's business cancel allowed while isCancelable. A refund is money sent back: queued (waiting
    // for balance) → pending → processing → refunded | failed, cancelable while queued or pending. Idempotency keys on
    // every POST prove nothing here.
    file: 'mollie-payments.yaml',
    families: [],
    notJobs: {
      'create-payment': 'creates a payment the customer completes at checkout, not work the caller waits on',
      'get-payment': 'reads the payment; its status follows the customer and the payment method',
      'list-payments': 'a list',
      'update-payment': 'a synchronous edit',
      'cancel-payment': 'a merchant’s business cancel of an unpaid payment',
      'create-refund': 'creates a refund, a money movement settled by the banks',
      'get-refund': 'reads the refund; queued/processing follow the balance and the banks',
      'cancel-refund': 'a business cancel of a refund not yet sent',
    },
  },
  {
    // A subscription is a standing agreement (active, trialing, past_due, paused, canceled) created by a checkout;
    // pause, resume and cancel are billing decisions applied at once or scheduled for the end of the period
    // (scheduled_change), not work to wait on. The preview answers the would-be result at once.
    file: 'paddle-subscriptions.yaml',
    families: [],
    notJobs: {
      'list-subscriptions': 'a list',
      'get-subscription': 'reads the subscription; its status is a standing',
      'update-subscription': 'a synchronous change of items and billing',
      'preview-subscription-update': 'answers what an update would do, changing nothing',
      'pause-subscription': 'a billing decision, at once or scheduled',
      'resume-subscription': 'a billing decision, at once or scheduled',
      'cancel-subscription': 'a business cancel, at once or at the end of the period',
      'activate-subscription': 'ends a trial and bills now',
      'create-subscription-charge': 'bills extra items on the subscription',
    },
  },
  {
    // A ticket's status is a support case's standing (2 Open, 3 Pending, 4 Resolved, 5 Closed, integers in prose),
    // moved by people through updates and replies; every call answers at once.
    file: 'freshdesk-tickets.yaml',
    families: [],
    notJobs: {
      createTicket: 'opens a support case (201)',
      listTickets: 'a list',
      viewTicket: 'reads the case; Pending means waiting on the customer, not work under way',
      updateTicket: 'a synchronous edit, the status included',
      deleteTicket: 'moves the ticket to the trash',
      replyToTicket: 'adds a reply (201)',
      listConversations: 'a list',
    },
  },
];
