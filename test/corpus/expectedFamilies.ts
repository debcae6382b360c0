/**
 * Ground truth for the corpus tests, transcribed from fixtures/real/README.md ("Expected job families").
 * Operations are named by operationId. `cancel` lists the acceptable cancels (Argo has two: stop and
 * terminate); `poll` may be `via <source>` for a family polled only through a URL the start hands out.
 */

export interface ExpectedFamily {
  start: string[];
  poll: string;
  cancel: string[] | null;
  /** The terminal outcome field beside the status (GitHub `conclusion`); absent means the family must have none. */
  outcomeField?: string;
  /** The true progress the poll response reports (a percent field or a counts object); absent means null. */
  progress?: { field: string; scale: 1 | 100 } | { counts: string; done: string[]; total: string };
}

export interface CorpusSpec {
  file: string;
  families: ExpectedFamily[];
}

export const CORPUS: CorpusSpec[] = [
  {
    file: 'openai.yaml',
    families: [
      {
        start: ['createBatch'],
        poll: 'retrieveBatch',
        cancel: ['cancelBatch'],
        progress: { counts: 'request_counts', done: ['completed', 'failed'], total: 'total' },
      },
      { start: ['createFineTuningJob'], poll: 'retrieveFineTuningJob', cancel: ['cancelFineTuningJob'] },
      { start: ['createRun', 'createThreadAndRun'], poll: 'getRun', cancel: ['cancelRun'] },
      { start: ['createResponse'], poll: 'getResponse', cancel: ['cancelResponse'] },
      {
        start: ['createVectorStoreFileBatch'],
        poll: 'getVectorStoreFileBatch',
        cancel: ['cancelVectorStoreFileBatch'],
        progress: { counts: 'file_counts', done: ['completed', 'failed', 'cancelled'], total: 'total' },
      },
      {
        start: ['createVideo', 'CreateVideoEdit', 'CreateVideoExtend'],
        poll: 'GetVideo',
        cancel: null,
        progress: { field: 'progress', scale: 100 },
      },
      { start: ['createEvalRun'], poll: 'getEvalRun', cancel: ['cancelEvalRun'] },
    ],
  },
  {
    file: 'replicate.json',
    families: [
      {
        start: ['predictions.create', 'models.predictions.create', 'deployments.predictions.create'],
        poll: 'predictions.get',
        cancel: ['predictions.cancel'],
      },
      { start: ['trainings.create'], poll: 'trainings.get', cancel: ['trainings.cancel'] },
    ],
  },
  { file: 'assemblyai.yml', families: [{ start: ['createTranscript'], poll: 'getTranscript', cancel: null }] },
  { file: 'deepgram.openapi.yml', families: [] },
  { file: 'stripe-spec3-2022-04-12.json', families: [] },
  { file: 'adyen-transfers-v4.json', families: [] },
  {
    file: 'azure-translator-batch-v1.1.json',
    families: [
      {
        start: ['DocumentTranslation_StartTranslation'],
        poll: 'DocumentTranslation_GetTranslationStatus',
        cancel: ['DocumentTranslation_CancelTranslation'],
        progress: { counts: 'summary', done: ['failed', 'success', 'cancelled'], total: 'total' },
      },
    ],
  },
  {
    file: 'azure-deid-2024-11-15.json',
    families: [
      {
        start: ['CreateJob'],
        poll: 'GetJob',
        cancel: ['CancelJob'],
        progress: { counts: 'summary', done: ['successful', 'failed', 'canceled'], total: 'total' },
      },
    ],
  },
  {
    file: 'azure-keyvault-backuprestore-7.5/backuprestore.json',
    families: [
      { start: ['FullBackup'], poll: 'FullBackupStatus', cancel: null },
      { start: ['FullRestoreOperation'], poll: 'RestoreStatus', cancel: null },
      { start: ['SelectiveKeyRestoreOperation'], poll: 'via header:Azure-AsyncOperation', cancel: null },
    ],
  },
  {
    file: 'google-texttospeech-v1.openapi.yaml',
    families: [
      {
        start: ['texttospeech.projects.locations.synthesizeLongAudio'],
        poll: 'texttospeech.projects.locations.operations.get',
        cancel: ['texttospeech.operations.cancel'],
        // AIP-151 metadata type SynthesizeLongAudioMetadata (no operation references it): percent 0–100.
        progress: { field: 'metadata.progressPercentage', scale: 100 },
      },
    ],
  },
  {
    file: 'ogcapi-processes.bundled.json',
    families: [{ start: ['execute'], poll: 'getStatus', cancel: ['dismiss'], progress: { field: 'progress', scale: 100 } }],
  },
  {
    file: 'ogcapi-processes-multifile/openapi/ogcapi-processes.yaml',
    families: [{ start: ['execute'], poll: 'getStatus', cancel: ['dismiss'], progress: { field: 'progress', scale: 100 } }],
  },
  {
    file: 'argo-workflows.swagger.json',
    families: [
      {
        // The submit makes a workflow from a template and answers it, read as the create's is: found since stop 65
        // (a bare id a POST to its own verb answers is the noun's its name makes), and asked for since.
        start: ['WorkflowService_CreateWorkflow', 'WorkflowService_SubmitWorkflow'],
        poll: 'WorkflowService_GetWorkflow',
        cancel: ['WorkflowService_StopWorkflow', 'WorkflowService_TerminateWorkflow'],
      },
    ],
  },
];

