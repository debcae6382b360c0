/**
 * Ground truth for the tenth generality batch, part f (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published clients and specs where those could be
 * read, and decided before detection ever ran on these files): four APIs with asynchronous requests or bulk jobs
 * (Opsgenie alert requests, the Zoho CRM Bulk Read API, Constant Contact bulk activities, Shippo shipments and label
 * purchases) and four APIs whose statuses sound like work (Atlassian Statuspage incidents, Binance Spot orders, Gusto
 * payrolls, Duffel orders and order cancellations), of which Gusto's turned out to hold a real job: its calculate and
 * submit answer 202 and are followed on the payroll's processing_request. None carries a published long-running
 * marker. Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_10D: GeneralitySpec[] = [
  {
    // Creating, closing, acknowledging and deleting an alert each answer 202 {result, took, requestId}: the action is
    // queued. /v2/alerts/requests/{requestId} reads what became of it, {data: {success, action, processedAt, isSuccess,
    // status, alertId, alias}}: it answers 404 until the request is processed, then `status` is a free-text message
    // ("Created alert", or why it failed) and isSuccess says how it ended; there is no status word to map, so no
    // outcome is written. data.alertId names the alert acted on, read at /v2/alerts/{identifier}: an acceptable result.
    // Nothing cancels a request.
    file: 'opsgenie-alert-requests.yaml',
    families: [
      {
        start: ['createAlert', 'closeAlert', 'acknowledgeAlert', 'deleteAlert'],
        poll: 'getRequestStatus',
        gap: {
          family:
            'not found: the request’s `data.status` is free text beside a boolean `isSuccess`, and the read answers 404 until the request is processed: no status word and no end flag',
        },
        cancel: [null],
        result: ['getAlert', null],
      },
    ],
    notJobs: {
      listAlerts: 'a list',
      countAlerts: 'a count answered at once',
    },
  },
  {
    // The create answers 201 {data: [{status: success, code: ADDED_SUCCESSFULLY, details: {id, state: ADDED, …}}]};
    // /crm/bulk/v2/read/{job_id} answers {data: [job]} with state ADDED → QUEUED → IN PROGRESS → COMPLETED (prose and
    // examples only), and once completed result.download_url pointing at …/{job_id}/result, the zipped CSV: the result.
    // A callback URL may be given instead of polling. Nothing cancels a bulk read job.
    file: 'zoho-crm-bulk-read.yaml',
    families: [
      {
        start: ['createBulkReadJob'],
        poll: 'getBulkReadJobDetails',
        gap: {
          family:
            'not found: every answer wraps its records in `{data: [...]}`, so the job’s id is `data[0].details.id` and the read’s state `data[0].state` sits in a list, read as one of many',
        },
        cancel: [null],
        result: ['downloadBulkReadResult', null],
      },
    ],
    notJobs: {
      getRecords: 'a list of records',
      insertRecords: 'inserts records at once; answers 201 with their ids in the same {data: [{status, details: {id}}]} wrapper',
      searchRecords: 'a search answered at once',
      getRecord: 'a plain read of one record (no status)',
    },
  },
  {
    // Each bulk activity (JSON import, CSV import, export, bulk delete) answers 201 with the activity at state
    // initialized and _links.self to /v3/activities/{activity_id}; that read reports initialized → processing →
    // completed | failed | timed_out | cancelled (prose only), percent_done, errors and counts. An export's activity
    // links its file at /v3/contact_exports/{activity_id} (the same id): the result of an export. The states name a
    // cancelled activity but no endpoint cancels one.
    file: 'constant-contact-activities.yaml',
    families: [
      {
        start: ['createImportJSONActivity', 'createCSVImportActivity', 'createExportActivity', 'createDeleteActivity'],
        poll: 'getActivityById',
        cancel: [null],
        result: ['getCSVExportFile', null],
      },
    ],
    notJobs: {
      getAllActivities: 'a list of activities, not the read of one',
      createContact: 'creates one contact at once (201)',
      getContactById: 'a plain read of one contact',
    },
  },
  {
    // Two families: Shippo answers rates and labels asynchronously unless async is false. A shipment is created at
    // QUEUED with no rates; GET /shipments/{ShipmentId} reads WAITING | QUEUED → SUCCESS (rate generation concluded;
    // ERROR reserved) with the rates inside. A transaction buys a label: created at QUEUED or WAITING, read at
    // /transactions/{TransactionId} until SUCCESS (label_url, tracking number) or ERROR (carrier messages); the
    // REFUND* values come later, from a refund. Nothing cancels either; each read carries its output. The refund is
    // not a job: it asks the carrier to pay back an unused label, PENDING while the carrier decides over days or weeks.
    file: 'shippo-transactions.yaml',
    families: [
      {
        start: ['CreateShipment'],
        poll: 'GetShipment',
        gap: {
          family:
            'not found: QUEUED/WAITING → SUCCESS | ERROR with no cancel, progress or result read stays under the evidence bar that keeps business statuses out',
        },
        cancel: [null],
        result: [null],
      },
      {
        start: ['CreateTransaction'],
        poll: 'GetTransaction',
        gap: { family: 'not found: as the shipment, the same four states and nothing else' },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      CreateAddress: 'creates (and optionally validates) an address at once',
      ListTransactions: 'a list',
      CreateRefund: 'asks the carrier for a refund of an unused label: a money claim the carrier settles, not work to wait on',
      GetRefund: 'reads the refund; PENDING follows the carrier’s decision',
    },
  },
  // Business resources with work-sounding statuses.
  {
    // An incident is a public notice that people move along by PATCHing its status (investigating → identified →
    // monitoring → resolved; a maintenance scheduled → in_progress → verifying → completed, which the clock may move
    // at the scheduled times); each change is an incident update written by a person. Components carry what the page
    // shows for a service. Every call answers at once.
    file: 'statuspage-incidents.yaml',
    families: [],
    notJobs: {
      postPagesPageIdIncidents: 'opens a public notice (201), answered at once in the status given',
      getPagesPageIdIncidents: 'a list',
      getPagesPageIdIncidentsUnresolved: 'a list of incidents not yet resolved',
      getPagesPageIdIncidentsIncidentId: 'reads the notice; investigating/monitoring are what people say, not server work',
      patchPagesPageIdIncidentsIncidentId: 'a synchronous edit, also how people move the status to resolved',
      deletePagesPageIdIncidentsIncidentId: 'a delete',
      getPagesPageIdComponents: 'a list of components and their displayed status',
      patchPagesPageIdComponentsComponentId: 'a synchronous edit of what the page shows for a service',
    },
  },
  {
    // An order rests on the book until the market fills it (NEW → PARTIALLY_FILLED → FILLED), the trader cancels it,
    // or its time in force expires it; a GTC limit order may rest indefinitely. The create answers {orderId, …} at
    // once, the read and the cancel take symbol and orderId in the QUERY of the same path: the shape of a job, the
    // substance of a trade.
    file: 'binance-spot-orders.yaml',
    families: [],
    notJobs: {
      newOrder: 'places an order that waits on the market, not on the server',
      queryOrder: 'reads an order; NEW/PARTIALLY_FILLED follow the market',
      cancelOrder: 'a trader’s business cancel of a resting order',
      testNewOrder: 'validates an order without placing it, answered at once',
      currentOpenOrders: 'a list',
      allOrders: 'a list',
      accountInformation: 'a plain read of balances',
    },
  },
  {
    // Listed among the business APIs, but Gusto's payroll holds a real job. Calculate and submit answer 202 with no
    // body, the payroll named by the payroll_id in their path; the docs tell clients to poll the payroll, whose
    // processing_request.status goes calculating → calculate_success, or submitting → submit_success, or
    // processing_failed (errors beside it). The read carries the calculated amounts (include=taxes,benefits,
    // deductions); the receipt of a processed payroll is an acceptable result of a submission. The cancel turns a
    // processed payroll back to unprocessed before the deadline: it reverses a finished submission rather than stopping
    // work under way, so the link is arguable.
    file: 'gusto-payrolls.yaml',
    families: [
      {
        start: ['put-v1-companies-company_id-payrolls-payroll_id-calculate', 'put-v1-companies-company_id-payrolls-payroll_id-submit'],
        poll: 'get-v1-companies-company_id-payrolls-payroll_id',
        cancel: ['put-api-v1-companies-company_id-payrolls-payroll_id-cancel', null],
        result: [null, 'get-v1-payment-receipts-payrolls-payroll_uuid'],
      },
    ],
    notJobs: {
      'get-v1-companies-company_id-payrolls': 'a list',
      'post-v1-companies-company_id-payrolls': 'creates an unprocessed off-cycle payroll at once, a record to edit',
      'put-v1-companies-company_id-payrolls': 'a synchronous edit of compensations',
      'put-v1-companies-company_id-payrolls-payroll_id-prepare': 'fills in default compensations and answers the payroll at once',
    },
  },
  {
    // The offer request searches the airlines and answers 201 with its offers in the same answer; an order is booked
    // with the airline and answered 201 at once (hold orders then wait for payment, a business deadline); a
    // cancellation is a quote (refund_amount, expires_at, confirmed_at null) confirmed by a second call, answered at
    // once. No status word, nothing to poll.
    file: 'duffel-orders.yaml',
    families: [],
    notJobs: {
      createOfferRequest: 'a search answered with its offers (201)',
      getOfferRequest: 'reads a finished search',
      createOrder: 'books with the airline at once (201); awaiting_payment is a business deadline, not work',
      listOrders: 'a list',
      getOrder: 'a plain read of a booking',
      createOrderCancellation: 'a quote of a cancellation; nothing runs until it is confirmed',
      getOrderCancellation: 'reads the quote',
      confirmOrderCancellation: 'a business cancel of the booking, applied at once',
    },
  },
];
