/**
 * Ground truth for the ninth generality batch, part d (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published clients and SDKs where those could be
 * read, and decided before detection ever ran on these files): six APIs whose resources provision after a create or
 * whose writes hand out the vendor's own workflow, task or operation record (Pantheon workflows, the Instaclustr
 * Provisioning API v1, Nutanix Prism Central v3 tasks, Paperspace CORE machines, Cloudways operations, Tembo Cloud
 * instances) and two business APIs whose statuses sound like work (Dwolla transfers, ClickUp tasks). None carries a
 * published long-running marker. Same format as generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_9D: GeneralitySpec[] = [
  {
    // Every change is a workflow: a POST of {type, params} to the owner's workflows collection answers the Workflow at
    // once. One started on an environment or on the site is read at /sites/{site_id}/workflows/{id}; one started on the
    // user (create_site) at /users/{user_id}/workflows/{id}: two families with the same record. The record has no
    // status word: `result` is absent or null while it runs, then succeeded | failed, with final_task.reason on
    // failure (Terminus derives running / succeeded / failed from it). Nothing cancels a workflow; the record is all
    // there is to read.
    file: 'pantheon-workflows.yaml',
    families: [
      {
        start: ['createEnvironmentWorkflow', 'createSiteWorkflow'],
        poll: 'getSiteWorkflow',
        gap: {
          family:
            'not found: a workflow names no status; `result` is absent while it runs, then succeeded or failed, and a nullable outcome alone is read as no status',
        },
        cancel: [null],
        result: [null],
      },
      {
        start: ['createUserWorkflow'],
        poll: 'getUserWorkflow',
        cancel: [null],
        result: [null],
        gap: { family: 'not found: as the site’s workflows, no status word, only a `result` absent while it runs' },
      },
    ],
    notJobs: {
      getSite: 'a plain read of the site',
      listEnvironments: 'a plain read of the environments keyed by name',
      listSiteWorkflows: 'a list of workflows, not the read of one',
    },
  },
  {
    // The create answers 202 with only {id}; /provisioning/v1/{clusterId} reads clusterStatus GENESIS → PROVISIONING →
    // PROVISIONED → RUNNING (FAILED, DEGRADED, DEFERRED … too; prose only), beside each node's nodeStatus. A data
    // centre resize answers 202 with a message and moves the same cluster: left open. Nothing cancels a provisioning;
    // the cluster read carries what a result would.
    file: 'instaclustr-clusters.yaml',
    families: [
      {
        start: ['createCluster'],
        optionalStarts: ['resizeDataCentre'],
        poll: 'getClusterStatus',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listClusters: 'a list',
      deleteCluster: 'a delete answering 202 with a message; the cluster is marked for deletion, nothing to follow',
      listFirewallRules: 'a plain read of the cluster’s settings',
      addFirewallRule: 'adds a setting, answering 202 with a message and no handle',
    },
  },
  {
    // Create, update and delete of a VM are intents answered 202 with status.execution_context.task_uuid; GET
    // /tasks/{uuid} reads QUEUED → RUNNING → SUCCEEDED | FAILED | ABORTED (prose only) with percentage_complete and
    // error_detail. The VM's own status.state (PENDING → COMPLETE | ERROR) follows the same intent, so reading the VM
    // follows the same work for a create or an update. No cancel in v3; the task names the VM it acted on.
    file: 'nutanix-v3-tasks.yaml',
    families: [
      {
        start: ['createVm', 'updateVm', 'deleteVm'],
        poll: 'getTask',
        gap: {
          starts: ['deleteVm'],
          why: 'the creates and the update are followed at the VM (its own PENDING → COMPLETE state, a read the truth accepts); the delete’s 202 hands out only the task uuid in `status.execution_context`, read as a deletion finishing in the background',
        },
        pollAlso: ['getVm'],
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listVms: 'a list, asked for by POST with a filter body',
      listTasks: 'a list, asked for by POST with a filter body',
      listClusters: 'a list, asked for by POST with a filter body',
    },
  },
  {
    // The create answers 201 with the machine at state provisioning; /machines/getMachinePublic?machineId= (id in the
    // QUERY) reads it until ready (serviceready, or off when not started on create); the states are prose, and most
    // (off, ready, starting, stopping …) are the machine's power standing. Start, stop and restart answer 204 with
    // nothing and move the same state: left open. The vendor's client waits by polling this read; nothing cancels.
    // Decided as a family, but ambiguous.
    file: 'paperspace-machines.yaml',
    families: [
      {
        start: ['createSingleMachinePublic'],
        optionalStarts: ['startMachine', 'stopMachine', 'restartMachine'],
        poll: 'getMachinePublic',
        cancel: [null],
        result: [null],
        ambiguous:
          'the only job evidence is a 201 create answering state provisioning among power states (off, ready, starting …): no 202, no handle, no progress, no cancel, no job noun; the same shape as a machine read',
      },
    ],
    notJobs: {
      getMachines: 'a list',
      getAvailability: 'answers whether a machine type can be created now',
      destroyMachine: 'a destroy answering 204; nothing to follow',
    },
  },
  {
    // Adding an application, restarting or deleting a server answer {operation_id}. The line said the server create
    // answers an operation id too: it answers the new server record, whose `operations` array holds the operation
    // building it (no top-level id). GET /operation/{id} reads {operation: {status (a sentence), is_completed "0" →
    // "1", message, estimated_time_remaining}}. Nothing cancels an operation; there is no single-server read, so no
    // result beyond the operation.
    file: 'cloudways-operations.yaml',
    families: [
      {
        start: ['createServer', 'addApp', 'restartServer', 'deleteServer'],
        poll: 'getOperationStatus',
        gap: {
          family:
            'not found: the operation says it is done only in `operation.is_completed`, the string "0" or "1", beside a `status` that is a sentence: no status word and no boolean flag beside an error',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      getAccessToken: 'exchanges an API key for a token at once',
      getServers: 'a list of servers with their applications',
      updateServerLabel: 'a synchronous rename answering {status: true}',
    },
  },
  {
    // The create and the restore (a new instance from another's backup) answer 202 with the Instance at Submitted;
    // …/instances/{instance_id} reads state Submitted → Configuring → Up, or Error (an enum). A patch and a lifecycle
    // event (?event_type=restart | stop | start) answer the Instance and move the same one through Configuring /
    // Restarting / Stopping / Starting: left open. Nothing cancels; the instance read is the result.
    file: 'tembo-instances.yaml',
    families: [
      {
        start: ['create_instance', 'restore_instance'],
        optionalStarts: ['patch_instance', 'instance_event'],
        poll: 'get_instance',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      get_all: 'a list',
      delete_instance: 'a delete answering the instance at Deleting; it is then gone',
      get_instance_history: 'a page of past state values over a time window, not the read of work under way',
    },
  },
  // Business resources with work-sounding statuses: no family.
  {
    // A transfer is money moving between bank accounts: pending while the banks clear it, then processed, failed (the
    // ACH return at …/failure) or cancelled. The create answers 201 with a Location and takes an Idempotency-Key, and
    // a POST of {status: cancelled} cancels a pending one before the day's cut-off: all of it a payment's life, settled
    // by the banks on their schedule, not work the caller waits on.
    file: 'dwolla-transfers.yaml',
    families: [],
    notJobs: {
      initiateTransfer: 'initiates a payment (201 + Location); its status follows ACH clearing',
      getTransfer: 'reads the payment; pending / processed / failed / cancelled are its standing',
      cancelTransfer: 'a business cancel of a payment not yet sent to the bank',
      getTransferFailureReason: 'reads the bank’s return code of a failed payment',
      listTransferFees: 'a list of fees',
      listCustomerTransfers: 'a list',
    },
  },
  {
    // A task is a to-do item: status "to do" / "in progress" / "complete" (or the List's own words) is where people
    // have put it; every call answers at once. Time in status is the history of those moves, and a time entry is a
    // person's running timer started and stopped by hand.
    file: 'clickup-tasks.yaml',
    families: [],
    notJobs: {
      GetTasks: 'a list',
      CreateTask: 'creates a to-do item at once; "in progress" means a person is on it',
      GetTask: 'reads the item; its status is where people have put it',
      UpdateTask: 'a synchronous edit, the status included',
      DeleteTask: 'a delete answering 204',
      "GetTask'sTimeinStatus": 'how long the item sat in each status: a history, not progress',
      CreateTaskComment: 'adds a comment at once',
      StartatimeEntry: 'starts a person’s timer: a running clock, not work that ends by itself',
      StopatimeEntry: 'stops that timer, answering the time entry',
    },
  },
];
