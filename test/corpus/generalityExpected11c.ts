/**
 * Ground truth for the eleventh generality batch, part c (fixtures/generality/, written by a helper from its knowledge
 * of each vendor's public documentation, checked against the vendors' published references, SDKs, CLIs or sources
 * where they could be read, and decided before detection ever ran on these files): eight cloud provisioning and
 * infrastructure task APIs (Tencent Cloud CVM, Alibaba Cloud ECS, Huawei Cloud ECS jobs, Canonical MAAS machines,
 * Foreman / Katello tasks, Neo4j Aura instances and snapshots, OpenStack Trove instances and backups, OpenStack Ironic
 * node provisioning), none of which carries a published long-running marker; each file's plain operations are its
 * traps. Each fixture's header says which parts were checked and which were written from memory. Same format as
 * generalityExpected.ts.
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_11C: GeneralitySpec[] = [
  {
    // Every action is a POST of a JSON body to the root, told apart by the X-TC-Action header (each on its own
    // `/#X-TC-Action=…` path), every answer 200 `{Response: {…, RequestId}}`. RunInstances answers only `InstanceIdSet`;
    // DescribeInstances (InstanceIds, an array, in the body) reads InstanceState PENDING → RUNNING, or LAUNCH_FAILED
    // (the read the reference sends callers to, as remembered); DescribeInstancesStatus reads the same word alone.
    // ClientToken in the body is the documented idempotency key. LatestOperationState (SUCCESS / OPERATING / FAILED) is
    // the state of whatever action ran last, with an in-progress word of its own: not a terminal outcome beside
    // InstanceState. No cancel; the instance read is what a result would be.
    file: 'tencent-cloud-cvm.yaml',
    families: [
      {
        start: ['RunInstances'],
        poll: 'DescribeInstances',
        pollAlso: ['DescribeInstancesStatus'],
        cancel: [null],
        result: [null],
        idempotency: { in: 'body', name: 'ClientToken' },
      },
    ],
    notJobs: {
      TerminateInstances:
        'releases instances (TERMINATING then gone, or SHUTDOWN into the recycle bin) answering only a RequestId; a delete, never documented as a cancel',
      InquiryPriceRunInstances: 'a price answered at once',
      DescribeZones: 'a plain list; a zone’s ZoneState AVAILABLE / UNAVAILABLE is a standing',
    },
  },
  {
    // RPC style: every action a POST on the root told apart by the Action query parameter, arguments in the query.
    // RunInstances answers `{RequestId, OrderId, TradePrice, InstanceIdSets: {InstanceIdSet: [ids]}}`;
    // DescribeInstanceStatus (InstanceId.N repeat list) reads `InstanceStatuses.InstanceStatus[].Status` Pending →
    // Starting → Running, and DescribeInstances (InstanceIds, a JSON array string) the same Status in
    // `Instances.Instance[]`. The documented states name no failure. ClientToken in the query is the documented
    // idempotency key of RunInstances. StopInstance moves a Running instance through Stopping to Stopped and answers
    // only a RequestId: left open. No cancel; the instance read is what a result would be.
    file: 'alibaba-cloud-ecs.yaml',
    families: [
      {
        start: ['RunInstances'],
        optionalStarts: ['StopInstance'],
        poll: 'DescribeInstanceStatus',
        gap: {
          family:
            'not found: RunInstances answers its ids in `InstanceIdSets.InstanceIdSet` (an XML list inside an object), the status read names `InstanceStatus`, not the instance the run makes, and DescribeInstances reads its status in a list of records',
        },
        pollAlso: ['DescribeInstances'],
        cancel: [null],
        result: [null],
        idempotency: { in: 'query', name: 'ClientToken' },
      },
    ],
    notJobs: {
      DeleteInstance: 'releases an instance, answering only a RequestId; a delete',
      DescribeRegions: 'a plain list; a region’s Status available / soldOut is a standing',
    },
  },
  {
    // Both creates answer `{job_id, serverIds}` (and `order_id` for a prepaid order), the batch delete `{job_id}`;
    // GET /v1/{project_id}/jobs/{job_id} reads status INIT → RUNNING → SUCCESS | FAIL (an enum), one sub-job per server
    // under entities.sub_jobs naming its server_id, error_code / fail_reason on failure. The server read is where a
    // created server's details are: an acceptable result. Nothing cancels a job. X-Client-Token is the documented
    // idempotency header of both creates; the batch delete documents no key (the format names one key for every start,
    // so the delete is the start that cannot forward it).
    file: 'huawei-cloud-ecs-jobs.yaml',
    families: [
      {
        start: ['CreateServers', 'CreatePostPaidServers', 'DeleteServers'],
        poll: 'ShowJob',
        cancel: [null],
        result: ['ShowServer', null],
        idempotency: { in: 'header', name: 'X-Client-Token' },
      },
    ],
    notJobs: {
      ListServersDetails: 'a list',
      ListFlavors: 'a plain list of the catalogue',
    },
  },
  {
    // Deploy and commission are POSTs on the machine (`op-deploy`, `op-commission`) that answer the machine itself and
    // run in the background; the handle is the system_id the start was given. The machine read carries `status` (a
    // number) and `status_name` (its label), both in prose: Deploying → Deployed | Failed deployment; Commissioning /
    // Testing → Ready | Failed commissioning | Failed testing. `op-abort` aborts the machine's current operation (204).
    // Release goes through Releasing (and Disk erasing when asked to erase, abortable) back to Ready: left open.
    // Nothing is produced beyond the machine. MAAS's own generated OpenAPI leaves response bodies free-form; the
    // fixture gives the machine record MAAS documents in its examples.
    file: 'maas-machines.yaml',
    families: [
      {
        start: ['MachineHandler_deploy', 'MachineHandler_commission'],
        optionalStarts: ['MachineHandler_release'],
        poll: 'MachineHandler_read',
        gap: {
          starts: ['MachineHandler_commission'],
          why: 'the commission, a POST on the machine answering it, is read as an edit of what exists',
          falseStarts: ['MachinesHandler_allocate'],
          falseWhy: 'allocating reserves a Ready machine at once and answers its `system_id`, read as handing out the machine to follow',
        },
        cancel: ['MachineHandler_abort'],
        result: [null],
      },
    ],
    notJobs: {
      MachinesHandler_read: 'a list',
      MachinesHandler_allocate: 'reserves a Ready machine for the caller at once (Allocated), answering the machine',
      MachineHandler_delete: 'a delete (204)',
    },
  },
  {
    // A Katello repository sync and a content view publish answer 202 with the ForemanTasks task itself (id, state,
    // result, progress …); /foreman_tasks/api/tasks/{id} reads state planning / planned / running (paused when it
    // stops on an error, resumable) → stopped, and once stopped `result` success | warning | error | cancelled says
    // how it ended (pending before). The API cancels through bulk_cancel with `task_ids` (an array) or a search in the
    // body, answering what it cancelled and skipped: the cancel, arguably. The task's output sits in the read itself.
    file: 'foreman-tasks.yaml',
    families: [
      {
        start: ['post_katello_api_repositories_id_sync', 'post_katello_api_content_views_id_publish'],
        poll: 'get_foreman_tasks_api_tasks_id',
        cancel: ['post_foreman_tasks_api_tasks_bulk_cancel', null],
        result: [null],
        // `state: stopped` only says the task ended; `result` says how.
        outcome: {
          field: 'result',
          outcomes: { success: 'succeeded', error: 'failed', cancelled: 'cancelled' },
          finished: { stopped: 'succeeded', running: 'running', planning: 'running', planned: 'running' },
        },
      },
    ],
    notJobs: {
      get_foreman_tasks_api_tasks: 'a list',
      get_katello_api_repositories_id:
        'reads the repository; its last_sync summarises the latest sync task, not necessarily the one just started',
      post_katello_api_repositories: 'creates a repository at once (201)',
      post_foreman_tasks_api_recurring_logics_id_cancel:
        'cancels a schedule so that it starts no further tasks; no task under way is stopped',
    },
  },
  {
    // Two families, every answer in `{data: …}`. The create answers 202 with the new instance's id and one-time
    // credentials; /instances/{instanceId} reads status creating → running (an enum; no failure word for a create).
    // Pause and resume answer 202 with the instance and move it pausing → paused, resuming → running: left open. The
    // snapshot create answers 202 `{data: {snapshot_id}}`; /instances/{instanceId}/snapshots/{snapshotId} reads
    // Pending / InProgress → Completed | Failed. Nothing cancels either; the reads carry what a result would.
    file: 'neo4j-aura-instances.yaml',
    families: [
      {
        start: ['createInstance'],
        optionalStarts: ['pauseInstance', 'resumeInstance'],
        poll: 'getInstance',
        cancel: [null],
        result: [null],
      },
      { start: ['createSnapshot'], poll: 'getSnapshot', cancel: [null], result: [null] },
    ],
    notJobs: {
      listInstances: 'a list',
      deleteInstance: 'a delete answering 202 with the instance destroying; it is then gone, with no end state to reach',
      listTenants: 'a plain list',
    },
  },
  {
    // Two families. The instance create answers 200 `{instance: {id, status: BUILD, …}}`; /instances/{instanceId} reads
    // BUILD → ACTIVE, or ERROR / FAILED (plain strings; the words in prose); operating_status beside it is the health of
    // the database service inside, not an outcome. The action POST (restart, resize, promote, eject) answers a bare 202
    // and moves the same status (REBOOT, RESIZE … back to ACTIVE): left open. The backup create answers 202
    // `{backup: {id, status: NEW, instance_id, …}}`; /backups/{backupId} reads NEW → BUILDING → SAVING → COMPLETED |
    // FAILED. No cancel for either (a running backup cannot even be deleted); the reads are the results.
    file: 'openstack-trove-instances.yaml',
    families: [
      {
        start: ['instances:post'],
        optionalStarts: ['instances/instanceId/action:post'],
        poll: 'instances/instanceId:get',
        gap: {
          family:
            'not found: the instance’s words are in one sentence the description readers do not split into a list (“BUILD while it is provisioned, then ACTIVE; REBOOT, RESIZE, …”), so only ACTIVE, ERROR and FAILED are read and nothing is under way',
        },
        cancel: [null],
        result: [null],
      },
      { start: ['backups:post'], poll: 'backups/backupId:get', cancel: [null], result: [null] },
    ],
    notJobs: {
      'instances:get': 'a list',
      'instances/instanceId:delete': 'a delete (202)',
      'backups/backupId:delete': 'a delete (202), refused while the backup is being taken',
      'datastores:get': 'a plain list of the catalogue',
    },
  },
  {
    // PUT …/states/provision {target} answers 202 with no body and a Location at /nodes/{node_ident}/states; the handle
    // is the node_ident the start was given. The states read (and the node read) carry provision_state through the
    // state machine (deploying, wait call-back, cleaning, clean wait, inspecting …) while target_provision_state holds
    // the requested end; the transition is over when target_provision_state is null, at active / available /
    // manageable … or a "… failed" state with last_error (plain strings, the words in prose). Aborting is the same PUT
    // with target "abort": a cancel only as another body of the start, no operation of its own. A power change (202 +
    // Location, power_state / target_power_state) moves another field of the same read: left open. Nothing is produced
    // beyond the node.
    file: 'openstack-ironic-nodes.yaml',
    families: [
      {
        start: ['nodes/node_ident/states/provision:put'],
        optionalStarts: ['nodes/node_ident/states/power:put'],
        poll: 'nodes/node_ident/states:get',
        gap: {
          family:
            'found only as the Location the 202 answers, followed with no status read: the transition ends when `target_provision_state` is null, which no status reading expresses',
        },
        pollAlso: ['nodes/node_ident:get'],
        cancel: [null],
        result: [null],
      },
      {
        // Found in the truth's place (above): the start's Location followed as its monitor, with no status read.
        start: [],
        optionalStarts: ['nodes/node_ident/states/provision:put'],
        poll: 'via header:Location',
        cancel: [null],
      },
      {
        // The power change left open (above), found the same way.
        start: [],
        optionalStarts: ['nodes/node_ident/states/power:put'],
        poll: 'via header:Location',
        cancel: [null],
      },
    ],
    notJobs: {
      'nodes:get': 'a list',
      'nodes:post': 'enrolls a node at once (201, provision_state enroll)',
      'nodes/node_ident/maintenance:put': 'a 202 that only flags the node for maintenance; nothing runs',
      'nodes/node_ident/validate:get': 'a synchronous check of the driver interfaces (result true / false per interface)',
    },
  },
];
