/**
 * Statuses and ids that follow something else than the start's work (issue 24's precision): a change or removal
 * under way (src/detect/status/changeUnderWay.ts), a setting's state (settingStatus.ts), an id the named thing's
 * record points to (src/detect/idflow/echoedRecord.ts), and a read bound to POST (src/detect/evaluateStart.ts).
 */
import { describe, expect, it } from 'vitest';
import { readsSourceOnly } from '../../../src/detect/idflow/sourceNoun.js';
import { detectJobs } from '../../../src/detect/index.js';
import { changeUnderWay, onlyChangeUnderWay } from '../../../src/detect/status/changeUnderWay.js';
import { otherThingOfStatus } from '../../../src/detect/status/otherThingStatus.js';
import { partListOf } from '../../../src/detect/status/partListStatus.js';
import { settingOfStatus } from '../../../src/detect/status/settingStatus.js';
import { createModel, createOperation, createParameter, createResponse } from '../../../src/model/factories.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';
import { jobSchema } from './statusSchemas.js';

describe('a change or removal under way', () => {
  it.each([
    ['UPDATING', 'update'],
    ['deleting', 'delete'],
    ['UPDATE_IN_PROGRESS', 'update'],
    ['UpdateInProgress', 'update'],
    ['DELETE_IN_PROGRESS', 'delete'],
    ['CREATE_IN_PROGRESS', null],
    ['RESTORING', null],
    ['IN_PROGRESS', null],
    // A withdrawal, and a verb whose object stands before `in progress`.
    ['CANCELLING', 'cancel'],
    ['canceling', 'cancel'],
    ['CANCEL_RECORD_IN_PROGRESS', 'cancel'],
    ['REJECT_RECORD_IN_PROGRESS', 'reject'],
    ['UPDATE_ROLLBACK_IN_PROGRESS', 'update'],
    ['CREATE_RECORD_IN_PROGRESS', null],
    ['RECORD_IN_PROGRESS', null],
  ])('%s: %s', (value, verb) => expect(changeUnderWay(value)).toBe(verb));

  it.each([
    ['only an update under way, for a restore', ['Unassigned', 'UpdateInProgress'], 'restore', true],
    ['updates and deletes, for a create', ['DELETE_IN_PROGRESS', 'UPDATE_IN_PROGRESS'], 'create', true],
    [
      'only a rejection and a cancellation recorded, for an activate',
      ['REJECT_RECORD_IN_PROGRESS', 'CANCEL_RECORD_IN_PROGRESS'],
      'activate',
      true,
    ],
    ["the start's own withdrawal under way", ['CANCEL_RECORD_IN_PROGRESS'], 'cancel', false],
    ['work of its own beside a withdrawal', ['CANCELLING', 'PROCESSING'], 'submit', false],

    // Near misses.
    ["the start's own verb under way", ['UPDATE_IN_PROGRESS'], 'update', false],
    ['work of its own beside the change', ['UPDATE_IN_PROGRESS', 'RUNNING'], 'create', false],
    ['only words no rule reads', ['Unassigned'], 'restore', false],
  ])('%s', (_, inProgress, verb, only) => expect(onlyChangeUnderWay(inProgress, verb)).toBe(only));

  it.each([
    // DigitalOcean's registry garbage collection: its work is spelled as activities no word table knows.
    [
      'an activity beside a withdrawal',
      ['requested', 'scanning manifests', 'deleting unreferenced blobs', 'cancelling', 'succeeded'],
      false,
    ],
    ['a withdrawal beside steady words', ['active', 'cancelling', 'cancelled'], true],
  ])('%s, among all the values', (_, values, only) => expect(onlyChangeUnderWay(['cancelling'], 'run', values)).toBe(only));

  const restore = (values: string[]) => [
    rpc('RestorePhoneNumber', obj({ PhoneNumberId: str() }, ['PhoneNumberId']), obj({ PhoneNumber: obj({ PhoneNumberId: str() }) })),
    rpc(
      'GetPhoneNumber',
      obj({ PhoneNumberId: str() }, ['PhoneNumberId']),
      obj({ PhoneNumber: obj({ PhoneNumberId: str(), CallingNameStatus: str(values) }) }),
    ),
  ];
  it("detection: a restore read only in a part's update status is no job", () => {
    expect(detectJobs(createModel(restore(['Unassigned', 'UpdateInProgress', 'UpdateSucceeded', 'UpdateFailed']))).families).toEqual([]);
  });
  it("near miss: a value naming the start's own verb under way is its work", () => {
    const d = detectJobs(createModel(restore(['Unassigned', 'RestoreInProgress', 'Restored', 'RestoreFailed'])));
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), f.statusField])).toEqual([
      [['RestorePhoneNumber'], 'PhoneNumber.CallingNameStatus'],
    ]);
  });

  // A direct-debit mandate: an activate on the item, read back at the item, whose only work under way is recording
  // another action's rejection or cancellation.
  const activate = (values: string[]) => [
    createOperation('POST', '/v1/mandates/{mandateUuid}/activate', {
      operationId: 'activateMandate',
      parameters: [createParameter('mandateUuid', 'path', { required: true })],
      responses: [createResponse('204', {})],
    }),
    createOperation('GET', '/v1/mandates/{mandateUuid}', {
      operationId: 'getMandate',
      parameters: [createParameter('mandateUuid', 'path', { required: true })],
      responses: [createResponse('200', { schema: obj({ mandateUuid: str(), status: str(values) }) })],
    }),
  ];
  const mandate = [
    'CREATED',
    'LIVE',
    'REJECT_RECORD_IN_PROGRESS',
    'REJECT_RECORDED',
    'CANCEL_RECORD_IN_PROGRESS',
    'CANCEL_RECORDED',
    'COMPLETE',
    'DORMANT',
  ];
  it('detection: an activate read only in a withdrawal being recorded is no job', () => {
    expect(detectJobs(createModel(activate(mandate))).families).toEqual([]);
  });
  it("near miss: the activate's own work under way is followed", () => {
    const d = detectJobs(createModel(activate([...mandate, 'ACTIVATION_IN_PROGRESS'])));
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), f.statusField])).toEqual([[['activateMandate'], 'status']]);
  });
});

