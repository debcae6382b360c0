/** Every JobFamily field that the emitter and the runtime read, filled from the contract. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createRequestBody,
  createResponse,
  createResponseHeader,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JobFamily } from '../../../src/model/jobs.js';
import { jobSchema, OPENAI_BATCH_STATES } from './statusSchemas.js';

function only(families: JobFamily[]): JobFamily {
  expect(families).toHaveLength(1);
  return families[0]!;
}

describe('detectJobs: family fields', () => {
  it('nested run: carry, id source, states, error field, status schema', () => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('POST', '/threads/{thread_id}/runs', {
              operationId: 'createRun',
              responses: [createResponse('200', { schema: createSchemaRef('RunObject') })],
            }),
            createOperation('GET', '/threads/{thread_id}/runs/{run_id}', {
              operationId: 'getRun',
              responses: [createResponse('200', { schema: createSchemaRef('RunObject') })],
            }),
            createOperation('POST', '/threads/{thread_id}/runs/{run_id}/cancel', {
              operationId: 'cancelRun',
              responses: [createResponse('200', { schema: createSchemaRef('RunObject') })],
            }),
          ],
          {
            schemas: componentSchemas({
              RunObject: jobSchema(
                ['queued', 'in_progress', 'requires_action', 'cancelling', 'cancelled', 'failed', 'completed', 'incomplete', 'expired'],
                { last_error: { type: 'object' } },
              ),
            }),
          },
        ),
      ).families,
    );
    expect(f.name).toBe('run');
    expect(f.start[0]!.idFrom).toBe('body:id');
    expect(f.poll).toMatchObject({ idParam: 'run_id', carry: [{ param: 'thread_id', from: 'arg:thread_id' }] });
    expect(f.cancel).toMatchObject({
      op: { operationId: 'cancelRun' },
      idParam: 'run_id',
      carry: [{ param: 'thread_id', from: 'arg:thread_id' }],
    });
    expect(f.states).toEqual({
      queued: 'queued',
      in_progress: 'running',
      requires_action: 'running',
      cancelling: 'running',
      cancelled: 'cancelled',
      failed: 'failed',
      completed: 'succeeded',
      incomplete: 'failed',
      expired: 'failed',
    });
    expect(f.statusField).toBe('status');
    expect(f.errorField).toBe('last_error');
    expect(f.statusSchema).toEqual(createSchemaRef('RunObject'));
    expect(f.evidence.join('\n')).toMatch(/cancel/);
  });

  it('Azure LRO: monitor header sources, Retry-After, repeatability idempotency, Azure default states', () => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('POST', '/backup', {
              operationId: 'backup',
              parameters: [createParameter('Repeatability-Request-ID', 'header'), createParameter('Repeatability-First-Sent', 'header')],
              responses: [
                createResponse('202', {
                  schema: createSchemaRef('Op'),
                  headers: [createResponseHeader('Retry-After'), createResponseHeader('Azure-AsyncOperation')],
                }),
              ],
              extensions: {
                'x-ms-long-running-operation': true,
                'x-ms-long-running-operation-options': { 'final-state-via': 'azure-async-operation' },
              },
            }),
          ],
          { schemas: componentSchemas({ Op: jobSchema(null, { error: { type: 'object' } }) }) },
        ),
      ).families,
    );
    const s = f.start[0]!;
    expect(s.pollUrlFrom).toEqual(['header:Azure-AsyncOperation']);
    expect(s.finalStateVia).toBe('azure-async-operation');
    expect(s.idempotency).toEqual({ in: 'header', name: 'Repeatability-Request-ID', firstSentHeader: 'Repeatability-First-Sent' });
    expect(f.retryAfter).toBe(true);
    expect(f.poll).toEqual({ via: 'header:Azure-AsyncOperation' });
    expect(f.states).toMatchObject({ Succeeded: 'succeeded', Failed: 'failed', Canceled: 'cancelled', Running: 'running' });
  });

  it('Azure monitor polled by URL: status/error fields and states from the Azure REST guidelines', () => {
    const f = only(
      detectJobs(
        createModel([
          createOperation('PUT', '/vms/{vmName}', {
            operationId: 'createVm',
            responses: [
              createResponse('201', {
                schema: { type: 'object', properties: { id: { type: 'string' } } },
                headers: [createResponseHeader('Azure-AsyncOperation')],
              }),
            ],
            extensions: { 'x-ms-long-running-operation': true },
          }),
        ]),
      ).families,
    );
    expect(f).toMatchObject({ statusField: 'status', errorField: 'error', poll: { via: 'header:Azure-AsyncOperation' } });
    expect(f.states).toEqual({ NotStarted: 'queued', Running: 'running', Succeeded: 'succeeded', Failed: 'failed', Canceled: 'cancelled' });
  });

  it.each([
    ['Idempotency-Key header', { parameters: [createParameter('Idempotency-Key', 'header')] }, { in: 'header', name: 'Idempotency-Key' }],
    [
      'idempotency_key body field',
      { requestBody: createRequestBody({ type: 'object', properties: { idempotency_key: { type: 'string' } } }) },
      { in: 'body', name: 'idempotency_key' },
    ],
    ['no idempotency', {}, null],
  ])('idempotency: %s', (_label, extra, expected) => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('POST', '/batches', {
              operationId: 'create',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
              ...extra,
            }),
            createOperation('GET', '/batches/{batch_id}', {
              operationId: 'get',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
            }),
            createOperation('POST', '/batches/{batch_id}/cancel', {
              operationId: 'cancel',
              responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
            }),
          ],
          { schemas: componentSchemas({ Batch: jobSchema(OPENAI_BATCH_STATES) }) },
        ),
      ).families,
    );
    expect(f.start[0]!.idempotency).toEqual(expected);
  });

  it('Replicate-like: cancel URL field, progress with its scale, result sub-resource with its schema', () => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('POST', '/videos', {
              operationId: 'createVideo',
              responses: [createResponse('202', { schema: createSchemaRef('Video') })],
            }),
            createOperation('GET', '/videos/{video_id}', {
              operationId: 'getVideo',
              responses: [createResponse('200', { schema: createSchemaRef('Video') })],
            }),
            createOperation('GET', '/videos/{video_id}/content', {
              operationId: 'content',
              responses: [createResponse('200', { schema: { type: 'string', format: 'binary' } })],
            }),
          ],
          {
            schemas: componentSchemas({
              Video: jobSchema(['queued', 'in_progress', 'completed', 'failed'], {
                progress: { type: 'integer', description: 'Approximate completion percentage' },
                urls: { type: 'object', properties: { get: { type: 'string' }, cancel: { type: 'string' } } },
              }),
            }),
          },
        ),
      ).families,
    );
    expect(f.progress).toEqual({ field: 'progress', scale: 100 });
    expect(f.start[0]!.cancelUrlFrom).toBe('body:urls.cancel');
    expect(f.cancel).toEqual({ via: 'body:urls.cancel' });
    expect(f.result).toMatchObject({ op: { operationId: 'content' }, idParam: 'video_id' });
    expect(f.resultSchema).toEqual({ type: 'string', format: 'binary' });
  });

  it('Google Operation: done/error/response fields, result schema from `response`', () => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('POST', '/v1/{parent}:run', {
              operationId: 'run',
              responses: [createResponse('200', { schema: createSchemaRef('Operation') })],
            }),
            createOperation('GET', '/v1/{name}', {
              operationId: 'get',
              responses: [createResponse('200', { schema: createSchemaRef('Operation') })],
            }),
          ],
          {
            schemas: componentSchemas({
              Operation: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  done: { type: 'boolean' },
                  error: createSchemaRef('Status'),
                  response: { type: 'object', additionalProperties: true },
                },
              },
              Status: { type: 'object' },
            }),
          },
        ),
      ).families,
    );
    expect(f).toMatchObject({ statusField: null, doneField: 'done', errorField: 'error', resultField: 'response', states: {} });
    expect(f.start[0]!.idFrom).toBe('body:name');
    expect(f.poll).toMatchObject({ idParam: 'name', carry: [] });
    expect(f.resultSchema).toEqual({ type: 'object', additionalProperties: true });
  });

  it("PUT on the item: the job id is the caller's own path argument", () => {
    const f = only(
      detectJobs(
        createModel(
          [
            createOperation('PUT', '/jobs/{name}', {
              operationId: 'create',
              responses: [createResponse('201', { schema: createSchemaRef('Job'), headers: [createResponseHeader('Operation-Location')] })],
              extensions: { 'x-ms-long-running-operation': true },
            }),
            createOperation('GET', '/jobs/{name}', {
              operationId: 'get',
              responses: [createResponse('200', { schema: createSchemaRef('Job') })],
            }),
          ],
          { schemas: componentSchemas({ Job: jobSchema(['Running', 'Succeeded', 'Failed']) }) },
        ),
      ).families,
    );
    expect(f.start[0]!.idFrom).toBeNull();
    expect(f.poll).toMatchObject({ idParam: 'name', carry: [{ param: 'name', from: 'arg:name' }] });
  });

  it('an operation plays one role: an async cancel is the cancel of its job, not the start of another family', () => {
    const d = detectJobs(
      createModel([
        createOperation('POST', '/jobs', {
          operationId: 'start',
          responses: [createResponse('202', { headers: [createResponseHeader('Operation-Location')] })],
        }),
        createOperation('GET', '/jobs/{id}', {
          operationId: 'get',
          responses: [createResponse('200', { schema: jobSchema(['running', 'succeeded', 'failed', 'cancelled']) })],
        }),
        createOperation('POST', '/jobs/{id}/cancel', {
          operationId: 'cancel',
          responses: [createResponse('202', { headers: [createResponseHeader('Operation-Location')] })],
        }),
        createOperation('GET', '/jobs/{id}/cancel/{opId}', {
          operationId: 'cancelStatus',
          responses: [createResponse('200', { schema: jobSchema(['running', 'succeeded', 'failed']) })],
        }),
      ]),
    );
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), 'op' in f.cancel! ? f.cancel.op.operationId : null])).toEqual([
      [['start'], 'cancel'],
    ]);
  });

  it('names stay unique and stable: two resources with the same noun', () => {
    const build = () =>
      createModel([
        createOperation('POST', '/a/jobs', {
          operationId: 'a',
          responses: [createResponse('202', { headers: [createResponseHeader('Operation-Location')] })],
        }),
        createOperation('GET', '/a/jobs/{id}', {
          operationId: 'ga',
          responses: [createResponse('200', { schema: jobSchema(['running', 'succeeded', 'failed']) })],
        }),
        createOperation('POST', '/b/jobs', {
          operationId: 'b',
          responses: [createResponse('202', { headers: [createResponseHeader('Operation-Location')] })],
        }),
        createOperation('GET', '/b/jobs/{id}', {
          operationId: 'gb',
          responses: [createResponse('200', { schema: jobSchema(['running', 'succeeded', 'failed']) })],
        }),
      ]);
    const names = detectJobs(build()).families.map((f) => f.name);
    expect(names).toEqual(['job', 'job_2']);
    expect(detectJobs(build()).families.map((f) => f.name)).toEqual(names);
  });
});
