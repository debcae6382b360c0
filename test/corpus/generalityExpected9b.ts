/**
 * Ground truth for the ninth generality batch, part b (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published specs and clients where those could be
 * read (Perplexity's SDK, Scale's Python client, Fivetran's and Temporal's OpenAPI documents, Xero's OpenAPI), and
 * decided before detection ever ran on these files): six job APIs none of which carries a published long-running
 * marker (Perplexity async chat completions, Tavus video generation, Scale AI tasks, Fivetran connector syncs,
 * Temporal workflow executions over its HTTP API, Trino's statement protocol) and two business APIs whose statuses
 * sound like work (Xero invoices and payments, Razorpay orders, payments and refunds). Same format as
 * generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_9B: GeneralitySpec[] = [
  {
    // The submit takes {request, idempotency_key} and answers the async record {id, status: CREATED, …}; the read by id
    // goes CREATED → IN_PROGRESS → COMPLETED (the chat completion inside `response`) | FAILED (error_message). Nothing
    // cancels it; the read carries the output. The idempotency key is a body field beside the wrapped request.
    file: 'perplexity-async-chat.yaml',
    families: [
      {
        start: ['create_async_chat_completions_async_chat_completions_post'],
        poll: 'get_async_chat_completion_response_async_chat_completions__api_request__get',
        cancel: [null],
        result: [null],
        idempotency: { in: 'body', name: 'idempotency_key' },
      },
    ],
    notJobs: {
      list_async_chat_completions_async_chat_completions_get: 'a list of summaries',
      chat_completions_chat_completions_post: 'the synchronous completion (or an SSE stream of it)',
      search_search_post: 'answers search results at once',
    },
  },
  {
    // The generate answers {video_id, status: queued, hosted_url}; /v2/videos/{video_id} reads queued → generating
    // (generation_progress) → ready (download_url, stream_url) | error (status_details), statuses in prose only. The
    // documented DELETE removes the video and says nothing of stopping a generation: no cancel. The read carries the
    // URLs.
    file: 'tavus-videos.yaml',
    families: [
      {
        start: ['generateVideo'],
        poll: 'getVideo',
        cancel: [null],
        result: [null],
        gap: {
          result: 'field download_url',
          resultWhy:
            'detection names the finished read’s URL field as where the result is; the truth says the read carries it: one place, said two ways',
        },
      },
    ],
    notJobs: {
      listVideos: 'a list',
      deleteVideo: 'deletes the video (hard=true its files too); not documented as a cancel',
      renameVideo: 'a synchronous rename',
      listReplicas: 'a list of replicas',
    },
  },
  {
    // One create per task type (POST /v1/task/imageannotation, …/textcollection, …/categorization) answers the Task
    // {task_id, status: pending}; labelers do the work over hours or days. /v1/task/{taskId} reads pending → completed
    // (labels in `response`) | canceled, in prose only; POST …/cancel cancels a pending task. The read carries the
    // output. `unique_id` in the body is Scale's documented guard against duplicate tasks on retry (a repeat is refused
    // with 409 instead of making a second task), so it is the idempotency key the starts forward.
    file: 'scale-ai-tasks.yaml',
    families: [
      {
        start: ['createImageAnnotationTask', 'createTextCollectionTask', 'createCategorizationTask'],
        poll: 'getTask',
        gap: {
          idempotency:
            '`unique_id` refuses a repeat with 409 rather than answering the first task: detection does not read it as a key, and forwards none',
        },
        cancel: ['cancelTask'],
        result: [null],
        idempotency: { in: 'body', name: 'unique_id' },
      },
    ],
    notJobs: {
      listTasks: 'a list',
      setTaskMetadata: 'a synchronous edit of the task’s metadata',
      createProject: 'creates a project (configuration), answered at once',
    },
  },
  {
    // Not the usual shape: the sync and the historical re-sync answer only {code: "Success", message}, no run id. The
    // sync lives on the connector: connector_details (the caller's own connectorId) shows status.sync_state syncing
    // while it runs, then scheduled again (or paused, rescheduled), with succeeded_at / failed_at telling how the last
    // one ended; Fivetran's own guide says to poll that read (or take the sync_end webhook). No terminal word, no run
    // record, no output to read (the data lands in the destination). Pausing is a `paused: true` field of the general
    // PATCH among schedule and credentials, a setting rather than a cancel of the sync (as Twilio's UpdateCall), and
    // force=true on the sync restarts a running sync rather than stopping it. Decided as a family, but ambiguous.
    file: 'fivetran-connector-syncs.yaml',
    families: [
      {
        start: ['sync_connector', 'resync_connector'],
        poll: 'connector_details',
        cancel: [null],
        ambiguous:
          'the starts answer only {code, message}; the poll is the connector itself, whose sync_state returns from syncing to scheduled with no terminal word, the outcome only in succeeded_at / failed_at timestamps',
      },
    ],
    notJobs: {
      modify_connector: 'a general edit of the settings; paused is one field among many, not a cancel of a sync',
      delete_connector: 'a delete',
      run_setup_tests: 'runs the setup tests and answers their results at once',
      list_all_connectors_in_group: 'a list',
    },
  },
  {
    // The start answers {runId, started} for the workflow id the caller put in the path; signal-with-start answers the
    // same (starting the workflow when none runs under that id). DescribeWorkflowExecution (workflow id in the path,
    // runId in the query) reads workflowExecutionInfo.status RUNNING → COMPLETED | FAILED | CANCELED | TERMINATED |
    // CONTINUED_AS_NEW | TIMED_OUT: one field, so no outcome. Cancel asks the workflow to wind down, terminate kills
    // it: either is an acceptable cancel. The return value is in the closing event of the history. `requestId` in the
    // body de-duplicates retried starts. The three routes name the workflow id parameter differently (workflowId,
    // execution.workflow_id, workflow_execution.workflow_id), as Temporal's published document does.
    file: 'temporal-http-workflows.yaml',
    families: [
      {
        start: ['StartWorkflowExecution', 'SignalWithStartWorkflowExecution'],
        poll: 'DescribeWorkflowExecution',
        // Found since stop 66 (a gap at the first run): grpc-gateway names path parameters by field path, the start
        // `{workflowId}`, the read `{execution.workflow_id}`, the cancel `{workflow_execution.workflow_id}`: one place.
        gap: {
          starts: ['SignalWithStartWorkflowExecution'],
          why: 'the signal-with-start sits one segment below the workflow (`…/{workflowId}/signal-with-start/{signalName}`) and is read as acting under it, the parent it posts under',
        },
        cancel: ['RequestCancelWorkflowExecution', 'TerminateWorkflowExecution'],
        result: ['GetWorkflowExecutionHistory', null],
        idempotency: { in: 'body', name: 'requestId' },
      },
    ],
    notJobs: {
      SignalWorkflowExecution: 'sends a signal to a running workflow; starts nothing',
      QueryWorkflow: 'asks a workflow’s query handler for a value, answered at once',
      ListWorkflowExecutions: 'a list (visibility query)',
    },
  },
  {
    // The submit (SQL as a text/plain body) answers QueryResults {id, nextUri, stats.state}; the client follows
    // nextUri, first …/queued/{queryId}/{slug}/{token}, then …/executing/{queryId}/{slug}/{token}, each answer giving
    // the next token. stats.state runs QUEUED … RUNNING → FINISHED | FAILED (with `error`); the end is the answer
    // without nextUri. The executing read carries the state to its end, the queued read reads the same query before it
    // runs. A DELETE on either nextUri cancels. The rows arrive page by page in the same reads: no separate result.
    file: 'trino-statements.yaml',
    families: [
      {
        start: ['submitStatement'],
        poll: 'getExecutingStatement',
        gap: {
          family:
            'not found: the protocol follows `nextUri`, a new URL in every answer to `…/queued|executing/{queryId}/{slug}/{token}`; the reads need a slug and token only that URL holds, and the field is not named after them',
        },
        pollAlso: ['getQueuedStatement'],
        cancel: ['cancelExecutingStatement', 'cancelQueuedStatement'],
        result: [null],
      },
    ],
    notJobs: { getServerInfo: 'a plain read of the coordinator' },
  },
  // Business resources with work-sounding statuses: no family.
  {
    // An invoice is an accounting document: DRAFT → SUBMITTED (awaiting approval) → AUTHORISED (awaiting payment) →
    // PAID, or VOIDED / DELETED, moved by people (approval, voiding) and by recorded payments; every call answers at
    // once. The Idempotency-Key header on the writes proves nothing here.
    file: 'xero-invoices.yaml',
    families: [],
    notJobs: {
      getInvoices: 'a list',
      createInvoices: 'creates invoices at once (PUT), answered with them',
      updateOrCreateInvoices: 'creates or edits invoices at once',
      getInvoice: 'reads the invoice; SUBMITTED/AUTHORISED wait on people and payments, not on work under way',
      updateInvoice: 'a synchronous edit; a Status alone approves, voids or deletes (business decisions)',
      emailInvoice: 'sends the invoice by email (204)',
      getOnlineInvoice: 'a plain read of a URL',
      createPayment: 'records a payment at once (it may turn the invoice PAID)',
    },
  },
  {
    // An order waits on the customer at Checkout (created → attempted → paid); a payment is authorized by the
    // customer's bank and captured by the merchant (created → authorized → captured | failed, then refunded); a refund
    // is money sent back, pending until the banks process it. Capture and refund are money movements, not work to wait
    // on.
    file: 'razorpay-orders.yaml',
    families: [],
    notJobs: {
      createOrder: 'creates an order the customer pays at Checkout',
      fetchAllOrders: 'a list',
      fetchOrder: 'reads the order; attempted/paid follow the customer’s payments',
      updateOrder: 'a synchronous edit of the notes',
      fetchOrderPayments: 'a list of the order’s payments',
      fetchPayment: 'reads the payment; its status follows the bank and the merchant',
      capturePayment: 'settles an authorized payment at once (a business action)',
      createRefund: 'creates a refund, a money movement settled by the banks',
      fetchRefund: 'reads the refund; pending follows the banks',
    },
  },
];