describe("a setting's state", () => {
  it.each([
    ['DomainStatus.AutoTuneOptions.State', 'CreateDomain', 'AutoTuneOptions'],
    ['Domain.LoggingSettings.Status', 'CreateDomain', 'LoggingSettings'],
    // Near misses: the start names the setting, or the holder is no setting.
    ['LDAPSSettingsInfo.0.LDAPSStatus', 'EnableLDAPS', null],
    ['DomainStatus.ServiceSoftwareOptions.UpdateStatus', 'StartServiceSoftwareUpdate', null],
    ['Configuration.State', 'CreateFunction', null],
    ['detectorModel.detectorModelConfiguration.status', 'CreateDetectorModel', null],
  ])('%s for %s: %s', (field, op, setting) => expect(settingOfStatus(field, nameOfId(op))).toBe(setting));

  it("detection: a create read only in a setting's state is no job", () => {
    const d = detectJobs(
      createModel([
        rpc('CreateDomain', obj({ DomainName: str() }, ['DomainName']), obj({ DomainStatus: obj({ DomainName: str() }) })),
        rpc(
          'DescribeDomain',
          obj({ DomainName: str() }, ['DomainName']),
          obj({
            DomainStatus: obj({
              DomainName: str(),
              AutoTuneOptions: obj({ State: str(['ENABLED', 'DISABLED', 'ENABLE_IN_PROGRESS', 'DISABLE_IN_PROGRESS', 'ERROR']) }),
            }),
          }),
        ),
      ]),
    );
    expect(d.families).toEqual([]);
  });
});

