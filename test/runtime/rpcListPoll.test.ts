/**
 * A poll that reads many jobs at once (`idList`): AWS Discovery's `DescribeExportTasks {exportIds: [...]}` answers
 * `exportsInfo: [{exportStatus}]`. The job's id goes as the only item of the list, and the status is read from the
 * first item of the answer's list.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec } from '../../templates/runtime/definition.js';
import { awsRpcOp, definition, family } from './defs.js';
import { connect, structured } from './harness.js';
import { closedAfterEach, startLocalUpstream } from './localUpstream.js';

const rpc = (tool: string, name: string, role: OperationSpec['role'], input: z.ZodObject): OperationSpec =>
  awsRpcOp('Discovery', tool, name, role, input);
const ops = [
  rpc('start_export_task', 'StartExportTask', 'start', z.object({ body: z.object({ exportDataFormat: z.string().optional() }) })),
  rpc('describe_export_tasks', 'DescribeExportTasks', 'tool', z.object({ body: z.object({ exportIds: z.array(z.string()).optional() }) })),
];
const exportTask: JobFamilySpec = family({
  name: 'export_task',
  starts: [
    {
      operation: 'start_export_task',
      idFrom: 'body:exportId',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'describe_export_tasks', idParam: 'exportIds', idIn: 'body', idList: true, carry: [] },
  statusField: 'exportsInfo.0.exportStatus',
  states: { IN_PROGRESS: 'running', SUCCEEDED: 'succeeded', FAILED: 'failed' },
});

/** What each test opens (its upstream, its MCP connection), closed after it. */
const keep = closedAfterEach();

describe('a poll that takes the job id inside a list', () => {
  it('sends {exportIds: [id]} and reads the first listed item to SUCCEEDED', async () => {
    const upstream = keep(await startLocalUpstream());
    let polls = 0;
    upstream.route('POST /', (req, res) => {
      const send = (doc: unknown) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(doc));
      if (req.headers['x-amz-target'] === 'Discovery.StartExportTask') return void send({ exportId: 'export-1' });
      const { exportIds } = JSON.parse(req.bodyText) as { exportIds?: unknown };
      // Only the listed id is known; a bare string where the list belongs is the bug this guards against.
      if (!Array.isArray(exportIds) || exportIds.length !== 1 || exportIds[0] !== 'export-1')
        return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"__type":"InvalidParameterException"}');
      polls++;
      send({ exportsInfo: [{ exportId: 'export-1', exportStatus: polls < 2 ? 'IN_PROGRESS' : 'SUCCEEDED' }] });
    });
    const conn = keep(await connect(definition(ops, [exportTask]), { env: { API_BASE_URL: upstream.url } }));
    const started = structured<{ job_id: string }>(await conn.call('start_export_task', { body: {} }));
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      states.push(structured<{ state: string }>(await conn.call('export_task_status', { job_id: started.job_id })).state);
    }
    expect(states).toEqual(['running', 'succeeded']);
    const sent = upstream.requests
      .filter((r) => r.headers['x-amz-target'] === 'Discovery.DescribeExportTasks')
      .map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ exportIds: ['export-1'] }, { exportIds: ['export-1'] }]);
  });
});
