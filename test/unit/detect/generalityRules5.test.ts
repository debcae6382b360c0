/**
 * One row per rule the fifth and sixth generality batches (fixtures/generality/, stop 63) taught, over the smallest IR
 * that carries the shape, most beside a near miss that must stay as it was. Each rule's own row was checked to fail
 * with the rule taken out; a near miss guards what the rule must not reach.
 */
import { describe, it } from 'vitest';
import { componentSchemas, createModel, createOperation, createRequestBody, createSchemaRef } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { answers, expectRow, listed, obj, path, type RuleRow, str } from './ruleRows.js';

/** DeepL: the status read is a POST to the document's item, its key in the body. */
function deepl(method: 'POST' | 'GET'): ApiModel {
  const status = obj({
    document_id: str(),
    status: listed('queued', 'translating', 'done', 'error'),
    seconds_remaining: { type: 'integer' },
  });
  return createModel([
    createOperation('POST', '/v2/document', {
      operationId: 'translateDocument',
      ...answers('200', obj({ document_id: str(), document_key: str() })),
    }),
    createOperation(method, '/v2/document/{document_id}', {
      operationId: 'getDocumentStatus',
      ...path('document_id'),
      ...(method === 'POST'
        ? {
            requestBody: createRequestBody({ type: 'object', properties: { document_key: str() }, required: ['document_key'] }),
          }
        : {}),
      ...answers('200', status),
    }),
  ]);
}

/** CloudConvert: a created job whose status's values only its description gives, after "one of". */
function cloudConvert(statusText: string): ApiModel {
  const job = obj({ id: str(), status: str(statusText), created_at: str() });
  return createModel(
    [
      createOperation('POST', '/jobs', { operationId: 'createJob', ...answers('201', createSchemaRef('JobData')) }),
      createOperation('GET', '/jobs/{id}', { operationId: 'showJob', ...path('id'), ...answers('200', createSchemaRef('JobData')) }),
    ],
    { schemas: componentSchemas({ Job: job, JobData: obj({ data: createSchemaRef('Job') }) }) },
  );
}

/** Shopify: a verb on an existing item answers it, with the id of the order it belongs to beside its own. */
function closeAnItem(): ApiModel {
  const record = obj({
    fulfillment_order: obj({
      id: { type: 'integer' },
      order_id: { type: 'integer' },
      status: str('The fulfillment order status: open, in_progress, cancelled, incomplete, closed, scheduled or on_hold.'),
    }),
  });
  return createModel([
    createOperation('POST', '/fulfillment_orders/{fulfillment_order_id}/close.json', {
      operationId: 'closeFulfillmentOrder',
      ...path('fulfillment_order_id'),
      ...answers('200', record),
    }),
    createOperation('GET', '/fulfillment_orders/{fulfillment_order_id}.json', {
      operationId: 'getFulfillmentOrder',
      ...path('fulfillment_order_id'),
      ...answers('200', record),
    }),
  ]);
}

/** Mindee: `{api_request, job}`, the first the record of the HTTP call (its status code), the second the job. */
function mindee(callRecord: Record<string, JsonSchema>): ApiModel {
  const body = obj({
    api_request: obj({ status: listed('success', 'failure'), url: str(), ...callRecord }),
    job: obj({ id: str(), status: str('Where the job is: waiting, processing, completed or failed.') }),
  });
  const named = createSchemaRef('JobResponse');
  return createModel(
    [
      createOperation('POST', '/products/{name}/predict_async', { operationId: 'predictAsync', ...path('name'), ...answers('202', named) }),
      createOperation('GET', '/products/{name}/documents/queue/{job_id}', {
        operationId: 'getQueuedDocument',
        ...path('name', 'job_id'),
        ...answers('200', named),
      }),
    ],
    { schemas: componentSchemas({ JobResponse: body }) },
  );
}

/** Qualtrics: the answer's `progressId` keys `{<collection word>ProgressId}`; `fileId` beside it is the output's. */
function qualtrics(param: string): ApiModel {
  const progress = obj({
    result: obj({
      progressId: str(),
      fileId: str(),
      status: listed('inProgress', 'complete', 'failed'),
      percentComplete: { type: 'number' },
    }),
  });
  return createModel([
    createOperation('POST', '/surveys/{surveyId}/export-responses', {
      operationId: 'startResponseExport',
      ...path('surveyId'),
      ...answers('200', progress),
    }),
    createOperation('GET', `/surveys/{surveyId}/export-responses/{${param}}`, {
      operationId: 'getResponseExportProgress',
      ...path('surveyId', param),
      ...answers('200', progress),
    }),
  ]);
}