describe("an id the named thing's record points to", () => {
  const order = rpc(
    'GetPhoneNumberOrder',
    obj({ PhoneNumberOrderId: str() }, ['PhoneNumberOrderId']),
    obj({ PhoneNumberOrder: obj({ PhoneNumberOrderId: str(), Status: str(['Processing', 'Successful', 'Failed']) }) }),
  );
  it('is no handle of a call on that thing', () => {
    const restore = rpc(
      'RestorePhoneNumber',
      obj({ PhoneNumberId: str() }, ['PhoneNumberId']),
      obj({ PhoneNumber: obj({ PhoneNumberId: str(), PhoneNumberOrderId: str() }) }),
    );
    expect(detectJobs(createModel([restore, order])).families).toEqual([]);
  });
  it('is no handle when the record is named for describing the thing (`AssociationDescription.AssociationId`)', () => {
    const association = (values: string[]) =>
      obj({ AssociationDescription: obj({ AssociationId: str(), InstanceId: str(), Overview: obj({ Status: str(values) }) }) });
    const update = rpc(
      'UpdateAssociation',
      obj({ AssociationId: str() }, ['AssociationId']),
      association(['Pending', 'Success', 'Failed']),
    );
    const describe = rpc(
      'DescribeAssociation',
      obj({ AssociationId: str(), InstanceId: str() }),
      association(['Pending', 'Success', 'Failed']),
    );
    const polls = detectJobs(createModel([update, describe])).families.map((f) => ('idParam' in f.poll ? f.poll.idParam : 'url'));
    expect(polls).toEqual([]);
  });
  it('near miss: a record of another thing than the one named hands out its own id', () => {
    const place = rpc(
      'CreatePhoneNumberOrder',
      obj({ PhoneNumberId: str() }, ['PhoneNumberId']),
      obj({ PhoneNumberOrder: obj({ PhoneNumberOrderId: str(), PhoneNumberId: str() }) }),
    );
    const d = detectJobs(createModel([place, order]));
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), f.statusField])).toEqual([
      [['CreatePhoneNumberOrder'], 'PhoneNumberOrder.Status'],
    ]);
  });
});

describe('a read bound to POST', () => {
  const item = createOperation('GET', '/jobs/{job_id}', {
    operationId: 'getJob',
    parameters: [createParameter('job_id', 'path', { required: true })],
    responses: [createResponse('200', { schema: jobSchema(['queued', 'running', 'succeeded', 'failed']) })],
  });
  const post = (operationId: string) =>
    createOperation('POST', '/jobs', {
      operationId,
      responses: [createResponse('200', { schema: jobSchema(['queued', 'running', 'succeeded', 'failed']) })],
    });
  it('creates nothing: its name says it lists', () => {
    expect(detectJobs(createModel([post('listJobs'), item])).families).toEqual([]);
  });
  it('near miss: the same POST named for a create starts the job', () => {
    expect(detectJobs(createModel([post('createJob'), item])).families.map((f) => f.start[0]!.op.operationId)).toEqual(['createJob']);
  });
});

