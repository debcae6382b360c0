/**
 * Ground truth for the first half of the fifth generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, decided before detection ever ran on these files): eight job APIs
 * (RunPod Serverless, Luma Dream Machine, Apify Actor runs, Firecrawl crawl and batch scrape, Mindee async predict,
 * CloudConvert jobs and tasks, Zamzar jobs and imports, DeepL document translation) and three business APIs whose
 * statuses sound like progress (Wise transfers, Coinbase Advanced Trade orders, a REST rendering of Linear issues).
 * Same format as generalityExpected.ts. First run (stop 63, before its rules): 4 of these 8 job APIs whole (RunPod, Luma,
 * Apify, Firecrawl), no family on the 3 traps; after them all 8 (Mindee, CloudConvert's jobs, Zamzar's imports and
 * DeepL found by rules each written from the convention the miss showed, see docs/DEVELOPING.md). No expectation moved.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_5A: GeneralitySpec[] = [
  {
    // /run answers {id, status: IN_QUEUE}; /status/{job_id} reads it through IN_PROGRESS to COMPLETED (with output) |
    // FAILED | CANCELLED | TIMED_OUT; POST /cancel/{job_id} stops it. /runsync is documented as synchronous, but it
    // answers the same job record and, when its wait (90 s by default) runs out, leaves it IN_QUEUE/IN_PROGRESS for
    // /status: a start the documentation leaves open, so optional. /stream reads a generator's partial outputs: an
    // acceptable result beside none (the status read already carries the output).
    file: 'runpod-serverless.yaml',
    families: [
      {
        start: ['runJob'],
        optionalStarts: ['runSync'],
        poll: 'getJobStatus',
        cancel: ['cancelJob'],
        result: ['streamJob', null],
      },
    ],
    notJobs: {
      retryJob: 'requeues an existing failed or timed-out job under the same id; acts on an existing job (like a pipeline retry)',
      getEndpointHealth: 'counts of the endpoint’s jobs and workers; a plain read',
      purgeQueue: 'synchronous: removes the queued jobs at once; its `status: completed` says the purge is done',
    },
  },
  {
    // Both creates answer 201 with the Generation `queued`; it is read at /generations/{id} through `dreaming` until
    // `completed` (assets set) or `failed` (failure_reason). No cancel is documented: DELETE removes a generation. Not
    // judged ambiguous (unlike Mux): `queued` and `failed` with a failure reason are job words, and a generation is work.
    file: 'luma-dream-machine.yaml',
    families: [{ start: ['createGeneration', 'generateImage'], poll: 'getGeneration', cancel: [null], result: [null] }],
    notJobs: {
      deleteGeneration: 'a delete of the generation and its assets; never documented as a cancel',
      listGenerations: 'a list',
      listCameraMotions: 'a synchronous list of names',
      getCredits: 'a plain read of the balance',
      ping: 'a health check',
    },
  },
  {
    // Running an Actor or a saved task answers 201 {data: run} (READY/RUNNING); /v2/actor-runs/{runId} is read until
    // SUCCEEDED | FAILED | TIMED-OUT | ABORTED (TIMING-OUT and ABORTING on the way) and …/abort stops it. Two starts of
    // one job. The output lives in the dataset named by defaultDatasetId (another id), read at /datasets/{id}/items:
    // an acceptable result beside none. The sync dataset run answers the items themselves, 408 after 300 s with no
    // handle to follow.
    file: 'apify-actor-runs.yaml',
    families: [
      {
        start: ['act_runs_post', 'actorTask_runs_post'],
        poll: 'actorRun_get',
        cancel: ['actorRun_abort_post'],
        result: ['dataset_items_get', null],
      },
    ],
    notJobs: {
      act_runSyncGetDatasetItems_post: 'synchronous: answers the dataset items (or 408 with nothing to follow)',
      PostResurrectRun: 'restarts a finished run under its own id; acts on an existing run, like a retry',
      act_runs_get: 'a list of runs',
      acts_get: 'a list of Actors',
    },
  },
  {
    // Two jobs. A crawl and a batch scrape each answer {success, id, url}; GET on the job's address answers `status`
    // (scraping → completed | failed, listed in the description only), counts and the pages so far, paginated by
    // `next`; DELETE on the same address is the documented cancel (answers {status: cancelled}). The crawl's errors
    // read is an acceptable result beside none (the status read carries the data). /scrape and /map are synchronous.
    file: 'firecrawl-crawl.yaml',
    families: [
      { start: ['crawlUrls'], poll: 'getCrawlStatus', cancel: ['cancelCrawl'], result: ['getCrawlErrors', null] },
      { start: ['scrapeAndExtractFromUrls'], poll: 'getBatchScrapeStatus', cancel: ['cancelBatchScrape'], result: [null] },
    ],
    notJobs: {
      scrapeAndExtractFromUrl: 'synchronous: answers the scraped page',
      mapUrls: 'synchronous: answers the links found',
    },
  },
  {
    // predict_async answers 202 {api_request, job: {id, status: waiting}}; the queue read answers the job (waiting,
    // processing, failed — values in the description only) and, once completed, 302 to …/documents/{document_id}
    // where the prediction is read: that read is the result. No cancel. The sync predict answers the document.
    file: 'mindee-async-predict.yaml',
    families: [{ start: ['predictAsync'], poll: 'getQueuedDocument', cancel: [null], result: ['getDocument', null] }],
    notJobs: {
      predict: 'synchronous: answers the document with its prediction (201)',
      updateDocumentFeedback: 'a synchronous update of a document’s corrected values',
    },
  },
  {
    // Two jobs. A job of named tasks answers 201 {data: job} and is read at /jobs/{id} (waiting → processing →
    // finished | error, in the description only) with its tasks and export URLs embedded; no job cancel exists, and
    // DELETE /jobs/{id} deletes the job and its data (the reference never calls it a cancel). A task created on its own
    // operation endpoint (import/url, convert) is read at /tasks/{id} and cancelled at /tasks/{id}/cancel.
    file: 'cloudconvert-jobs.yaml',
    families: [
      { start: ['createJob'], poll: 'showJob', cancel: [null], result: [null] },
      { start: ['createImportUrlTask', 'createConvertTask'], poll: 'showTask', cancel: ['cancelTask'], result: [null] },
    ],
    notJobs: {
      deleteJob: 'deletes a job with its tasks and data (also done by itself 24 h after the end); not documented as a cancel',
      deleteTask: 'deletes a task and its data; the cancel is the separate …/cancel',
      listJobs: 'a list',
      listTasks: 'a list',
    },
  },
  {
    // Two jobs. A conversion answers 201 with the job `initialising`, read at /jobs/{jobId} (converting → successful |
    // failed | cancelled); DELETE /jobs/{jobId} is the documented cancel (answers the job, cancelled). The converted
    // bytes are read at /files/{fileId}/content with an id from target_files: an acceptable result beside none. An
    // import copies a file in (initialising → downloading → successful | failed), read at /imports/{importId}; no
    // cancel; its file's content is likewise an acceptable result.
    file: 'zamzar-jobs.yaml',
    families: [
      { start: ['submitJob'], poll: 'getJobById', cancel: ['cancelJobById'], result: ['getFileContentById', null] },
      { start: ['startImport'], poll: 'getImportById', cancel: [null], result: ['getFileContentById', null] },
    ],
    notJobs: {
      uploadFile: 'a synchronous upload answering the stored file (201)',
      getFileById: 'a plain read of file metadata',
      getFormatById: 'a plain read of a format and its targets',
      listJobs: 'a list',
    },
  },
  {
    // The upload answers {document_id, document_key}; the status read is a POST to /v2/document/{document_id} with the
    // key in its body (queued → translating → done | error, seconds_remaining), and the file is downloaded once from
    // …/result with the same key. No cancel. Text translation, usage, languages and glossaries answer at once (a
    // glossary's `ready` flag is not work to follow).
    file: 'deepl-document-translation.yaml',
    families: [{ start: ['translateDocument'], poll: 'getDocumentStatus', cancel: [null], result: ['downloadDocument', null] }],
    notJobs: {
      translateText: 'synchronous',
      createGlossary: 'creates a glossary (201), a plain resource; its `ready` flag is not a job',
      getUsage: 'a plain read',
      getLanguages: 'a plain read',
    },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    // A transfer is a payment, not work the server does for the caller: it first waits for the sender's money
    // (incoming_payment_waiting) and only moves once funded, then through banking networks over hours or days;
    // outgoing_payment_sent is not even final (bounced_back, charged_back, funds_refunded can follow). The cancel is a
    // business cancel refunding the sender. A quote's PENDING/ACCEPTED/FUNDED/EXPIRED is a price offer's life.
    // customerTransactionId is an idempotency key of the payment and proves nothing here.
    file: 'wise-transfers.yaml',
    families: [],
    notJobs: {
      createQuote: 'a price offer that expires by time (status PENDING/ACCEPTED/FUNDED/EXPIRED), answered at once',
      createTransfer: 'creates a payment that waits for the sender’s money, not for the server',
      fundTransfer: 'pays a transfer from a balance; answered at once COMPLETED or REJECTED',
      getTransfer: 'reads the payment record; its statuses track money through banks, with no final state',
      cancelTransfer: 'a business cancel that refunds the sender',
      listTransfers: 'a list',
      getDeliveryEstimate: 'a plain read of an estimate',
    },
  },
  {
    // An order rests on the book waiting for counterparties (OPEN, possibly forever for GTC) until FILLED, CANCELLED by
    // the trader, EXPIRED by its time in force, or FAILED; completion_percentage is the filled share, not progress of
    // work. The create answers {success, success_response.order_id}; the cancel takes order ids in a body, in batches.
    file: 'coinbase-advanced-orders.yaml',
    families: [],
    notJobs: {
      RetailBrokerageApi_PostOrder: 'places an order that waits on the market, not on the server',
      RetailBrokerageApi_GetHistoricalOrder: 'reads an order; OPEN means resting on the book, completion_percentage the filled share',
      RetailBrokerageApi_CancelOrders: 'a trader’s business cancel of resting orders, by ids in the body',
      RetailBrokerageApi_EditOrder: 'a synchronous edit of price or size',
      RetailBrokerageApi_PreviewOrder: 'synchronous',
      RetailBrokerageApi_GetHistoricalOrders: 'a list',
      RetailBrokerageApi_GetFills: 'a list of fills',
    },
  },
  {
    // Issues sit in workflow states whose type (triage, backlog, unstarted, started, completed, canceled) records where
    // a team is; people (or integrations) move them by updating stateId. Archiving hides an issue. Every call answers
    // at once with {success, issue}.
    file: 'linear-issues-rest.yaml',
    families: [],
    notJobs: {
      issueCreate: 'creates a work item for people, answered at once in its initial state',
      issue: 'reads an issue; a "started" state is a team’s progress, not the server’s',
      issueUpdate: 'a synchronous update, also how people move an issue to started, completed or canceled',
      issueArchive: 'hides an issue; no work runs and nothing is cancelled',
      issueUnarchive: 'a synchronous restore',
      issues: 'a list',
      workflowStates: 'a list of a team’s states',
      commentCreate: 'a synchronous create',
    },
  },
];
