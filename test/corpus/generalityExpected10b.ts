/**
 * Ground truth for the tenth generality batch, part b (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published references, clients and SDKs where those
 * could be read, and decided before detection ever ran on these files): eight job APIs of developer, localisation and
 * geo vendors, none of which carries a published long-running marker (Crowdin translation builds, ArcGIS geoprocessing
 * jobs, the HERE Batch API v7, GraphHopper route optimization in batch mode, Spinnaker pipeline executions through
 * Gate, Argo CD application syncs, GitLab project exports and imports, GitHub source imports). Each file also holds the
 * same API's plain operations (synchronous twins, definitions, lists) as traps. Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_10B: GeneralitySpec[] = [
  {
    // Building the project's translations, or one directory's, answers 201 `{data: Build}` (id, status created →
    // inProgress → finished | failed | canceled as an enum, progress); …/builds/{buildId} reads it and DELETE on the same
    // path is "Cancel Build" (204). Once finished, …/download answers `{data: {url, expireIn}}`, a link to the archive:
    // the result (the build read carries no link, so no "none"). Building one file and exporting a translation answer
    // the link at once.
    file: 'crowdin-translation-builds.yaml',
    families: [
      {
        start: ['api.projects.translations.builds.post', 'api.projects.translations.builds.directories.post'],
        poll: 'api.projects.translations.builds.get',
        cancel: ['api.projects.translations.builds.delete'],
        result: ['api.projects.translations.builds.download.download'],
      },
    ],
    notJobs: {
      'api.projects.translations.builds.getMany': 'a list of builds, not the read of one',
      'api.projects.translations.builds.files.post':
        'builds one file in one language and answers its download link at once (304 when unchanged)',
      'api.projects.translations.exports.post': 'exports translations and answers the download link at once',
    },
  },
  {
    // submitJob (form parameters named by the task) answers `{jobId, jobStatus}`; …/jobs/{jobId} reads jobStatus
    // esriJobNew / Submitted / Waiting / Executing → esriJobSucceeded | esriJobFailed | esriJobTimedOut |
    // esriJobCancelled (also Cancelling, Deleting, Deleted; prose only), its messages, progress and one paramUrl per
    // output. …/jobs/{jobId}/cancel cancels. The outputs' values are read one by one at …/results/{paramName}: the
    // result (the job read names them only by URL). All under /{serviceName}/GPServer/{taskName}/.
    file: 'esri-geoprocessing-jobs.yaml',
    families: [
      {
        start: ['submitJob'],
        poll: 'getJob',
        gap: {
          result: null,
          resultWhy:
            'each output is read at `…/results/{paramName}`, a parameter the job read names only as a key of its `results` map: no result read is linked',
        },
        cancel: ['cancelJob'],
        result: ['getJobResult'],
      },
    ],
    notJobs: {
      execute: 'runs a task of a synchronous service and answers its outputs at once',
      getTask: 'a plain read of the task’s parameters and execution type',
    },
  },
  {
    // The line guessed "Batch Geocoder API v7": HERE's v7 is the HERE Batch API (batch.search.hereapi.com/v7/batch/jobs,
    // geocode, reverse geocode and lookup jobs); the 6.2 Batch Geocoder used ?action= on /jobs. The create uploads the
    // records and answers 201 with the job {id, status, href, records …}, started at once unless startJob=false.
    // /batch/jobs/{jobId} reads submitted → queued → pending → inProgress → completed | failure, or stopped | deleted
    // (an enum). PUT …/stop is the documented way to cancel (the records done so far stay downloadable); DELETE also
    // stops a running job while removing its outputs: an acceptable cancel too. PUT …/start starts a job created
    // unstarted or continues a stopped one, answering the job: left open. Once completed, …/results is the output and
    // …/errors the report of the records that failed (both results of the job; the read only links them).
    file: 'here-batch-geocoder.yaml',
    families: [
      {
        start: ['postJob'],
        optionalStarts: ['startJob'],
        poll: 'getJob',
        cancel: ['stopJob', 'deleteJob'],
        result: ['getJobResults', 'getJobErrors'],
      },
    ],
    notJobs: {
      getJobs: 'a list of jobs',
      geocode: 'geocodes one address at once (the synchronous Geocoding and Search API on its own host)',
    },
  },
  {
    // The batch-mode POST /vrp/optimize answers only `{job_id}`; /vrp/solution/{jobId} reads status waiting_in_queue →
    // processing → finished (an enum, no failure word) with the solution inside once finished. Nothing cancels a job;
    // the read carries the solution. POST /vrp solves the same problem in the request and answers the solution at once
    // (status finished): a synchronous twin.
    file: 'graphhopper-route-optimization.yaml',
    families: [
      {
        start: ['asyncVRP'],
        poll: 'getSolution',
        gap: {
          family:
            'not found: the async solve answers `{job_id}` at `/vrp/optimize` and the solution is read at `/vrp/solution/{jobId}`, another collection no layout or name pairs with the start',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      solveVRP: 'solves the problem in the request and answers the solution at once',
      getRoute: 'a route answered at once',
      getGeocode: 'geocoding answered at once',
    },
  },
  {
    // Triggering a saved pipeline (POST /pipelines/{application}/{pipelineNameOrId}) or running a definition sent whole
    // (POST /pipelines/start) answers 202 `{ref: "/pipelines/<executionId>"}`: the execution id is the last segment of a
    // path in `ref`, no id field. GET /pipelines/{id} reads the execution: status NOT_STARTED / BUFFERED / RUNNING /
    // PAUSED / SUSPENDED → SUCCEEDED | TERMINAL | CANCELED | STOPPED (prose only), stages with their outputs; PUT
    // …/cancel cancels it. The execution read carries what a result would (stage outputs).
    file: 'spinnaker-pipelines.yaml',
    families: [
      {
        start: ['invokePipelineConfigUsingPOST1', 'startUsingPOST'],
        poll: 'getPipelineUsingGET',
        gap: {
          family:
            'not found: the triggers answer only `ref`, the execution’s path (`/pipelines/<id>`), in a field no rule reads as a link, the id only inside it',
        },
        cancel: ['cancelPipelineUsingPUT1'],
        result: [null],
      },
    ],
    // Detection says why the save is no start: its answer yields no `{id}` for the read.
    diagnostics: ['MJG305'],
    notJobs: {
      savePipelineUsingPOST: 'stores a pipeline definition; runs nothing',
      pausePipelineUsingPUT: 'holds a running execution (resume releases it); neither a start nor a cancel',
      getPipelinesUsingGET: 'a list of an application’s executions',
      getPipelineConfigUsingGET: 'a plain read of a pipeline definition',
    },
  },
  {
    // Sync (and Rollback, a sync to a history entry) sets an operation on the Application and answers the Application
    // at once; the operation has no id of its own, the application's name (the start's path parameter) addresses it.
    // The application read carries status.operationState.phase Running | Terminating → Succeeded | Failed | Error
    // (prose only) with message and syncResult, beside the application's standing sync and health statuses, which are
    // not the job's. DELETE …/{name}/operation terminates the running operation. The read carries the sync result.
    file: 'argocd-application-sync.yaml',
    families: [
      {
        start: ['ApplicationService_Sync', 'ApplicationService_Rollback'],
        poll: 'ApplicationService_Get',
        gap: {
          family:
            'not found: sync and rollback are verbs below the application’s item, and the read says how the operation went two levels down (`status.operationState.phase`), a status of an operation the application holds',
        },
        cancel: ['ApplicationService_TerminateOperation'],
        result: [null],
      },
    ],
    notJobs: {
      ApplicationService_List: 'a list',
      ApplicationService_Create: 'registers an application (answered at once); any sync it leads to is the sync policy’s',
      ApplicationService_Delete: 'deletes the application (a cascade cleanup by finalizer), nothing to follow',
      ApplicationService_ResourceTree: 'a plain read of the application’s resources and their health',
    },
  },
  {
    // Two families keyed by the project, neither with an id of its own. The export start answers 202 with only a
    // message; /projects/{id}/export reads export_status none | queued | started | finished | regeneration_in_progress
    // (prose only), and …/export/download answers the archive: the result. The imports (archive uploaded, or fetched
    // from a URL) answer 201 with the import status of the project they create (its id, import_status scheduled);
    // /projects/{id}/import reads none | scheduled | started | finished | failed with import_error. The imported
    // project, read at /projects/{id} (which also shows import_status), is the import's result, or none. Nothing
    // cancels either.
    file: 'gitlab-project-exports.yaml',
    families: [
      {
        start: ['postApiV4ProjectsIdExport'],
        poll: 'getApiV4ProjectsIdExport',
        gap: {
          result: null,
          resultWhy:
            'the archive is read at `…/export/download`, below the export’s read, which has no id of its own: the result rules look below a job’s item, and this job is followed at the project’s',
        },
        cancel: [null],
        result: ['getApiV4ProjectsIdExportDownload'],
      },
      {
        start: ['postApiV4ProjectsImport', 'postApiV4ProjectsRemoteImport'],
        poll: 'getApiV4ProjectsIdImport',
        cancel: [null],
        result: ['getApiV4ProjectsId', null],
      },
    ],
    notJobs: { getApiV4Projects: 'a list of projects' },
  },
  {
    // One import per repository, addressed by owner/repo: the PUT starts it (201 with the import), GET on the same path
    // reads status detecting → importing → mapping → pushing → complete, or auth_failed / error /
    // detection_needs_auth / detection_found_nothing / detection_found_multiple when the caller must act (an enum),
    // with percentages; DELETE cancels it. PATCH gives a stalled import credentials or a project choice, or with no
    // body restarts it: left open. The result is the repository itself; the read carries its URL. The endpoints are
    // deprecated and since retired by GitHub, modelled as its reference describes them.
    file: 'github-source-imports.yaml',
    families: [
      {
        start: ['migrations/start-import'],
        optionalStarts: ['migrations/update-import'],
        poll: 'migrations/get-import-status',
        cancel: ['migrations/cancel-import'],
        result: [null],
      },
    ],
    notJobs: {
      'migrations/get-commit-authors': 'a list of the authors found',
      'migrations/map-commit-author': 'a synchronous edit of one author’s git identity',
      'migrations/get-large-files': 'a list of the large files found',
    },
  },
];
