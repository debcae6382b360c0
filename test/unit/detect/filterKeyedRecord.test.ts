/**
 * A record with no id of its own, keyed by the ids of what it relates, read again by a Describe whose stated filters
 * select by each key (src/detect/idflow/filterKeyedRecord.ts): DMS `TestConnection` → `{Connection:
 * {ReplicationInstanceArn, EndpointArn, Status}}`, `DescribeConnections` ("Valid filter names: endpoint-arn |
 * replication-instance-arn") → `{Connections: [Connection]}`. The poll sends both filters and picks the item
 * matching both. Near misses: one key without a stated filter, a record with an id of its own, another shape.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const STATUS = str([], 'The connection status: "successful" | "testing" | "failed" | "deleting".');
const FILTER = obj({ Name: str(), Values: list(str()) }, ['Name', 'Values']);
const filters = (validNames: string): JsonSchema => ({
  type: 'array',
  items: FILTER,
  description: `<p>The filters applied to the connection.</p> <p>Valid filter names: ${validNames}</p>`,
});
const CONNECTION = obj({ ReplicationInstanceArn: str(), EndpointArn: str(), Status: str(['successful', 'testing', 'failed', 'deleting']) });
const testConnection = (record: JsonSchema = CONNECTION) =>
  rpc(
    'TestConnection',
    obj({ ReplicationInstanceArn: str(), EndpointArn: str() }, ['ReplicationInstanceArn', 'EndpointArn']),
    obj({ Connection: record }),
  );
const describeConnections = (validNames: string, item: JsonSchema = CONNECTION) =>
  rpc(
    'DescribeConnections',
    obj({ Filters: filters(validNames), MaxRecords: { type: 'integer' }, Marker: str() }),
    obj({ Marker: str(), Connections: list(item) }),
  );

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return {
      start: f.start.map((s) => `${s.op.operationId} ${s.idFrom}`).join(','),
      poll: poll ? `${poll.op.operationId}(${poll.idFilter?.name ?? poll.idParam})` : null,
      item: poll?.itemsAt !== undefined ? `${poll.itemsAt}[${poll.itemId}]` : null,
      carry: poll?.carry ?? [],
    };
  });

describe('a record keyed by two ids, each selected by a stated filter', () => {
  it.each<[string, Operation[], ReturnType<typeof families>]>([
    [
      'TestConnection → DescribeConnections: both filters sent, the job the item matching both',
      [testConnection(), describeConnections('endpoint-arn | replication-instance-arn')],
      [
        {
          start: 'TestConnection body:Connection.ReplicationInstanceArn',
          poll: 'DescribeConnections(replication-instance-arn)',
          item: 'Connections[ReplicationInstanceArn]',
          carry: [{ param: 'endpoint-arn', from: 'body:Connection.EndpointArn', in: 'filter', itemId: 'EndpointArn' }],
        },
      ],
    ],
    [
      'near miss: only one key has a stated filter, which lists every connection of that instance',
      [testConnection(), describeConnections('replication-instance-arn | engine-name')],
      [],
    ],
    [
      'near miss: the read lists another shape under the same keys',
      [
        testConnection(),
        describeConnections(
          'endpoint-arn | replication-instance-arn',
          obj({ ReplicationInstanceArn: str(), EndpointArn: str(), Status: STATUS, Engine: str() }),
        ),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });

  it('near miss: a record with an id of its own is asked by that id alone, not by the keys of what it relates', () => {
    const own = obj({
      ConnectionArn: str(),
      ReplicationInstanceArn: str(),
      EndpointArn: str(),
      Status: str(['successful', 'testing', 'failed']),
    });
    const found = families([testConnection(own), describeConnections('endpoint-arn | replication-instance-arn', own)]);
    expect(found.every((f) => f.carry.length === 0)).toBe(true);
  });
});
