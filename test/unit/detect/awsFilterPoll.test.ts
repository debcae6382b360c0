/**
 * AWS polls that take the job's id only inside a list or a filter (issue 24; src/detect/idflow/filterInputs.ts and the
 * list inputs of operationInputs.ts): `DescribeFileSystems {FileSystemIds: [id]}`, and `Describe*` calls whose
 * `Filters` of `{Name, Values}` pairs select by a filter name the contract states (in the name's enum or in
 * "Valid filter names: …"). Rows over factory-built IR, positive and near misses alike.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { type IdFilter, isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
/** A filter item of RDS/DMS/Neptune: `{Name, Values}`, the name a plain string (its names stated on the list). */
const FILTER = obj({ Name: str(), Values: list(str()) }, ['Name', 'Values']);
/** A `Filters` list as AWS specs write it: a shared list type, its valid names in the field's own description. */
const filters = (validNames: string): JsonSchema => ({
  allOf: [{ $ref: '#/components/schemas/FilterList' }, { description: `<p>Filters applied.</p> <p>Valid filter names: ${validNames}</p>` }],
});
/** Keyed by the ref, as normalize keys the model's schemas. */
const SCHEMAS: Record<string, JsonSchema> = { '#/components/schemas/FilterList': list(FILTER) };
const TASK_STATES = ['creating', 'ready', 'running', 'stopped', 'failed', 'deleting'];
/** AWS REST-JSON: an RPC-like call at a path of its own (`POST /2021-01-01/packages/describe`). */
const rest = (path: string, op: string, input: JsonSchema, output: JsonSchema): Operation =>
  createOperation('POST', path, {
    operationId: op,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });

const createTask = rpc(
  'CreateReplicationTask',
  obj({ ReplicationTaskIdentifier: str(), TableMappings: str() }, ['ReplicationTaskIdentifier', 'TableMappings']),
  obj({ ReplicationTask: obj({ ReplicationTaskArn: str(), Status: str() }) }),
);
const describeTasks = (validNames: string): Operation =>
  rpc(
    'DescribeReplicationTasks',
    obj({ Filters: filters(validNames), MaxRecords: { type: 'integer' }, Marker: str() }),
    obj({ Marker: str(), ReplicationTasks: list(obj({ ReplicationTaskArn: str(), Status: str(TASK_STATES) })) }),
  );

/** FSx: a volume sits in a file system; its record holds both ids, its own first. */
const createVolume = rpc(
  'CreateVolume',
  obj({ Name: str(), VolumeType: str() }, ['Name', 'VolumeType']),
  obj({ Volume: obj({ VolumeId: str(), FileSystemId: str(), Lifecycle: str() }) }),
);
const describeVolumes = (byIds: boolean): Operation =>
  rpc(
    'DescribeVolumes',
    obj({ ...(byIds ? { VolumeIds: list(str()) } : {}), Filters: filters('file-system-id | storage-virtual-machine-id') }),
    obj({ Volumes: list(obj({ VolumeId: str(), FileSystemId: str(), Lifecycle: str(['CREATING', 'CREATED', 'FAILED', 'AVAILABLE']) })) }),
  );

interface Row {
  name: string;
  ops: Operation[];
  /** Expected: start → poll, the body field the id goes in, as a list item or a filter, and the answer's list. */
  family: { start: string; poll: string; idParam: string; idList?: true; idFilter?: IdFilter; itemsAt: string; status: string } | null;
}