/**
 * GitHub's README entry is not exhaustive ("real jobs include …"): these families must be found, these
 * operations must be in no family, and anything else found is listed in the test output for review.
 */
export const GITHUB = {
  file: 'node_modules/@octokit/openapi/generated/api.github.com.json',
  required: [
    // `status: completed` says only "finished"; `conclusion` says how (success, failure, cancelled, …). In spec order:
    // the outcome check below compares the list of polls with one.
    {
      label: 'a workflow job re-run, found by the id it names (stop 53: its outcome was not read)',
      start: 'actions/re-run-job-for-workflow-run',
      poll: 'actions/get-job-for-workflow-run',
      outcomeField: 'conclusion',
    },
    {
      label: 'workflow runs (cancel answers 202)',
      poll: 'actions/get-workflow-run',
      cancel: 'actions/cancel-workflow-run',
      outcomeField: 'conclusion',
    },
    {
      label: 'a check suite re-requested, found by the id it names (stop 53: its outcome was not read)',
      start: 'checks/rerequest-suite',
      poll: 'checks/get-suite',
      outcomeField: 'conclusion',
    },
    { label: 'SARIF upload → get-sarif', start: 'code-scanning/upload-sarif', poll: 'code-scanning/get-sarif' },
    { label: 'SBOM generation', start: 'dependency-graph/generate-sbom-report' },
    // The poll needs `{uuid}`: the 202 answer carries it as `details.uuid` (first oneOf branch of `details`),
    // and `merged` is the success of `pending, merged, enqueued, failed`.
    {
      label: 'async pull request merge',
      start: 'pulls/merge-async',
      poll: 'pulls/get-merge-async-result',
      idFrom: 'body:details.uuid',
      states: { pending: 'queued', merged: 'succeeded', enqueued: 'queued', failed: 'failed' },
    },
  ] as Array<{
    label: string;
    start?: string;
    poll?: string;
    cancel?: string;
    outcomeField?: string;
    idFrom?: string;
    states?: Record<string, string>;
  }>,
  forbidden: [
    'activity/mark-notifications-as-read',
    'apps/redeliver-webhook-delivery',
    'orgs/redeliver-webhook-delivery',
    'credentials/revoke',
    'orgs/delete',
  ],
};

/**
 * Found beyond the README's list and judged correct, each with the reason; they count against precision
 * all the same (the README is the ground truth), and the test reports them by name.
 */
export const KNOWN_EXTRAS: Record<string, string> = {
  beta_createResponse:
    'openai.yaml repeats the Responses API under literal `?beta=true` path keys (beta_createResponse → beta_getResponse → beta_cancelResponse); the same background-mode job, so it is detected as its own family',
};
