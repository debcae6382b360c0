/** One row per trap: async-looking contracts that must NOT become job families (and where they go instead). */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema, model, op, ref } from './factories.js';
import { hintIds, summarize } from './summarize.js';

type Row = [label: string, build: () => ApiModel, hints: string[]];

const PAYMENT_INTENT = jobSchema([
  'canceled',
  'processing',
  'requires_action',
  'requires_capture',
  'requires_confirmation',
  'requires_payment_method',
  'succeeded',
]);

const rows: Row[] = [
  [
    'fire-and-forget 202 with nothing to poll',
    () =>
      model([
        op('PUT', '/notifications', {
          operationId: 'markRead',
          responses: [{ status: '202', schema: { type: 'object', properties: { message: { type: 'string' } } } }],
        }),
      ]),
    ['markRead'],
  ],
  [
    'business cancel on a payment with a status enum (Stripe payment_intents/{id}/cancel)',
    () =>
      model(
        [
          op('POST', '/v1/payment_intents', { operationId: 'create', responses: [{ status: '200', schema: ref('PI') }] }),
          op('GET', '/v1/payment_intents/{intent}', { operationId: 'get', responses: [{ status: '200', schema: ref('PI') }] }),
          op('POST', '/v1/payment_intents/{intent}/cancel', { operationId: 'cancel', responses: [{ status: '200', schema: ref('PI') }] }),
        ],
        { PI: PAYMENT_INTENT },
      ),
    ['cancel'],
  ],
  [
    'pending/succeeded/failed without anything else is a payment, not a job (Stripe charges)',
    () =>
      model(
        [
          op('POST', '/v1/charges', { operationId: 'create', responses: [{ status: '200', schema: ref('Charge') }] }),
          op('GET', '/v1/charges/{charge}', { operationId: 'get', responses: [{ status: '200', schema: ref('Charge') }] }),
        ],
        { Charge: jobSchema(['failed', 'pending', 'succeeded']) },
      ),
    [],
  ],
  [
    '"canceled" and "retry" inside path names are not signals',
    () =>
      model(
        [
          op('POST', '/orders/canceled_orders', { operationId: 'listCanceled', responses: [{ status: '200', schema: ref('Order') }] }),
          op('GET', '/orders/canceled_orders/{id}', { operationId: 'getCanceled', responses: [{ status: '200', schema: ref('Order') }] }),
          op('POST', '/jobs/{id}/retry_policy', { operationId: 'retryPolicy', responses: [{ status: '200', schema: ref('Order') }] }),
        ],
        { Order: jobSchema(['open', 'closed']) },
      ),
    [],
  ],
  [
    'a DELETE answering the resource is not a cancel without evidence',
    () =>
      model(
        [
          op('POST', '/files', { operationId: 'create', responses: [{ status: '200', schema: ref('F') }] }),
          op('GET', '/files/{id}', { operationId: 'get', responses: [{ status: '200', schema: ref('F') }] }),
          op('DELETE', '/files/{id}', {
            operationId: 'remove',
            summary: 'Delete a file',
            responses: [{ status: '200', schema: ref('F') }],
          }),
        ],
        { F: jobSchema(['uploaded', 'processed', 'error']) },
      ),
    [],
  ],
  [
    'DELETE answering 202 (Replicate models.versions.delete)',
    () => model([op('DELETE', '/models/{o}/{m}/versions/{v}', { operationId: 'deleteVersion', responses: [{ status: '202' }] })]),
    ['deleteVersion'],
  ],
  [
    'callbacks with no poll endpoint (Deepgram)',
    () =>
      model([
        op('POST', '/v1/listen', {
          operationId: 'listen',
          params: [{ name: 'callback', in: 'query', description: "URL to which we'll make the callback request" }],
          responses: [{ status: '200', schema: { type: 'object', properties: { request_id: { type: 'string' } } } }],
        }),
      ]),
    ['listen'],
  ],
  [
    'a JSONP `callback` parameter is not a webhook (Google discovery specs)',
    () =>
      model([
        op('POST', '/v1/text:synthesize', {
          operationId: 'synthesize',
          params: [{ name: 'callback', in: 'query', description: 'JSONP' }],
          responses: [{ status: '200', schema: { type: 'object' } }],
        }),
      ]),
    [],
  ],
  [
    '200-or-202 whose status resource is not a job lifecycle (Adyen transfers)',
    () =>
      model(
        [
          op('POST', '/transfers', {
            operationId: 'transfer',
            responses: [
              { status: '200', schema: ref('T') },
              { status: '202', schema: ref('T') },
            ],
          }),
          op('GET', '/transfers/{id}', { operationId: 'get', responses: [{ status: '200', schema: ref('T') }] }),
        ],
        { T: jobSchema(['authorised', 'booked', 'refused', 'pendingApproval', 'returned', 'chargeback', 'atmWithdrawal']) },
      ),
    ['transfer'],
  ],
  [
    '`urls.get` on a file (no status) is a download link, not a poll URL',
    () =>
      model(
        [
          op('POST', '/files', { operationId: 'upload', responses: [{ status: '201', schema: ref('File') }] }),
          op('GET', '/files/{file_id}', { operationId: 'get', responses: [{ status: '200', schema: ref('File') }] }),
        ],
        {
          File: {
            type: 'object',
            properties: { id: { type: 'string' }, urls: { type: 'object', properties: { get: { type: 'string' } } } },
          },
        },
      ),
    [],
  ],
  [
    'a client that posts the status itself records state, it does not start work (deployment statuses)',
    () =>
      model(
        [
          op('POST', '/deployments/{id}/statuses', {
            operationId: 'createStatus',
            body: { type: 'object', properties: { state: { type: 'string' } } },
            responses: [{ status: '201', schema: ref('S') }],
          }),
          op('GET', '/deployments/{id}/statuses/{status_id}', {
            operationId: 'getStatus',
            responses: [{ status: '200', schema: ref('S') }],
          }),
        ],
        {
          S: {
            type: 'object',
            properties: { state: { type: 'string', enum: ['error', 'failure', 'pending', 'success', 'queued', 'in_progress'] } },
          },
        },
      ),
    [],
  ],
  [
    'a list at the same path as a 202 POST is not the job (GitHub forks)',
    () =>
      model([
        op('POST', '/repos/{o}/{r}/forks', { operationId: 'fork', responses: [{ status: '202', schema: { type: 'object' } }] }),
        op('GET', '/repos/{o}/{r}/forks', {
          operationId: 'listForks',
          responses: [{ status: '200', schema: { type: 'array', items: jobSchema(['queued', 'running', 'completed', 'failed']) } }],
        }),
      ]),
    ['fork'],
  ],
  [
    'a cancel on an upload session without a job lifecycle (OpenAI cancelUpload)',
    () =>
      model(
        [
          op('POST', '/uploads', { operationId: 'createUpload', responses: [{ status: '200', schema: ref('Upload') }] }),
          op('POST', '/uploads/{upload_id}/cancel', { operationId: 'cancelUpload', responses: [{ status: '200', schema: ref('Upload') }] }),
        ],
        { Upload: jobSchema(['pending', 'completed', 'cancelled', 'expired']) },
      ),
    ['cancelUpload'],
  ],
  [
    'a phone call has a full lifecycle but nothing else of a job (Twilio calls)',
    () =>
      model(
        [
          op('POST', '/Accounts/{AccountSid}/Calls.json', {
            operationId: 'createCall',
            responses: [{ status: '201', schema: ref('Call') }],
          }),
          op('GET', '/Accounts/{AccountSid}/Calls/{Sid}.json', {
            operationId: 'fetchCall',
            responses: [{ status: '200', schema: ref('Call') }],
          }),
        ],
        { Call: jobSchema(['queued', 'ringing', 'in-progress', 'canceled', 'completed', 'failed', 'busy', 'no-answer']) },
      ),
    [],
  ],
];

describe('detectJobs: traps', () => {
  it.each(rows)('%s', (_label, build, hints) => {
    const d = detectJobs(build());
    expect(summarize(d)).toEqual([]);
    expect(hintIds(d)).toEqual(hints);
    for (const h of d.hints) expect(h.reason.length).toBeGreaterThan(10);
  });
});
