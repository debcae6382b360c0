/**
 * A job read only in the list of the scope it runs in (src/detect/idflow/scopeListPoll.ts): App Runner
 * `StartDeployment {ServiceArn}` → `{OperationId}`, polled by `ListOperations {ServiceArn}` →
 * `OperationSummaryList: [{Id, Status}]`; Directory Service `StartSchemaExtension {DirectoryId}` →
 * `ListSchemaExtensions {DirectoryId}` → `SchemaExtensionsInfo: [{SchemaExtensionId, …Status}]`. The link takes
 * no id (`idIn: 'item'`): the runtime sends the scope and picks the job out by `itemId`.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const OP_STATES = ['PENDING', 'IN_PROGRESS', 'FAILED', 'SUCCEEDED', 'ROLLBACK_IN_PROGRESS', 'ROLLBACK_SUCCEEDED'];
const operationSummary = (id = 'Id') => obj({ [id]: str(), Type: str(['START_DEPLOYMENT', 'PAUSE_SERVICE']), Status: str(OP_STATES) });

const startDeployment = rpc('StartDeployment', obj({ ServiceArn: str() }, ['ServiceArn']), obj({ OperationId: str() }));
const listOperations = (input: JsonSchema = obj({ ServiceArn: str(), NextToken: str() }, ['ServiceArn']), item = operationSummary()) =>
  rpc('ListOperations', input, obj({ OperationSummaryList: list(item), NextToken: str() }));

const EXTENSION_STATES = ['Initializing', 'CreatingSnapshot', 'UpdatingSchema', 'Replicating', 'Cancelled', 'Failed', 'Completed'];
const extension = obj({ DirectoryId: str(), SchemaExtensionId: str(), SchemaExtensionStatus: str(EXTENSION_STATES) });

interface Row {
  name: string;
  ops: Operation[];
  family: { start: string; poll: string; idFrom: string | null; itemsAt: string; itemId: string; carry: string[] } | null;
}

const rows: Row[] = [
  {
    name: 'App Runner: `OperationId` found as the bare `Id` of the listed operations of the service',
    ops: [startDeployment, listOperations()],
    family: {
      start: 'StartDeployment',
      poll: 'ListOperations',
      idFrom: 'body:OperationId',
      itemsAt: 'OperationSummaryList',
      itemId: 'Id',
      carry: ['ServiceArn'],
    },
  },
  {
    name: 'Directory Service: `SchemaExtensionId` under its own name in the directory’s list',
    ops: [
      rpc(
        'StartSchemaExtension',
        obj({ DirectoryId: str(), LdifContent: str() }, ['DirectoryId', 'LdifContent']),
        obj({ SchemaExtensionId: str() }),
      ),
      rpc(
        'ListSchemaExtensions',
        obj({ DirectoryId: str(), NextToken: str() }, ['DirectoryId']),
        obj({ SchemaExtensionsInfo: list(extension) }),
      ),
    ],
    family: {
      start: 'StartSchemaExtension',
      poll: 'ListSchemaExtensions',
      idFrom: 'body:SchemaExtensionId',
      itemsAt: 'SchemaExtensionsInfo',
      itemId: 'SchemaExtensionId',
      carry: ['DirectoryId'],
    },
  },
  {
    name: 'near miss: a list of everything of a kind, scoped by nothing, is no read of one job',
    ops: [startDeployment, listOperations(obj({ NextToken: str() }))],
    family: null,
  },
  {
    name: 'near miss: the scope the list requires is not one the start supplies',
    ops: [startDeployment, listOperations(obj({ ClusterArn: str() }, ['ClusterArn']))],
    family: null,
  },
  {
    name: 'near miss: the listed items carry another thing’s id (an environment’s `EnvironmentAccountConnectionId`)',
    ops: [
      rpc('CreateEnvironmentAccountConnection', obj({ ProjectId: str() }, ['ProjectId']), obj({ EnvironmentAccountConnectionId: str() })),
      rpc(
        'ListEnvironments',
        obj({ ProjectId: str() }, ['ProjectId']),
        obj({ Environments: list(obj({ Name: str(), EnvironmentAccountConnectionId: str(), Status: str(OP_STATES) })) }),
      ),
    ],
    family: null,
  },
  {
    name: 'near miss: a REST collection read, which the resource convention judges (`GET /access-preview?analyzerArn`)',
    ops: [
      createOperation('PUT', '/access-preview', {
        operationId: 'CreateAccessPreview',
        requestBody: createRequestBody(obj({ analyzerArn: str() }, ['analyzerArn'])),
        responses: [createResponse('200', { schema: obj({ id: str() }) })],
      }),
      createOperation('GET', '/access-preview', {
        operationId: 'ListAccessPreviews',
        parameters: [createParameter('analyzerArn', 'query', { required: true, schema: str() })],
        responses: [createResponse('200', { schema: obj({ accessPreviews: list(obj({ id: str(), status: str(OP_STATES) })) }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'near miss: a start that takes the id itself, even optional, acts on what exists',
    ops: [
      rpc('StartDeployment', obj({ ServiceArn: str(), OperationId: str() }, ['ServiceArn']), obj({ OperationId: str() })),
      listOperations(),
    ],
    family: null,
  },
];

describe('AWS jobs read in the list of their scope', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = onlyLinkedFamily(ops, family);
    if (found === null || family === null) return;
    const { f, poll } = found;
    expect({
      start: f.start[0]!.op.operationId,
      poll: poll.op.operationId,
      idFrom: f.start[0]!.idFrom,
      itemsAt: poll.itemsAt,
      itemId: poll.itemId,
      carry: poll.carry.map((c) => c.param),
    }).toEqual(family);
    expect([poll.idIn, poll.idList]).toEqual(['item', undefined]);
    expect(f.start[0]!.idFlow?.pollInput.in).toBe('item');
  });

  it('an item read of the job beats the list of its scope', () => {
    const d = detectJobs(
      createModel([
        startDeployment,
        listOperations(),
        rpc('DescribeOperation', obj({ OperationId: str() }, ['OperationId']), obj({ Operation: operationSummary() })),
      ]),
    );
    const polls = d.families.map((f) => (isOperationLink(f.poll) ? [f.poll.op.operationId, f.poll.idIn] : null));
    expect(polls).toEqual([['DescribeOperation', 'body']]);
  });
});