/** Prefect: the state is an object whose `type` is the kind of state, its `name` a display word. */
function prefect(type: JsonSchema): ApiModel {
  const run = obj({ id: str(), name: str(), state: obj({ type, name: str(), message: str() }) });
  return createModel(
    [
      createOperation('POST', '/deployments/{id}/create_flow_run', {
        operationId: 'createFlowRun',
        ...path('id'),
        ...answers('201', createSchemaRef('FlowRun')),
      }),
      createOperation('GET', '/flow_runs/{id}', {
        operationId: 'readFlowRun',
        ...path('id'),
        ...answers('200', createSchemaRef('FlowRun')),
      }),
    ],
    { schemas: componentSchemas({ FlowRun: run }) },
  );
}

/**
 * Marketo: Springfox operationIds, every answer `{requestId, success, <list>: [record]}`, one named document that the
 * list, the create, the enqueue and the status read all answer.
 */
function marketo(list: string): ApiModel {
  const record = obj({
    exportId: str(),
    status: listed('Created', 'Queued', 'Processing', 'Cancelled', 'Completed', 'Failed'),
    errorMsg: str(),
  });
  const body = obj({
    requestId: str(),
    success: { type: 'boolean' },
    errors: { type: 'array', items: obj({ code: str(), message: str() }) },
    [list]: { type: 'array', items: createSchemaRef('ExportResponse') },
  });
  const named = createSchemaRef('ResponseOfExportResponse');
  return createModel(
    [
      createOperation('GET', '/bulk/v1/leads/export.json', { operationId: 'getExportLeadsUsingGET', ...answers('200', named) }),
      createOperation('POST', '/bulk/v1/leads/export/create.json', { operationId: 'createExportLeadsUsingPOST', ...answers('200', named) }),
      createOperation('POST', '/bulk/v1/leads/export/{exportId}/enqueue.json', {
        operationId: 'enqueueExportLeadsUsingPOST',
        ...path('exportId'),
        ...answers('200', named),
      }),
      createOperation('GET', '/bulk/v1/leads/export/{exportId}/status.json', {
        operationId: 'getExportLeadsStatusUsingGET',
        ...path('exportId'),
        ...answers('200', named),
      }),
    ],
    { schemas: componentSchemas({ ResponseOfExportResponse: body, ExportResponse: record }) },
  );
}

/** Iterable: the job is followed at its files, whose answer says the job's own state. */
function iterable(stateField: string): ApiModel {
  return createModel([
    createOperation('POST', '/api/export/start', { operationId: 'startExport', ...answers('200', obj({ jobId: { type: 'integer' } })) }),
    createOperation('GET', '/api/export/{jobId}/files', {
      operationId: 'getExportFiles',
      ...path('jobId'),
      ...answers(
        '200',
        obj({
          jobId: { type: 'integer' },
          [stateField]: listed('enqueued', 'running', 'completed', 'failed', 'cancelled'),
          files: { type: 'array', items: obj({ url: str() }) },
        }),
      ),
    }),
  ]);
}

/** OVHcloud: an action on a server answers a task, read until done or an error; `doing` is its work under way. */
function ovhTask(values: string[]): ApiModel {
  const task = obj({ taskId: { type: 'integer' }, function: str(), status: listed(...values) });
  return createModel(
    [
      createOperation('POST', '/dedicated/server/{serviceName}/reboot', {
        operationId: 'rebootDedicatedServer',
        ...path('serviceName'),
        ...answers('200', createSchemaRef('Task')),
      }),
      createOperation('GET', '/dedicated/server/{serviceName}/task/{taskId}', {
        operationId: 'getDedicatedServerTask',
        ...path('serviceName', 'taskId'),
        ...answers('200', createSchemaRef('Task')),
      }),
    ],
    { schemas: componentSchemas({ Task: task }) },
  );
}

/**
 * Synthesia: id flow finds the template start of a video read at its item; the plain create into the collection
 * joins it. Twilio's SIMs: the job is an update of an item that exists (202), and a created SIM rests `new`.
 */
