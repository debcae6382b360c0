/** Overrides beat heuristics: `x-mcp-jobgen` on operations, config `operations` and config `jobs`. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { componentSchemas, createModel, createOperation, createResponse, createSchemaRef } from '../../../src/model/factories.js';
import type { Operation } from '../../../src/model/ir.js';
import { jobSchema, OPENAI_BATCH_STATES } from './statusSchemas.js';
import { hintIds, summarize } from './summarize.js';

const batchOps = (startExt: Record<string, unknown> = {}): Operation[] => [
  createOperation('POST', '/batches', {
    operationId: 'createBatch',
    responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
    extensions: startExt,
  }),
  createOperation('GET', '/batches/{batch_id}', {
    operationId: 'retrieveBatch',
    responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
  }),
  createOperation('POST', '/batches/{batch_id}/cancel', {
    operationId: 'cancelBatch',
    responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
  }),
];
const batchSchemas = { Batch: jobSchema(OPENAI_BATCH_STATES) };

/** A thing no heuristic calls a job: plain CRUD without a status. */
const plainOps = (ext: { start?: unknown; poll?: unknown } = {}): Operation[] => [
  createOperation('POST', '/reports', {
    operationId: 'makeReport',
    responses: [createResponse('200', { schema: createSchemaRef('Report') })],
    ...(ext.start === undefined ? {} : { extensions: { 'x-mcp-jobgen': ext.start } }),
  }),
  createOperation('GET', '/reports/{report_id}', {
    operationId: 'getReport',
    responses: [createResponse('200', { schema: createSchemaRef('Report') })],
    ...(ext.poll === undefined ? {} : { extensions: { 'x-mcp-jobgen': ext.poll } }),
  }),
];
const plainSchemas = {
  Report: { type: 'object', properties: { id: { type: 'string' }, phase: { type: 'string', enum: ['new', 'busy', 'ready', 'broken'] } } },
};

