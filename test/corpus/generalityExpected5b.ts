/**
 * Ground truth for the fifth generality batch, part b (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, decided before detection ever ran on these files): ten job APIs (Qualtrics
 * response exports, Marketo bulk lead extract, Iterable exports, Meta's async insights, Tableau extract refreshes,
 * Airflow DAG runs, Argo Workflows, Buildkite builds, Hugging Face Inference Endpoints, Prefect flow runs) and two
 * business APIs whose statuses sound like progress (Checkr background checks, ServiceNow change requests). Same format
 * as generalityExpected.ts. First run (stop 63, before its rules): 2 of these 10 job APIs whole (Airflow, Hugging
 * Face), and a family on one trap (Checkr's report: kept counted wrong, `falseStarts` on a family with no start); after
 * them 6 whole (Qualtrics, Marketo, Iterable, Prefect), Argo's and Buildkite's creates without their second starts,
 * Meta's and Tableau's jobs `gap`s, each with why. No expectation moved.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_5B: GeneralitySpec[] = [
  {
    // The start answers result.progressId at once; the progress read answers result.status inProgress → complete |
    // failed with percentComplete, and result.fileId once complete, downloaded at …/{fileId}/file. No cancel exists.
    file: 'qualtrics-response-exports.yaml',
    families: [
      {
        start: ['startResponseExport'],
        poll: 'getResponseExportProgress',
        cancel: [null],
        result: ['getResponseExportFile', null],
      },
    ],
    notJobs: {
      listSurveys: 'a list',
      getSurvey: 'a plain read; isActive is a setting of the survey',
      getResponse: 'a synchronous read of one response; its values.progress/finished are the respondent’s, not work',
    },
  },
  {
    // Two steps on one job: create.json hands out result[0].exportId (status Created) and nothing runs until
    // enqueue.json (Queued → Processing → Completed | Failed, or Cancelled by cancel.json). As with Salesforce's ingest
    // jobs, the create is the start (it hands out the id) and the enqueue is a step on that job; since the enqueue is
    // what sets the work going and answers the same record, finding it as a start too is left open.
    file: 'marketo-bulk-extract.yaml',
    families: [
      {
        start: ['createExportLeadsUsingPOST'],
        optionalStarts: ['enqueueExportLeadsUsingPOST'],
        poll: 'getExportLeadsStatusUsingGET',
        cancel: ['cancelExportLeadsUsingPOST'],
        result: ['getExportLeadsFileUsingGET', null],
      },
    ],
    notJobs: {
      getExportLeadsUsingGET: 'a list of export jobs',
      getLeadByIdUsingGET: 'a synchronous read of a lead',
    },
  },
  {
    // The start answers {jobId}; the job is followed at /files, which answers jobState (enqueued → running →
    // completed | failed) beside the files written so far: the poll is also the result read. DELETE on the job is
    // documented as its cancel (cancelling → cancelled). Iterable documents no separate /status route.
    file: 'iterable-exports.yaml',
    families: [{ start: ['startExport'], poll: 'getExportFiles', cancel: ['cancelExport'], result: [null, 'getExportFiles'] }],
    notJobs: {
      getExportJobs: 'a list of export jobs',
      exportDataJson: 'synchronous: the export streams in the answer',
      exportDataCsv: 'synchronous: the export streams in the answer',
      exportUserEvents: 'synchronous: the events stream in the answer',
    },
  },
  {
    // The POST on the insights edge answers {report_run_id}; the AdReportRun is read until async_status "Job Completed"
    // (with async_percent_completion 100) or "Job Failed"/"Job Skipped" (values in prose only, with spaces), then its
    // rows are read at /{report_run_id}/insights. No cancel is documented.
    file: 'facebook-async-insights.yaml',
    families: [
      {
        start: ['getAdAccountInsightsAsync'],
        poll: 'getAdReportRun',
        cancel: [null],
        result: ['getAdReportRunInsights', null],
        gap: {
          family:
            'not found: the start is a POST whose operationId names a read (`get…`), and a call named as a read is not weighed as a start; its status (phrases sharing `Job`) is read since the first run',
        },
      },
    ],
    notJobs: {
      getAdAccountInsights: 'the synchronous form of the same report, a GET on the same path',
      getAdAccount: 'a plain read; account_status is the account’s standing',
      getAdAccountCampaigns: 'a list; a campaign’s ACTIVE/PAUSED is a setting',
    },
  },
  {
    // Refreshing a data source or a workbook answers 202 with a job read at /jobs/{job-id}: progress, then completedAt
    // with finishCode 0/1/2 (succeeded/failed/cancelled). The single-job read has no status word, only that code beside
    // progress and timestamps, so no separate outcome field is named. The cancel is a PUT on the job itself with no
    // body: the method means cancel, no state is sent. The refreshed extract is read nowhere in particular: no result.
    file: 'tableau-extract-refresh.yaml',
    families: [
      {
        start: ['updateDataSourceNow', 'updateWorkbookNow'],
        poll: 'queryJob',
        cancel: ['cancelJob'],
        result: [null],
        gap: {
          family:
            'not found: the job read has no status word, only `finishCode` 0/1/2 once `completedAt` is set; an end told by a numeric code beside a timestamp is no status detection reads',
        },
      },
    ],
    notJobs: {
      queryJobs: 'a list of background jobs (the only place a status word appears), not the read of one',
      queryDataSource: 'a plain read of the data source',
      signIn: 'a synchronous token exchange',
    },
  },
  {
    // Triggering answers the DAG run (queued → running → success | failed), read by dag_id + dag_run_id. There is no
    // cancel route: the PATCH sets the run's state, and setting failed stops it (an update that sets a state, like
    // Salesforce's Aborted), so it or none is accepted. The client may choose dag_run_id (409 if taken), but that
    // names the run; it is no idempotency key. Task instances are the run's parts: an acceptable result.
    file: 'airflow-dag-runs.yaml',
    families: [
      {
        start: ['post_dag_run'],
        poll: 'get_dag_run',
        cancel: ['update_dag_run_state', null],
        result: ['get_task_instances', null],
      },
    ],
    notJobs: {
      get_dag_runs: 'a list',
      delete_dag_run: 'deletes the run’s record; not a cancel',
      get_dag: 'the DAG definition; is_paused is a setting',
    },
  },
  {
    // A workflow is created (or submitted from a template) and answered with an empty phase; the controller runs it
    // Pending → Running → Succeeded | Failed | Error (phase values in prose only). Stop and terminate both end it
    // (stop runs exit handlers). Retry re-runs the failed nodes of the same workflow: a restart left open.
    file: 'argo-workflows.yaml',
    families: [
      {
        start: ['WorkflowService_CreateWorkflow', 'WorkflowService_SubmitWorkflow'],
        optionalStarts: ['WorkflowService_RetryWorkflow'],
        poll: 'WorkflowService_GetWorkflow',
        cancel: ['WorkflowService_StopWorkflow', 'WorkflowService_TerminateWorkflow'],
        result: [null],
        // The submit (`POST …/{namespace}/submit`) answers the workflow keyed by Kubernetes `metadata.name`: a gap until
        // stop 65, when a bare id a POST to its own verb answers became the noun's its name makes.
      },
    ],
    notJobs: {
      WorkflowService_ListWorkflows: 'a list',
      WorkflowService_DeleteWorkflow: 'deletes the workflow object; stop/terminate are the documented ends',
    },
  },
  {
    // A build is created (201) scheduled, runs, and ends passed | failed | canceled | skipped | not_run (blocked waits on
    // a person at a block step). Rebuild answers a NEW build with its own number: a second start of the same family.
    // Cancel is PUT …/cancel answering the build canceling. States are prose only.
    file: 'buildkite-builds.yaml',
    families: [
      {
        start: ['createBuild', 'rebuildBuild'],
        poll: 'getBuild',
        cancel: ['cancelBuild'],
        result: [null],
        gap: {
          starts: ['rebuildBuild'],
          why: 'the rebuild is a PUT on the build answering a new build, whose key is its `number` (`{build.number}`), which id flow does not weigh as a handle',
        },
      },
    ],
    notJobs: { listPipelineBuilds: 'a list', getPipeline: 'the pipeline definition' },
  },
  {
    // A provisioning resource: the create (client-named) deploys pending → initializing → running, or failed. An update
    // redeploys it (updating → running | updateFailed) and resume brings a paused one up again: both restarts left
    // open. Pause tears the replicas down and holds the endpoint at paused, which stops a deployment in progress, so it
    // or none is accepted as the cancel. Scale-to-zero is a scaling move the next request undoes.
    file: 'huggingface-inference-endpoints.yaml',
    families: [
      {
        start: ['create_endpoint'],
        optionalStarts: ['update_endpoint', 'resume_endpoint'],
        poll: 'get_endpoint',
        cancel: [null, 'pause_endpoint'],
        result: [null],
      },
    ],
    notJobs: {
      list_endpoints: 'a list',
      delete_endpoint: 'a delete',
      scale_to_zero_endpoint: 'a scaling move that leaves the endpoint asleep until its next request; nothing deploys',
    },
  },
  {
    // Creating a flow run from a deployment answers it SCHEDULED (201); a worker runs it PENDING → RUNNING →
    // COMPLETED | FAILED | CRASHED (PAUSED waits on a person). Cancelling is set_state with CANCELLING, the same route
    // that sets any state: an update that sets a state, so it or none is accepted. idempotency_key is in the body.
    file: 'prefect-flow-runs.yaml',
    families: [
      {
        start: ['create_flow_run_from_deployment_deployments__id__create_flow_run_post'],
        poll: 'read_flow_run_flow_runs__id__get',
        cancel: ['set_flow_run_state_flow_runs__id__set_state_post', null],
        result: [null],
        idempotency: { in: 'body', name: 'idempotency_key' },
      },
    ],
    notJobs: {
      read_flow_runs_flow_runs_filter_post: 'a list (a POST that only queries)',
      delete_flow_run_flow_runs__id__delete: 'deletes the run’s record; not a cancel',
      read_deployment_deployments__id__get: 'the deployment definition; READY/NOT_READY says whether a worker is polling',
    },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    // A report is a background check on a person, and the record of it: pending waits on courts, employers and the
    // candidate (days, reported by webhooks), suspended waits on the candidate, complete carries a result the employer
    // then adjudicates, and dispute reopens it at the candidate's request, so complete is no end. Invitations wait on
    // the candidate to fill in a form. The closest of the two traps to a job: ordered work the vendor does.
    file: 'checkr-background-checks.yaml',
    families: [
      {
        // Found on the first run, and kept counted wrong: the create answers `estimated_completion_time` and the report
        // reads pending → complete | canceled, which detection takes for work to follow. The truth stands as decided.
        start: [],
        poll: 'getReport',
        cancel: [null],
        gap: {
          falseStarts: ['createReport'],
          falseWhy: 'an ETA on the create and a lifecycle-like status; the report waits on courts and people, not on work to poll',
        },
      },
    ],
    notJobs: {
      createCandidate: 'records a person',
      getCandidate: 'reads a person; adjudication is the employer’s decision',
      createInvitation: 'emails a person a form to fill in; pending waits on that person, expired when they do not',
      getInvitation: 'reads an invitation: pending/completed/expired is the candidate’s doing',
      cancelInvitation: 'withdraws the emailed link; no server work stops',
      createReport:
        'orders a background check, a compliance record whose pending/suspended/dispute wait on courts and people and which stays the record afterwards',
      getReport: 'reads the check; result clear/consider and adjudication are for the employer to act on, and a dispute reopens it',
    },
  },
  {
    // An ITIL change request moves new → assess → authorize → scheduled → implement → review → closed | canceled as
    // people assess, approve, carry out and review the change; the API only records each move, answering at once.
    file: 'servicenow-change-requests.yaml',
    families: [],
    notJobs: {
      createNormalChange: 'creates a change record in New, answered at once; people take it from there',
      createStandardChange: 'creates a pre-approved change record from a template, answered at once',
      getNormalChange: 'reads the record; Implement means people are carrying the change out in its window',
      updateNormalChange: 'a synchronous update, also how people move the record to its next state or cancel it',
      listNormalChanges: 'a list',
      deleteNormalChange: 'a delete',
    },
  },
];