describe("the first of a record's parts", () => {
  it.each([
    ['instance.hardware.disks.0.state', 'instance.hardware.disks'],
    ['pipeline.reprocessingSummaries.0.status', 'pipeline.reprocessingSummaries'],
    // Near misses: a Describe's list of the things asked for, and no list at all.
    ['Clusters.0.ClusterStatus', null],
    ['services.0.deployments.0.rolloutState', null],
    ['Job.Status', null],
  ])('%s: %s', (field, list) => expect(partListOf(field)).toBe(list));

  const instance = (disks: boolean) =>
    rpc(
      'GetInstance',
      obj({ instanceName: str() }, ['instanceName']),
      obj({
        instance: obj({
          name: str(),
          ...(disks
            ? {
                hardware: obj({
                  disks: { type: 'array', items: obj({ name: str(), state: str(['pending', 'error', 'available', 'in-use']) }) },
                }),
              }
            : { state: str(['pending', 'error', 'available', 'in-use']) }),
        }),
      }),
    );
  const start = rpc('StartInstance', obj({ instanceName: str() }, ['instanceName']), obj({ ok: str() }));
  it("detection: a start read only in its record's first disk is no job", () => {
    expect(detectJobs(createModel([start, instance(true)])).families).toEqual([]);
  });
  it("near miss: the record's own state is followed", () => {
    expect(detectJobs(createModel([start, instance(false)])).families.map((f) => f.statusField)).toEqual(['instance.state']);
  });

  it.each([
    ['Stages.0.DeploymentStatus.StageStatus', true, 'Stages'],
    ['instance.hardware.disks.0.state', true, 'instance.hardware.disks'],
    // Near misses: a Describe's list of the things asked for, and no list at all.
    ['Stages.0.DeploymentStatus.StageStatus', false, null],
    ['Status', true, null],
  ])('%s, the answer the record: %s', (field, record, list) => expect(partListOf(field, record)).toBe(list));

  // SageMaker edge deployment plans: the Describe answers the plan itself, its stages a list at its top.
  const STAGE = ['CREATING', 'READYTODEPLOY', 'STARTING', 'INPROGRESS', 'DEPLOYED', 'FAILED', 'STOPPING', 'STOPPED'];
  const planName = { EdgeDeploymentPlanName: str() };
  const stages = { type: 'array' as const, items: obj({ StageName: str(), DeploymentStatus: obj({ StageStatus: str(STAGE) }) }) };
  const plan = rpc('CreateEdgeDeploymentPlan', obj(planName, ['EdgeDeploymentPlanName']), obj({ EdgeDeploymentPlanArn: str() }));
  it("detection: a create read only in its record's first stage is no job", () => {
    const describe = rpc('DescribeEdgeDeploymentPlan', obj(planName, ['EdgeDeploymentPlanName']), obj({ ...planName, Stages: stages }));
    expect(detectJobs(createModel([plan, describe])).families).toEqual([]);
  });
  it('near miss: a list at the top of the record that names what the start makes is what it made', () => {
    // GameLift `CreateFleetLocations {FleetId}` → `DescribeFleetLocationAttributes` → `{FleetId, LocationAttributes: […]}`.
    const fleet = { FleetId: str() };
    const UP = ['NEW', 'DOWNLOADING', 'VALIDATING', 'BUILDING', 'ACTIVATING', 'ACTIVE', 'DELETING', 'ERROR', 'TERMINATED'];
    const locations = { type: 'array' as const, items: obj({ Location: str(), LocationState: obj({ Status: str(UP) }) }) };
    const create = rpc('CreateFleetLocations', obj(fleet, ['FleetId']), obj({ ...fleet, LocationStates: locations }));
    const describe = rpc('DescribeFleetLocationAttributes', obj(fleet, ['FleetId']), obj({ ...fleet, LocationAttributes: locations }));
    expect(detectJobs(createModel([create, describe])).families.map((f) => f.statusField)).toEqual([
      'LocationAttributes.0.LocationState.Status',
    ]);
  });
  it('near miss: a Describe that lists the things asked for reads the first of them', () => {
    const names = { EdgeDeploymentPlanNames: { type: 'array' as const, items: str() } };
    const list = { type: 'array' as const, items: obj({ ...planName, PlanStatus: str(STAGE) }) };
    const describe = rpc('DescribeEdgeDeploymentPlans', obj(names, ['EdgeDeploymentPlanNames']), obj({ EdgeDeploymentPlans: list }));
    expect(detectJobs(createModel([plan, describe])).families.map((f) => f.statusField)).toEqual(['EdgeDeploymentPlans.0.PlanStatus']);
  });
});

