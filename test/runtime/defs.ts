/**
 * Hand-made ServerDefinitions (what mcp-jobgen would generate) for the fake upstream's lifecycles in
 * test/support/fake: widgets (plain tools), OpenAI-like batches, Replicate-like predictions, Azure
 * Operation-Location translation, Azure-AsyncOperation backup with cookies, Google operations.
 */
import { z } from 'zod';
import type { JobFamilySpec, OperationSpec, ServerDefinition, StartSpec, ValueSource } from '../../templates/runtime/definition.js';

export function op(spec: Pick<OperationSpec, 'tool' | 'method' | 'path'> & Partial<OperationSpec>): OperationSpec {
  return {
    operationId: spec.tool,
    role: 'tool',
    description: `${spec.method} ${spec.path}`,
    input: z.object({}),
    annotations: {},
    params: [],
    security: [],
    toolsets: [],
    ...spec,
  };
}

export function family(spec: Pick<JobFamilySpec, 'name' | 'starts' | 'poll'> & Partial<JobFamilySpec>): JobFamilySpec {
  return {
    title: spec.name,
    tools: { status: `${spec.name}_status`, cancel: null, result: null },
    confidence: 'high',
    cancel: null,
    result: null,
    statusField: 'status',
    doneField: null,
    errorField: null,
    resultField: null,
    progress: null,
    states: {},
    outcomeField: null,
    outcomes: {},
    retryAfter: false,
    expectedDurationMs: null,
    etaField: null,
    dedupeWindowMs: 600_000,
    allowedOrigins: [],
    listTool: null,
    ...spec,
  };
}

/**
 * An operation that takes one string path parameter, its argument of the same name (`GET /operations/{operation_id}`,
 * `POST /task/{taskId}/cancel`): the shape most linked reads and cancels have.
 */
export function pathIdOp(
  tool: string,
  method: OperationSpec['method'],
  path: string,
  param: string,
  role: OperationSpec['role'] = 'tool',
): OperationSpec {
  return op({
    tool,
    method,
    path,
    role,
    input: z.object({ [param]: z.string() }),
    params: [{ arg: param, name: param, in: 'path', required: true }],
  });
}

/** A start polled where its answer's header points (Operation-Location, Location), with no key and no cancel URL. */
export function urlStart(operation: string, header: ValueSource, idFrom: StartSpec['idFrom'] = null): StartSpec {
  return { operation, idFrom, pollUrlFrom: [header], cancelUrlFrom: null, preferAsync: false, idempotency: null };
}

export function definition(operations: OperationSpec[], families: JobFamilySpec[] = []): ServerDefinition {
  return {
    name: 'runtime-test',
    version: '0.0.0',
    title: 'Runtime test server',
    instructions: 'Test server.',
    baseUrl: null,
    securitySchemes: [],
    operations,
    families,
    listJobsTool: families.length ? 'list_jobs' : null,
    toolsets: [],
    toolMode: 'static',
  };
}

const widget = z.object({ id: z.number().int(), name: z.string(), size: z.number(), tags: z.array(z.string()) }).loose();

export const widgetOps: OperationSpec[] = [
  op({
    tool: 'list_widgets',
    method: 'GET',
    path: '/widgets',
    input: z.object({ limit: z.number().int().optional(), tag: z.string().optional() }),
    output: z.object({ items: z.array(widget), total: z.number().int() }).loose(),
    params: [
      { arg: 'limit', name: 'limit', in: 'query', required: false },
      { arg: 'tag', name: 'tag', in: 'query', required: false },
    ],
    annotations: { readOnlyHint: true },
  }),
  op({
    tool: 'create_widget',
    method: 'POST',
    path: '/widgets',
    input: z.object({ body: z.object({ name: z.string().optional(), size: z.number().optional(), tags: z.array(z.string()).optional() }) }),
    output: widget,
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'get_widget',
    method: 'GET',
    path: '/widgets/{widget_id}',
    input: z.object({ widget_id: z.string() }),
    output: widget,
    params: [{ arg: 'widget_id', name: 'widget_id', in: 'path', required: true }],
  }),
  op({
    tool: 'slow',
    method: 'GET',
    path: '/slow',
    input: z.object({ delay_ms: z.number().optional() }),
    params: [{ arg: 'delay_ms', name: 'delay_ms', in: 'query', required: false }],
  }),
];