describe('detectJobs: overrides', () => {
  it('x-mcp-jobgen: false on the start suppresses the family and gives no hint', () => {
    const d = detectJobs(createModel(batchOps({ 'x-mcp-jobgen': false }), { schemas: componentSchemas(batchSchemas) }));
    expect(summarize(d)).toEqual([]);
    expect(hintIds(d)).toEqual(['cancelBatch']);
  });

  it('x-mcp-jobgen forces a family no heuristic found, with the given status field', () => {
    const d = detectJobs(
      createModel(
        plainOps({
          start: { family: 'report', role: 'start' },
          poll: { family: 'report', role: 'poll', statusField: 'phase' },
        }),
        { schemas: componentSchemas(plainSchemas) },
      ),
    );
    expect(summarize(d)).toEqual([
      { name: 'report', confidence: 'high', start: ['makeReport'], poll: 'getReport', cancel: null, result: null },
    ]);
    const f = d.families[0]!;
    expect(f.statusField).toBe('phase');
    expect(f.states).toEqual({ new: 'queued', busy: 'running', ready: 'succeeded', broken: 'running' });
    expect(f.start[0]!.idFrom).toBe('body:id');
    expect(f.evidence.join('\n')).toMatch(/x-mcp-jobgen/);
  });

  it('a forced family keeps the reason beside the status it reads, not one beside another status', () => {
    const reasoned = (statusField: string) =>
      detectJobs(
        createModel(plainOps({ start: { family: 'report', role: 'start' }, poll: { family: 'report', role: 'poll', statusField } }), {
          schemas: componentSchemas({
            Report: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
                statusMessage: { type: 'string' },
                phase: { type: 'string', enum: ['new', 'busy', 'ready', 'broken'] },
              },
            },
          }),
        }),
      ).families[0]!;
    expect(reasoned('status').reasonField).toBe('statusMessage');
    // `statusMessage` explains `status`, which the override does not read.
    expect(reasoned('phase').reasonField).toBeUndefined();
  });

  it('config operations (by operationId or "METHOD /path") beat the spec extension', () => {
    const d = detectJobs(
      createModel(plainOps({ start: { family: 'report', role: 'start' }, poll: { family: 'report', role: 'poll' } }), {
        schemas: componentSchemas(plainSchemas),
      }),
      {
        operations: { makeReport: false, 'GET /reports/{report_id}': false },
      },
    );
    expect(d.families).toEqual([]);
    expect(d.diagnostics).toEqual([]);
  });

  it('config jobs: enabled=false drops, states merge, expectedDurationMs is set', () => {
    const base = detectJobs(createModel(batchOps(), { schemas: componentSchemas(batchSchemas) }));
    expect(base.families.map((f) => f.name)).toEqual(['batch']);
    const dropped = detectJobs(createModel(batchOps(), { schemas: componentSchemas(batchSchemas) }), {
      jobs: { batch: { enabled: false } },
    });
    expect(dropped.families).toEqual([]);
    expect(hintIds(dropped)).toEqual(['cancelBatch']);
    const tuned = detectJobs(createModel(batchOps(), { schemas: componentSchemas(batchSchemas) }), {
      jobs: { batch: { states: { paused: 'running', expired: 'cancelled' }, expectedDurationMs: 60_000 } },
    });
    expect(tuned.families[0]!.states).toMatchObject({ paused: 'running', expired: 'cancelled', completed: 'succeeded' });
    expect(tuned.families[0]!.expectedDurationMs).toBe(60_000);
  });

  it('a forced cancel replaces the detected one', () => {
    const ops = [
      ...batchOps(),
      createOperation('POST', '/batches/{batch_id}/halt', {
        operationId: 'haltBatch',
        extensions: { 'x-mcp-jobgen': { family: 'batch', role: 'cancel' } },
      }),
    ];
    const d = detectJobs(createModel(ops, { schemas: componentSchemas(batchSchemas) }));
    expect(summarize(d)[0]).toMatchObject({ name: 'batch', cancel: 'haltBatch' });
  });

  it.each([
    ['a string', 'yes'],
    ['an unknown role', { family: 'batch', role: 'finish' }],
    ['a bad family name', { family: 'Batch Jobs', role: 'start' }],
  ])('invalid x-mcp-jobgen (%s) is a coded warning with a pointer, and is ignored', (_label, value) => {
    const d = detectJobs(createModel(batchOps({ 'x-mcp-jobgen': value }), { schemas: componentSchemas(batchSchemas) }));
    expect(d.families.map((f) => f.name)).toEqual(['batch']);
    expect(d.diagnostics).toHaveLength(1);
    expect(d.diagnostics[0]).toMatchObject({
      code: 'MJG301',
      severity: 'warning',
      pointer: '#/paths/~1batches/post/x-mcp-jobgen',
    });
  });

  it('x-mcp-jobgen names a job the client chooses (arg: idFrom), a body id (idIn) and the family kind', () => {
    const ops = [
      createOperation('POST', '/#X-Amz-Target=Svc.StartReport', {
        operationId: 'StartReport',
        responses: [createResponse('200', { schema: createSchemaRef('Report') })],
        extensions: { 'x-mcp-jobgen': { family: 'report', role: 'start', idFrom: 'arg:body.ReportName', kind: 'provisioning' } },
      }),
      createOperation('POST', '/#X-Amz-Target=Svc.GetReport', {
        operationId: 'GetReport',
        responses: [createResponse('200', { schema: createSchemaRef('Report') })],
        extensions: { 'x-mcp-jobgen': { family: 'report', role: 'poll', idParam: 'ReportName', idIn: 'body', statusField: 'phase' } },
      }),
    ];
    const d = detectJobs(createModel(ops, { schemas: componentSchemas(plainSchemas) }));
    const f = d.families[0]!;
    expect(d.diagnostics).toEqual([]);
    expect(f.kind).toBe('provisioning');
    expect(f.start[0]!.idFrom).toBe('arg:body.ReportName');
    expect(f.poll).toMatchObject({ idParam: 'ReportName', idIn: 'body', carry: [] });
  });

  it('idList: the poll sends the job id as the only item of a body list (x-mcp-jobgen and config alike)', () => {
    const ops = (pollExt?: unknown): Operation[] => [
      createOperation('POST', '/#X-Amz-Target=Svc.CreateExportTask', {
        operationId: 'CreateExportTask',
        responses: [createResponse('200', { schema: { type: 'object', properties: { taskId: { type: 'string' } } } })],
        extensions: { 'x-mcp-jobgen': { family: 'export_task', role: 'start', idFrom: 'body:taskId' } },
      }),
      createOperation('POST', '/#X-Amz-Target=Svc.DescribeExportTasks', {
        operationId: 'DescribeExportTasks',
        responses: [createResponse('200', { schema: createSchemaRef('Report') })],
        ...(pollExt === undefined ? {} : { extensions: { 'x-mcp-jobgen': pollExt } }),
      }),
    ];
    const model = (pollExt?: unknown) => createModel(ops(pollExt), { schemas: componentSchemas(plainSchemas) });
    const listed = { family: 'export_task', role: 'poll', idParam: 'taskIds', idList: true, statusField: 'phase' };
    const viaExtension = detectJobs(model(listed));
    expect(viaExtension.diagnostics).toEqual([]);
    expect(viaExtension.families[0]!.poll).toEqual(expect.objectContaining({ idParam: 'taskIds', idIn: 'body', idList: true }));
    const viaConfig = detectJobs(model(), { operations: { DescribeExportTasks: { ...listed, idIn: 'body' } as never } });
    expect(viaConfig.families[0]!.poll).toEqual(expect.objectContaining({ idParam: 'taskIds', idIn: 'body', idList: true }));
    // A list of ids lives in a JSON body: with the id in the path or query the override is refused, and said (the
    // family is then left without a poll: MJG302).
    const misplaced = detectJobs(model({ ...listed, idIn: 'query' }));
    expect(misplaced.diagnostics.map((x) => [x.code, x.help])).toEqual([
      ['MJG301', expect.stringContaining('idList needs idIn "body"')],
      ['MJG302', expect.any(String)],
    ]);
    expect(misplaced.families).toEqual([]);
  });

  it('unknown config keys and incomplete forced families are coded warnings', () => {
    const d = detectJobs(
      createModel(plainOps({ start: { family: 'report', role: 'start' } }), { schemas: componentSchemas(plainSchemas) }),
      {
        operations: { noSuchOperation: false },
        jobs: { nothing_here: { enabled: false } },
      },
    );
    expect(d.families).toEqual([]);
    expect(d.diagnostics.map((x) => x.code).sort()).toEqual(['MJG302', 'MJG303', 'MJG304']);
    for (const x of d.diagnostics) expect(x.help).toBeTruthy();
  });
});