describe("another thing's status, in an object named for it", () => {
  it.each([
    ['DeploymentRecommendation.RecommendationStatus', 'CreateModel', 'DescribeModel', 'recommendation'],
    // Near misses: the start or the poll names the thing, the status is bare, the holder is a list or another thing.
    ['DeploymentRecommendation.RecommendationStatus', 'CreateRecommendation', 'DescribeModel', null],
    ['DeploymentRecommendation.RecommendationStatus', 'CreateModel', 'DescribeModelRecommendation', null],
    ['component.deploymentStatus', 'CreateComponent', 'GetComponent', null],
    ['Configuration.State', 'CreateFunction', 'GetFunction', null],
    ['ProgressEvent.OperationStatus', 'CreateResource', 'GetResourceRequestStatus', null],
    ['Executions.0.ExecutionStatus', 'StartRun', 'DescribeRun', null],
    ['Execution.ExecutionStatus', 'ExecuteChangeSet', 'DescribeChangeSet', null],
  ])('%s for %s → %s: %s', (field, start, poll, thing) => expect(otherThingOfStatus(field, nameOfId(start), nameOfId(poll))).toBe(thing));

  const VALUES = ['IN_PROGRESS', 'COMPLETED', 'FAILED', 'NOT_APPLICABLE'];
  const models = (holder: string, leaf: string) => [
    rpc('CreateModel', obj({ ModelName: str() }, ['ModelName']), obj({ ModelArn: str() })),
    rpc('DescribeModel', obj({ ModelName: str() }, ['ModelName']), obj({ ModelName: str(), [holder]: obj({ [leaf]: str(VALUES) }) })),
  ];
  it("detection: a create read only in a recommendation's status is no job", () => {
    expect(detectJobs(createModel(models('DeploymentRecommendation', 'RecommendationStatus'))).families).toEqual([]);
  });
  it("near miss: the model's own status in a holder named for it is followed", () => {
    const d = detectJobs(createModel(models('ModelDetail', 'ModelStatus')));
    expect(d.families.map((f) => f.statusField)).toEqual(['ModelDetail.ModelStatus']);
  });
});

describe('the source a start takes its input from', () => {
  it.each([
    ['RestoreFromSnapshot', 'GetSnapshot', true],
    ['RestoreDBInstanceFromDBSnapshot', 'DescribeDBSnapshots', true],
    // Near misses: a read of the target, of a noun the target shares, or a name with no source.
    ['CreateFileSystemFromBackup', 'DescribeFileSystems', false],
    ['RestoreDBInstanceFromDBSnapshot', 'DescribeDBInstances', false],
    ['RestoreTableFromSnapshot', 'GetTableRestoreStatus', false],
    ['CreateSnapshot', 'GetSnapshot', false],
    ['RestoreFromClusterSnapshot', 'DescribeClusters', false],
    ['RestoreFromClusterSnapshot', 'DescribeClusterSnapshots', true],
  ])('%s → %s: %s', (start, poll, source) => expect(readsSourceOnly(nameOfId(start), nameOfId(poll))).toBe(source));

  const SNAPSHOT = ['AVAILABLE', 'CREATING', 'DELETED', 'CANCELLED', 'FAILED', 'COPYING'];
  const getSnapshot = rpc(
    'GetSnapshot',
    obj({ snapshotName: str() }, ['snapshotName']),
    obj({ snapshot: obj({ snapshotName: str(), status: str(SNAPSHOT) }) }),
  );
  const start = (op: string) =>
    rpc(op, obj({ snapshotName: str(), namespaceName: str() }, ['namespaceName']), obj({ snapshot: obj({ snapshotName: str() }) }));
  it('detection: a restore read only at the snapshot it restores from is no job', () => {
    expect(detectJobs(createModel([start('RestoreFromSnapshot'), getSnapshot])).families).toEqual([]);
  });
  it('near miss: a create of that snapshot is read at it', () => {
    expect(detectJobs(createModel([start('CreateSnapshot'), getSnapshot])).families.map((f) => f.statusField)).toEqual(['snapshot.status']);
  });
});
