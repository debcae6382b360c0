/**
 * Ground truth for the seventh generality batch, part b (fixtures/generality/, written 2026-12-07 by a helper from its
 * knowledge of each vendor's public documentation, decided before detection ever ran on these files): twelve APIs whose
 * resources provision or whose writes hand out the vendor's own task (DigitalOcean droplets and actions, Vultr
 * instances, Equinix Metal devices, Redis Cloud tasks, Confluent Cloud Kafka clusters, CockroachDB Cloud clusters,
 * Supabase projects, Aiven services, PlanetScale deploy requests, Nomad evaluations, Elastic Cloud deployments,
 * Cloudflare Pages deployments) and three business APIs whose statuses sound like progress (Modern Treasury payment
 * orders, Marqeta cards, Plaid transfers). None carries a published long-running marker. Same format as
 * generalityExpected.ts; no `gap` yet (decided after the first run).
 */
import type { GeneralitySpec } from './generalityExpected.js';

export const GENERALITY_7B: GeneralitySpec[] = [
  {
    // Two handles. A droplet action (reboot, power_off, resize, snapshot …) answers 201 {action} whose status runs
    // in-progress → completed | errored, read under the droplet or at /v2/actions/{id}. The create answers 202 with the
    // droplet at `new` (→ active) and links.actions[] naming the create action, whose href is /v2/actions/{id}: it is
    // followed at the droplet, or at that action. Nothing cancels an action; the delete answers 204.
    file: 'digitalocean-droplets.yaml',
    families: [
      {
        start: ['dropletActions_post'],
        poll: 'dropletActions_get',
        pollAlso: ['actions_get'],
        cancel: [null],
        result: [null],
      },
      {
        start: ['droplets_create'],
        poll: 'droplets_get',
        pollAlso: ['actions_get'],
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: `droplet.status` is new, active, off or archive, and `new` is no word of work under way, so the create reads no provisioning lifecycle (the droplet action’s family is found)',
        },
      },
    ],
    notJobs: {
      droplets_list: 'a list',
      droplets_destroy: 'a delete answering 204 and nothing to follow',
      dropletActions_list: 'a list of a droplet’s past and running actions, not the read of one',
      actions_list: 'a list',
    },
  },
  {
    // The create and the reinstall answer 202 with the instance, which is read until it settles (status pending →
    // active, server_status installingbooting → ok; the words only in bulleted descriptions, split over three fields).
    // No task object, no cancel. The PATCH (a plan change resizes: status resizing) and start/halt/reboot (204, nothing
    // to follow) change the same instance, but the docs say nothing of following them: left open.
    file: 'vultr-instances.yaml',
    families: [
      {
        start: ['create-instance', 'reinstall-instance'],
        optionalStarts: ['update-instance', 'start-instance', 'halt-instance', 'reboot-instance'],
        poll: 'get-instance',
        cancel: [null],
        result: [null],
        gap: {
          starts: ['reinstall-instance'],
          why: 'the reinstall is a 202 action at the instance answering the instance itself, read as the resource it is mounted under; the reinstall shows only in `server_status`',
        },
      },
    ],
    notJobs: { 'list-instances': 'a list', 'delete-instance': 'a delete answering 204' },
  },
  {
    // The create answers 201 with the device at `queued`; it provisions (provisioning_percentage, provisioning_events)
    // to active | failed. performAction answers a bare 202 while the device's own state moves (powering_off →
    // inactive, reinstalling → active): an action that answers nothing to follow, left open. No cancel.
    file: 'equinix-metal-devices.yaml',
    families: [
      {
        start: ['createDevice'],
        optionalStarts: ['performAction'],
        poll: 'findDeviceById',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      findProjectDevices: 'a list',
      updateDevice: 'a synchronous update',
      deleteDevice: 'a delete answering 204; the deprovisioning is not followed',
      findDeviceEvents: 'a list of the device’s events',
    },
  },
  {
    // Every write (creates, updates, deletes, a backup) answers 202 with a TaskStateUpdate read at /tasks/{taskId}:
    // initialized/received → processing-in-progress → processing-completed | processing-error, its response naming
    // the resourceId once done. Reading that subscription or database is an acceptable result; nothing cancels a task.
    file: 'redis-cloud-tasks.yaml',
    families: [
      {
        start: ['createSubscription', 'deleteSubscriptionById', 'createDatabase', 'updateDatabase', 'deleteDatabaseById', 'backupDatabase'],
        poll: 'getTaskById',
        cancel: [null],
        result: [null, 'getSubscriptionById', 'getSubscriptionDatabaseByID'],
      },
    ],
    notJobs: {
      getAllSubscriptions: 'a list',
      getSubscriptionDatabases: 'a list',
      getAllTasks: 'a list of tasks, not the read of one',
    },
  },
  {
    // The create answers 202 with the cluster at status.phase PROVISIONING → PROVISIONED | FAILED (values in prose
    // only). A Dedicated resize is a PATCH of config.cku answered 200, followed by status.cku catching up: left open.
    // The delete answers 204. Environments are plain containers.
    file: 'confluent-cloud-clusters.yaml',
    families: [
      {
        start: ['createCmkV2Cluster'],
        optionalStarts: ['updateCmkV2Cluster'],
        poll: 'getCmkV2Cluster',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      listCmkV2Clusters: 'a list',
      deleteCmkV2Cluster: 'a delete answering 204',
      createOrgV2Environment: 'creates a plain container (201), nothing runs',
      getOrgV2Environment: 'a plain read',
    },
  },
  {
    // The create answers 200 (not 201/202) with the cluster at state CREATING → CREATED | CREATION_FAILED. A PATCH
    // (scale, edit, upgrade) answers 200 at once and its work is reported by another field, operation_status
    // (…_RUNNING / …_FAILED, CLUSTER_STATUS_UNSPECIFIED when idle), or upgrade_status: left open, as one family reads
    // one status. No cancel (an upgrade is rolled back by another PATCH).
    file: 'cockroachdb-cloud-clusters.yaml',
    families: [
      {
        start: ['CockroachCloud_CreateCluster'],
        optionalStarts: ['CockroachCloud_UpdateCluster'],
        poll: 'CockroachCloud_GetCluster',
        cancel: [null],
        result: [null],
      },
    ],
    notJobs: {
      CockroachCloud_ListClusters: 'a list',
      CockroachCloud_DeleteCluster: 'a delete answering the cluster (DELETED) at once',
      CockroachCloud_ListClusterNodes: 'a list of nodes and their liveness (LIVE / NOT_READY)',
      CockroachCloud_CreateSQLUser: 'synchronous',
    },
  },
  {
    // The create answers 201 with the project at COMING_UP → ACTIVE_HEALTHY | INIT_FAILED; the guides also poll the
    // per-service health read. Pause and restore answer nothing while the project goes PAUSING → INACTIVE and
    // RESTORING → ACTIVE_HEALTHY: left open; …/restore/cancel stops a restore (not a create), so it or none is
    // accepted. The Postgres upgrade answers {tracking_id}; its status read answers databaseUpgradeStatus.status as
    // the numbers 0 | 1 | 2 (upgrading, upgraded, failed), the words only in Supabase's own code. No cancel.
    file: 'supabase-projects.yaml',
    families: [
      {
        start: ['v1-create-a-project'],
        optionalStarts: ['v1-pause-a-project', 'v1-restore-a-project'],
        poll: 'v1-get-project',
        pollAlso: ['v1-get-services-health'],
        cancel: [null, 'v1-cancel-a-project-restoration'],
        result: [null],
      },
      {
        start: ['v1-upgrade-postgres-version'],
        poll: 'v1-get-postgres-upgrade-status',
        cancel: [null],
        result: [null],
        gap: {
          family: 'not found: the upgrade’s status is a bare number (0, 1, 2) nothing names, under no status-named field the reader takes',
        },
      },
    ],
    notJobs: {
      'v1-list-all-projects': 'a list',
      'v1-delete-a-project': 'a delete answering the deleted project’s ids',
      'v1-get-postgres-upgrade-eligibility': 'a synchronous read of which upgrades are possible',
    },
  },
  {
    // The create answers 200 with the service at REBUILDING → RUNNING (RUNNING is the settled state here, with no
    // failed value; POWEROFF and REBALANCING are the others). The update (plan, cloud, powered) and maintenance/start
    // send the same service back through REBUILDING/REBALANCING but answer no handle of their own: left open. Service
    // tasks (upgrade_check, migration_check) answer {task: {task_id …}} read at …/task/{task_id} until `result` is
    // set, with the boolean `success` saying how it ended: no status word at all. Nothing cancels either.
    file: 'aiven-services.yaml',
    families: [
      {
        start: ['ServiceCreate'],
        optionalStarts: ['ServiceUpdate', 'ServiceMaintenanceStart'],
        poll: 'ServiceGet',
        cancel: [null],
        result: [null],
        gap: {
          family:
            'not found: the service is created at REBUILDING, read as a change of a thing that exists, not its bringing up, and the vocabulary (POWEROFF, REBALANCING, REBUILDING, RUNNING) has no failure',
        },
      },
      {
        start: ['ServiceTaskCreate'],
        poll: 'ServiceTaskGet',
        cancel: [null],
        result: [null],
        gap: { family: 'not found: a task says how it ended by the boolean `success` beside `result`, with no status of any name' },
      },
    ],
    notJobs: {
      ServiceList: 'a list',
      ServiceDelete: 'terminates the service, answering a message',
      ServiceUserCreate: 'synchronous',
    },
  },
  {
    // Queuing a deploy request (…/deploy) starts its deployment: queued → submitting → in_progress → (pending_cutover,
    // where a gated one waits for a person's apply) → in_progress_cutover → complete | complete_pending_revert |
    // complete_error | complete_cancel …, read at …/deployment (state) or on the deploy request (deployment_state);
    // …/cancel cancels it. The deploy request itself is a review record like a pull request (open/closed,
    // approvals) whose short diff check (pending → ready | no_changes) precedes a deploy: not a job it hands out.
    // A branch is created with ready: false and becomes usable when ready is true: decided as a family, but ambiguous.
    file: 'planetscale-deploy-requests.yaml',
    families: [
      {
        start: ['queue_deploy_request'],
        poll: 'get_deployment',
        pollAlso: ['get_deploy_request'],
        cancel: ['cancel_deploy_request'],
        result: [null],
        gap: {
          family:
            'not found: the queue action at `…/deploy-requests/{number}/deploy` is read at `…/{number}/deployment`, a sub-resource of the item the start was given, which neither convention links to an action',
        },
      },
      {
        start: ['create_branch'],
        poll: 'get_branch',
        cancel: [null],
        result: [null],
        ambiguous:
          'its only job evidence is the boolean `ready` (beside a free-text state) on a 201 create: no failure value, no cancel, no job noun; the contract alone does not tell it from a plain resource',
      },
    ],
    notJobs: {
      list_branches: 'a list',
      list_deploy_requests: 'a list',
      create_deploy_request:
        'opens a review record like a pull request (open/closed, approvals, notes); its pending → ready diff check precedes a deploy and is not a job the create hands out',
      close_deploy_request: 'closes the review record at once',
      apply_deploy_request: 'a person’s step on a running gated deployment (its cutover from pending_cutover); it starts nothing new',
    },
  },
  {
    // Registering, stopping (DELETE) or re-evaluating a job answers {EvalID …}; the evaluation is read at
    // /evaluation/{evalID}, pending (or blocked) → complete | failed | canceled, the words in prose only. Failing a
    // deployment also answers an EvalID (the rollback it may cause), but it is a stop of a rollout: left open. The
    // rollout that follows is a deployment named by the evaluation's DeploymentID and read directly or as the job's
    // latest: an acceptable result, with no start of its own. Nothing cancels an evaluation.
    file: 'nomad-jobs.yaml',
    families: [
      {
        start: ['RegisterJob', 'DeleteJob', 'PostJobEvaluate'],
        optionalStarts: ['PostDeploymentFail'],
        poll: 'GetEvaluation',
        cancel: [null],
        result: ['GetDeployment', 'GetJobDeployment', null],
        gap: {
          family:
            'not found: the register answers `EvalID`, asked by `GET /evaluation/{evalID}`: `eval` is no word of the read’s noun `evaluation`, and the eval’s lifecycle waits only in `pending`, a bare waiting word id flow takes only for a read of what the start makes',
        },
      },
    ],
    notJobs: {
      GetJobs: 'a list',
      GetJob: 'the job definition; its Status (pending/running/dead) is the standing of a service meant to run on',
      PostJobPlan: 'a synchronous dry run of the scheduler',
      GetJobEvaluations: 'a list of the job’s evaluations, not the read of one',
    },
  },
  {
    // The create answers 201 with the deployment's id and resources while a plan is applied to each; it is read at
    // /deployments/{id} (healthy, per resource info.status initializing → started, plan_info.pending while a plan
    // runs, the current attempt's log steps) or per Elasticsearch resource. request_id is the documented
    // idempotency token, on the create only. Update, shutdown and restore apply new plans to an existing deployment,
    // answering a summary and no handle beyond the id they were called with: left open. Cancelling a resource's
    // pending plan needs its kind and ref_id (both in the create's answer), so it or none is accepted.
    file: 'elastic-cloud-deployments.yaml',
    families: [
      {
        start: ['create-deployment'],
        optionalStarts: ['update-deployment', 'shutdown-deployment', 'restore-deployment'],
        poll: 'get-deployment',
        pollAlso: ['get-deployment-es-resource-info'],
        cancel: ['cancel-deployment-resource-pending-plan', null],
        result: [null],
        idempotency: { in: 'query', name: 'request_id' },
        gap: {
          family:
            'not found: the deployment’s state is each resource’s (`resources.elasticsearch.0.info.status`), the first of a list, a part among many',
        },
      },
    ],
    notJobs: {
      'list-deployments': 'a list',
      'delete-deployment': 'deletes a deployment that was already shut down',
    },
  },
  {
    // The create and the retry answer a new deployment in the envelope's `result`; it runs through stages (queued,
    // initialize, clone_repo, build, deploy) and `latest_stage.status` (idle, active, success, failure, canceled) is
    // the stage reached: it ends when the deploy stage succeeds or a stage fails or is canceled. The build log is an
    // acceptable result. The reference documents no cancel; DELETE removes a deployment. A rollback makes an earlier
    // successful deployment live again and answers it, already finished.
    file: 'cloudflare-pages-deployments.yaml',
    families: [
      {
        start: ['pages-deployment-create-deployment', 'pages-deployment-retry-deployment'],
        poll: 'pages-deployment-get-deployment-info',
        cancel: [null],
        result: ['pages-deployment-get-deployment-logs', null],
        gap: {
          family:
            'not found: `latest_stage.status` reads success, idle, active, failure or canceled, and `active` (a stage under way) reads as a thing up, so no value says the work is under way',
        },
      },
    ],
    notJobs: {
      'pages-deployment-get-deployments': 'a list',
      'pages-deployment-delete-deployment': 'a delete, not a cancel',
      'pages-deployment-rollback-deployment':
        'points production at an earlier successful deployment at once; nothing builds, the answer is a finished deployment',
      'pages-project-get-project': 'a plain read of the project',
    },
  },
  // Business resources with progress-sounding statuses: no family.
  {
    // A payment order is an instruction to move money over a bank rail: needs_approval waits on an approver, approved →
    // processing → sent → completed follows the bank's and the network's calendar (days), and returned can arrive later
    // still; approving and cancelling are PATCHes of status by people. The order stays the record of the payment. A
    // reversal undoes a sent payment on the same calendar. Idempotency keys only make POSTs safe to retry.
    file: 'modern-treasury-payment-orders.yaml',
    families: [],
    notJobs: {
      createPaymentOrder:
        'creates a payment instruction, which then waits on approvers and the payment network, not on work for the caller',
      getPaymentOrder:
        'reads the payment record; processing/sent mean the bank and the network, and returned can come days after completed',
      updatePaymentOrder: 'a synchronous update, also how people approve or cancel a payment (a business decision)',
      listPaymentOrders: 'a list',
      createReversal: 'asks the bank to undo a sent payment: a business action whose status follows the network',
      getReversal: 'reads the reversal record',
      listReversals: 'a list',
      createCounterparty: 'creates a counterparty record; its verification_status is a compliance standing',
      getCounterparty: 'a plain read',
    },
  },
  {
    // A card is a payment instrument: UNACTIVATED until the cardholder activates it, ACTIVE/SUSPENDED/TERMINATED by the
    // program's, the cardholder's or fraud operations' decisions; a physical card's fulfillment_status follows the card
    // bureau and the carrier (ORDERED → SHIPPED → DELIVERED). A card transition is a synchronous state change answered
    // as a record: nothing runs for the caller.
    file: 'marqeta-cards.yaml',
    families: [],
    notJobs: {
      postCards: 'issues a card (201) that waits on its holder to activate it; its shipping is the carrier’s, not work the caller waits on',
      getCardsToken: 'reads the card; its state and fulfillment status are standings, not progress',
      putCardsToken: 'a synchronous update',
      getCardsTokenShowpan: 'a synchronous read',
      getCardsUserToken: 'a list',
      postCardtransitions: 'a synchronous state change (activate, suspend, terminate) recorded as a transition',
      getCardtransitionsToken: 'reads a transition record',
      getCardtransitionsCardToken: 'a list of a card’s transitions',
    },
  },
  {
    // A transfer is money moving over ACH/RTP/wire after a synchronous risk authorization: pending → posted → settled →
    // funds_available on the network's calendar, or failed, returned (days later, by the receiving bank) or cancelled
    // by the client while `cancellable`. It stays the record of the payment, reported by events and webhooks; the
    // cancel is a business decision and the idempotency key belongs to the authorization.
    file: 'plaid-transfers.yaml',
    families: [],
    notJobs: {
      transferAuthorizationCreate: 'a synchronous risk decision (approved / declined / user_action_required)',
      transferCreate: 'creates a payment, which then follows the payment network for days, not work for the caller',
      transferGet: 'reads the payment record; posted/settled are the network’s, and returned can come after settled',
      transferCancel: 'a business cancel of a payment not yet sent, answering only a request id',
      transferList: 'a list',
      transferEventSync: 'a feed of payment events',
    },
  },
];
