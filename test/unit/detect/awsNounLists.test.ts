/**
 * AWS polls that ask by a list named after the thing (src/detect/idflow/nounInputs.ts): Batch `DescribeJobs {jobs: [id]}`
 * answered by `jobs: [{jobId, status}]`, ECS `DescribeClusters {clusters: [arn]}`; and by an id list inside a filter
 * object (src/detect/idflow/filterInputs.ts `filterObjectLists`): DRS `DescribeJobs {filters: {jobIDs: [id]}}`. The link
 * tells the runtime where the answer lists the things (`itemsAt`) and which field of an item holds the id (`itemId`).
 * Rows over factory-built IR, positive and near misses alike.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });
/** AWS REST-JSON (Batch, DRS): an RPC-like call at a path of its own. */
const rest = (path: string, op: string, input: JsonSchema, output: JsonSchema): Operation =>
  createOperation('POST', path, {
    operationId: op,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });

const JOB_STATES = ['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED'];
const submitJob = rest(
  '/v1/submitjob',
  'SubmitJob',
  obj({ jobName: str(), jobQueue: str(), jobDefinition: str() }, ['jobName', 'jobQueue', 'jobDefinition']),
  obj({ jobArn: str(), jobName: str(), jobId: str() }),
);
const describeJobs = (description: string, answerList = 'jobs'): Operation =>
  rest(
    '/v1/describejobs',
    'DescribeJobs',
    obj({ jobs: list(str(), description) }, ['jobs']),
    obj({ [answerList]: list(obj({ jobArn: str(), jobName: str(), jobId: str(), jobQueue: str(), status: str(JOB_STATES) })) }),
  );

const CLUSTER_STATUS = str(
  undefined,
  '<p>The status of the cluster.</p> <dl> <dt>ACTIVE</dt> <dd> <p>Ready.</p> </dd> <dt>PROVISIONING</dt> <dd> <p>Coming up.</p> </dd> <dt>FAILED</dt> <dd> <p>Failed.</p> </dd> <dt>INACTIVE</dt> <dd> <p>Deleted.</p> </dd> </dl>',
);
const CLUSTER = obj({ clusterArn: str(), clusterName: str(), status: CLUSTER_STATUS });

const drsJob = obj({ jobID: str(), arn: str(), status: str(['PENDING', 'STARTED', 'COMPLETED']) });
const describeDrsJobs = (filterField: string): Operation =>
  rest(
    '/DescribeJobs',
    'DescribeJobs',
    obj({ [filterField]: obj({ jobIDs: list(str()), fromDate: str() }), maxResults: { type: 'integer' } }),
    obj({ items: list(drsJob), nextToken: str() }),
  );

interface Row {
  name: string;
  ops: Operation[];
  /** Expected: start → poll, where the id comes from and goes, and how the runtime finds the job in the answer. */
  family: { start: string; poll: string; idFrom: string | null; idParam: string; itemsAt: string; itemId: string; status: string } | null;
}

