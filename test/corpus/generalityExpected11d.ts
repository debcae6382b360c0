/**
 * Ground truth for the fourth part of the eleventh generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, checked against the vendors' published references or SDKs where
 * they could be read, and decided before detection ever ran on these files): business APIs with asynchronous reports
 * or processing, none of which carries a published long-running marker (Amazon Selling Partner reports, eBay Sell
 * Feed tasks, Vonage reports, Customer.io exports, PandaDoc document creation, the last judged ambiguous), and three
 * business APIs whose statuses or verbs sound like work (PayPal Orders v2, AfterShip trackings, Amadeus flight
 * orders). Same format as generalityExpected.ts. No gaps: they are decided after the first run.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_11D: GeneralitySpec[] = [
  {
    // The create answers 202 with only {reportId}; getReport reads processingStatus IN_QUEUE → IN_PROGRESS → DONE |
    // FATAL | CANCELLED (enum) and, once done, a reportDocumentId. DELETE on the report cancels one still IN_QUEUE.
    // The content is read at /documents/{reportDocumentId} (a presigned url): the result, though keyed by the
    // document id the report carries rather than the report id, so none is accepted too.
    file: 'amazon-sp-api-reports.yaml',
    families: [
      {
        start: ['createReport'],
        poll: 'getReport',
        cancel: ['cancelReport'],
        result: ['getReportDocument', null],
      },
    ],
    notJobs: {
      getReports: 'a list',
      createReportSchedule:
        'creates a schedule (201 {reportScheduleId}) that requests reports on a period; the schedule itself is configuration, and nothing reads it as work',
      getReportSchedules: 'a list',
    },
  },
  {
    // Not quite "create, read, download" for every task. Two families. The order report task (createOrderTask,
    // LMS_ORDER_REPORT) answers 202 with no body and a Location holding the getOrderTask URI, the task id its last
    // segment, and is generated at once. createTask is the upload flow: the same empty 202 + Location (getTask URI),
    // but the task waits at CREATED until uploadFile (within the hour) sends the input, which starts the processing
    // and answers an empty object: a start step of the same task the documentation leaves to the caller, left open.
    // Both read CREATED → QUEUED → IN_PROCESS → COMPLETED | COMPLETED_WITH_ERROR | FAILED | PARTIALLY_PROCESSED, in a
    // plain string whose description only names FeedStatusEnum (the values are not in the contract). getResultFile
    // downloads the output of any task id once completed. No cancel.
    file: 'ebay-sell-feed-tasks.yaml',
    families: [
      {
        start: ['createOrderTask'],
        poll: 'getOrderTask',
        gap: {
          result: null,
          resultWhy:
            'the result file is read at /task/{task_id}/download_result_file, below another collection than the order task’s /order_task/{task_id}, and no rule relates the two by the id they share',
        },
        cancel: [null],
        result: ['getResultFile'],
      },
      {
        start: ['createTask'],
        optionalStarts: ['uploadFile'],
        poll: 'getTask',
        gap: {
          result: null,
          resultWhy:
            'the file is read at …/{task_id}/download_result_file, one segment of three words that no rule reads as a result (download and result are read as whole segments)',
        },
        cancel: [null],
        result: ['getResultFile'],
      },
    ],
    notJobs: {
      getTasks: 'a list',
      createSchedule:
        'subscribes to a report generated on a period (201 + Location of the schedule): configuration, the tasks it spawns have no start here',
    },
  },
  {
    // The create answers 200 (not 202) with {request_id, request_status: PENDING, …, _links.self}, a oneOf per
    // product; /v2/reports/{report_id} reads PENDING → PROCESSING → SUCCESS | TRUNCATED | FAILED | ABORTED (enum) and
    // _links.download_report.href once done. DELETE on the report cancels one pending or processing (409 after).
    // The zip is at the Media API's /v3/media/{file_id}, reached through that href (its file id is not the report
    // id): the result, none accepted too.
    file: 'vonage-reports.yaml',
    families: [
      {
        start: ['create-async-report'],
        poll: 'get-report',
        gap: {
          family:
            'not found: the report request echoes the filter `status` of the records it reports on (delivered, expired, …) beside its own `request_status`, and the filter is read as the job’s status',
        },
        cancel: ['cancel-report'],
        result: ['download-report', null],
      },
    ],
    notJobs: {
      'list-reports': 'a list',
      'get-records': 'the synchronous version: answers the records at once',
    },
  },
  {
    // Exporting people or deliveries answers {export: {id (integer), status, …}} at once; /v1/exports/{export_id}
    // reads status pending → done | failed, given in prose only. The boolean `failed` beside it repeats the status's
    // own failed word, so it is no separate outcome. …/download answers {url}, a signed link valid 15 minutes: the
    // result (the export read carries no link). No cancel.
    file: 'customerio-exports.yaml',
    families: [
      {
        start: ['exportPeopleData', 'exportDeliveriesData'],
        poll: 'getExport',
        gap: {
          family:
            'not found: the export’s status waits only in a bare waiting word (pending, in prose), and the start, named for what it exports (`exportPeopleData`), is not read as making the export',
        },
        cancel: [null],
        result: ['downloadExport'],
      },
    ],
    notJobs: {
      listExports: 'a list',
      sendEmail: 'queues a transactional message and answers its delivery id at once: a delivery record, nothing to follow here',
      getPersonAttributes: 'a plain read of a person',
    },
  },
  {
    // The create answers 201 with the document at document.uploaded; PandaDoc builds it in the background and its
    // guides say to poll the status read until document.draft, stopping on document.error. That part is a job,
    // decided as a family (the details of the built draft as its result, none accepted too). But the same enum status
    // then carries the signing workflow people drive (sent, viewed, approved, paid, completed, voided, declined …),
    // the job's end (draft) is a mid-workflow state, and nothing else marks it as work: ambiguous. Sending is answered
    // at once; the download is the signed PDF, the outcome of people's signing. No cancel.
    file: 'pandadoc-documents.yaml',
    families: [
      {
        start: ['createDocument'],
        poll: 'statusDocument',
        cancel: [null],
        result: ['detailsDocument', null],
        ambiguous:
          'the only job evidence is document.uploaded → document.draft | document.error on a 201 create, and prose telling to wait for draft; the same status goes on through a signing workflow (sent, viewed, completed …) driven by people, so the build ends at a non-terminal business state and the resource reads as a business document',
      },
    ],
    notJobs: {
      listDocuments: 'a list',
      sendDocument: 'moves a draft to document.sent at once; what follows is recipients viewing and signing',
      downloadDocument: 'the PDF of a document, signed once completed: the outcome of people’s signing, not of the build',
      deleteDocument: 'a delete',
    },
  },
  // Business resources whose statuses or verbs sound like work: no family.
  {
    // An order is a purchase: CREATED (or PAYER_ACTION_REQUIRED) until the buyer approves at the approve link, then
    // APPROVED; capture or authorize answers it COMPLETED with the capture or authorization, whose own PENDING (held
    // for review) is settled by PayPal and reported by webhook, with no read of its own in this API. VOIDED, SAVED
    // too. Every move is a person's. PayPal-Request-Id is a documented idempotency header, moot without a family.
    file: 'paypal-checkout-orders.yaml',
    families: [],
    notJobs: {
      'orders.create': 'records a purchase (201) that waits on the buyer’s approval, a person’s action, not work that runs',
      'orders.get': 'reads the order; CREATED / APPROVED / COMPLETED follow the buyer’s and the merchant’s actions',
      'orders.patch': 'a synchronous edit (204)',
      'orders.confirm': 'the payer confirms a payment source, answered at once with the order',
      'orders.authorize': 'authorizes the payment at once, answering the order with the authorization',
      'orders.capture':
        'captures the payment at once, answering the order with the capture; a PENDING capture is a review, not work to poll',
    },
  },
  {
    // A tracking follows a parcel: created at tag Pending, then moved by the carrier's checkpoints (InfoReceived,
    // InTransit, OutForDelivery, AttemptFail, AvailableForPickup, Exception, Delivered, Expired) over days. AfterShip
    // fetches them on its own schedule; the tag is the parcel's life in the world, ended by the carrier or the
    // merchant (mark as completed), not work computed for the request.
    file: 'aftership-trackings.yaml',
    families: [],
    notJobs: {
      createTracking: 'subscribes to a parcel’s carrier updates; its tag follows the parcel in the world, not work the request started',
      getTrackingById: 'reads the tracking; tag Pending … Delivered / Expired is where the parcel is',
      getTrackings: 'a list',
      updateTrackingById: 'a synchronous edit',
      deleteTrackingById: 'a delete',
      retrackTrackingById: 'resumes following an expired tracking, answered at once',
      markTrackingCompletedById: 'the merchant closes the tracking with a reason, answered at once',
      detectCourier: 'answers the matching carriers at once',
    },
  },
  {
    // Creating a flight order books the seats at once (201 {data: flight-order} with record locators and a ticketing
    // agreement); the order has no status field. The DELETE cancels the booking (a business cancel, 204), the read
    // reads it back. Search and pricing answer at once.
    file: 'amadeus-flight-orders.yaml',
    families: [],
    notJobs: {
      createFligtOrders: 'books at once (201) with the airline’s record locators; nothing to wait on',
      getFlightOrder: 'reads the booking; no status',
      cancelFlightOrder: 'cancels a booking (204): a business cancel, not the stop of running work',
      searchFlightOffers: 'a search answered at once',
      quoteAirOffers: 'confirms prices at once',
    },
  },
];
