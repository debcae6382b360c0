/**
 * A status record both the start and its poll answer (src/detect/idflow/statusRecordPoll.ts): AWS request-tracking calls
 * (SSO admin `…CreationStatus`, DMS `RefreshSchemasStatus`) whose names share too little to link them.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATUS = str(['IN_PROGRESS', 'FAILED', 'SUCCEEDED']);
const CREATION = obj({ RequestId: str(), Status: STATUS, FailureReason: str() });
const REFRESH = obj({ EndpointArn: str(), Status: str(['successful', 'failed', 'refreshing']) });

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => `${s.op.operationId} ${s.idFrom}`).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${[f.poll.idParam, ...f.poll.carry.map((c) => c.param)].join(',')})` : null,
  ]);

describe('a status record both answer', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the poll requires the record id qualified by its subject (`…RequestId`)',
      [
        rpc(
          'CreateAccountAssignment',
          obj({ InstanceArn: str(), TargetId: str() }, ['InstanceArn', 'TargetId']),
          obj({ AccountAssignmentCreationStatus: CREATION }),
        ),
        rpc(
          'DescribeAccountAssignmentCreationStatus',
          obj({ InstanceArn: str(), AccountAssignmentCreationRequestId: str() }, ['InstanceArn', 'AccountAssignmentCreationRequestId']),
          obj({ AccountAssignmentCreationStatus: CREATION }),
        ),
      ],
      [
        [
          'CreateAccountAssignment body:AccountAssignmentCreationStatus.RequestId',
          'DescribeAccountAssignmentCreationStatus(AccountAssignmentCreationRequestId,InstanceArn)',
        ],
      ],
    ],
    [
      'the record is keyed by an id the start takes itself (DMS `EndpointArn`)',
      [
        rpc(
          'RefreshSchemas',
          obj({ EndpointArn: str(), ReplicationInstanceArn: str() }, ['EndpointArn', 'ReplicationInstanceArn']),
          obj({ RefreshSchemasStatus: REFRESH }),
        ),
        rpc('DescribeRefreshSchemasStatus', obj({ EndpointArn: str() }, ['EndpointArn']), obj({ RefreshSchemasStatus: REFRESH })),
      ],
      [['RefreshSchemas body:RefreshSchemasStatus.EndpointArn', 'DescribeRefreshSchemasStatus(EndpointArn)']],
    ],
    [
      'near miss: the poll answers the record but its status lies outside it',
      [
        rpc('RefreshSchemas', obj({ EndpointArn: str() }, ['EndpointArn']), obj({ RefreshSchemasStatus: obj({ EndpointArn: str() }) })),
        // Not named `…Status`: a read of the action's own status would link by its name (actionStatusPoll.ts).
        rpc(
          'DescribeRefreshSchemas',
          obj({ EndpointArn: str() }, ['EndpointArn']),
          obj({ RefreshSchemasStatus: obj({ EndpointArn: str() }), Status: STATUS }),
        ),
      ],
      [],
    ],
    [
      'near miss: a bare `Id` in the record is every record’s, no link',
      [
        rpc('RefreshSchemas', obj({ Engine: str() }, ['Engine']), obj({ Schema: obj({ Id: str(), Status: STATUS }) })),
        rpc('DescribeTable', obj({ TableId: str() }, ['TableId']), obj({ Schema: obj({ Id: str(), Status: STATUS }) })),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