const rows: Row[] = [
  {
    name: 'Batch: `jobs` of job IDs answered by `jobs: [{jobId}]`: the id the description names, not the ARN or name',
    ops: [submitJob, describeJobs('A list of up to 100 job IDs.')],
    family: {
      start: 'SubmitJob',
      poll: 'DescribeJobs',
      idFrom: 'body:jobId',
      idParam: 'jobs',
      itemsAt: 'jobs',
      itemId: 'jobId',
      status: 'jobs.0.status',
    },
  },
  {
    name: 'ECS: `clusters` of names or ARNs, the create answering `{cluster}`, the status listed as `<dt>` terms',
    ops: [
      rpc('CreateCluster', obj({ clusterName: str() }), obj({ cluster: CLUSTER })),
      rpc(
        'DescribeClusters',
        obj({ clusters: list(str(), 'A list of up to 100 cluster names or full cluster Amazon Resource Name (ARN) entries.') }),
        obj({ clusters: list(CLUSTER), failures: list(obj({ arn: str(), reason: str() })) }),
      ),
    ],
    family: {
      start: 'CreateCluster',
      poll: 'DescribeClusters',
      idFrom: 'body:cluster.clusterArn',
      idParam: 'clusters',
      itemsAt: 'clusters',
      itemId: 'clusterArn',
      status: 'clusters.0.status',
    },
  },
  {
    name: 'DRS: `filters: {jobIDs}`, an id list inside a filter object; PENDING → STARTED → COMPLETED is a job',
    ops: [
      rest(
        '/StartRecovery',
        'StartRecovery',
        obj({ sourceServers: list(obj({ sourceServerID: str() })) }, ['sourceServers']),
        obj({ job: drsJob }),
      ),
      describeDrsJobs('filters'),
    ],
    family: {
      start: 'StartRecovery',
      poll: 'DescribeJobs',
      idFrom: 'body:job.jobID',
      idParam: 'filters.jobIDs',
      itemsAt: 'items',
      itemId: 'jobID',
      status: 'items.0.status',
    },
  },
  {
    name: 'FSx: an id list (`FileSystemIds`) also names the item field the runtime matches (`FileSystemId`)',
    ops: [
      rpc('CreateFileSystem', obj({ StorageCapacity: { type: 'integer' } }), obj({ FileSystem: obj({ FileSystemId: str() }) })),
      rpc(
        'DescribeFileSystems',
        obj({ FileSystemIds: list(str()), NextToken: str() }),
        obj({ FileSystems: list(obj({ FileSystemId: str(), Lifecycle: str(), Status: str(['AVAILABLE', 'CREATING', 'FAILED']) })) }),
      ),
    ],
    family: {
      start: 'CreateFileSystem',
      poll: 'DescribeFileSystems',
      idFrom: 'body:FileSystem.FileSystemId',
      idParam: 'FileSystemIds',
      itemsAt: 'FileSystems',
      itemId: 'FileSystemId',
      status: 'FileSystems.0.Status',
    },
  },
  {
    name: 'near miss: the answer lists the things under another name (`jobs` asked, `jobSummaryList` answered)',
    ops: [submitJob, describeJobs('A list of up to 100 job IDs.', 'jobSummaryList')],
    family: null,
  },
  {
    name: 'near miss: the list takes job names only, and the start answers an id the list does not take',
    ops: [
      rest('/v1/submitjob', 'SubmitJob', obj({ jobQueue: str() }, ['jobQueue']), obj({ jobId: str() })),
      describeJobs('A list of up to 100 job names.'),
    ],
    family: null,
  },
  {
    name: 'near miss: an id list inside an object that does not say it filters (`options: {jobIDs}`)',
    ops: [
      rest(
        '/StartRecovery',
        'StartRecovery',
        obj({ sourceServers: list(obj({ sourceServerID: str() })) }, ['sourceServers']),
        obj({ job: drsJob }),
      ),
      describeDrsJobs('options'),
    ],
    family: null,
  },
];

describe('AWS polls that ask by a list of their noun or a filter object', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = onlyLinkedFamily(ops, family);
    if (found === null || family === null) return;
    const { f, poll } = found;
    expect({
      start: f.start[0]!.op.operationId,
      poll: poll.op.operationId,
      idFrom: f.start[0]!.idFrom,
      idParam: poll.idParam,
      itemsAt: poll.itemsAt,
      itemId: poll.itemId,
      status: f.statusField,
    }).toEqual(family);
    expect([poll.idIn, poll.idList]).toEqual(['body', true]);
    // Explain says how the runtime finds the job among the listed items.
    expect(f.evidence.some((e) => e.startsWith('listed item:') && e.includes(`\`${family.itemId}\``))).toBe(true);
  });

  it("a volume's parent file system id is not the volume's: the poll is DescribeVolumes, not DescribeFileSystems", () => {
    const volume = obj({ VolumeId: str(), FileSystemId: str(), Status: str(['CREATING', 'AVAILABLE', 'FAILED']) });
    const d = detectJobs(
      createModel([
        rpc('CreateVolumeFromBackup', obj({ BackupId: str(), Name: str() }, ['BackupId', 'Name']), obj({ Volume: volume })),
        rpc('DescribeVolumes', obj({ VolumeIds: list(str()) }), obj({ Volumes: list(volume) })),
        rpc(
          'DescribeFileSystems',
          obj({ FileSystemIds: list(str()) }),
          obj({ FileSystems: list(obj({ FileSystemId: str(), Status: str(['CREATING', 'AVAILABLE', 'FAILED']) })) }),
        ),
      ]),
    );
    const polls = d.families.map((f) => (isOperationLink(f.poll) ? [f.poll.op.operationId, f.poll.itemId] : null));
    expect(polls).toEqual([['DescribeVolumes', 'VolumeId']]);
  });
});
