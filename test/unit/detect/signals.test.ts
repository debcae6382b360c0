/** One row per detection signal: each builds the smallest IR that carries it and names the family expected. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  createResponseHeader,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema, OPENAI_BATCH_STATES } from './statusSchemas.js';
import { type FamilySummary, summarize } from './summarize.js';

type Row = [label: string, build: () => ApiModel, expected: Array<Partial<FamilySummary>>];

const rows: Row[] = [
  [
    '202 + Operation-Location with a job-resource GET (Azure translator)',
    () =>
      createModel([
        createOperation('POST', '/batches', {
          operationId: 'start',
          responses: [
            createResponse('202', { headers: [createResponseHeader('Operation-Location'), createResponseHeader('Retry-After')] }),
          ],
        }),
        createOperation('GET', '/batches/{id}', {
          operationId: 'status',
          responses: [
            createResponse('200', {
              schema: jobSchema(['NotStarted', 'Running', 'Succeeded', 'Failed', 'Cancelled', 'Cancelling', 'ValidationFailed']),
            }),
          ],
        }),
      ]),
    [{ confidence: 'high', start: ['start'], poll: 'status', cancel: null }],
  ],
  [
    'x-ms-long-running-operation PUT on the item, final-state-via original-uri, :cancel (Azure deid)',
    () =>
      createModel(
        [
          createOperation('PUT', '/jobs/{name}', {
            operationId: 'create',
            responses: [createResponse('201', { schema: createSchemaRef('Job'), headers: [createResponseHeader('Operation-Location')] })],
            extensions: {
              'x-ms-long-running-operation': true,
              'x-ms-long-running-operation-options': { 'final-state-via': 'original-uri' },
            },
          }),
          createOperation('GET', '/jobs/{name}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('POST', '/jobs/{name}:cancel', {
            operationId: 'cancel',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Job: jobSchema(['NotStarted', 'Running', 'Succeeded', 'PartialFailed', 'Failed', 'Canceled'], { name: { type: 'string' } }),
          }),
        },
      ),
    [{ name: 'job', confidence: 'high', start: ['create'], poll: 'get', cancel: 'cancel', result: 'finalStateVia original-uri' }],
  ],
  [
    'Google Operation with :cancel; the DELETE is not a cancel',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/{parent}:longWork', {
            operationId: 'work',
            responses: [createResponse('200', { schema: createSchemaRef('Operation') })],
          }),
          createOperation('GET', '/v1/{name}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Operation') })],
          }),
          createOperation('DELETE', '/v1/{name}', {
            operationId: 'delete',
            responses: [createResponse('200', { schema: createSchemaRef('Empty') })],
          }),
          createOperation('POST', '/v1/{name}:cancel', {
            operationId: 'cancel',
            responses: [createResponse('200', { schema: createSchemaRef('Empty') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Operation: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                done: { type: 'boolean' },
                error: { type: 'object' },
                response: { type: 'object' },
                metadata: { type: 'object' },
              },
            },
            Empty: { type: 'object', properties: {} },
          }),
        },
      ),
    [{ name: 'operation', confidence: 'high', start: ['work'], poll: 'get', cancel: 'cancel' }],
  ],
  [
    'created resource with a job lifecycle enum and a cancel (OpenAI batch)',
    () =>
      createModel(
        [
          createOperation('POST', '/batches', {
            operationId: 'createBatch',
            responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
          }),
          createOperation('GET', '/batches/{batch_id}', {
            operationId: 'retrieveBatch',
            responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
          }),
          createOperation('POST', '/batches/{batch_id}/cancel', {
            operationId: 'cancelBatch',
            responses: [createResponse('200', { schema: createSchemaRef('Batch') })],
          }),
        ],
        { schemas: componentSchemas({ Batch: jobSchema(OPENAI_BATCH_STATES) }) },
      ),
    [{ name: 'batch', confidence: 'medium', start: ['createBatch'], poll: 'retrieveBatch', cancel: 'cancelBatch' }],
  ],
  [
    'OpenAPI links from create to get, with a lifecycle enum (AssemblyAI)',
    () =>
      createModel(
        [
          createOperation('POST', '/v2/transcript', {
            operationId: 'create',
            responses: [
              createResponse('200', {
                schema: createSchemaRef('Transcript'),
                links: [{ name: 'get', operationId: 'get', parameters: { transcript_id: '$response.body#/id' } }],
              }),
            ],
          }),
          createOperation('GET', '/v2/transcript/{transcript_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Transcript') })],
          }),
          createOperation('DELETE', '/v2/transcript/{transcript_id}', {
            operationId: 'delete',
            summary: 'Delete transcript',
            responses: [createResponse('200', { schema: createSchemaRef('Transcript') })],
          }),
        ],
        { schemas: componentSchemas({ Transcript: jobSchema(['queued', 'processing', 'completed', 'error']) }) },
      ),
    [{ name: 'transcript', confidence: 'high', start: ['create'], poll: 'get', cancel: null }],
  ],
  [
    'an OpenAPI link by operationRef, the only way to name a target that has no operationId (GraphHopper, ids dropped)',
    () =>
      createModel([
        createOperation('POST', '/vrp/optimize', {
          summary: 'Solve a routing problem',
          responses: [
            createResponse('200', {
              schema: { type: 'object', properties: { job_id: { type: 'string' } } },
              links: [
                {
                  name: 'solution',
                  operationRef: '#/paths/~1vrp~1solution~1%7BjobId%7D/get',
                  parameters: { jobId: '$response.body#/job_id' },
                },
              ],
            }),
          ],
        }),
        createOperation('GET', '/vrp/solution/{jobId}', {
          responses: [createResponse('200', { schema: jobSchema(['waiting_in_queue', 'processing', 'finished']) })],
        }),
      ]),
    [{ start: ['POST /vrp/optimize'], poll: 'GET /vrp/solution/{jobId}', cancel: null }],
  ],
  [
    '202 + Azure-AsyncOperation and no status GET: poll through the header (Key Vault selective restore)',
    () =>
      createModel(
        [
          createOperation('PUT', '/keys/{keyName}/restore', {
            operationId: 'restore',
            responses: [
              createResponse('202', {
                schema: createSchemaRef('RestoreOperation'),
                headers: [createResponseHeader('Retry-After'), createResponseHeader('Azure-AsyncOperation')],
              }),
            ],
            extensions: {
              'x-ms-long-running-operation': true,
              'x-ms-long-running-operation-options': { 'final-state-via': 'azure-async-operation' },
            },
          }),
        ],
        { schemas: componentSchemas({ RestoreOperation: jobSchema(null, { error: { type: 'object' } }) }) },
      ),
    [
      {
        name: 'restore_operation',
        confidence: 'high',
        start: ['restore'],
        poll: 'via header:Azure-AsyncOperation',
        result: 'finalStateVia azure-async-operation',
      },
    ],
  ],
  [
    "`/{jobId}/pending` status monitor with the start's schema (Key Vault full backup)",
    () =>
      createModel(
        [
          createOperation('POST', '/backup', {
            operationId: 'backup',
            responses: [
              createResponse('202', {
                schema: createSchemaRef('FullBackupOperation'),
                headers: [createResponseHeader('Azure-AsyncOperation')],
              }),
            ],
          }),
          createOperation('GET', '/backup/{jobId}/pending', {
            operationId: 'backupStatus',
            responses: [createResponse('200', { schema: createSchemaRef('FullBackupOperation') })],
          }),
        ],
        { schemas: componentSchemas({ FullBackupOperation: jobSchema(null, { jobId: { type: 'string' } }) }) },
      ),
    [{ name: 'full_backup_operation', start: ['backup'], poll: 'backupStatus' }],
  ],
  [
    '201/202 with urls.get/urls.cancel, several starts with the same schema (Replicate)',
    () =>
      createModel(
        [
          createOperation('POST', '/predictions', {
            operationId: 'create',
            responses: [createResponse('201', { schema: createSchemaRef('P') }), createResponse('202', { schema: createSchemaRef('P') })],
          }),
          createOperation('POST', '/models/{owner}/{name}/predictions', {
            operationId: 'createForModel',
            responses: [createResponse('201', { schema: createSchemaRef('P') })],
          }),
          createOperation('GET', '/predictions/{prediction_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('P') })],
          }),
          createOperation('POST', '/predictions/{prediction_id}/cancel', {
            operationId: 'cancel',
            responses: [createResponse('200', { schema: createSchemaRef('P') })],
          }),
        ],
        {
          schemas: componentSchemas({
            P: jobSchema(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted'], {
              urls: { type: 'object', properties: { get: { type: 'string' }, cancel: { type: 'string' } } },
            }),
          }),
        },
      ),
    [{ start: ['create', 'createForModel'], poll: 'get', cancel: 'cancel', confidence: 'high' }],
  ],
  [
    'Prefer: respond-async → 201 + Location, status GET elsewhere with the same schema, dismiss DELETE, /results (OGC)',
    () =>
      createModel(
        [
          createOperation('POST', '/processes/{processID}/execution', {
            operationId: 'execute',
            parameters: [createParameter('Prefer', 'header', { description: 'respond-async for asynchronous execution' })],
            responses: [
              createResponse('200', { schema: { type: 'object' } }),
              createResponse('201', {
                schema: createSchemaRef('statusInfo'),
                headers: [createResponseHeader('Location'), createResponseHeader('Preference-Applied')],
              }),
            ],
          }),
          createOperation('GET', '/jobs/{jobId}', {
            operationId: 'getStatus',
            responses: [createResponse('200', { schema: createSchemaRef('statusInfo') })],
          }),
          createOperation('DELETE', '/jobs/{jobId}', {
            operationId: 'dismiss',
            responses: [createResponse('200', { schema: createSchemaRef('statusInfo') })],
          }),
          createOperation('GET', '/jobs/{jobId}/results', {
            operationId: 'getResult',
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        {
          schemas: componentSchemas({
            statusInfo: jobSchema(['accepted', 'running', 'successful', 'failed', 'dismissed'], {
              jobID: { type: 'string' },
              progress: { type: 'integer', minimum: 0, maximum: 100 },
            }),
          }),
        },
      ),
    [{ name: 'job', confidence: 'high', start: ['execute'], poll: 'getStatus', cancel: 'dismiss', result: 'getResult' }],
  ],
  [
    'phase values only in a description, stop/terminate verbs: low confidence (Argo)',
    () =>
      createModel(
        [
          createOperation('POST', '/api/v1/workflows/{namespace}', {
            operationId: 'create',
            responses: [createResponse('200', { schema: createSchemaRef('Workflow') })],
          }),
          createOperation('GET', '/api/v1/workflows/{namespace}/{name}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Workflow') })],
          }),
          createOperation('PUT', '/api/v1/workflows/{namespace}/{name}/stop', {
            operationId: 'stop',
            responses: [createResponse('200', { schema: createSchemaRef('Workflow') })],
          }),
          createOperation('PUT', '/api/v1/workflows/{namespace}/{name}/terminate', {
            operationId: 'terminate',
            responses: [createResponse('200', { schema: createSchemaRef('Workflow') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Workflow: {
              type: 'object',
              properties: {
                // Kubernetes-style: the job's name is `metadata.name` (one object down, named like `{name}`).
                metadata: { type: 'object', properties: { name: { type: 'string' } } },
                status: {
                  type: 'object',
                  properties: {
                    phase: {
                      type: 'string',
                      description:
                        'Will be "" (Unknown), "Pending", or "Running" before completion, and "Succeeded", "Failed" or "Error" after.',
                    },
                  },
                },
              },
            },
          }),
        },
      ),
    [{ name: 'workflow', confidence: 'low', start: ['create'], poll: 'get', cancel: 'terminate' }],
  ],
  [
    'cancel named in the operationId on a POST to the item, free-string status, output sub-resource (OpenAI eval run)',
    () =>
      createModel(
        [
          createOperation('POST', '/evals/{eval_id}/runs', {
            operationId: 'createEvalRun',
            responses: [createResponse('201', { schema: createSchemaRef('EvalRun') })],
          }),
          createOperation('GET', '/evals/{eval_id}/runs/{run_id}', {
            operationId: 'getEvalRun',
            responses: [createResponse('200', { schema: createSchemaRef('EvalRun') })],
          }),
          createOperation('POST', '/evals/{eval_id}/runs/{run_id}', {
            operationId: 'cancelEvalRun',
            responses: [createResponse('200', { schema: createSchemaRef('EvalRun') })],
          }),
          createOperation('GET', '/evals/{eval_id}/runs/{run_id}/output_items', {
            operationId: 'items',
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        { schemas: componentSchemas({ EvalRun: jobSchema(null) }) },
      ),
    [{ name: 'eval_run', confidence: 'low', start: ['createEvalRun'], poll: 'getEvalRun', cancel: 'cancelEvalRun', result: 'items' }],
  ],
  [
    'job id named by a response field of another operation, cancel answers 202 (GitHub workflow dispatch)',
    () =>
      createModel(
        [
          createOperation('POST', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
            operationId: 'dispatch',
            responses: [createResponse('200', { schema: { type: 'object', properties: { workflow_run_id: { type: 'integer' } } } })],
          }),
          createOperation('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', {
            operationId: 'getRun',
            responses: [createResponse('200', { schema: createSchemaRef('workflow-run') })],
          }),
          createOperation('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel', {
            operationId: 'cancelRun',
            responses: [createResponse('202', { schema: { type: 'object' } })],
          }),
        ],
        { schemas: componentSchemas({ 'workflow-run': jobSchema(null) }) },
      ),
    [{ name: 'workflow_run', confidence: 'low', start: ['dispatch'], poll: 'getRun', cancel: 'cancelRun' }],
  ],
  [
    'GET answering 201 with a field described as the URL to poll (GitHub SBOM)',
    () =>
      createModel([
        createOperation('GET', '/repos/{owner}/{repo}/sbom/generate-report', {
          operationId: 'generate',
          responses: [
            createResponse('201', {
              schema: { type: 'object', properties: { sbom_url: { type: 'string', description: 'URL to poll for the export result.' } } },
            }),
          ],
        }),
      ]),
    [{ name: 'sbom', start: ['generate'], poll: 'via body:sbom_url', confidence: 'high' }],
  ],
  [
    '202 Accepted with a status GET whose values are lifecycle words (GitHub SARIF)',
    () =>
      createModel([
        createOperation('POST', '/repos/{o}/{r}/sarifs', {
          operationId: 'upload',
          responses: [createResponse('202', { schema: { type: 'object', properties: { id: { type: 'string' } } } })],
        }),
        createOperation('GET', '/repos/{o}/{r}/sarifs/{sarif_id}', {
          operationId: 'getSarif',
          responses: [
            createResponse('200', {
              schema: { type: 'object', properties: { processing_status: { type: 'string', enum: ['pending', 'complete', 'failed'] } } },
            }),
          ],
        }),
      ]),
    [{ name: 'sarif', confidence: 'high', start: ['upload'], poll: 'getSarif' }],
  ],
  [
    'Azure ARM-style PUT LRO: the resource GET has no job status, so the Azure-AsyncOperation monitor is polled',
    () =>
      createModel(
        [
          createOperation('PUT', '/subscriptions/{s}/vms/{vmName}', {
            operationId: 'createVm',
            responses: [
              createResponse('200', { schema: createSchemaRef('Vm') }),
              createResponse('201', { schema: createSchemaRef('Vm'), headers: [createResponseHeader('Azure-AsyncOperation')] }),
            ],
            extensions: { 'x-ms-long-running-operation': true },
          }),
          createOperation('GET', '/subscriptions/{s}/vms/{vmName}', {
            operationId: 'getVm',
            responses: [createResponse('200', { schema: createSchemaRef('Vm') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Vm: {
              type: 'object',
              properties: { id: { type: 'string' }, properties: { type: 'object', properties: { provisioningState: { type: 'string' } } } },
            },
          }),
        },
      ),
    [{ confidence: 'high', start: ['createVm'], poll: 'via header:Azure-AsyncOperation', cancel: null }],
  ],
  [
    'a generic export job: pending/processing/completed/failed and a noun that names work',
    () =>
      createModel(
        [
          createOperation('POST', '/exports', {
            operationId: 'createExport',
            responses: [createResponse('201', { schema: createSchemaRef('Export') })],
          }),
          createOperation('GET', '/exports/{export_id}', {
            operationId: 'getExport',
            responses: [createResponse('200', { schema: createSchemaRef('Export') })],
          }),
        ],
        { schemas: componentSchemas({ Export: jobSchema(['pending', 'processing', 'completed', 'failed']) }) },
      ),
    [{ name: 'export', confidence: 'medium', start: ['createExport'], poll: 'getExport' }],
  ],
  [
    "a job noun the item's id parameter spells where its segment runs the words together (Azure Batch's job schedules)",
    () =>
      createModel(
        [
          createOperation('POST', '/jobschedules', {
            operationId: 'addSchedule',
            responses: [createResponse('201', { schema: createSchemaRef('S1') })],
          }),
          createOperation('GET', '/jobschedules/{jobScheduleId}', {
            operationId: 'getSchedule',
            responses: [createResponse('200', { schema: createSchemaRef('S1') })],
          }),
        ],
        {
          schemas: componentSchemas({
            S1: jobSchema(['accepted', 'started', 'running', 'failure'], { pct: { type: 'number', minimum: 0, maximum: 100 } }),
          }),
        },
      ),
    [{ start: ['addSchedule'], poll: 'getSchedule' }],
  ],
  [
    "a job noun in the schema's own title, whatever its component key (Bitbucket's issue import, schemas renamed)",
    () =>
      createModel(
        [
          createOperation('POST', '/repos/{repo}/issues/import', {
            operationId: 'startImport',
            responses: [createResponse('202', { schema: createSchemaRef('S1') })],
          }),
          createOperation('GET', '/repos/{repo}/issues/import', {
            operationId: 'getImport',
            responses: [createResponse('200', { schema: createSchemaRef('S1') })],
          }),
        ],
        {
          schemas: componentSchemas({
            S1: Object.assign(
              jobSchema(['accepted', 'started', 'running', 'failure'], { pct: { type: 'number', minimum: 0, maximum: 100 } }),
              {
                title: 'Issue Job Status',
              },
            ),
          }),
        },
      ),
    [{ start: ['startImport'], poll: 'getImport' }],
  ],
  [
    'create on a singular path, read on the plural collection, same 201 schema (GitLab pipelines)',
    () =>
      createModel(
        [
          createOperation('POST', '/projects/{id}/pipeline', {
            operationId: 'createPipeline',
            responses: [createResponse('201', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('GET', '/projects/{id}/pipelines/{pipeline_id}', {
            operationId: 'getPipeline',
            responses: [createResponse('200', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('POST', '/projects/{id}/pipelines/{pipeline_id}/cancel', {
            operationId: 'cancelPipeline',
            responses: [createResponse('200', { schema: createSchemaRef('Pipeline') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Pipeline: jobSchema([
              'created',
              'waiting_for_resource',
              'preparing',
              'pending',
              'running',
              'success',
              'failed',
              'canceled',
              'skipped',
              'manual',
              'scheduled',
            ]),
          }),
        },
      ),
    [{ name: 'pipeline', confidence: 'medium', start: ['createPipeline'], poll: 'getPipeline', cancel: 'cancelPipeline' }],
  ],
  [
    'a `*_status` field without a failure word, cancel and results (Anthropic message batches): low confidence',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/messages/batches', {
            operationId: 'createBatch',
            responses: [createResponse('200', { schema: createSchemaRef('MessageBatch') })],
          }),
          createOperation('GET', '/v1/messages/batches/{message_batch_id}', {
            operationId: 'getBatch',
            responses: [createResponse('200', { schema: createSchemaRef('MessageBatch') })],
          }),
          createOperation('POST', '/v1/messages/batches/{message_batch_id}/cancel', {
            operationId: 'cancelBatch',
            responses: [createResponse('200', { schema: createSchemaRef('MessageBatch') })],
          }),
          createOperation('GET', '/v1/messages/batches/{message_batch_id}/results', {
            operationId: 'results',
            responses: [createResponse('200', { schema: { type: 'string' } })],
          }),
        ],
        {
          schemas: componentSchemas({
            MessageBatch: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                processing_status: { type: 'string', enum: ['in_progress', 'canceling', 'ended'] },
                results_url: { type: 'string' },
              },
            },
          }),
        },
      ),
    [{ name: 'message_batch', confidence: 'low', start: ['createBatch'], poll: 'getBatch', cancel: 'cancelBatch', result: 'results' }],
  ],
  [
    'a DELETE with x-ms-long-running-operation and a monitor header is a job polled through the header',
    () =>
      createModel([
        createOperation('DELETE', '/vms/{vmName}', {
          operationId: 'deleteVm',
          responses: [
            createResponse('202', { headers: [createResponseHeader('Location'), createResponseHeader('Azure-AsyncOperation')] }),
            createResponse('204'),
          ],
          extensions: { 'x-ms-long-running-operation': true },
        }),
        createOperation('GET', '/vms/{vmName}', {
          operationId: 'getVm',
          responses: [createResponse('200', { schema: { type: 'object' } })],
        }),
      ]),
    [{ start: ['deleteVm'], poll: 'via header:Azure-AsyncOperation', cancel: null, confidence: 'high' }],
  ],
  [
    "202 + Content-Location: JSON:API's asynchronous processing hands out its job resource so",
    () =>
      createModel([
        createOperation('POST', '/photos', {
          operationId: 'createPhoto',
          responses: [createResponse('202', { headers: [createResponseHeader('Content-Location')] }), createResponse('201')],
        }),
      ]),
    [{ start: ['createPhoto'], poll: 'via header:Content-Location', cancel: null }],
  ],
  [
    // Even where the API answers asynchronously on request (`Prefer: respond-async`, as OGC's 201 + Location does).
    'a 201 with Content-Location: the created resource the content represents, no monitor',
    () =>
      createModel([
        createOperation('POST', '/photos', {
          operationId: 'createPhoto',
          parameters: [createParameter('Prefer', 'header', { schema: { type: 'string', enum: ['respond-async'] } })],
          responses: [
            createResponse('201', { headers: [createResponseHeader('Content-Location'), createResponseHeader('Preference-Applied')] }),
          ],
        }),
      ]),
    [],
  ],
];

describe('detectJobs: signals', () => {
  it.each(rows)('%s', (_label, build, expected) => {
    const found = summarize(detectJobs(build()));
    expect(found).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) expect(found[i]).toMatchObject(e);
  });
});

describe('detectJobs: which monitor speaks Azure', () => {
  // Azure's monitors answer `{status, error}` in Azure's words (REST guidelines); a Location or a Content-Location
  // leads to whatever the API says there, read by the runtime's own words.
  it.each([
    ['Operation-Location', 'status'],
    ['Location', null],
    ['Content-Location', null],
  ])('a 202 + %s: status field %s', (header, statusField) => {
    const [family] = detectJobs(
      createModel([
        createOperation('POST', '/photos', {
          operationId: 'createPhoto',
          responses: [createResponse('202', { headers: [createResponseHeader(header)] })],
        }),
      ]),
    ).families;
    expect(family!.poll).toEqual({ via: `header:${header}` });
    expect(family!.statusField).toBe(statusField);
  });
});
