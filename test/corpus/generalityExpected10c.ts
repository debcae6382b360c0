/**
 * Ground truth for the tenth generality batch, part e (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published specs, SDKs or reference pages where
 * those could be read, and decided before detection ever ran on these files): eight APIs whose resources provision
 * after a create or whose writes hand out the vendor's own request or task records (IONOS Cloud requests, Gcore Cloud
 * tasks, Zilliz Cloud clusters and jobs, SingleStore workspace groups and workspaces, Typesense Cloud clusters and
 * configuration changes, OpenStack Cinder volumes and backups, vSphere Automation tasks, Contabo instances). None
 * carries a published long-running marker. Same format as generalityExpected.ts; no gap is written here (gaps are
 * decided after the first run).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_10C: GeneralitySpec[] = [
  {
    // Every write is queued and answers 202 with a Location header naming /requests/{requestId}/status: the create
    // answers the Server as well (its own id, metadata.state BUSY), delete, start and stop answer no body. The request
    // status reads metadata.status QUEUED → RUNNING → DONE | FAILED (enumerated), with the targets acted on;
    // /requests/{requestId} reads the request with the same status nested under metadata.requestStatus (another read
    // of the same record). The handle is only in the Location header; the server id in the create's body is not it.
    // Nothing cancels a request. The server read (metadata.state BUSY → AVAILABLE) is where the created server is
    // seen: an acceptable result, not the poll.
    file: 'ionos-cloud-requests.yaml',
    families: [
      {
        start: ['datacentersServersPost', 'datacentersServersDelete', 'datacentersServersStartPost', 'datacentersServersStopPost'],
        poll: 'requestsStatusGet',
        gap: {
          family:
            'found only as the Location each start answers, one family each with no status read: the header’s schema names `/requests/[requestId]/status` in a pattern with brackets, a form no rule reads as the request status read',
        },
        pollAlso: ['requestsFindById'],
        cancel: [null],
        result: ['datacentersServersFindById', null],
      },
      {
        // Found in the truth's place (above): the start's Location followed as its monitor, with no status read.
        start: [],
        optionalStarts: ['datacentersServersPost'],
        poll: 'via header:Location',
        cancel: [null],
      },
      {
        // Found in the truth's place (above): the start's Location followed as its monitor, with no status read.
        start: [],
        optionalStarts: ['datacentersServersDelete'],
        poll: 'via header:Location',
        cancel: [null],
      },
      {
        // Found in the truth's place (above): the start's Location followed as its monitor, with no status read.
        start: [],
        optionalStarts: ['datacentersServersStartPost'],
        poll: 'via header:Location',
        cancel: [null],
      },
      {
        // Found in the truth's place (above): the start's Location followed as its monitor, with no status read.
        start: [],
        optionalStarts: ['datacentersServersStopPost'],
        poll: 'via header:Location',
        cancel: [null],
      },
    ],
    notJobs: {
      datacentersServersGet: 'a list',
      requestsGet: 'a list of requests, not the read of one',
      locationsGet: 'a plain read of the catalogue of locations',
    },
  },
  {
    // Create (v2), delete and the instance action (start, stop, reboot, suspend, resume …) all answer only
    // {tasks: ["<task id>"]}, an array of ids; /cloud/v1/tasks/{task_id} reads state NEW → RUNNING → FINISHED | ERROR
    // (enumerated) with `error`, and once finished created_resources.instances names the new instance, read at the
    // instance path: an acceptable result. The instance's own status (BUILD, ACTIVE …) and task_id/task_state
    // describe the machine and its lock, not the task. Nothing cancels a task.
    file: 'gcore-cloud-tasks.yaml',
    families: [
      {
        start: ['createInstance', 'deleteInstance', 'instanceAction'],
        poll: 'getTask',
        cancel: [null],
        result: ['getInstance', null],
      },
    ],
    notJobs: {
      listInstances: 'a list',
      listTasks: 'a list of tasks, not the read of one',
      acknowledgeTask: 'marks a finished task as seen and answers it at once; neither a start nor a cancel',
      listFlavors: 'a plain list of the catalogue',
    },
  },
  {
    // Two families; every answer is HTTP 200 with {code, data} (or {code, message} on failure). Creating a dedicated or
    // a serverless cluster answers {clusterId, username, password, prompt}; Describe Cluster reads status CREATING
    // (createProgress) → RUNNING, ABNORMAL on trouble (enumerated, no plain failure word). Modify, suspend, resume and
    // drop answer {clusterId, prompt} and move the same status (MODIFYING, STOPPING, RESUMING, DELETING → DELETED):
    // left open. A backup answers {backupId, backupName, jobId}; /v2/jobs/{JOB_ID} reads PENDING → IN_PROGRESS →
    // SUCCESSFUL | FAILED (CANCELING listed, but no cancel endpoint here). No cancel for either; the cluster read and
    // the job read carry all there is.
    file: 'zilliz-cloud-clusters.yaml',
    families: [
      {
        start: ['createDedicatedCluster', 'createServerlessCluster'],
        optionalStarts: ['modifyCluster', 'suspendCluster', 'resumeCluster', 'dropCluster'],
        poll: 'describeCluster',
        cancel: [null],
        result: [null],
      },
      { start: ['createBackup'], poll: 'describeJob', cancel: [null], result: [null] },
    ],
    notJobs: { listClusters: 'a list' },
  },
  {
    // Two families. Creating a workspace group answers only {workspaceGroupID} (and a generated adminPassword); the
    // group reads state PENDING → ACTIVE | FAILED. Creating a workspace answers only {workspaceID}; it reads PENDING →
    // ACTIVE | FAILED (both enumerated). Suspend, resume and terminate answer {workspaceID} and move the same state
    // (SUSPENDED, ACTIVE, TERMINATED): left open. Nothing cancels a creation; the reads are the results.
    file: 'singlestore-workspaces.yaml',
    families: [
      {
        start: ['createWorkspaceGroup'],
        poll: 'getWorkspaceGroup',
        gap: {
          family:
            'not found: PENDING → ACTIVE | FAILED with no other word of work under way: PENDING alone is a weak start word, and the vocabulary is judged no lifecycle',
        },
        cancel: [null],
        result: [null],
      },
      {
        start: ['createWorkspace'],
        optionalStarts: ['suspendWorkspace', 'resumeWorkspace', 'terminateWorkspace'],
        poll: 'getWorkspace',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listWorkspaceGroups: 'a list',
      listWorkspaces: 'a list',
      listRegions: 'a plain list of the catalogue',
    },
  },
  {
    // Two families; the status words are in prose tables only. Creating a cluster answers {success, cluster} at
    // provisioning; the single-cluster read goes provisioning → initializing → in_service (no failure word), when
    // hostnames appear. Terminating (POST …/lifecycle) answers {success, message} and the cluster goes
    // deprovisioning → terminated: left open. A configuration change is scheduled for perform_change_at and answers
    // {success, configuration_change} at pending; its read goes pending → in_progress → succeeded | failed, or
    // canceled. The documented cancel is the PATCH of that change with {status: "canceled"} (its only documented
    // body), allowed while pending: a cancel, arguably, as it is an update endpoint. No result beyond the reads.
    file: 'typesense-cloud-clusters.yaml',
    families: [
      {
        start: ['createCluster'],
        optionalStarts: ['terminateCluster'],
        poll: 'getCluster',
        cancel: [null],
        result: [null],
      },
      {
        start: ['createConfigurationChange'],
        poll: 'getConfigurationChange',
        gap: {
          family:
            'not found: the change is created into its collection and read at its item, which the resource convention judges; its words, in prose, stay under that convention’s bar (an answer of 201, no cancel it links: the cancel is a PATCH of the status)',
        },
        cancel: ['updateConfigurationChange', null],
        result: [null],
      },
    ],
    notJobs: {
      listClusters: 'a list',
      updateCluster: 'a synchronous edit of the name and auto_upgrade_capacity',
      generateClusterApiKeys: 'answers the server API keys at once (201)',
      listConfigurationChanges: 'a list',
    },
  },
  {
    // Two families; statuses in prose tables. Creating a volume answers 202 with the whole {volume} at creating; the
    // volume read goes creating → available | error. The action endpoint (os-extend, os-retype, upload to image …)
    // answers 202, mostly with no body, and moves the same status (extending, retyping, uploading → available, or
    // error_extending …): left open. Creating a backup answers 202 with only {backup: {id, links, name}}; the backup
    // read goes creating → available | error. Nothing cancels either; the reads are the results.
    file: 'openstack-cinder-volumes.yaml',
    families: [
      {
        start: ['volumes:post'],
        optionalStarts: ['volumes/id/action:post'],
        poll: 'volumes/id:get',
        cancel: [null],
        result: [null],
      },
      { start: ['backups:post'], poll: 'backups/id:get', cancel: [null], result: [null] },
    ],
    notJobs: {
      'volumes/detail:get': 'a list',
      'volumes/id:put': 'a synchronous edit of name, description and metadata',
      'volumes/id:delete': 'a delete answering a bare 202; the volume reads deleting and is then gone (404), no end to poll to',
      'types:get': 'a plain list of volume types',
    },
  },
  {
    // The task forms (…?action=apply&vmw-task=true and the like, operationIds ending in $Task) answer 202 with a bare
    // JSON string, the task id; GET /cis/tasks/{task} reads status PENDING → RUNNING (BLOCKED) → SUCCEEDED | FAILED
    // (enumerated) with progress, cancelable, error and the operation's result inside; POST /cis/tasks/{task}?action=
    // cancel is the best-effort cancel. The VM power start of the brief has no task form in this API: it answers 204
    // once done, so it is a trap, as is the power read (a standing).
    file: 'vmware-vcenter-tasks.yaml',
    families: [
      {
        start: ['Esx.Settings.Clusters.Software_apply$Task', 'Esx.Settings.Clusters.Software_check$Task', 'Esx.Settings.Depots_sync$Task'],
        poll: 'Cis.Tasks_get',
        gap: {
          family:
            'not found: each `$Task` operation answers 202 with a bare string (the task id) typed only as string, which names no field for `GET /cis/tasks/{task}`',
        },
        cancel: ['Cis.Tasks_cancel'],
        result: [null],
      },
    ],
    notJobs: {
      'Cis.Session_create': 'exchanges basic credentials for a session token at once (201)',
      'Cis.Tasks_list': 'a list of tasks, not the read of one',
      'Vcenter.VM_list': 'a list',
      'Vcenter.VM.Power_get': 'reads the power state (POWERED_ON, POWERED_OFF, SUSPENDED), a standing',
      'Vcenter.VM.Power_start': 'a synchronous power-on answering 204 when done; the REST API gives it no task form',
    },
  },
  {
    // Every answer wraps records in {data: [...], _links}. The create answers 201 with data[0] = {instanceId, status …};
    // the instance read's data[0].status goes provisioning → installing → running, or error (enumerated beside business
    // words such as pending_payment, verification_required, manual_provisioning). Start, stop and restart answer 201
    // with data[0] = {instanceId, action} and the reinstall (PUT) answers {instanceId, createdDate}; all move the same
    // status: left open. The required x-request-id header identifies a request for support, not an idempotency key.
    // POST …/cancel ends the contract at a date: no cancel of the provisioning exists.
    file: 'contabo-instances.yaml',
    families: [
      {
        start: ['createInstance'],
        optionalStarts: ['start', 'stop', 'restart', 'reinstallInstance'],
        poll: 'retrieveInstance',
        gap: {
          family:
            'not found: the create answers `{data: [Instance]}`, a list of one, as the read does: each `data` item is read as one of many, neither a bare handle nor the record the read reads its status in',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      retrieveInstancesList: 'a list',
      patchInstance: 'a synchronous rename (displayName)',
      cancelInstance: 'cancels the contract at its cancelDate: a billing decision, not the cancel of any work',
      retrieveInstancesActionsAuditsList: 'an audit log of actions taken through the API',
    },
  },
];