const rows: Row[] = [
  {
    name: 'Filters of {Name, Values}, the id filter named in "Valid filter names" (DMS, RDS, Neptune)',
    ops: [createTask, describeTasks('replication-task-arn | replication-task-id | migration-type')],
    family: {
      start: 'CreateReplicationTask',
      poll: 'DescribeReplicationTasks',
      idParam: 'Filters',
      idFilter: { name: 'replication-task-arn', nameKey: 'Name', valuesKey: 'Values' },
      itemsAt: 'ReplicationTasks',
      status: 'ReplicationTasks.0.Status',
    },
  },
  {
    name: 'lower-case filters whose names are the enum of `name` (Discovery), `maxResults` beside',
    ops: [
      rpc('StartImportTask', obj({ name: str(), importUrl: str() }, ['name', 'importUrl']), obj({ task: obj({ importTaskId: str() }) })),
      rpc(
        'DescribeImportTasks',
        obj({
          filters: list(obj({ name: str(['IMPORT_TASK_ID', 'STATUS', 'NAME']), values: list(str()) })),
          maxResults: { type: 'integer' },
        }),
        obj({ tasks: list(obj({ importTaskId: str(), status: str(['IMPORT_IN_PROGRESS', 'IMPORT_COMPLETE', 'IMPORT_FAILED']) })) }),
      ),
    ],
    family: {
      start: 'StartImportTask',
      poll: 'DescribeImportTasks',
      idParam: 'filters',
      idFilter: { name: 'IMPORT_TASK_ID', nameKey: 'name', valuesKey: 'values' },
      itemsAt: 'tasks',
      status: 'tasks.0.status',
    },
  },
  {
    // The same poll as a .NET or Java toolchain writes it: filter names and status as codes the contract names
    // (model/enumCodes.ts). The name is read; its code is what the poll sends.
    name: 'a Discovery-shaped poll whose filter names and status are numeric codes the contract names',
    ops: [
      rpc('StartImportTask', obj({ name: str(), importUrl: str() }, ['name', 'importUrl']), obj({ task: obj({ importTaskId: str() }) })),
      rpc(
        'DescribeImportTasks',
        obj({
          filters: list(
            obj({ name: { type: 'integer', enum: [0, 1, 2], 'x-enumNames': ['IMPORT_TASK_ID', 'STATUS', 'NAME'] }, values: list(str()) }),
          ),
          maxResults: { type: 'integer' },
        }),
        obj({
          tasks: list(
            obj({
              importTaskId: str(),
              status: { type: 'integer', enum: [0, 1, 2], 'x-enumNames': ['IMPORT_IN_PROGRESS', 'IMPORT_COMPLETE', 'IMPORT_FAILED'] },
            }),
          ),
        }),
      ),
    ],
    family: {
      start: 'StartImportTask',
      poll: 'DescribeImportTasks',
      idParam: 'filters',
      idFilter: { name: 'IMPORT_TASK_ID', nameKey: 'name', valuesKey: 'values', code: 0 },
      itemsAt: 'tasks',
      status: 'tasks.0.status',
    },
  },
  {
    name: 'an FSx-shaped poll: the id as the only item of `FileSystemIds`, the status in the one listed item',
    ops: [
      rpc('CreateFileSystem', obj({ StorageCapacity: { type: 'integer' } }), obj({ FileSystem: obj({ FileSystemId: str() }) })),
      rpc(
        'DescribeFileSystems',
        obj({ FileSystemIds: list(str()), MaxResults: { type: 'integer' }, NextToken: str() }),
        obj({ FileSystems: list(obj({ FileSystemId: str(), Status: str(['AVAILABLE', 'CREATING', 'FAILED', 'DELETING']) })) }),
      ),
    ],
    family: {
      start: 'CreateFileSystem',
      poll: 'DescribeFileSystems',
      idParam: 'FileSystemIds',
      idList: true,
      itemsAt: 'FileSystems',
      status: 'FileSystems.0.Status',
    },
  },
  {
    name: 'REST-JSON: a read at a path of its own asked by a filter of its own noun (OpenSearch DescribePackages)',
    ops: [
      rest('/packages', 'CreatePackage', obj({ PackageName: str() }, ['PackageName']), obj({ PackageDetails: obj({ PackageID: str() }) })),
      rest(
        '/packages/describe',
        'DescribePackages',
        obj({ Filters: list(obj({ Name: str(['PackageID', 'PackageName', 'PackageStatus']), Value: list(str()) })) }),
        obj({
          PackageDetailsList: list(obj({ PackageID: str(), PackageStatus: str(['COPYING', 'VALIDATING', 'AVAILABLE', 'COPY_FAILED']) })),
        }),
      ),
    ],
    family: {
      start: 'CreatePackage',
      poll: 'DescribePackages',
      idParam: 'Filters',
      idFilter: { name: 'PackageID', nameKey: 'Name', valuesKey: 'Value' },
      itemsAt: 'PackageDetailsList',
      status: 'PackageDetailsList.0.PackageStatus',
    },
  },
  {
    name: "near miss: a REST list read asked by another noun's ids (GetResourceShareInvitations {resourceShareArns})",
    ops: [
      rest(
        '/createresourceshare',
        'CreateResourceShare',
        obj({ name: str() }, ['name']),
        obj({ resourceShare: obj({ resourceShareArn: str() }) }),
      ),
      rest(
        '/getresourceshareinvitations',
        'GetResourceShareInvitations',
        obj({ resourceShareArns: list(str()) }),
        obj({ resourceShareInvitations: list(obj({ status: str(['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED']) })) }),
      ),
    ],
    family: null,
  },
  {
    name: 'near miss: a list-all Describe whose only filters are unrelated (status, engine-version)',
    ops: [createTask, describeTasks('status | engine-version')],
    family: null,
  },
  {
    name: 'near miss: filter names that say nothing of the id the start answers (endpoint-arn, replication-instance-arn)',
    ops: [createTask, describeTasks('endpoint-arn | replication-instance-arn')],
    family: null,
  },
  {
    name: 'near miss: a {Name, Values} list whose filter names the contract never states',
    ops: [
      createTask,
      rpc(
        'DescribeReplicationTasks',
        obj({ Filters: list(FILTER) }),
        obj({ ReplicationTasks: list(obj({ ReplicationTaskArn: str(), Status: str(TASK_STATES) })) }),
      ),
    ],
    family: null,
  },
  {
    name: 'near miss: a bare `name` filter is no job id (every resource has a name)',
    ops: [
      rpc('StartImportTask', obj({ importUrl: str() }, ['importUrl']), obj({ task: obj({ name: str() }) })),
      rpc(
        'DescribeImportTasks',
        obj({ filters: list(obj({ name: str(['NAME', 'STATUS']), values: list(str()) })) }),
        obj({ tasks: list(obj({ name: str(), status: str(['IMPORT_IN_PROGRESS', 'IMPORT_COMPLETE', 'IMPORT_FAILED']) })) }),
      ),
    ],
    family: null,
  },
  {
    name: "FSx CreateVolume: asked by the volume's own id (VolumeIds), not by the file system it sits in",
    ops: [createVolume, describeVolumes(true)],
    family: {
      start: 'CreateVolume',
      poll: 'DescribeVolumes',
      idParam: 'VolumeIds',
      idList: true,
      itemsAt: 'Volumes',
      status: 'Volumes.0.Lifecycle',
    },
  },
  {
    name: 'near miss: a filter by the parent the record sits in (file-system-id) lists all its volumes',
    ops: [createVolume, describeVolumes(false)],
    family: null,
  },
  {
    name: "Pinpoint CreatePool: asked by the pool's own id (PoolIds), not by the opt-out list it also answers (a filter of every pool of that list)",
    ops: [
      rpc(
        'CreatePool',
        obj({ OriginationIdentity: str(), IsoCountryCode: str() }, ['OriginationIdentity', 'IsoCountryCode']),
        obj({ PoolArn: str(), PoolId: str(), Status: str(), OptOutListName: str() }),
      ),
      rpc(
        'DescribePools',
        obj({
          PoolIds: list(str()),
          Filters: list(obj({ Name: str(['status', 'opt-out-list-name', 'two-way-enabled']), Values: list(str()) })),
        }),
        obj({
          Pools: list(obj({ PoolArn: str(), PoolId: str(), Status: str(['CREATING', 'ACTIVE', 'DELETING']), OptOutListName: str() })),
        }),
      ),
    ],
    family: { start: 'CreatePool', poll: 'DescribePools', idParam: 'PoolIds', idList: true, itemsAt: 'Pools', status: 'Pools.0.Status' },
  },
];

