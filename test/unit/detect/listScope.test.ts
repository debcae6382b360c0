/**
 * An RPC read that answers a list, asked by one id, reads the job only when that id names the listed things
 * (src/detect/idflow/listScope.ts). Asked by the id of what they belong to (`DescribeSnapshots {ClusterName}`), it
 * lists all of that thing's items and the first is any of them; it serves only when the read can also be asked for
 * the item (`SnapshotName`, sent beside), or when another link picks the job out of the list by its own id.
 * Rows over factory-built IR, positive and near misses alike.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink, type JobOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const SNAPSHOT_STATES = ['creating', 'available', 'failed', 'deleting'];

/** MemoryDB: a snapshot of a cluster, named by the client; the read lists snapshots by cluster or by name. */
const createSnapshot = rpc(
  'CreateSnapshot',
  obj({ ClusterName: str(), SnapshotName: str() }, ['ClusterName', 'SnapshotName']),
  obj({ Snapshot: obj({ Status: str() }) }),
);
const describeSnapshots = (byName: boolean): Operation =>
  rpc(
    'DescribeSnapshots',
    obj({ ClusterName: str(), ...(byName ? { SnapshotName: str() } : {}), NextToken: str() }),
    obj({ Snapshots: list(obj({ Name: str(), ClusterName: str(), Status: str(SNAPSHOT_STATES) })) }),
  );

/** Directory Service: a region of a directory; the read requires the directory and can be asked for one region. */
const addRegion = rpc(
  'AddRegion',
  obj({ DirectoryId: str(), RegionName: str(), VPCSettings: obj({}) }, ['DirectoryId', 'RegionName', 'VPCSettings']),
  obj({}),
);
const describeRegions = rpc(
  'DescribeRegions',
  obj({ DirectoryId: str(), RegionName: str(), NextToken: str() }, ['DirectoryId']),
  obj({
    RegionsDescription: list(obj({ DirectoryId: str(), RegionName: str(), Status: str(['Creating', 'Active', 'Failed', 'Deleting']) })),
  }),
);

/** Rekognition: a version of a project; the read lists a project's versions, each with its own ARN. */
const VERSION_STATES = ['TRAINING_IN_PROGRESS', 'TRAINING_COMPLETED', 'TRAINING_FAILED'];
const createVersion = rpc(
  'CreateProjectVersion',
  obj({ ProjectArn: str(), VersionName: str() }, ['ProjectArn', 'VersionName']),
  obj({ ProjectVersionArn: str() }),
);
const describeVersions = rpc(
  'DescribeProjectVersions',
  obj({ ProjectArn: str(), VersionNames: list(str()) }, ['ProjectArn']),
  obj({ ProjectVersionDescriptions: list(obj({ ProjectVersionArn: str(), Status: str(VERSION_STATES) })) }),
);

/** Glue: an index of a table; the read lists the table's indexes and can be asked for no one of them. */
const createIndex = rpc(
  'CreatePartitionIndex',
  obj({ DatabaseName: str(), TableName: str(), PartitionIndex: obj({ IndexName: str() }) }, [
    'DatabaseName',
    'TableName',
    'PartitionIndex',
  ]),
  obj({}),
);
const getIndexes = rpc(
  'GetPartitionIndexes',
  obj({ DatabaseName: str(), TableName: str() }, ['DatabaseName', 'TableName']),
  obj({ PartitionIndexDescriptorList: list(obj({ IndexName: str(), IndexStatus: str(['CREATING', 'ACTIVE', 'FAILED']) })) }),
);

