/**
 * Broken links are not families: every path parameter of a family's poll, cancel and result must come from the
 * start (its id source, its own arguments, its described answer), else the start, the family or the link goes,
 * with an explain hint and a coded diagnostic. Also the id sources that keep real links whole.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createResponse,
  createResponseHeader,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';
import { hintIds, summarize } from './summarize.js';

const LIFECYCLE = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
const job = (extra: Record<string, JsonSchema> = {}) => jobSchema(LIFECYCLE, extra);
const poll = (path: string, schema: JsonSchema = createSchemaRef('Job')) =>
  createOperation('GET', path, { operationId: 'get', responses: [createResponse('200', { schema })] });

describe('a start that cannot feed its poll', () => {
  it('is no start: its described answer has no `uuid` for GET …/merges/{uuid} (hint + MJG305, no family)', () => {
    const m = createModel([
      createOperation('PUT', '/pulls/{number}/merge', {
        operationId: 'merge',
        responses: [createResponse('202', { schema: { type: 'object', properties: { status: { type: 'string', enum: LIFECYCLE } } } })],
      }),
      poll('/pulls/{number}/merge/{uuid}', { type: 'object', properties: { status: { type: 'string', enum: LIFECYCLE } } }),
    ]);
    const d = detectJobs(m);
    expect(d.families).toEqual([]);
    expect(hintIds(d)).toEqual(['merge']);
    expect(d.hints[0]!.reason).toMatch(/needs \{uuid\}, which its answer does not yield/);
    expect(d.diagnostics.map((x) => [x.code, x.severity, x.pointer])).toEqual([['MJG305', 'warning', m.operations[0]!.pointer]]);
  });

  it('stays a start when its answer hands out a poll URL instead (202 + Location)', () => {
    const m = createModel(
      [
        createOperation('POST', '/exports', {
          operationId: 'create',
          responses: [
            createResponse('202', {
              headers: [createResponseHeader('Location')],
              schema: { type: 'object', properties: { note: { type: 'string' } } },
            }),
          ],
        }),
        poll('/exports/{export_id}'),
      ],
      { schemas: componentSchemas({ Job: job() }) },
    );
    const d = detectJobs(m);
    expect(summarize(d)).toMatchObject([{ start: ['create'], poll: 'get' }]);
    expect(d.diagnostics).toEqual([]);
  });

  it('is refused when the answer is not described at all and nothing names the id', () => {
    const m = createModel(
      [createOperation('POST', '/exports', { operationId: 'create', responses: [createResponse('202')] }), poll('/exports/{export_id}')],
      {
        schemas: componentSchemas({
          Job: job(),
        }),
      },
    );
    const d = detectJobs(m);
    expect(d.families).toEqual([]);
    expect(d.diagnostics.map((x) => x.code)).toEqual(['MJG305']);
  });

  it('keeps the other starts of the family', () => {
    const m = createModel(
      [
        createOperation('POST', '/jobs', { operationId: 'create', responses: [createResponse('202', { schema: createSchemaRef('Job') })] }),
        createOperation('POST', '/jobs:import', {
          operationId: 'import',
          responses: [createResponse('202', { schema: { type: 'object', properties: { count: { type: 'integer' } } } })],
        }),
        poll('/jobs/{job_id}'),
      ],
      { schemas: componentSchemas({ Job: job() }) },
    );
    const d = detectJobs(m);
    expect(summarize(d).map((f) => f.start)).toEqual([['create']]);
  });
});

describe('where the start yields the id', () => {
  const rows: Array<[string, () => ApiModel, string | null]> = [
    [
      'one object down, in a oneOf branch (`details.uuid` for `{uuid}`)',
      () =>
        createModel(
          [
            createOperation('PUT', '/pulls/{number}/merge', {
              operationId: 'merge',
              responses: [createResponse('202', { schema: createSchemaRef('MergeResult') })],
            }),
            poll('/pulls/{number}/merge/{uuid}', createSchemaRef('MergeResult')),
          ],
          {
            schemas: componentSchemas({
              MergeResult: {
                type: 'object',
                properties: {
                  status: { type: 'string', enum: ['pending', 'merged', 'enqueued', 'failed'] },
                  details: {
                    oneOf: [
                      { type: 'object', properties: { message: { type: 'string' }, uuid: { type: 'string' } } },
                      { type: 'object', properties: { message: { type: 'string' } } },
                    ],
                  },
                },
              },
            }),
          },
        ),
      'body:details.uuid',
    ],
    [
      'ignoring case (`sid` for `{Sid}`)',
      () =>
        createModel(
          [
            createOperation('POST', '/v2/Transcripts', {
              operationId: 'create',
              responses: [createResponse('201', { schema: createSchemaRef('Job') })],
            }),
            poll('/v2/Transcripts/{Sid}'),
          ],
          {
            schemas: componentSchemas({
              Job: { type: 'object', properties: { sid: { type: 'string' }, status: { type: 'string', enum: LIFECYCLE } } },
            }),
          },
        ),
      'body:sid',
    ],
    [
      // QnAMaker's path says `{operationId}`; a vendor writing its bodies in snake_case answers `operation_id`, beside
      // another id (`user_id`), so no lone id-like field stands in.
      'in another case and spelling (`operation_id` for `{operationId}`)',
      () =>
        createModel(
          [
            createOperation('POST', '/knowledgebases/create', {
              operationId: 'create',
              responses: [createResponse('202', { schema: createSchemaRef('Operation') })],
            }),
            poll('/operations/{operationId}', createSchemaRef('Operation')),
          ],
          {
            schemas: componentSchemas({
              Operation: {
                type: 'object',
                properties: {
                  user_id: { type: 'string' },
                  operation_id: { type: 'string' },
                  operation_state: { type: 'string', enum: LIFECYCLE },
                },
              },
            }),
          },
        ),
      'body:operation_id',
    ],
    [
      'inside a one-object envelope (`{firewall: {id}}` for `{firewall_id}`)',
      () =>
        createModel(
          [
            createOperation('POST', '/v2/firewalls', {
              operationId: 'create',
              responses: [
                createResponse('202', {
                  schema: { type: 'object', properties: { firewall: createSchemaRef('Job'), links: { type: 'object' } } },
                }),
              ],
            }),
            poll('/v2/firewalls/{firewall_id}', { type: 'object', properties: { firewall: createSchemaRef('Job') } }),
          ],
          { schemas: componentSchemas({ Job: job() }) },
        ),
      'body:firewall.id',
    ],
  ];
  it.each(rows)('%s', (_label, build, idFrom) => {
    const d = detectJobs(build());
    expect(d.diagnostics).toEqual([]);
    expect(d.families).toHaveLength(1);
    expect(d.families[0]!.start[0]!.idFrom).toBe(idFrom);
  });

  it('the sole participle of a lifecycle without success words is its success (`merged`)', () => {
    const d = detectJobs(rows[0]![1]());
    expect(d.families[0]!.states).toEqual({ pending: 'queued', merged: 'succeeded', enqueued: 'queued', failed: 'failed' });
  });

  it('a PUT naming the job in its own path beside a POST answering the id: the links carry both', () => {
    const m = createModel(
      [
        createOperation('POST', '/jobs', { operationId: 'create', responses: [createResponse('201', { schema: createSchemaRef('Job') })] }),
        createOperation('PUT', '/jobs/{jobId}', { operationId: 'put', responses: [createResponse('201')] }),
        poll('/jobs/{jobId}'),
        createOperation('POST', '/jobs/{jobId}/cancel', { operationId: 'cancel', responses: [createResponse('202')] }),
      ],
      { schemas: componentSchemas({ Job: job() }) },
    );
    const d = detectJobs(m);
    expect(summarize(d)).toMatchObject([{ start: ['create', 'put'], poll: 'get', cancel: 'cancel' }]);
    const f = d.families[0]!;
    expect(f.start.map((s) => s.idFrom)).toEqual(['body:id', null]);
    for (const link of [f.poll, f.cancel]) expect(link).toMatchObject({ idParam: 'jobId', carry: [{ param: 'jobId', from: 'arg:jobId' }] });
    expect(d.diagnostics).toEqual([]);
  });
});

describe('a cancel or result link no start can feed', () => {
  // Polled through `urls.get`, so the start stands; but nothing says which prediction `{id}` to cancel.
  const predictions = (answer: JsonSchema) =>
    createModel(
      [
        createOperation('POST', '/predictions', { operationId: 'create', responses: [createResponse('201', { schema: answer })] }),
        poll('/predictions/{id}', { type: 'object', properties: { status: { type: 'string', enum: LIFECYCLE } } }),
        createOperation('POST', '/predictions/{id}/cancel', { operationId: 'cancel', responses: [createResponse('200')] }),
      ],
      { schemas: componentSchemas({}) },
    );
  const urls = { type: 'object', properties: { get: { type: 'string' } } };

  it('is dropped with an evidence line and MJG306; the family stays', () => {
    const d = detectJobs(predictions({ type: 'object', properties: { status: { type: 'string', enum: LIFECYCLE }, urls } }));
    expect(summarize(d)).toMatchObject([{ start: ['create'], poll: 'get', cancel: null }]);
    expect(d.families[0]!.evidence.at(-1)).toMatch(/^not linked: cancel POST \/predictions\/\{id\}\/cancel needs \{id\}/);
    expect(d.diagnostics.map((x) => [x.code, x.severity])).toEqual([['MJG306', 'warning']]);
  });

  it('stays linked when the answer names the id', () => {
    const d = detectJobs(
      predictions({ type: 'object', properties: { id: { type: 'string' }, status: { type: 'string', enum: LIFECYCLE }, urls } }),
    );
    expect(summarize(d)).toMatchObject([{ cancel: 'cancel' }]);
    expect(d.diagnostics).toEqual([]);
  });
});
