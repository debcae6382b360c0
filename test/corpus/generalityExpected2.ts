/**
 * Ground truth for the second generality batch (fixtures/generality/, written 2026-12-07), decided from each API's
 * public documentation before detection ever ran on these files. Same format as generalityExpected.ts. Sixteen
 * job APIs and eight business APIs whose statuses sound like progress (the traps: no family at all).
 * First run, before any rule changed: 6 of 16 job APIs whole, 23 of 35 starts over both batches, no false family.
 * The `gap`s are what that run (and the rules written after it) still miss, each with why; they count as missed.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_2: GeneralitySpec[] = [
  {
    // Writes answer 202 with a summarized task `{taskUid, status: enqueued}`; GET /tasks/{task_uid} reads it until
    // succeeded/failed/canceled. The cancel takes the uid in a `uids` query filter.
    file: 'meilisearch-tasks.yaml',
    families: [{ start: ['addOrReplaceDocuments', 'createIndex'], poll: 'getTask', cancel: ['cancelTasks', null], result: [null] }],
    notJobs: { getTasks: 'a list', getIndex: 'a plain read', getDocument: 'a plain read' },
  },
  {
    // Writes answer `{taskID}`; GET /1/indexes/{indexName}/task/{taskID} is notPublished until published.
    file: 'algolia-indexing.yaml',
    families: [
      {
        start: ['batch', 'addOrUpdateObject'],
        poll: 'getTask',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: its status is `published`/`notPublished`, no lifecycle word and no failure value; reading "not X" as X under way is no rule yet',
        },
      },
    ],
    notJobs: { searchSingleIndex: 'a synchronous search', getObject: 'a plain read', listIndices: 'a list' },
  },
  {
    // Every change answers an action (running → success | error, progress) read at /actions/{id} or
    // /servers/actions/{id}; a delete answers one too. Actions cannot be cancelled.
    file: 'hetzner-cloud-actions.yaml',
    families: [
      {
        start: ['create_server', 'poweron_server', 'reboot_server', 'delete_server'],
        poll: 'get_server_action',
        pollAlso: ['get_action'],
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: { list_servers: 'a list', get_server: 'the server, not the action' },
  },
  {
    // A deployment builds after the create answers (QUEUED/INITIALIZING/BUILDING → READY | ERROR | CANCELED).
    file: 'vercel-deployments.yaml',
    families: [
      {
        start: ['createDeployment'],
        poll: 'getDeployment',
        cancel: [null],
        result: [null],
        gap: {
          cancel:
            'cancelDeployment is at another API version (`/v12/` beside the read at `/v13/`); companions are looked for at the item itself',
        },
      },
    ],
    notJobs: { deleteDeployment: 'a delete, not a cancel', getDeployments: 'a list', getProject: 'a plain read' },
  },
  {
    file: 'render-deploys.yaml',
    families: [{ start: ['create-deploy'], poll: 'retrieve-deploy', cancel: ['cancel-deploy'], result: [null] }],
    notJobs: { 'list-deploys': 'a list', 'retrieve-service': 'a plain read' },
  },
  {
    // pending → succeeded | failure; no cancel in the Platform API.
    file: 'heroku-builds.yaml',
    families: [
      {
        start: ['buildCreate'],
        poll: 'buildInfo',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: pending/succeeded/failure with no cancel, result or progress stays under the evidence threshold that keeps refunds (pending/succeeded/failed) out',
        },
      },
    ],
    notJobs: { buildList: 'a list', appInfo: 'a plain read', appUpdate: 'an update', formationUpdate: 'a synchronous scale' },
  },
  {
    // 202 QueryStatus {statementHandle, statementStatusUrl} while running; the poll answers 202 running, 200 the
    // result set, 422 failed: the state is the HTTP code. `requestId` makes a resubmission idempotent.
    file: 'snowflake-sql-statements.yaml',
    families: [
      {
        start: ['SubmitStatement'],
        poll: 'via body:statementStatusUrl',
        // Followed at the `statementStatusUrl` it hands out (a status monitor), so the family matches by that URL.
        // Its cancel found since stop 66: the handle is read out of that URL by the path of the read that answers 202
        // the very `QueryStatus` the start does (a gap until then).
        cancel: ['CancelStatement'],
        result: [null],
        idempotency: { in: 'query', name: 'requestId' },
      },
    ],
  },
  {
    // Discovery-era Google API, not AIP-151: a Job whose status.state is PENDING/RUNNING/DONE (values in prose),
    // failure shown by status.errorResult. jobs.query is synchronous up to timeoutMs, then hands out a job.
    file: 'bigquery-jobs.yaml',
    families: [
      {
        start: ['bigquery.jobs.insert'],
        poll: 'bigquery.jobs.get',
        cancel: ['bigquery.jobs.cancel'],
        result: ['bigquery.jobs.getQueryResults', null],
      },
      {
        start: ['bigquery.jobs.query'],
        poll: 'bigquery.jobs.getQueryResults',
        cancel: [null, 'bigquery.jobs.cancel'],
        ambiguous: 'a synchronous query that hands out a job only when it outlives timeoutMs',
      },
    ],
    notJobs: { 'bigquery.jobs.delete': 'deletes the metadata', 'bigquery.jobs.list': 'a list' },
  },
  {
    // A run's status is an integer (1 Queued, 2 Starting, 3 Running, 10 Success, 20 Error, 30 Cancelled).
    file: 'dbt-cloud-runs.yaml',
    families: [
      {
        start: ['triggerRun'],
        poll: 'getRunById',
        cancel: ['cancelRunById'],
        result: ['getArtifactsByRunId', null],
        // Found since stop 64: the codes named in prose are read (model/describedCodes.ts), and `status`, an object
        // holding the call's `code` and `is_success`, is the call's record beside the run in `data` (read/envelope.ts).
      },
    ],
    notJobs: { getJobById: 'a job definition', listJobsForAccount: 'a list' },
  },
  {
    // DELETE /v1/jobs/{jobId} is documented as "Cancel a running Job".
    file: 'airbyte-jobs.yaml',
    families: [{ start: ['createJob'], poll: 'getJob', cancel: ['cancelJob'], result: [null] }],
    notJobs: { getConnection: 'a plain read', deleteConnection: 'a delete', listJobs: 'a list' },
  },
  {
    // Bulk calls answer `{job_status}` read at /job_statuses/{id}.json; tickets are business records.
    file: 'zendesk-job-statuses.yaml',
    families: [{ start: ['UpdateManyTickets', 'CreateManyUsers'], poll: 'ShowJobStatus', cancel: [null], result: [null] }],
    notJobs: { CreateTicket: 'a ticket', ShowTicket: 'a ticket', UpdateTicket: 'a ticket' },
  },
  {
    // pending → … → finished; DELETE "stops a batch request from running".
    file: 'mailchimp-batches.yaml',
    families: [
      {
        start: ['postBatches'],
        poll: 'getBatchesId',
        cancel: ['deleteBatchesId'],
        result: [null],
        gap: {
          family:
            'not found: a lifecycle with no failure value (`finished` only) and a DELETE that stops a batch that never reads cancelled stay under the evidence threshold',
        },
      },
    ],
    notJobs: { postListsIdMembers: 'a list member', getListsIdMembersId: 'a list member', deleteListsIdMembersId: 'a delete' },
  },
  {
    file: 'hubspot-imports.yaml',
    families: [
      {
        start: ['post-/crm/v3/imports/_create'],
        poll: 'get-/crm/v3/imports/{importId}_getById',
        cancel: ['post-/crm/v3/imports/{importId}/cancel_cancel'],
        result: ['get-/crm/v3/imports/{importId}/errors_getErrors', null],
      },
    ],
    notJobs: { 'get-/crm/v3/objects/contacts/{contactId}_getById': 'a contact' },
  },
  {
    // With wait_for_completion=false the call answers `{task}`; GET /_tasks/{task_id} says `completed: true` at the end.
    file: 'elasticsearch-tasks.yaml',
    families: [
      {
        start: ['reindex', 'update-by-query'],
        poll: 'tasks-get',
        cancel: ['tasks-cancel'],
        result: [null],
        gap: {
          family:
            'not found: the handle is `task` (a `node:id` string, no id word) and the end is the boolean `completed`, not a status value',
        },
      },
    ],
    notJobs: { get: 'a document read', search: 'a synchronous search', 'tasks-list': 'a list' },
  },
  {
    // status notStarted/inProgress/cancelling/postponed → completed, how in `result`; cancelled by PATCH status.
    file: 'azure-devops-builds.yaml',
    families: [
      {
        start: ['Builds_Queue'],
        poll: 'Builds_Get',
        cancel: ['Builds_UpdateBuild', null],
        result: ['Builds_GetBuildLogs', null],
        outcome: {
          field: 'result',
          outcomes: { succeeded: 'succeeded', failed: 'failed', canceled: 'cancelled' },
          finished: { completed: 'succeeded', inProgress: 'running' },
        },
      },
    ],
    notJobs: { Builds_Delete: 'a delete', Builds_List: 'a list' },
  },
  {
    // JSON:API; a run plans and applies after the create answers; cancel and force-cancel are actions.
    file: 'terraform-cloud-runs.yaml',
    families: [
      {
        start: ['createRun'],
        poll: 'getRun',
        cancel: ['cancelRun', 'forceCancelRun'],
        result: [null],
        gap: {
          family:
            'not found: 27 stage values whose stage ends (`planned`, `cost_estimated`, `*_completed`) read as ends of the run; a staged vocabulary needs an order an enum does not give',
        },
      },
    ],
    notJobs: { getWorkspace: 'a plain read' },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    file: 'shopify-fulfillment-orders.yaml',
    families: [],
    notJobs: {},
  },
  { file: 'easypost-shipments.yaml', families: [], notJobs: {} },
  { file: 'docusign-envelopes.yaml', families: [], notJobs: {} },
  { file: 'pagerduty-incidents.yaml', families: [], notJobs: {} },
  { file: 'calendly-scheduling.yaml', families: [], notJobs: {} },
  { file: 'stripe-refunds-payouts.yaml', families: [], notJobs: {} },
  { file: 'uber-direct-deliveries.yaml', families: [], notJobs: {} },
  { file: 'github-check-runs.yaml', families: [], notJobs: {} },
];