/** CloudFormation: the read lists stacks, asked by the stack's own name. */
const createStack = rpc('CreateStack', obj({ StackName: str() }, ['StackName']), obj({ StackId: str() }));
const describeStacks = rpc(
  'DescribeStacks',
  obj({ StackName: str(), NextToken: str() }),
  obj({
    Stacks: list(obj({ StackId: str(), StackName: str(), StackStatus: str(['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'CREATE_FAILED']) })),
  }),
);

/** Neptune: an event subscription, asked by the subscription's name (`Subscription` ends the read's noun). */
const createSubscription = rpc(
  'CreateEventSubscription',
  obj({ SubscriptionName: str(), SnsTopicArn: str() }, ['SubscriptionName', 'SnsTopicArn']),
  obj({ EventSubscription: obj({ Status: str() }) }),
);
const describeSubscriptions = rpc(
  'DescribeEventSubscriptions',
  obj({ SubscriptionName: str() }),
  obj({
    EventSubscriptionsList: list(obj({ CustSubscriptionId: str(), Status: str(['creating', 'active', 'deleting', 'no-permission']) })),
  }),
);

/** Directory Service: a directory's LDAPS settings, rows with no id of their own. */
const enableLdaps = rpc('EnableLDAPS', obj({ DirectoryId: str(), Type: str() }, ['DirectoryId', 'Type']), obj({}));
const describeLdaps = rpc(
  'DescribeLDAPSSettings',
  obj({ DirectoryId: str(), Type: str() }, ['DirectoryId']),
  obj({
    LDAPSSettingsInfo: list(obj({ LDAPSStatus: str(['Enabling', 'Enabled', 'EnableFailed', 'Disabled']), LDAPSStatusReason: str() })),
  }),
);

interface Row {
  name: string;
  ops: Operation[];
  /** Expected poll link of the start's family: where the id goes and what rides beside it; null: no family. */
  link: { poll: string; idParam: string; idIn: JobOperationLink['idIn']; itemId?: string; carry: string[] } | null;
}

const rows: Row[] = [
  {
    name: 'asked by its cluster, the read can be asked for the snapshot too: it is asked by the snapshot',
    ops: [createSnapshot, describeSnapshots(true)],
    link: { poll: 'DescribeSnapshots', idParam: 'SnapshotName', idIn: 'body', carry: [] },
  },
  {
    name: 'a read that requires the scope is asked by the item, the scope sent beside (Directory Service regions)',
    ops: [addRegion, describeRegions],
    link: { poll: 'DescribeRegions', idParam: 'RegionName', idIn: 'body', carry: ['DirectoryId<arg:body.DirectoryId'] },
  },
  {
    name: 'asked only by its cluster: every snapshot of the cluster is listed, no family',
    ops: [createSnapshot, describeSnapshots(false)],
    link: null,
  },
  {
    name: 'asked by its project, the version is picked out of the list by the ARN the start answered',
    ops: [createVersion, describeVersions],
    link: {
      poll: 'DescribeProjectVersions',
      idParam: 'ProjectVersionArn',
      idIn: 'item',
      itemId: 'ProjectVersionArn',
      carry: ['ProjectArn<arg:body.ProjectArn'],
    },
  },
  {
    name: 'asked by its database and table, an index no input names: no family',
    ops: [createIndex, getIndexes],
    link: null,
  },
  {
    name: "near miss: the stack's own name asks for the one stack",
    ops: [createStack, describeStacks],
    link: { poll: 'DescribeStacks', idParam: 'StackName', idIn: 'body', carry: [] },
  },
  {
    name: "near miss: the subscription's name ends the read's noun (event subscription)",
    ops: [createSubscription, describeSubscriptions],
    link: { poll: 'DescribeEventSubscriptions', idParam: 'SubscriptionName', idIn: 'body', carry: [] },
  },
  {
    name: "near miss: a directory's LDAPS settings carry no id: rows of the directory's record, read as one",
    ops: [enableLdaps, describeLdaps],
    link: { poll: 'DescribeLDAPSSettings', idParam: 'DirectoryId', idIn: 'body', carry: [] },
  },
];

describe('a list read asked by the id of what its items belong to', () => {
  it.each(rows)('$name', ({ ops, link }) => {
    const start = ops[0]!.operationId;
    const family = detectJobs(createModel(ops)).families.find((f) => f.start.some((s) => s.op.operationId === start));
    if (link === null) {
      expect(family).toBeUndefined();
      return;
    }
    expect(family).toBeDefined();
    const poll = family!.poll;
    expect(isOperationLink(poll)).toBe(true);
    if (!isOperationLink(poll)) return;
    expect({
      poll: poll.op.operationId,
      idParam: poll.idParam,
      idIn: poll.idIn,
      ...(link.itemId ? { itemId: poll.itemId } : {}),
      carry: poll.carry.map((c) => `${c.param}<${c.from}`),
    }).toEqual(link);
  });

  it('says why in explain: the scope named, not one of its items', () => {
    const family = detectJobs(createModel([createVersion, describeVersions])).families[0]!;
    // The read is the chosen poll (by the version's name); weighed by `ProjectArn` it was not, and evidence says so.
    expect(family.evidence).toContain(
      'the chosen poll weighed another way: POST /#X-Amz-Target=Svc.DescribeProjectVersions: `ProjectArn` names the project its listed items belong to, not one of them: the first listed would be any item of that project',
    );
  });
});