function createBeside(kind: 'template' | 'update'): ApiModel {
  const video = kind === 'template';
  const item = video ? '/v2/videos/{video_id}' : '/v1/Sims/{Sid}';
  const param = video ? 'video_id' : 'Sid';
  const thing = createSchemaRef('Thing');
  const status = video
    ? listed('in_progress', 'complete', 'failed', 'rejected')
    : listed('new', 'ready', 'active', 'inactive', 'scheduled');
  return createModel(
    [
      video
        ? createOperation('POST', '/v2/videos/fromTemplate', { operationId: 'createFromTemplate', ...answers('201', thing) })
        : createOperation('POST', item, { operationId: 'updateThing', ...path(param), ...answers('202', thing) }),
      createOperation('POST', item.slice(0, item.lastIndexOf('/')), { operationId: 'createThing', ...answers('201', thing) }),
      createOperation('GET', item, { operationId: 'getThing', ...path(param), ...answers('200', thing) }),
    ],
    { schemas: componentSchemas({ Thing: obj({ id: str(), ...(video ? {} : { sid: str() }), status }) }) },
  );
}

const rows: RuleRow[] = [
  [
    'a POST that reads the created item, its key in the body, is id flow’s (DeepL)',
    () => deepl('POST'),
    [{ start: ['translateDocument'], poll: 'getDocumentStatus' }],
  ],
  [
    'values after "one of" in a created job’s status description (CloudConvert)',
    () => cloudConvert('The status of the job: one of waiting, processing, finished or error.'),
    [{ start: ['createJob'], poll: 'showJob', status: 'data.status' }],
  ],
  ['near miss: the same job with no values in its description', () => cloudConvert('The status of the job.'), []],
  ['another id of an item the start was given in its path fills no poll (Shopify’s close)', closeAnItem, []],
  [
    'the record of the HTTP call beside the job is not the resource (Mindee); `{job: {id}}` for `{job_id}`',
    () => mindee({ status_code: { type: 'integer' } }),
    [{ start: ['predictAsync'], poll: 'getQueuedDocument', status: 'job.status' }],
  ],
  ['near miss: two objects, neither holding a status code', () => mindee({ host: str() }), []],
  [
    'a handle qualified by its collection’s word (`{exportProgressId}` ← `result.progressId`: Qualtrics)',
    () => qualtrics('exportProgressId'),
    [{ start: ['startResponseExport'], poll: 'getResponseExportProgress', status: 'result.status' }],
  ],
  ['near miss: a parameter qualified otherwise', () => qualtrics('responseJobId'), []],
  [
    'the listed type of a state object is its status (Prefect’s `state.type`)',
    () => prefect(listed('SCHEDULED', 'PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'CRASHED')),
    [{ start: ['createFlowRun'], poll: 'readFlowRun', status: 'state.type' }],
  ],
  ['near miss: a state type with no values listed', () => prefect(str()), []],
  [
    'Springfox names and a container list of one record (Marketo)',
    () => marketo('result'),
    [{ name: 'export_lead', start: ['createExportLeadsUsingPOST'], poll: 'getExportLeadsStatusUsingGET', status: 'result.0.status' }],
  ],
  ['near miss: a list named after another thing holds no handle of the start’s', () => marketo('leads'), []],
  [
    'a part’s read that answers the handle’s own state reads the job (Iterable’s files)',
    () => iterable('jobState'),
    [{ start: ['startExport'], poll: 'getExportFiles', status: 'jobState' }],
  ],
  ['near miss: the part’s read answers the part’s state', () => iterable('fileState'), []],
  [
    '`doing` is work under way (OVHcloud’s tasks, a sixth-batch API)',
    () => ovhTask(['todo', 'init', 'doing', 'done', 'customerError', 'ovhError', 'cancelled']),
    [{ start: ['rebootDedicatedServer'], poll: 'getDedicatedServerTask', status: 'status' }],
  ],
  [
    'a create into the collection a family already polls joins it (Synthesia, a sixth-batch API)',
    () => createBeside('template'),
    [{ start: ['createFromTemplate', 'createThing'], poll: 'getThing' }],
  ],
  [
    'near miss: beside a job of editing an item, a create is no start (Twilio’s SIMs)',
    () => createBeside('update'),
    [{ start: ['updateThing'], poll: 'getThing' }],
  ],
];

describe('fifth and sixth generality batches: the conventions their misses shared', () => {
  it.each(rows)('%s', (_label, build, expected) => expectRow(build, expected));
});
