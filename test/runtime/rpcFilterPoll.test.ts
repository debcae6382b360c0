/**
 * Polls that ask for one job among many (issue 24): a DMS-shaped `DescribeReplicationTasks` that takes the id as
 * the only value of a filter (`idFilter`: `{"Filters": [{"Name": "replication-task-arn", "Values": [id]}]}`), and
 * an FSx-shaped `DescribeFileSystems {"FileSystemIds": [id]}` (`idList`). Both answer a list of what matched
 * (`itemsAt`): the job is its one item, and an empty list is a job the upstream does not know, which ends it
 * failed once past the replication-lag window, as a 404 would (jobs/listedAnswer.ts). Then polls that pick the job by
 * more than the id sent: a record keyed by two ids (DMS `TestConnection` → `DescribeConnections`), sent one filter
 * per key (`carry` `in: 'filter'`), the job the listed connection matching both; and a `List…` asked by an optional id
 * of its own (SSM `SendCommand` → `ListCommands {CommandId}`), the job the listed command with that id.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, type LocalUpstream, startLocalUpstream } from './localUpstream.js';

const DMS = 'AmazonDMSv20160101';
const dms = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp(DMS, tool, name, role, input);
const FILTERS = z.array(z.object({ Name: z.string(), Values: z.array(z.string()) }));
const dmsOps = [
  dms('create_replication_task', 'CreateReplicationTask', 'start', z.object({ body: z.object({ ReplicationTaskIdentifier: z.string() }) })),
  dms('describe_replication_tasks', 'DescribeReplicationTasks', 'tool', z.object({ body: z.object({ Filters: FILTERS.optional() }) })),
];
const replicationTask: JobFamilySpec = family({
  name: 'replication_task',
  kind: 'provisioning',
  starts: [
    {
      operation: 'create_replication_task',
      idFrom: 'body:ReplicationTask.ReplicationTaskArn',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'describe_replication_tasks',
    idParam: 'Filters',
    idIn: 'body',
    idFilter: { name: 'replication-task-arn', nameKey: 'Name', valuesKey: 'Values' },
    itemsAt: 'ReplicationTasks',
    carry: [],
  },
  statusField: 'ReplicationTasks.0.Status',
  states: { creating: 'running', ready: 'succeeded', failed: 'failed' },
});

const fsx = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp('AWSSimbaAPIService_v20180301', tool, name, role, input);
const fsxOps = [
  fsx('create_file_system', 'CreateFileSystem', 'start', z.object({ body: z.object({ StorageCapacity: z.number() }) })),
  fsx(
    'describe_file_systems',
    'DescribeFileSystems',
    'tool',
    z.object({ body: z.object({ FileSystemIds: z.array(z.string()).optional() }) }),
  ),
];
const fileSystem: JobFamilySpec = family({
  name: 'file_system',
  kind: 'provisioning',
  starts: [
    {
      operation: 'create_file_system',
      idFrom: 'body:FileSystem.FileSystemId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'describe_file_systems', idParam: 'FileSystemIds', idIn: 'body', idList: true, itemsAt: 'FileSystems', carry: [] },
  statusField: 'FileSystems.0.Lifecycle',
  states: { CREATING: 'running', AVAILABLE: 'succeeded', FAILED: 'failed' },
});

const connectionOps = [
  dms(
    'test_connection',
    'TestConnection',
    'start',
    z.object({ body: z.object({ ReplicationInstanceArn: z.string(), EndpointArn: z.string() }) }),
  ),
  dms('describe_connections', 'DescribeConnections', 'tool', z.object({ body: z.object({ Filters: FILTERS.optional() }) })),
];
/** As mcp-jobgen emits it for dms.json (src/jobs.ts of a generated project). */
const connection: JobFamilySpec = family({
  name: 'connection',
  starts: [
    {
      operation: 'test_connection',
      idFrom: 'body:Connection.ReplicationInstanceArn',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: {
    operation: 'describe_connections',
    idParam: 'Filters',
    idIn: 'body',
    idFilter: { name: 'replication-instance-arn', nameKey: 'Name', valuesKey: 'Values' },
    itemsAt: 'Connections',
    itemId: 'ReplicationInstanceArn',
    carry: [{ param: 'endpoint-arn', from: 'body:Connection.EndpointArn', in: 'filter', itemId: 'EndpointArn' }],
  },
  statusField: 'Connections.0.Status',
  states: { testing: 'running', successful: 'succeeded', failed: 'failed' },
});

const ssmOps = [
  awsRpcOp('AmazonSSM', 'send_command', 'SendCommand', 'start', z.object({ body: z.object({ DocumentName: z.string() }) })),
  awsRpcOp('AmazonSSM', 'list_commands', 'ListCommands', 'tool', z.object({ body: z.object({ CommandId: z.string().optional() }) })),
];
const command: JobFamilySpec = family({
  name: 'command',
  starts: [
    {
      operation: 'send_command',
      idFrom: 'body:Command.CommandId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'list_commands', idParam: 'CommandId', idIn: 'body', itemsAt: 'Commands', itemId: 'CommandId', carry: [] },
  statusField: 'Commands.0.Status',
  states: { Pending: 'queued', InProgress: 'running', Success: 'succeeded', Failed: 'failed' },
});

/** What each test opens (its upstream, its MCP connection), closed after it. */
const keep = closedAfterEach();

const sendJson = (res: import('node:http').ServerResponse, doc: unknown) =>
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));

const bodies = (up: LocalUpstream, target: string) =>
  up.requests.filter((r) => r.headers['x-amz-target'] === target).map((r) => JSON.parse(r.body) as unknown);

describe('a poll that takes the job id as the value of a filter', () => {
  it('sends {Filters: [{Name, Values: [id]}]} and reads the one listed task to ready', async () => {
    const upstream = keep(await startLocalUpstream());
    const arn = 'arn:aws:dms:eu-west-1:1:task:T1';
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonDMSv20160101.CreateReplicationTask')
        return void sendJson(res, { ReplicationTask: { ReplicationTaskArn: arn, Status: 'creating' } });
      const { Filters } = JSON.parse(req.bodyText) as { Filters?: Array<{ Name: string; Values: string[] }> };
      // Without the filter a Describe lists every task: the job would be whichever came first.
      const wanted = Filters?.find((f) => f.Name === 'replication-task-arn')?.Values ?? [];
      polls++;
      sendJson(res, {
        ReplicationTasks: [
          ...(wanted.includes(arn) ? [{ ReplicationTaskArn: arn, Status: polls < 2 ? 'creating' : 'ready' }] : []),
          ...(Filters ? [] : [{ ReplicationTaskArn: 'other', Status: 'failed' }]),
        ],
      });
    });
    const conn = keep(await connect(definition(dmsOps, [replicationTask]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(
      await conn.call('create_replication_task', { body: { ReplicationTaskIdentifier: 't1' } }),
    );
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('replication_task_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    const sent = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'AmazonDMSv20160101.DescribeReplicationTasks')
      .map((r) => JSON.parse(r.body));
    expect(sent).toEqual([
      { Filters: [{ Name: 'replication-task-arn', Values: [arn] }] },
      { Filters: [{ Name: 'replication-task-arn', Values: [arn] }] },
    ]);
  });
});

describe('a filter whose names the contract sends as codes', () => {
  it('sends the name’s code (idFilter.code) and reads a status sent as a code by its name', async () => {
    const upstream = keep(await startLocalUpstream());
    const arn = 'arn:aws:dms:eu-west-1:1:task:T2';
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonDMSv20160101.CreateReplicationTask')
        return void sendJson(res, { ReplicationTask: { ReplicationTaskArn: arn, Status: 0 } });
      const { Filters } = JSON.parse(req.bodyText) as { Filters?: Array<{ Name: unknown; Values: string[] }> };
      const wanted = Filters?.find((f) => f.Name === 3)?.Values ?? [];
      polls++;
      sendJson(res, { ReplicationTasks: wanted.includes(arn) ? [{ ReplicationTaskArn: arn, Status: polls < 2 ? 0 : 1 }] : [] });
    });
    const coded: JobFamilySpec = {
      ...replicationTask,
      poll: { ...replicationTask.poll, idFilter: { name: 'replication-task-arn', nameKey: 'Name', valuesKey: 'Values', code: 3 } },
      statusCodes: { '0': 'creating', '1': 'ready', '2': 'failed' },
    } as JobFamilySpec;
    const codedOps = [
      dmsOps[0]!,
      dms(
        'describe_replication_tasks',
        'DescribeReplicationTasks',
        'tool',
        z.object({ body: z.object({ Filters: z.array(z.object({ Name: z.number(), Values: z.array(z.string()) })).optional() }) }),
      ),
    ];
    const conn = keep(await connect(definition(codedOps, [coded]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(
      await conn.call('create_replication_task', { body: { ReplicationTaskIdentifier: 't2' } }),
    );
    const seen: Array<[string, string]> = [];
    for (let i = 0; i < 2; i++) {
      const st = structured<{ state: string; upstream_status: string }>(
        await conn.call('replication_task_status', { job_id: started.job_id }),
      );
      seen.push([st.state, st.upstream_status]);
    }
    expect(seen).toEqual([
      ['running', 'creating'],
      ['succeeded', 'ready'],
    ]);
    expect(bodies(upstream, `${DMS}.DescribeReplicationTasks`)).toEqual([
      { Filters: [{ Name: 3, Values: [arn] }] },
      { Filters: [{ Name: 3, Values: [arn] }] },
    ]);
  });
});

describe('a poll that takes the job id as the only item of a list', () => {
  it('sends {FileSystemIds: [id]} and reads the one listed file system to AVAILABLE', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AWSSimbaAPIService_v20180301.CreateFileSystem')
        return void sendJson(res, { FileSystem: { FileSystemId: 'fs-1', Lifecycle: 'CREATING' } });
      const { FileSystemIds } = JSON.parse(req.bodyText) as { FileSystemIds?: string[] };
      polls++;
      const listed = (FileSystemIds ?? []).map((id) => ({ FileSystemId: id, Lifecycle: polls < 3 ? 'CREATING' : 'AVAILABLE' }));
      sendJson(res, { FileSystems: listed });
    });
    const conn = keep(await connect(definition(fsxOps, [fileSystem]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('create_file_system', { body: { StorageCapacity: 1200 } }));
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(structured<{ state: string }>(await conn.call('file_system_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'running', 'succeeded']);
    const sent = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'AWSSimbaAPIService_v20180301.DescribeFileSystems')
      .map((r) => JSON.parse(r.body));
    expect(sent.every((b) => JSON.stringify(b) === '{"FileSystemIds":["fs-1"]}')).toBe(true);
  });

  it('an empty list is an unknown job: waited for just after the start, then failed, never succeeded', async () => {
    const upstream = keep(await startLocalUpstream());
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AWSSimbaAPIService_v20180301.CreateFileSystem')
        return void sendJson(res, { FileSystem: { FileSystemId: 'fs-gone', Lifecycle: 'CREATING' } });
      sendJson(res, { FileSystems: [] });
    });
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const conn = keep(await connect(definition(fsxOps, [fileSystem]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }));
    const started = structured<{ job_id: string }>(await conn.call('create_file_system', { body: { StorageCapacity: 1200 } }));
    const early = structured<{ state: string; terminal: boolean }>(await conn.call('file_system_status', { job_id: started.job_id }));
    // The state the start left (queued: its answer held no listed item) stands while a Describe may lag.
    expect(early).toMatchObject({ state: 'queued', terminal: false });
    clock.now += 60_000;
    const late = structured<{ state: string; terminal: boolean; error: unknown }>(
      await conn.call('file_system_status', { job_id: started.job_id }),
    );
    expect(late).toMatchObject({ state: 'failed', terminal: true });
    expect(JSON.stringify(late.error)).toContain('FileSystems');
  });
});

describe('a record keyed by two ids, asked by one filter per key', () => {
  it('sends both filters and follows the connection whose endpoint and instance both match', async () => {
    const upstream = keep(await startLocalUpstream());
    const instance = 'arn:aws:dms:eu-west-1:1:rep:R1';
    const [mine, other] = ['arn:aws:dms:eu-west-1:1:endpoint:E1', 'arn:aws:dms:eu-west-1:1:endpoint:E2'];
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${DMS}.TestConnection`)
        return void sendJson(res, { Connection: { ReplicationInstanceArn: instance, EndpointArn: mine, Status: 'testing' } });
      polls++;
      // The instance's other connection comes first and has already failed: read by the instance alone, the job
      // would end failed on a test it never ran.
      sendJson(res, {
        Connections: [
          { ReplicationInstanceArn: instance, EndpointArn: other, Status: 'failed' },
          { ReplicationInstanceArn: instance, EndpointArn: mine, Status: polls < 2 ? 'testing' : 'successful' },
        ],
      });
    });
    const conn = keep(await connect(definition(connectionOps, [connection]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(
      await conn.call('test_connection', { body: { ReplicationInstanceArn: instance, EndpointArn: mine } }),
    );
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('connection_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    const filters = [
      { Name: 'replication-instance-arn', Values: [instance] },
      { Name: 'endpoint-arn', Values: [mine] },
    ];
    expect(bodies(upstream, `${DMS}.DescribeConnections`)).toEqual([{ Filters: filters }, { Filters: filters }]);
  });

  it('a list without the pair is a connection the upstream does not know: failed once past the lag window', async () => {
    const upstream = keep(await startLocalUpstream());
    const instance = 'arn:aws:dms:eu-west-1:1:rep:R1';
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === `${DMS}.TestConnection`)
        return void sendJson(res, { Connection: { ReplicationInstanceArn: instance, EndpointArn: 'E1', Status: 'testing' } });
      sendJson(res, { Connections: [{ ReplicationInstanceArn: instance, EndpointArn: 'E2', Status: 'successful' }] });
    });
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    const conn = keep(
      await connect(definition(connectionOps, [connection]), { env: { API_BASE_URL: upstream.url }, now: () => clock.now }),
    );
    const started = structured<{ job_id: string }>(
      await conn.call('test_connection', { body: { ReplicationInstanceArn: instance, EndpointArn: 'E1' } }),
    );
    clock.now += 60_000;
    const late = structured<{ state: string; terminal: boolean }>(await conn.call('connection_status', { job_id: started.job_id }));
    expect(late).toMatchObject({ state: 'failed', terminal: true });
  });
});

describe('a List asked by an optional id of its own', () => {
  it('sends {CommandId: id} and reads the listed command with that id to its end', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      if (req.headers['x-amz-target'] === 'AmazonSSM.SendCommand')
        return void sendJson(res, { Command: { CommandId: 'c-1', Status: 'Pending' } });
      polls++;
      // An upstream that lists more than it was asked for: the job is still the command it started.
      sendJson(res, {
        Commands: [
          { CommandId: 'c-0', Status: 'Failed' },
          { CommandId: 'c-1', Status: polls < 2 ? 'InProgress' : 'Success' },
        ],
      });
    });
    const conn = keep(await connect(definition(ssmOps, [command]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('send_command', { body: { DocumentName: 'AWS-RunShellScript' } }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++)
      states.push(structured<{ state: string }>(await conn.call('command_status', { job_id: started.job_id })).state);
    expect(states).toEqual(['running', 'succeeded']);
    expect(bodies(upstream, 'AmazonSSM.ListCommands')).toEqual([{ CommandId: 'c-1' }, { CommandId: 'c-1' }]);
  });
});