describe('AWS polls that take the id in a list or a filter', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = onlyLinkedFamily(ops, family, SCHEMAS);
    if (found === null || family === null) return;
    const { f, poll } = found;
    expect({
      start: f.start[0]!.op.operationId,
      poll: poll.op.operationId,
      idParam: poll.idParam,
      ...(poll.idList ? { idList: poll.idList } : {}),
      ...(poll.idFilter ? { idFilter: poll.idFilter } : {}),
      itemsAt: poll.itemsAt,
      status: f.statusField,
    }).toEqual(family);
    expect(poll.idIn).toBe('body');
    // Explain says how the id reaches the poll.
    const how = family.idFilter ? `filter \`${family.idFilter.name}\`` : `list \`${family.idParam}\``;
    expect(f.evidence.some((e) => e.startsWith('id flow:') && e.includes(how))).toBe(true);
  });

  it('a sibling Stop takes the filter id as a plain field', () => {
    const stop = rpc('StopReplicationTask', obj({ ReplicationTaskArn: str() }, ['ReplicationTaskArn']), obj({}));
    const d = detectJobs(createModel([createTask, describeTasks('replication-task-arn'), stop], { schemas: SCHEMAS }));
    const cancel = d.families[0]?.cancel;
    expect(isOperationLink(cancel) ? [cancel.op.operationId, cancel.idParam, cancel.idIn] : null).toEqual([
      'StopReplicationTask',
      'ReplicationTaskArn',
      'body',
    ]);
  });
});
