/**
 * A job over a set (src/detect/idflow/memberSets.ts): a start acting on several things answers one handle per thing
 * in a list (Lightsail `CreateInstances` → `operations: [Operation]`, Panorama `CreateJobForDevices` →
 * `Jobs: [{JobId, DeviceId}]`), each read by the poll. Near misses: a list of errors, a batch's two outcome lists,
 * and a start that names its one thing, which its own read follows.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const OPERATION = obj({
  id: str(),
  resourceName: str(),
  status: str(['NotStarted', 'Started', 'Failed', 'Completed', 'Succeeded']),
  operationType: str(),
});
const getOperation = rpc('GetOperation', obj({ operationId: str() }, ['operationId']), obj({ operation: OPERATION }));
const DEVICE_JOB = str(['PENDING', 'IN_PROGRESS', 'VERIFYING', 'COMPLETED', 'FAILED']);

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start
      .map((s) => `${s.op.operationId} ${s.idFrom}${s.members ? ` members ${s.members.itemsAt}[].${s.members.itemId}` : ''}`)
      .join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('a job over a set: one handle per thing the start acts on', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'each listed item is the record the poll reads (`operations[].id` asked for as `operationId`)',
      [
        rpc(
          'CreateInstances',
          obj({ instanceNames: list(str()), bundleId: str() }, ['instanceNames', 'bundleId']),
          obj({ operations: list(OPERATION) }),
        ),
        getOperation,
      ],
      [['CreateInstances body:operations.0.id members operations[].id', 'GetOperation(operationId)']],
    ],
    [
      'each listed item is a bare handle (`Jobs: [{JobId, DeviceId}]`)',
      [
        rpc(
          'CreateJobForDevices',
          obj({ DeviceIds: list(str()), JobType: str() }, ['DeviceIds', 'JobType']),
          obj({ Jobs: list(obj({ JobId: str(), DeviceId: str() })) }),
        ),
        rpc('DescribeDeviceJob', obj({ JobId: str() }, ['JobId']), obj({ JobId: str(), DeviceId: str(), Status: DEVICE_JOB })),
      ],
      [['CreateJobForDevices body:Jobs.0.JobId members Jobs[].JobId', 'DescribeDeviceJob(JobId)']],
    ],
    [
      'near miss: a list of errors names things, not members of the work',
      [
        rpc(
          'CreateInstances',
          obj({ instanceNames: list(str()) }, ['instanceNames']),
          obj({ operations: list(obj({ id: str(), errorCode: str(), errorDetails: str() })) }),
        ),
        getOperation,
      ],
      [],
    ],
    [
      'near miss: a batch answers two lists (its outcomes), neither one job’s members',
      [
        rpc(
          'CreateJobForDevices',
          obj({ DeviceIds: list(str()) }, ['DeviceIds']),
          obj({ Jobs: list(obj({ JobId: str(), DeviceId: str() })), Failed: list(obj({ JobId: str(), DeviceId: str() })) }),
        ),
        rpc('DescribeDeviceJob', obj({ JobId: str() }, ['JobId']), obj({ Status: DEVICE_JOB })),
      ],
      [],
    ],
    [
      'a start that names its one thing is followed by that thing’s read, not by the set of operations',
      [
        rpc(
          'CreateDiskFromSnapshot',
          obj({ diskName: str(), sizeInGb: { type: 'integer' } }, ['diskName', 'sizeInGb']),
          obj({ operations: list(OPERATION) }),
        ),
        rpc(
          'GetDisk',
          obj({ diskName: str() }, ['diskName']),
          obj({ disk: obj({ name: str(), state: str(['pending', 'error', 'available', 'in-use', 'unknown']) }) }),
        ),
        getOperation,
      ],
      [['CreateDiskFromSnapshot arg:body.diskName', 'GetDisk(diskName)']],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  it('explains the set beside the id flow', () => {
    const [family] = detectJobs(
      createModel([
        rpc('CreateInstances', obj({ instanceNames: list(str()) }, ['instanceNames']), obj({ operations: list(OPERATION) })),
        getOperation,
      ]),
    ).families;
    expect(family?.evidence.some((e) => e.startsWith('job over a set:') && e.includes('`operations`'))).toBe(true);
  });
});
