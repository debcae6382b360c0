/**
 * AWS reads of one item by either of two optional ids (src/detect/idflow/alternativeIds.ts): Kinesis
 * `DescribeStream {StreamName?, StreamARN?}` polls `CreateStream`. Near misses: one optional id alone is a filter,
 * and so are two optional ids of different things.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STREAM_STATUS = str(['CREATING', 'DELETING', 'ACTIVE', 'UPDATING']);
const createStream = rpc('CreateStream', obj({ StreamName: str(), ShardCount: { type: 'integer' } }, ['StreamName']), obj({}));

const rows: Array<{ name: string; ops: Operation[]; poll: [string, string] | null }> = [
  {
    name: 'either the name or the ARN: DescribeStream {StreamName?, StreamARN?} reads the stream CreateStream names',
    ops: [
      createStream,
      rpc(
        'DescribeStream',
        obj({ StreamName: str(), StreamARN: str(), Limit: { type: 'integer' } }),
        obj({ StreamDescription: obj({ StreamName: str(), StreamStatus: STREAM_STATUS }) }),
      ),
    ],
    poll: ['DescribeStream', 'StreamName'],
  },
  {
    name: 'near miss: one optional id alone is a filter, not the item',
    ops: [
      createStream,
      rpc(
        'DescribeStream',
        obj({ StreamName: str(), Limit: { type: 'integer' } }),
        obj({ StreamDescription: obj({ StreamStatus: STREAM_STATUS }) }),
      ),
    ],
    poll: null,
  },
  {
    name: 'near miss: two optional ids of different things (StreamName, ConsumerARN) are filters',
    ops: [
      createStream,
      rpc(
        'DescribeStream',
        obj({ StreamName: str(), ConsumerARN: str() }),
        obj({ StreamDescription: obj({ StreamStatus: STREAM_STATUS }) }),
      ),
    ],
    poll: null,
  },
];

describe('AWS reads of one item by either of two ids', () => {
  it.each(rows)('$name', ({ ops, poll }) => {
    const d = detectJobs(createModel(ops));
    if (poll === null) {
      expect(d.families).toEqual([]);
      return;
    }
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect(isOperationLink(f.poll) ? [f.poll.op.operationId, f.poll.idParam] : null).toEqual(poll);
    expect(f.kind).toBe('provisioning');
  });
});
