/**
 * Ground truth for the ninth generality batch, part a (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published references, sources or generated SDKs
 * where those could be read, and decided before detection ever ran on these files): seven job APIs of data and
 * automation platforms, none of which carries a published long-running marker (Dune query executions, Looker render
 * tasks, Hex project runs, Mathpix PDF processing, AWX / Automation Controller jobs, Rundeck executions, Kestra flow
 * executions). This part has no business-API file; each file holds its own traps (lists, definitions, synchronous
 * reads, deletes, a restart of the same execution). Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_9A: GeneralitySpec[] = [
  {
    // Executing a saved query and executing raw SQL both answer {execution_id, state: QUERY_STATE_PENDING};
    // /execution/{execution_id}/status reads PENDING → EXECUTING → COMPLETED | COMPLETED_PARTIAL | FAILED | CANCELED |
    // EXPIRED (prose only), beside an is_execution_finished flag that says only "ended" (no separate outcome: the state
    // says how). POST …/cancel answers {success}. The status carries result metadata, not the rows: the rows are read at
    // …/results (JSON) or …/results/csv.
    file: 'dune-query-executions.yaml',
    families: [
      {
        start: ['executeQuery', 'executeSql'],
        poll: 'getExecutionStatus',
        cancel: ['cancelExecution'],
        result: ['getExecutionResults', 'getExecutionResultsCsv'],
      },
    ],
    notJobs: {
      getLatestQueryResults: 'reads the stored rows of a saved query’s latest execution (with its execution_id and state) and runs nothing',
      createQuery: 'saves a query definition and answers its query_id at once',
      getQuery: 'a plain read of a query definition',
    },
  },
  {
    // The three creates (look, query, dashboard) answer 200 with the RenderTask {id, status, …}; /render_tasks/{id}
    // reads enqueued_for_query → querying → enqueued_for_render → rendering → success | failure (prose only). The PDF or
    // image is read at …/results, which answers 202 + Retry-After while rendering (the docs say to poll the task, not
    // the results). Nothing cancels a render task.
    file: 'looker-render-tasks.yaml',
    families: [
      {
        start: ['create_look_render_task', 'create_query_render_task', 'create_dashboard_render_task'],
        poll: 'render_task',
        cancel: [null],
        result: ['render_task_results'],
      },
    ],
    notJobs: {
      run_look: 'runs the look’s query and answers its data in the same call',
      look: 'a plain read of a look',
      create_query: 'saves an immutable query definition and answers it at once',
    },
  },
  {
    // The run answers 201 {projectId, runId, runUrl, runStatusUrl, …}; GET /projects/{projectId}/runs/{runId} reads
    // PENDING → RUNNING → COMPLETED | ERRORED | KILLED | UNABLE_TO_ALLOCATE_KERNEL (an enum); DELETE on the same path
    // cancels it (204). The run has no output readable through the API (it refreshes the published app): no result.
    // The read takes two path ids, both answered by the start.
    file: 'hex-project-runs.yaml',
    families: [{ start: ['RunProject'], poll: 'GetRunStatus', cancel: ['CancelRun'], result: [null] }],
    notJobs: {
      GetProjectRuns: 'a list of a project’s runs',
      ListProjects: 'a list',
      GetProject: 'a plain read of a project; its status is a review label, not work under way',
    },
  },
  {
    // The submission (URL or file) answers only {pdf_id}; /v3/pdf/{pdf_id} reads received → loaded → split → completed
    // | error (prose only) with percent_done; /v3/converter/{pdf_id} reads the same document's extra formats (processing
    // → completed | error per format), a second read of the same job. The outputs are one path per extension
    // (/v3/pdf/{pdf_id}.mmd, .docx, .lines.json); the status read carries none of them. No cancel is documented.
    file: 'mathpix-pdf.yaml',
    families: [
      {
        start: ['processPdf'],
        poll: 'getPdfStatus',
        gap: {
          family:
            'not found: the status values are read from their glossed list (received, loaded, split, completed, error), but most are no words the state table knows, and the judgement refuses the vocabulary',
        },
        pollAlso: ['getConversionStatus'],
        cancel: [null],
        result: ['getPdfMmd', 'getPdfDocx', 'getPdfLinesJson'],
      },
    ],
    notJobs: {
      deletePdf: 'removes a document’s stored outputs; not a cancel',
      listPdfResults: 'a list of past documents',
      processImage: 'reads one image and answers its text in the same call',
    },
  },
  {
    // Launching a template answers 201 with the new job (its id as both `id` and `job`), and relaunching a job answers
    // 201 with another new job: both read at /api/v2/jobs/{id}/, status new → pending → waiting → running → successful |
    // failed | error | canceled (an enum; the `failed` flag beside it repeats what the status says). POST …/cancel/
    // stops it (202). The play output is at …/stdout/; a job runner's real product is its effect on the hosts, so none
    // is accepted too.
    file: 'awx-jobs.yaml',
    families: [
      {
        start: ['api_job_templates_launch_create', 'api_jobs_relaunch_create'],
        poll: 'api_jobs_read',
        gap: {
          starts: ['api_jobs_relaunch_create'],
          why: 'the relaunch sits under the job’s own item (`/jobs/{id}/relaunch/`) and is read as acting on that job, though it answers a new one; its 201 does not tell (GitLab’s pipeline retry answers 201 with the same pipeline: a rule on the 201 made that a start, and was dropped)',
        },
        cancel: ['api_jobs_cancel_create'],
        result: ['api_jobs_stdout_read', null],
      },
    ],
    notJobs: {
      api_job_templates_launch_read: 'tells what a launch would prompt for; starts nothing',
      api_job_templates_read: 'reads the template; its status is that of its last job',
      api_jobs_list: 'a list',
      api_jobs_cancel_read: 'reads whether the job can be cancelled (can_cancel); changes nothing',
      api_jobs_delete: 'deletes a finished job and its output; refused while it runs, so not a cancel',
    },
  },
  {
    // Running a job and retrying it from an earlier execution answer 200 with the new execution {id, href, status, …};
    // running an ad hoc command answers {message, execution: {id, href, permalink}} (the id nested). /execution/{id}
    // reads running → succeeded | failed | aborted | timedout | failed-with-retry | other (prose only), and
    // /execution/{id}/state reads the same execution per node and step (another read of it). POST …/abort answers
    // {abort: {status}, execution}. The log is read at …/output; as for any job runner, none is accepted too.
    file: 'rundeck-executions.yaml',
    families: [
      {
        start: ['apiJobRun', 'apiJobRetry', 'apiRunCommandv14'],
        poll: 'apiExecution',
        // The ad hoc run found since stop 66 (a gap at the first run): `{execution: {id, href, permalink}}` is a
        // reference to the execution, its bare id the execution's.
        pollAlso: ['apiExecutionState'],
        cancel: ['apiExecutionAbort'],
        result: ['apiExecutionOutput', null],
      },
    ],
    notJobs: {
      apiExecutionDelete: 'deletes an execution’s record; not an abort',
      apiJobExecutions: 'a list of a job’s executions',
      apiJobExport: 'reads a job definition',
    },
  },
  {
    // Creating an execution of a flow (inputs as multipart parts) answers 200 with the Execution + url, state.current
    // CREATED; /executions/{executionId} reads the status nested at state.current (CREATED, QUEUED, RUNNING, PAUSED … →
    // SUCCESS | WARNING | FAILED | KILLED | CANCELLED …, an enum) with the flow's outputs inside. DELETE …/kill asks it to
    // stop (202). Files the flow wrote are downloaded at …/file?path=: a result, none accepted too since the outputs
    // sit in the read.
    file: 'kestra-executions.yaml',
    families: [
      {
        start: ['createExecution'],
        poll: 'getExecution',
        gap: {
          falseStarts: ['restartExecution'],
          falseWhy:
            'the restart answers the same execution, run again, read at getExecution; the truth keeps it out (same id), I think following it defensible',
        },
        cancel: ['killExecution'],
        result: ['downloadFileFromExecution', null],
      },
    ],
    notJobs: {
      restartExecution: 'reruns the failed tasks of an existing execution under the same id; acts on a started job',
      deleteExecution: 'deletes an execution’s record, logs and files; not a kill',
      searchExecutions: 'a list',
      getFlow: 'reads a flow definition',
    },
  },
];
