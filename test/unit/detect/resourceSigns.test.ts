/**
 * Signs that a created item is a job, beside its lifecycle (assessJobResource.ts, evaluateStart.ts): a status
 * sub-resource made to be polled (statusSubresource.ts), a status callback URL the start takes
 * (statusCallback.ts), and a full lifecycle quoted in the status field's description. Each is one sign, never enough alone: rows over factory-built IR, near misses beside them.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[], extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'string',
  ...(values ? { enum: values } : {}),
  ...extra,
});
const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
const path = (...names: string[]) => names.map((n) => createParameter(n, 'path', { required: true }));
const uri = str(undefined, { format: 'uri', description: 'The URL we call on every status change.' });

/** A build under a service: `building → completed | failed` (a job lifecycle with no queued state), with `extra` reads. */
function buildUnderService(extra: Operation[]): Operation[] {
  const build = obj({ sid: str(), service_sid: str(), status: str(['building', 'completed', 'failed']) });
  return [
    createOperation('POST', '/v1/Services/{ServiceSid}/Builds', {
      operationId: 'CreateBuild',
      parameters: path('ServiceSid'),
      requestBody: createRequestBody(obj({ Runtime: str() }), { mediaType: 'application/x-www-form-urlencoded' }),
      responses: [createResponse('201', { schema: build })],
    }),
    createOperation('GET', '/v1/Services/{ServiceSid}/Builds/{Sid}', {
      operationId: 'FetchBuild',
      parameters: path('ServiceSid', 'Sid'),
      responses: [createResponse('200', { schema: build })],
    }),
    ...extra,
  ];
}
const buildStatus = (answer: JsonSchema) =>
  createOperation('GET', '/v1/Services/{ServiceSid}/Builds/{Sid}/Status', {
    operationId: 'FetchBuildStatus',
    parameters: path('ServiceSid', 'Sid'),
    responses: [createResponse('200', { schema: answer })],
  });

/** A composition of a recorded room: `enqueued → processing → completed | failed`, the start taking `fields`. */
function composition(
  fields: Record<string, JsonSchema>,
  statuses = ['enqueued', 'processing', 'completed', 'deleted', 'failed'],
): Operation[] {
  const item = obj({ sid: str(), room_sid: str(), status: str(statuses) });
  return [
    createOperation('POST', '/v1/Compositions', {
      operationId: 'CreateComposition',
      requestBody: createRequestBody(obj({ RoomSid: str(), ...fields }, ['RoomSid']), { mediaType: 'application/x-www-form-urlencoded' }),
      responses: [createResponse('201', { schema: item })],
    }),
    createOperation('GET', '/v1/Compositions/{Sid}', {
      operationId: 'FetchComposition',
      parameters: path('Sid'),
      responses: [createResponse('200', { schema: item })],
    }),
  ];
}

/** A function execution whose status values only its description quotes (`Possible values: "waiting", …`). */
function execution(description: string): Operation[] {
  const item = obj({ $id: str(), functionId: str(), status: str(undefined, { description }) });
  return [
    createOperation('POST', '/functions/{functionId}/executions', {
      operationId: 'functionsCreateExecution',
      parameters: path('functionId'),
      requestBody: createRequestBody(obj({ data: str() })),
      responses: [createResponse('201', { schema: item })],
    }),
    createOperation('GET', '/functions/{functionId}/executions/{executionId}', {
      operationId: 'functionsGetExecution',
      parameters: path('functionId', 'executionId'),
      responses: [createResponse('200', { schema: item })],
    }),
  ];
}

const rows: Array<{ name: string; ops: Operation[]; family: { start: string; poll: string } | null }> = [
  {
    // The status read is then the family's poll (actionStatusRead.ts), as the otherVendors label has it.
    name: 'a build whose status has a read of its own (`{item}/Status`), which polls it',
    ops: buildUnderService([buildStatus(obj({ sid: str(), status: str(['building', 'completed', 'failed']) }))]),
    family: { start: 'CreateBuild', poll: 'FetchBuildStatus' },
  },
  {
    name: 'near miss: the same build without a status read (one sign short)',
    ops: buildUnderService([]),
    family: null,
  },
  {
    name: 'near miss: a `/Status` read that reports health, not a lifecycle',
    ops: buildUnderService([buildStatus(obj({ online: { type: 'boolean' }, checked_at: str() }))]),
    family: null,
  },
  {
    name: 'a composition whose start takes a status callback URL',
    ops: composition({ StatusCallback: uri, StatusCallbackMethod: str(['GET', 'POST']) }),
    family: { start: 'CreateComposition', poll: 'FetchComposition' },
  },
  {
    name: 'a `callback_url` query parameter counts as the body field does',
    ops: composition({}).map((op, i) =>
      i === 0 ? { ...op, parameters: [createParameter('callback_url', 'query', { schema: str() })] } : op,
    ),
    family: { start: 'CreateComposition', poll: 'FetchComposition' },
  },
  {
    name: 'near miss: the same composition without a callback (one sign short)',
    ops: composition({}),
    family: null,
  },
  {
    name: 'near miss: only the callback’s method, no URL',
    ops: composition({ StatusCallbackMethod: str(['GET', 'POST']) }),
    family: null,
  },
  {
    name: 'near miss: a callback field that takes no URL (a JSONP function name)',
    ops: composition({ callback: str(undefined, { description: 'Name of the function to wrap the answer in.' }) }),
    family: null,
  },
  {
    name: 'near miss: a callback beside a lifecycle with no value that ends well',
    ops: [
      ...composition({ StatusCallback: uri }, ['created', 'committed', 'aborted', 'processing', 'failed']),
      // A cancel on the item: the sign that brings the score one short.
      createOperation('POST', '/v1/Compositions/{Sid}/cancel', {
        operationId: 'CancelComposition',
        parameters: path('Sid'),
        responses: [createResponse('200', { schema: obj({ sid: str() }) })],
      }),
    ],
    family: null,
  },
  {
    name: 'a full job lifecycle quoted in the status description weighs as an enum does',
    ops: execution('Execution status. Possible values: "waiting", "processing", "completed" or "failed".'),
    family: { start: 'functionsCreateExecution', poll: 'functionsGetExecution' },
  },
  {
    name: 'near miss: a description quoting values with no strong success or failure',
    ops: execution('Execution status. Possible values: "waiting", "processing", "ready" or "expired".'),
    family: null,
  },
  {
    name: 'trap: a payment with a webhook URL and a payment’s statuses',
    ops: composition({ webhookUrl: uri }, ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
    family: null,
  },
];

describe('signs of a job resource beside its lifecycle', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const d = detectJobs(createModel(ops));
    if (family === null) {
      expect(d.families.filter((f) => f.start.some((s) => s.op.operationId === ops[0]!.operationId))).toEqual([]);
      return;
    }
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect({ start: f.start[0]!.op.operationId, poll: isOperationLink(f.poll) ? f.poll.op.operationId : null }).toEqual(family);
  });
});