const batchId = [{ arg: 'batch_id', name: 'batch_id', in: 'path' as const, required: true }];
export const batchOps: OperationSpec[] = [
  op({
    tool: 'create_batch',
    method: 'POST',
    path: '/batches',
    role: 'start',
    input: z.object({ body: z.object({ input_file_id: z.string(), endpoint: z.string(), completion_window: z.string() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'retrieve_batch',
    method: 'GET',
    path: '/batches/{batch_id}',
    role: 'internal',
    input: z.object({ batch_id: z.string() }),
    params: batchId,
  }),
  op({
    tool: 'cancel_batch',
    method: 'POST',
    path: '/batches/{batch_id}/cancel',
    role: 'internal',
    input: z.object({ batch_id: z.string() }),
    params: batchId,
  }),
];
export const batchFamily = family({
  name: 'batch',
  title: 'Batch',
  tools: { status: 'batch_status', cancel: 'batch_cancel', result: null },
  starts: [
    {
      operation: 'create_batch',
      idFrom: 'body:id',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: { in: 'header', name: 'Idempotency-Key' },
    },
  ],
  poll: { operation: 'retrieve_batch', idParam: 'batch_id', carry: [] },
  cancel: { operation: 'cancel_batch', idParam: 'batch_id', carry: [] },
  errorField: 'errors',
  states: {
    validating: 'queued',
    in_progress: 'running',
    finalizing: 'running',
    completed: 'succeeded',
    failed: 'failed',
    expired: 'failed',
    cancelling: 'running',
    cancelled: 'cancelled',
  },
});

export const predictionOps: OperationSpec[] = [
  op({
    tool: 'create_prediction',
    method: 'POST',
    path: '/predictions',
    role: 'start',
    input: z.object({ body: z.object({ version: z.string(), input: z.record(z.string(), z.unknown()) }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
];
export const predictionFamily = family({
  name: 'prediction',
  title: 'Prediction',
  tools: { status: 'prediction_status', cancel: 'prediction_cancel', result: null },
  starts: [
    {
      operation: 'create_prediction',
      idFrom: 'body:id',
      pollUrlFrom: ['body:urls.get'],
      cancelUrlFrom: 'body:urls.cancel',
      preferAsync: true,
      idempotency: null,
    },
  ],
  poll: { via: 'body:urls.get' },
  cancel: { via: 'body:urls.cancel' },
  errorField: 'error',
  resultField: 'output',
  states: { starting: 'queued', processing: 'running', succeeded: 'succeeded', failed: 'failed', canceled: 'cancelled' },
});

export const translationOps: OperationSpec[] = [
  op({
    tool: 'start_translation',
    method: 'POST',
    path: '/translator/batches',
    role: 'start',
    input: z.object({ body: z.object({ inputs: z.array(z.unknown()) }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'cancel_translation',
    method: 'DELETE',
    path: '/translator/batches/{id}',
    role: 'internal',
    input: z.object({ id: z.string() }),
    params: [{ arg: 'id', name: 'id', in: 'path', required: true }],
  }),
];
export const translationFamily = family({
  name: 'translation',
  title: 'Translation',
  tools: { status: 'translation_status', cancel: 'translation_cancel', result: 'translation_result' },
  starts: [
    {
      operation: 'start_translation',
      idFrom: 'body:id',
      pollUrlFrom: ['header:Operation-Location'],
      cancelUrlFrom: null,
      finalStateVia: 'location',
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { via: 'header:Operation-Location' },
  cancel: { operation: 'cancel_translation', idParam: 'id', carry: [] },
  result: { finalStateVia: 'location' },
  errorField: 'error',
  retryAfter: true,
  states: {
    NotStarted: 'queued',
    Running: 'running',
    Succeeded: 'succeeded',
    Failed: 'failed',
    Cancelling: 'running',
    Cancelled: 'cancelled',
    ValidationFailed: 'failed',
  },
});

export const backupOps: OperationSpec[] = [
  op({
    tool: 'full_backup',
    method: 'POST',
    path: '/backup',
    role: 'start',
    input: z.object({ body: z.object({ storageResourceUri: z.string() }) }),
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
];
export const backupFamily = family({
  name: 'backup',
  title: 'Backup',
  tools: { status: 'backup_status', cancel: null, result: 'backup_result' },
  starts: [
    {
      operation: 'full_backup',
      idFrom: null,
      pollUrlFrom: ['header:Azure-AsyncOperation'],
      cancelUrlFrom: null,
      finalStateVia: 'location',
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { via: 'header:Azure-AsyncOperation' },
  result: { finalStateVia: 'location' },
  errorField: 'error',
  retryAfter: true,
  states: { InProgress: 'running', Succeeded: 'succeeded', Failed: 'failed', Canceled: 'cancelled' },
});

// An AIP-122 resource name of a Google API: emit marks it raw (detect/marked/resourceNames.ts), so its slashes stay.
const nameParam = [{ arg: 'name', name: 'name', in: 'path' as const, required: true, allowReserved: true as const }];
export const googleOps: OperationSpec[] = [
  op({
    tool: 'synthesize_long_audio',
    method: 'POST',
    path: '/v1/{parent}:synthesizeLongAudio',
    role: 'start',
    input: z.object({ parent: z.string(), body: z.object({ input: z.record(z.string(), z.unknown()), outputGcsUri: z.string() }) }),
    params: [{ arg: 'parent', name: 'parent', in: 'path', required: true }],
    body: { arg: 'body', mediaType: 'application/json', required: true },
  }),
  op({
    tool: 'get_operation',
    method: 'GET',
    path: '/v1/{name}',
    role: 'internal',
    input: z.object({ name: z.string() }),
    params: nameParam,
  }),
  op({
    tool: 'cancel_operation',
    method: 'POST',
    path: '/v1/{name}:cancel',
    role: 'internal',
    input: z.object({ name: z.string() }),
    params: nameParam,
  }),
];
export const googleFamily = family({
  name: 'operation',
  title: 'Long audio synthesis',
  tools: { status: 'operation_status', cancel: 'operation_cancel', result: null },
  starts: [
    {
      operation: 'synthesize_long_audio',
      idFrom: 'body:name',
      pollUrlFrom: [],
      cancelUrlFrom: null,
      preferAsync: false,
      idempotency: null,
    },
  ],
  poll: { operation: 'get_operation', idParam: 'name', carry: [] },
  cancel: { operation: 'cancel_operation', idParam: 'name', carry: [] },
  statusField: null,
  doneField: 'done',
  errorField: 'error',
  resultField: 'response',
  progress: { field: 'metadata.progressPercentage', scale: 100 },
});

export function allJobsDefinition(): ServerDefinition {
  return definition(
    [...widgetOps, ...batchOps, ...predictionOps, ...translationOps, ...backupOps, ...googleOps],
    [batchFamily, predictionFamily, translationFamily, backupFamily, googleFamily],
  );
}

/**
 * An AWS JSON-protocol operation as the generator writes it: `POST /#X-Amz-Target=<Service>.<Name>`, a JSON body,
 * and the target header as a contract constant.
 */
export function awsRpcOp(
  service: string,
  tool: string,
  name: string,
  role: OperationSpec['role'],
  input: z.ZodObject,
  extra: Partial<OperationSpec> = {},
): OperationSpec {
  return op({
    tool,
    method: 'POST',
    path: `/#X-Amz-Target=${service}.${name}`,
    role,
    input,
    body: { arg: 'body', mediaType: 'application/json', required: true },
    constants: [{ name: 'X-Amz-Target', in: 'header', value: `${service}.${name}` }],
    ...extra,
  });
}

/** The operations of lightsailFamily: `create_instances {instanceNames}`, `get_operation`, and `cancel_operation` when asked. */
export function lightsailOps(withCancel = false): OperationSpec[] {
  const byId = z.object({ body: z.object({ operationId: z.string() }) });
  return [
    awsRpcOp(
      'Lightsail',
      'create_instances',
      'CreateInstances',
      'start',
      z.object({ body: z.object({ instanceNames: z.array(z.string()) }) }),
    ),
    awsRpcOp('Lightsail', 'get_operation', 'GetOperation', 'tool', byId),
    ...(withCancel ? [awsRpcOp('Lightsail', 'cancel_operation', 'CancelOperation', 'tool', byId)] : []),
  ];
}

/**
 * A Lightsail-shaped job over a set (templates/runtime/jobs/memberSet.ts): `create_instances` answers
 * `operations: [{id}, …]`, one member each, each followed by `get_operation {operationId}`.
 */
export function lightsailFamily(extra: Partial<JobFamilySpec> = {}): JobFamilySpec {
  return family({
    name: 'operation',
    starts: [
      {
        operation: 'create_instances',
        idFrom: 'body:operations.0.id',
        pollUrlFrom: [],
        cancelUrlFrom: null,
        preferAsync: false,
        idempotency: null,
        members: { itemsAt: 'operations', itemId: 'id' },
      },
    ],
    poll: { operation: 'get_operation', idParam: 'operationId', idIn: 'body', carry: [] },
    statusField: 'operation.status',
    errorField: 'operation.errorDetails',
    states: { NotStarted: 'queued', Started: 'running', Failed: 'failed', Completed: 'succeeded', Succeeded: 'succeeded' },
    ...extra,
  });
}
