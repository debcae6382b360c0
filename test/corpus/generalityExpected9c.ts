/**
 * Ground truth for part c of the ninth generality batch (fixtures/generality/, written by a helper from its knowledge of
 * each vendor's public documentation, checked against the vendors' published references where they could be read:
 * Lambda's OpenAPI document, Proxmox VE's API schema in its sources, Acquia's OpenAPI document, Checkout.com's API
 * reference sources, Kinsta's reference pages, and the operationId style of OpenStack's generated OpenAPI documents;
 * decided before detection ever ran on these files): six APIs that provision resources or hand out operation/task
 * records, none with a published long-running marker (Lambda Cloud instances, OpenStack Compute servers, OpenStack
 * Orchestration stacks, Proxmox VE tasks, Acquia Cloud notifications, Kinsta operations), and one business API whose
 * statuses sound like work (Checkout.com payments). Same format as generalityExpected.ts; no `gap` yet (decided after
 * the first run).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_9C: GeneralitySpec[] = [
  {
    // The launch (POST /api/v1/instance-operations/launch) answers 200 `{data: {instance_ids: [...]}}`, ids only;
    // /api/v1/instances/{id} reads `{data: Instance}` whose status enum runs booting → active (or unhealthy,
    // terminating, terminated, preempted). Nothing cancels a launch and nothing else is produced: the instance read is
    // the result. Restart and terminate take `instance_ids` in the body and answer the instances at once (terminate at
    // `terminating`, which the same read follows to `terminated`); the docs say nothing of following either: left open.
    // Terminating is not a cancel of a launch: it ends the machine.
    file: 'lambda-labs-instances.yaml',
    families: [
      {
        start: ['launchInstance'],
        optionalStarts: ['restartInstance', 'terminateInstance'],
        poll: 'getInstance',
        // Found since stop 66 (a gap at the first run): the list of bare ids named for the instances is a job over a
        // set, and `booting` the machine coming up.
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listInstances: 'a list',
      postInstance: 'renames the instance at once (a POST on the item itself)',
      listInstanceTypes: 'a plain read of the catalogue and its regional capacity',
    },
  },
  {
    // The create answers 202 + Location with a minimal `{server: {id, links, adminPass}}`; /servers/{id} reads
    // `{server}` whose status is BUILD (progress, task_state) until ACTIVE, or ERROR with a `fault`. The one server
    // action endpoint (reboot, rebuild, resize, stop, start, createImage … told apart by the body's only key) answers
    // 202 with no body and moves the same status (REBOOT, REBUILD, RESIZE …): left open. No cancel: DELETE answers
    // 204 and deleting a building server destroys it rather than cancelling the build. The server read is the result.
    file: 'openstack-nova-servers.yaml',
    families: [
      {
        start: ['servers:post'],
        optionalStarts: ['servers/id/action:post'],
        poll: 'servers/id:get',
        cancel: [null],
        result: [null],
      },
      {
        // A family the truth has none of: the action's 202 Location (createImage's new image) followed as its monitor,
        // where the truth folds the action into the server's family. Its start is optional, so nothing is counted.
        start: [],
        poll: 'via header:Location',
        cancel: [null],
      },
    ],
    notJobs: {
      'servers/detail:get': 'a list',
      'servers/id:delete': 'a delete answering 204 and nothing to follow; not a cancel of the build',
      'flavors/detail:get': 'a plain list of the catalogue',
    },
  },
  {
    // The create answers 201 `{stack: {id, links}}` (+ Location); the stack is read at
    // /v1/{tenant_id}/stacks/{stack_name}/{stack_id} (the name the caller sent, the id answered) with stack_status
    // CREATE_IN_PROGRESS → CREATE_COMPLETE | CREATE_FAILED (ROLLBACK_* after), words given only in prose as
    // action_state. Both updates answer 202 with no body and run UPDATE_IN_PROGRESS → UPDATE_COMPLETE | UPDATE_FAILED
    // on the same read, the ids in their own path. The actions POST cancels an update in progress (`cancel_update`, or
    // `cancel_without_rollback` for a create or update) but is one endpoint with suspend, resume and check, which
    // themselves move stack_status (SUSPEND_IN_PROGRESS …): the cancel link is arguable, and as a start it is left
    // open. DELETE answers 204 and runs DELETE_IN_PROGRESS → DELETE_COMPLETE on the same read: left open. The stack
    // read carries the outputs once complete; one output's value is readable alone (keyed by output_key).
    file: 'openstack-heat-stacks.yaml',
    families: [
      {
        start: ['createStack', 'updateStack', 'updateStackPatch'],
        optionalStarts: ['deleteStack', 'runStackAction'],
        poll: 'showStack',
        cancel: ['runStackAction', null],
        result: ['showStackOutput', null],
      },
    ],
    notJobs: {
      listStacks: 'a list',
      previewStack: 'answers the would-be stack at once, creating nothing',
    },
  },
  {
    // Creating, starting and stopping a VM each answer `{data: "<UPID>"}`, a bare string the schema types only as
    // `string`: the worker task's id. /nodes/{node}/tasks/{upid}/status (the node from the start's own path) reads
    // `{data: {status, exitstatus, …}}`: status running | stopped only says whether the task still runs, and
    // `exitstatus` beside it says how it ended ("OK", or the error text; no enum). DELETE /nodes/{node}/tasks/{upid}
    // stops the task: the cancel. The log is the task's only output: an acceptable result. A VM's own status
    // (running | stopped) is its power state, not a task.
    file: 'proxmox-tasks.yaml',
    families: [
      {
        start: ['create_vm', 'vm_start', 'vm_stop'],
        poll: 'read_task_status',
        gap: {
          family:
            'not found: the starts answer `{data: "UPID:…"}`, a bare string typed only as string, which names no field for the read’s `{upid}`',
        },
        cancel: ['stop_task'],
        result: ['read_task_log', null],
        outcome: {
          field: 'exitstatus',
          outcomes: { OK: 'succeeded' },
          finished: { stopped: 'succeeded', running: 'running' },
        },
      },
    ],
    notJobs: {
      vmlist: 'a list of VMs',
      vm_status: 'reads the VM; running/stopped is its power state, not a task',
      node_tasks: 'a list of the node’s tasks, not the read of one',
    },
  },
  {
    // Each environment action (clear caches, switch code, copy a database, create a database backup) answers 202
    // `{message, _links}`; the published schema names only `_links.self`, and the notification's URL
    // (`_links.notification.href`, …/notifications/{uuid}) appears only in the examples. /notifications/{uuid} reads
    // status in-progress → completed | failed, with progress 0..100 and completed_at. No cancel; no output beyond the
    // notification itself.
    file: 'acquia-cloud-notifications.yaml',
    families: [
      {
        start: [
          'postEnvironmentsClearCaches',
          'postEnvironmentsSwitchCode',
          'postEnvironmentsDatabases',
          'postEnvironmentsDatabaseBackups',
        ],
        poll: 'getNotificationByUuid',
        gap: {
          family:
            'not found: the actions answer 202 `{message, _links}`, the notification link written only in the examples, not the schema: nothing the contract declares ties the answer to the notification read',
        },
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      getApplicationNotifications: 'a list of notifications, not the read of one',
      getEnvironment: 'reads the environment; its status (for example "normal") is its standing',
    },
  },
  {
    // Creating, cloning and deleting a site, clearing its cache and restarting PHP each answer 202
    // `{operation_id, message, status: 202}`. GET /operations/{operation_id} tells the state only by its HTTP status,
    // echoed as a number in the body: 200 finished, 202 in progress, 404 not found (also just after a site creation),
    // 500 failed; no status word. No cancel; the finished answer's `data` is all there is.
    file: 'kinsta-operations.yaml',
    families: [
      {
        start: ['createSite', 'cloneSite', 'deleteSite', 'clearSiteCache', 'restartPhp'],
        poll: 'getOperationStatus',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listSites: 'a list',
      getSite: 'reads the site; its status (for example "live") is its standing',
    },
  },
  // A business API with work-sounding statuses: no family.
  {
    // A payment is the payment itself: 201 with its outcome at once (Authorized, Card Verified, Declined, Captured) or
    // 202 Pending while the customer completes 3D Secure or a wallet at the redirect link, which waits on a person,
    // not the server. Capture, refund and void answer 202 `{action_id, _links.payment}` and the networks settle them
    // later (webhooks tell): money movements whose effect shows as the payment's standing (Partially Captured,
    // Captured, Refunded, Voided …), not work the caller waits on. This is the strongest lure of the set: a 202 with a
    // link to "check the status of the payment". Idempotency keys on every POST prove nothing here.
    file: 'checkout-com-payments.yaml',
    families: [],
    notJobs: {
      requestAPaymentOrPayout: 'creates a payment; its status then waits on the customer or the networks',
      getPaymentLists: 'a list of payments matching a reference',
      getPaymentDetails: 'reads the payment; its status is its standing',
      getPaymentActions: 'the payment’s history of authorizations, captures, refunds and voids',
      incrementPaymentAuthorization: 'raises the authorization at once (201)',
      captureAPayment: 'a business step settled by the card networks, not a job to follow',
      refundAPayment: 'a money movement settled by the networks, reported by webhooks',
      voidAPayment: 'a business cancel of an authorization',
    },
  },
];
