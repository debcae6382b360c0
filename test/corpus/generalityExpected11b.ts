/**
 * Ground truth for part h of the eleventh generality batch (fixtures/generality/, written by a helper from its
 * knowledge of each vendor's public documentation, checked against the vendors' published references, schemas or
 * server sources where those could be read, and decided before detection ever ran on these files): eight job APIs
 * of data, analytics and developer-tool vendors, none of which carries a published long-running marker (Power BI
 * export to file, SonarQube Compute Engine tasks, Travis CI requests, Semaphore workflows and pipelines, Harness
 * pipeline executions, Weaviate backups and restores, Census sync runs, Mode report runs). Each file also holds plain
 * operations of the same API (lists, definitions, synchronous calls) as traps. Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_11B: GeneralitySpec[] = [
  {
    // Two families, one per scope (My workspace, a workspace): ExportTo answers 202 with the Export (id, status
    // NotStarted); …/exports/{exportId} answers 202 + Retry-After while it runs and 200 once it has ended, status
    // NotStarted | Running → Succeeded | Failed (an enum) with percentComplete; the file is only at …/exports/{id}/file
    // (the status read carries its URL, not the file). No cancel exists.
    file: 'powerbi-export-to-file.yaml',
    families: [
      {
        start: ['Reports_ExportToFile'],
        poll: 'Reports_GetExportToFileStatus',
        gap: {
          falseStarts: ['Reports_ExportToFileInGroup'],
          falseWhy:
            'the export in a workspace is matched by its answer’s schema to the first read of the same document, the one of My workspace, which takes fewer parameters, not the one under its own workspace',
          result: null,
          resultWhy:
            'the file below the export is not read as its result: the same segment reads back a job’s input elsewhere (Gladia), so the path alone cannot say',
        },
        cancel: [null],
        result: ['Reports_GetFileOfExportToFile'],
      },
      {
        start: ['Reports_ExportToFileInGroup'],
        poll: 'Reports_GetExportToFileStatusInGroup',
        gap: { family: 'not found as its own: its start is polled at My workspace’s read (above)' },
        cancel: [null],
        result: ['Reports_GetFileOfExportToFileInGroup'],
      },
    ],
    notJobs: {
      Reports_GetReports: 'a list',
      Reports_GetReport: 'a plain read of a report',
      Reports_CloneReport: 'a synchronous copy answering the new report (200)',
    },
  },
  {
    // The (internal, scanner-facing) submit answers {taskId, projectId}; /api/ce/task?id= (the id in the QUERY, named
    // `id`, not `taskId`) reads {task: {status PENDING → IN_PROGRESS → SUCCESS | FAILED | CANCELED, errorMessage,
    // analysisId}} (the words in prose on the task, as an enum only on the activity filter); POST /api/ce/cancel?id=
    // cancels a pending task. What the task produced is an analysis, judged by its quality gate at
    // /api/qualitygates/project_status?analysisId= (what CI integrations wait for): an acceptable result, none too.
    file: 'sonarqube-ce-tasks.yaml',
    families: [
      {
        start: ['ce_submit'],
        poll: 'ce_task',
        cancel: ['ce_cancel'],
        result: ['qualitygates_project_status', null],
      },
    ],
    notJobs: {
      ce_activity: 'a list of tasks',
      ce_component: 'a project’s queue and its last task: a list and a summary, not the read of one task',
      ce_activity_status: 'queue counters',
      projects_create: 'creates a project at once',
    },
  },
  {
    // As the brief guessed, but the job the API hands back is the REQUEST, not a build: POST …/requests answers 202
    // {"@type": "pending", request: {id, …}}; /repo/{repository.id}/request/{request.id} reads it, state pending →
    // finished (prose), result approved | rejected (prose) beside it, with the builds it created. The request cannot
    // be cancelled: the build cancel takes a build id that only the request read lists, and stops a build, not the
    // request (so no cancel); the request read carries its builds (result none). The build reads and cancel make no
    // family of their own: nothing here starts a build and answers its id. Restart runs the same build again in place.
    file: 'travis-ci-requests.yaml',
    families: [
      {
        start: ['requests.create'],
        poll: 'request.find',
        gap: {
          family:
            'not found: the request is created at /repo/{repository.id}/requests (202) and read at …/request/{request.id}, a singular the layout does not relate to the plural collection, and the 202 is weighed against the list',
        },
        cancel: [null],
        result: [null],
        // `state` only says the request has been processed; `result` beside it says whether builds came of it.
        outcome: {
          field: 'result',
          outcomes: { approved: 'succeeded', rejected: 'failed' },
          finished: { finished: 'succeeded', pending: 'running' },
        },
      },
    ],
    notJobs: {
      'requests.find': 'a list',
      'builds.find': 'a list',
      'repository.find': 'a plain read of the repository',
      'build.restart': 'runs an existing build again in place and answers that same build: acts on a build, starts nothing with a new id',
    },
  },
  {
    // Running a workflow answers {workflow_id, pipeline_id, hook_id}; /pipelines/{pipeline_id} answers {pipeline:
    // {state, result, …}, blocks}: state initializing → pending → queuing → running → stopping → done (prose), and only
    // `result` (passed | failed | stopped | canceled) says how a done pipeline ended. PATCH /pipelines/{id} with
    // {terminate_request: true} stops the pipeline; /plumber-workflows/{wf_id}/terminate stops the whole workflow (its
    // id is answered by the start too): both acceptable. No output beyond the pipeline's own record.
    file: 'semaphore-workflows.yaml',
    families: [
      {
        start: ['runWorkflow'],
        poll: 'describePipeline',
        gap: {
          falseStarts: ['validateYaml'],
          falseWhy: 'a synchronous validation that answers an empty `pipeline_id` reads as handing out the pipeline’s id',
        },
        cancel: ['stopPipeline', 'terminateWorkflow'],
        result: [null],
        outcome: {
          field: 'pipeline.result',
          outcomes: { passed: 'succeeded', failed: 'failed', stopped: 'cancelled', canceled: 'cancelled' },
          finished: { done: 'succeeded', running: 'running' },
        },
      },
    ],
    notJobs: {
      listWorkflows: 'a list',
      listPipelines: 'a list',
      describeWorkflow: 'reads the workflow record: ids and git data, no state (the state is on its pipelines)',
      validateYaml: 'checks a definition at once; the pipeline_id it answers is empty',
    },
  },
  {
    // The execute answers the ResponseDTO envelope with data.planExecution.uuid;
    // /pipelines/execution/v2/{planExecutionId} reads data.pipelineExecutionSummary.status (the ExecutionStatus enum:
    // Running, Queued, …Waiting → Success | Failed | Errored | Aborted | Expired …). The interrupt (PUT
    // …/interrupt/{planExecutionId}?interruptType=) aborts with AbortAll but also pauses, resumes or rolls back: the
    // cancel, arguably. The detail read carries the execution graph and outputs (result none).
    file: 'harness-pipeline-executions.yaml',
    families: [
      {
        start: ['postPipelineExecuteWithInputSetYaml'],
        poll: 'getExecutionDetailV2',
        gap: {
          family:
            'not found: the execution’s id is two objects down (`data.planExecution.uuid`) and named `uuid`, while the account, org and project identifiers the start and the read both take are read as the ids that flow',
        },
        cancel: ['putHandleInterrupt', null],
        result: [null],
      },
    ],
    notJobs: {
      getListOfExecutions: 'a list (a POST with a filter body)',
      getInputsetYamlV2: 'reads the inputs an execution was started with, not its state',
      getPipeline: 'reads a saved pipeline definition',
      postPipelineV2: 'saves a pipeline definition; runs nothing',
    },
  },
  {
    // Two families on the same caller-chosen backup id. The create answers {id, status: STARTED};
    // /backups/{backend}/{id} reads STARTED → TRANSFERRING → TRANSFERRED → FINALIZING → SUCCESS | FAILED (or
    // CANCELLING → CANCELED), an enum; DELETE on that path cancels. The restore (POST …/{id}/restore) is read and
    // cancelled at …/{id}/restore (GET, DELETE). The output stays in the backend: no result read.
    file: 'weaviate-backups.yaml',
    families: [
      { start: ['backups.create'], poll: 'backups.create.status', cancel: ['backups.cancel'], result: [null] },
      {
        start: ['backups.restore'],
        poll: 'backups.restore.status',
        cancel: ['backups.restore.cancel'],
        result: [null],
      },
    ],
    notJobs: {
      'backups.list': 'a list',
      'batch.objects.create': 'stores the objects at once; each object’s result is in the answer',
      'schema.dump': 'a plain read of the collection definitions',
    },
  },
  {
    // As the brief guessed, plus a cancel the brief did not name: the trigger answers {status: "success", data:
    // {sync_run_id}}; /sync_runs/{sync_run_id} reads data.status queued → working → completed | failed | skipped
    // (prose), with counts, errors and a canceled flag (a refinement of how a run stopped, not an outcome field: the
    // status says how); POST /sync_runs/{id}/cancel stops it. The run read carries the counts (result none).
    file: 'census-sync-runs.yaml',
    families: [{ start: ['triggerSyncRun'], poll: 'fetchSyncRun', cancel: ['cancelSyncRun'], result: [null] }],
    notJobs: {
      listSyncs: 'a list',
      listSyncRuns: 'a list',
      createSync: 'saves a sync definition (201); starts no run',
      fetchSync: 'reads the definition; its status (Ready, Paused …) says whether it may run, not work under way',
    },
  },
  {
    // The run answers 202 with the ReportRun (token); /reports/{report}/runs/{run} reads state pending | enqueued |
    // running_notebook → succeeded | completed | failed | cancelled (an enum; python_state beside it is the notebook's
    // own state, not an outcome). No cancel is documented. The output is the run's query runs (listed by the run) and
    // each one's rows (…/query_runs/{query_run}/results/content.json|csv, which need the query run's token too); the
    // run read carries only links to them.
    file: 'mode-report-runs.yaml',
    families: [
      {
        start: ['createReportRun'],
        poll: 'getReportRun',
        gap: {
          family:
            'not found: the 202 run is weighed against the list of runs at its own path, and the run’s read takes a `{run}` the answer hands out as `token`, a name no rule reads as an id',
        },
        cancel: [null],
        result: ['listQueryRuns', 'getQueryRunResultJson', 'getQueryRunResultCsv'],
      },
    ],
    notJobs: {
      listReportRuns: 'a list',
      getReport: 'a plain read of the report definition',
      listSpaceReports: 'a list',
    },
  },
];
