/** One row per trap: async-looking contracts that must NOT become job families (and where they go instead). */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createRequestBody,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';
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
      createModel([
        createOperation('PUT', '/notifications', {
          operationId: 'markRead',
          responses: [createResponse('202', { schema: { type: 'object', properties: { message: { type: 'string' } } } })],
        }),
      ]),
    ['markRead'],
  ],
  [
    'business cancel on a payment with a status enum (Stripe payment_intents/{id}/cancel)',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/payment_intents', {
            operationId: 'create',
            responses: [createResponse('200', { schema: createSchemaRef('PI') })],
          }),
          createOperation('GET', '/v1/payment_intents/{intent}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('PI') })],
          }),
          createOperation('POST', '/v1/payment_intents/{intent}/cancel', {
            operationId: 'cancel',
            responses: [createResponse('200', { schema: createSchemaRef('PI') })],
          }),
        ],
        { schemas: componentSchemas({ PI: PAYMENT_INTENT }) },
      ),
    ['cancel'],
  ],
  [
    'pending/succeeded/failed without anything else is a payment, not a job (Stripe charges)',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/charges', {
            operationId: 'create',
            responses: [createResponse('200', { schema: createSchemaRef('Charge') })],
          }),
          createOperation('GET', '/v1/charges/{charge}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Charge') })],
          }),
        ],
        { schemas: componentSchemas({ Charge: jobSchema(['failed', 'pending', 'succeeded']) }) },
      ),
    [],
  ],
  [
    '"canceled" and "retry" inside path names are not signals',
    () =>
      createModel(
        [
          createOperation('POST', '/orders/canceled_orders', {
            operationId: 'listCanceled',
            responses: [createResponse('200', { schema: createSchemaRef('Order') })],
          }),
          createOperation('GET', '/orders/canceled_orders/{id}', {
            operationId: 'getCanceled',
            responses: [createResponse('200', { schema: createSchemaRef('Order') })],
          }),
          createOperation('POST', '/jobs/{id}/retry_policy', {
            operationId: 'retryPolicy',
            responses: [createResponse('200', { schema: createSchemaRef('Order') })],
          }),
        ],
        { schemas: componentSchemas({ Order: jobSchema(['open', 'closed']) }) },
      ),
    [],
  ],
  [
    'a DELETE answering the resource is not a cancel without evidence',
    () =>
      createModel(
        [
          createOperation('POST', '/files', {
            operationId: 'create',
            responses: [createResponse('200', { schema: createSchemaRef('F') })],
          }),
          createOperation('GET', '/files/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('F') })],
          }),
          createOperation('DELETE', '/files/{id}', {
            operationId: 'remove',
            summary: 'Delete a file',
            responses: [createResponse('200', { schema: createSchemaRef('F') })],
          }),
        ],
        { schemas: componentSchemas({ F: jobSchema(['uploaded', 'processed', 'error']) }) },
      ),
    [],
  ],
  [
    'DELETE answering 202 (Replicate models.versions.delete)',
    () =>
      createModel([
        createOperation('DELETE', '/models/{o}/{m}/versions/{v}', { operationId: 'deleteVersion', responses: [createResponse('202')] }),
      ]),
    ['deleteVersion'],
  ],
  [
    'callbacks with no poll endpoint (Deepgram)',
    () =>
      createModel([
        createOperation('POST', '/v1/listen', {
          operationId: 'listen',
          parameters: [createParameter('callback', 'query', { description: "URL to which we'll make the callback request" })],
          responses: [createResponse('200', { schema: { type: 'object', properties: { request_id: { type: 'string' } } } })],
        }),
      ]),
    ['listen'],
  ],
  [
    'a callback parameter whose nullable, referenced schema says `format: uri` takes a URL (no prose needed)',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/listen', {
            operationId: 'listen',
            parameters: [createParameter('callback', 'query', { schema: createSchemaRef('CallbackUrl') })],
            responses: [createResponse('200', { schema: { type: 'object', properties: { request_id: { type: 'string' } } } })],
          }),
        ],
        { schemas: componentSchemas({ CallbackUrl: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] } }) },
      ),
    ['listen'],
  ],
  [
    'a JSONP `callback` parameter is not a webhook (Google discovery specs)',
    () =>
      createModel([
        createOperation('POST', '/v1/text:synthesize', {
          operationId: 'synthesize',
          parameters: [createParameter('callback', 'query', { description: 'JSONP' })],
          responses: [createResponse('200', { schema: { type: 'object' } })],
        }),
      ]),
    [],
  ],
  [
    '200-or-202 whose status resource is not a job lifecycle (Adyen transfers)',
    () =>
      createModel(
        [
          createOperation('POST', '/transfers', {
            operationId: 'transfer',
            responses: [createResponse('200', { schema: createSchemaRef('T') }), createResponse('202', { schema: createSchemaRef('T') })],
          }),
          createOperation('GET', '/transfers/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('T') })],
          }),
        ],
        {
          schemas: componentSchemas({
            T: jobSchema(['authorised', 'booked', 'refused', 'pendingApproval', 'returned', 'chargeback', 'atmWithdrawal']),
          }),
        },
      ),
    ['transfer'],
  ],
  [
    '`urls.get` on a file (no status) is a download link, not a poll URL',
    () =>
      createModel(
        [
          createOperation('POST', '/files', {
            operationId: 'upload',
            responses: [createResponse('201', { schema: createSchemaRef('File') })],
          }),
          createOperation('GET', '/files/{file_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('File') })],
          }),
        ],
        {
          schemas: componentSchemas({
            File: {
              type: 'object',
              properties: { id: { type: 'string' }, urls: { type: 'object', properties: { get: { type: 'string' } } } },
            },
          }),
        },
      ),
    [],
  ],
  [
    'a client that posts the status itself records state, it does not start work (deployment statuses)',
    () =>
      createModel(
        [
          createOperation('POST', '/deployments/{id}/statuses', {
            operationId: 'createStatus',
            requestBody: createRequestBody({ type: 'object', properties: { state: { type: 'string' } } }),
            responses: [createResponse('201', { schema: createSchemaRef('S') })],
          }),
          createOperation('GET', '/deployments/{id}/statuses/{status_id}', {
            operationId: 'getStatus',
            responses: [createResponse('200', { schema: createSchemaRef('S') })],
          }),
        ],
        {
          schemas: componentSchemas({
            S: {
              type: 'object',
              properties: { state: { type: 'string', enum: ['error', 'failure', 'pending', 'success', 'queued', 'in_progress'] } },
            },
          }),
        },
      ),
    [],
  ],
  [
    'a list at the same path as a 202 POST is not the job (GitHub forks)',
    () =>
      createModel([
        createOperation('POST', '/repos/{o}/{r}/forks', {
          operationId: 'fork',
          responses: [createResponse('202', { schema: { type: 'object' } })],
        }),
        createOperation('GET', '/repos/{o}/{r}/forks', {
          operationId: 'listForks',
          responses: [createResponse('200', { schema: { type: 'array', items: jobSchema(['queued', 'running', 'completed', 'failed']) } })],
        }),
      ]),
    ['fork'],
  ],
  [
    'a cancel on an upload session without a job lifecycle (OpenAI cancelUpload)',
    () =>
      createModel(
        [
          createOperation('POST', '/uploads', {
            operationId: 'createUpload',
            responses: [createResponse('200', { schema: createSchemaRef('Upload') })],
          }),
          createOperation('POST', '/uploads/{upload_id}/cancel', {
            operationId: 'cancelUpload',
            responses: [createResponse('200', { schema: createSchemaRef('Upload') })],
          }),
        ],
        { schemas: componentSchemas({ Upload: jobSchema(['pending', 'completed', 'cancelled', 'expired']) }) },
      ),
    ['cancelUpload'],
  ],
  [
    'a phone call has a full lifecycle but nothing else of a job (Twilio calls)',
    () =>
      createModel(
        [
          createOperation('POST', '/Accounts/{AccountSid}/Calls.json', {
            operationId: 'createCall',
            responses: [createResponse('201', { schema: createSchemaRef('Call') })],
          }),
          createOperation('GET', '/Accounts/{AccountSid}/Calls/{Sid}.json', {
            operationId: 'fetchCall',
            responses: [createResponse('200', { schema: createSchemaRef('Call') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Call: jobSchema(['queued', 'ringing', 'in-progress', 'canceled', 'completed', 'failed', 'busy', 'no-answer']),
          }),
        },
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
