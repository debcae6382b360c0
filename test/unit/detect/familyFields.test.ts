/** Every JobFamily field that the emitter and the runtime read, filled from the contract. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import type { JobFamily } from '../../../src/model/jobs.js';
import { jobSchema, model, OPENAI_BATCH_STATES, op, ref } from './factories.js';

function only(families: JobFamily[]): JobFamily {
  expect(families).toHaveLength(1);
  return families[0]!;
}

describe('detectJobs: family fields', () => {
  it('nested run: carry, id source, states, error field, status schema', () => {
    const f = only(
      detectJobs(
        model(
          [
            op('POST', '/threads/{thread_id}/runs', { operationId: 'createRun', responses: [{ status: '200', schema: ref('RunObject') }] }),
            op('GET', '/threads/{thread_id}/runs/{run_id}', {
              operationId: 'getRun',
              responses: [{ status: '200', schema: ref('RunObject') }],
            }),
            op('POST', '/threads/{thread_id}/runs/{run_id}/cancel', {
              operationId: 'cancelRun',
              responses: [{ status: '200', schema: ref('RunObject') }],
            }),
          ],
          {
            RunObject: jobSchema(
              ['queued', 'in_progress', 'requires_action', 'cancelling', 'cancelled', 'failed', 'completed', 'incomplete', 'expired'],
              { last_error: { type: 'object' } },
            ),
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
    expect(f.statusSchema).toEqual(ref('RunObject'));
    expect(f.evidence.join('\n')).toMatch(/cancel/);
  });

  it('Azure LRO: monitor header sources, Retry-After, repeatability idempotency, Azure default states', () => {
    const f = only(
      detectJobs(
        model(
          [
            op('POST', '/backup', {
              operationId: 'backup',
              params: [
                { name: 'Repeatability-Request-ID', in: 'header' },
                { name: 'Repeatability-First-Sent', in: 'header' },
              ],
              responses: [{ status: '202', schema: ref('Op'), headers: ['Retry-After', 'Azure-AsyncOperation'] }],
              extensions: {
                'x-ms-long-running-operation': true,
                'x-ms-long-running-operation-options': { 'final-state-via': 'azure-async-operation' },
              },
            }),
          ],
          { Op: jobSchema(null, { error: { type: 'object' } }) },
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
        model([
          op('PUT', '/vms/{vmName}', {
            operationId: 'createVm',
            responses: [
              { status: '201', schema: { type: 'object', properties: { id: { type: 'string' } } }, headers: ['Azure-AsyncOperation'] },
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
    ['Idempotency-Key header', { params: [{ name: 'Idempotency-Key', in: 'header' as const }] }, { in: 'header', name: 'Idempotency-Key' }],
    [
      'idempotency_key body field',
      { body: { type: 'object', properties: { idempotency_key: { type: 'string' } } } },
      { in: 'body', name: 'idempotency_key' },
    ],
    ['no idempotency', {}, null],
  ])('idempotency: %s', (_label, extra, expected) => {
    const f = only(
      detectJobs(
        model(
          [
            op('POST', '/batches', { operationId: 'create', responses: [{ status: '200', schema: ref('Batch') }], ...extra }),
            op('GET', '/batches/{batch_id}', { operationId: 'get', responses: [{ status: '200', schema: ref('Batch') }] }),
            op('POST', '/batches/{batch_id}/cancel', { operationId: 'cancel', responses: [{ status: '200', schema: ref('Batch') }] }),
          ],
          { Batch: jobSchema(OPENAI_BATCH_STATES) },
        ),
      ).families,
    );
    expect(f.start[0]!.idempotency).toEqual(expected);
  });

  it('Replicate-like: cancel URL field, progress with its scale, result sub-resource with its schema', () => {
    const f = only(
      detectJobs(
        model(
          [
            op('POST', '/videos', { operationId: 'createVideo', responses: [{ status: '202', schema: ref('Video') }] }),
            op('GET', '/videos/{video_id}', { operationId: 'getVideo', responses: [{ status: '200', schema: ref('Video') }] }),
            op('GET', '/videos/{video_id}/content', {
              operationId: 'content',
              responses: [{ status: '200', schema: { type: 'string', format: 'binary' } }],
            }),
          ],
          {
            Video: jobSchema(['queued', 'in_progress', 'completed', 'failed'], {
              progress: { type: 'integer', description: 'Approximate completion percentage' },
              urls: { type: 'object', properties: { get: { type: 'string' }, cancel: { type: 'string' } } },
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
        model(
          [
            op('POST', '/v1/{parent}:run', { operationId: 'run', responses: [{ status: '200', schema: ref('Operation') }] }),
            op('GET', '/v1/{name}', { operationId: 'get', responses: [{ status: '200', schema: ref('Operation') }] }),
          ],
          {
            Operation: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                done: { type: 'boolean' },
                error: ref('Status'),
                response: { type: 'object', additionalProperties: true },
              },
            },
            Status: { type: 'object' },
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
        model(
          [
            op('PUT', '/jobs/{name}', {
              operationId: 'create',
              responses: [{ status: '201', schema: ref('Job'), headers: ['Operation-Location'] }],
              extensions: { 'x-ms-long-running-operation': true },
            }),
            op('GET', '/jobs/{name}', { operationId: 'get', responses: [{ status: '200', schema: ref('Job') }] }),
          ],
          { Job: jobSchema(['Running', 'Succeeded', 'Failed']) },
        ),
      ).families,
    );
    expect(f.start[0]!.idFrom).toBeNull();
    expect(f.poll).toMatchObject({ idParam: 'name', carry: [{ param: 'name', from: 'arg:name' }] });
  });

  it('an operation plays one role: an async cancel is the cancel of its job, not the start of another family', () => {
    const d = detectJobs(
      model([
        op('POST', '/jobs', { operationId: 'start', responses: [{ status: '202', headers: ['Operation-Location'] }] }),
        op('GET', '/jobs/{id}', {
          operationId: 'get',
          responses: [{ status: '200', schema: jobSchema(['running', 'succeeded', 'failed', 'cancelled']) }],
        }),
        op('POST', '/jobs/{id}/cancel', { operationId: 'cancel', responses: [{ status: '202', headers: ['Operation-Location'] }] }),
        op('GET', '/jobs/{id}/cancel/{opId}', {
          operationId: 'cancelStatus',
          responses: [{ status: '200', schema: jobSchema(['running', 'succeeded', 'failed']) }],
        }),
      ]),
    );
    expect(d.families.map((f) => [f.start.map((s) => s.op.operationId), 'op' in f.cancel! ? f.cancel.op.operationId : null])).toEqual([
      [['start'], 'cancel'],
    ]);
  });

  it('names stay unique and stable: two resources with the same noun', () => {
    const build = () =>
      model([
        op('POST', '/a/jobs', { operationId: 'a', responses: [{ status: '202', headers: ['Operation-Location'] }] }),
        op('GET', '/a/jobs/{id}', {
          operationId: 'ga',
          responses: [{ status: '200', schema: jobSchema(['running', 'succeeded', 'failed']) }],
        }),
        op('POST', '/b/jobs', { operationId: 'b', responses: [{ status: '202', headers: ['Operation-Location'] }] }),
        op('GET', '/b/jobs/{id}', {
          operationId: 'gb',
          responses: [{ status: '200', schema: jobSchema(['running', 'succeeded', 'failed']) }],
        }),
      ]);
    const names = detectJobs(build()).families.map((f) => f.name);
    expect(names).toEqual(['job', 'job_2']);
    expect(detectJobs(build()).families.map((f) => f.name)).toEqual(names);
  });
});
