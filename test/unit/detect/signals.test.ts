/** One row per detection signal: each builds the smallest IR that carries it and names the family expected. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import type { ApiModel } from '../../../src/model/ir.js';
import { jobSchema, model, OPENAI_BATCH_STATES, op, ref } from './factories.js';
import { type FamilySummary, summarize } from './summarize.js';

type Row = [label: string, build: () => ApiModel, expected: Array<Partial<FamilySummary>>];

const rows: Row[] = [
  [
    '202 + Operation-Location with a job-resource GET (Azure translator)',
    () =>
      model([
        op('POST', '/batches', { operationId: 'start', responses: [{ status: '202', headers: ['Operation-Location', 'Retry-After'] }] }),
        op('GET', '/batches/{id}', {
          operationId: 'status',
          responses: [
            {
              status: '200',
              schema: jobSchema(['NotStarted', 'Running', 'Succeeded', 'Failed', 'Cancelled', 'Cancelling', 'ValidationFailed']),
            },
          ],
        }),
      ]),
    [{ confidence: 'high', start: ['start'], poll: 'status', cancel: null }],
  ],
  [
    'x-ms-long-running-operation PUT on the item, final-state-via original-uri, :cancel (Azure deid)',
    () =>
      model(
        [
          op('PUT', '/jobs/{name}', {
            operationId: 'create',
            responses: [{ status: '201', schema: ref('Job'), headers: ['Operation-Location'] }],
            extensions: {
              'x-ms-long-running-operation': true,
              'x-ms-long-running-operation-options': { 'final-state-via': 'original-uri' },
            },
          }),
          op('GET', '/jobs/{name}', { operationId: 'get', responses: [{ status: '200', schema: ref('Job') }] }),
          op('POST', '/jobs/{name}:cancel', { operationId: 'cancel', responses: [{ status: '200', schema: ref('Job') }] }),
        ],
        { Job: jobSchema(['NotStarted', 'Running', 'Succeeded', 'PartialFailed', 'Failed', 'Canceled'], { name: { type: 'string' } }) },
      ),
    [{ name: 'job', confidence: 'high', start: ['create'], poll: 'get', cancel: 'cancel', result: 'finalStateVia original-uri' }],
  ],
  [
    'Google Operation with :cancel; the DELETE is not a cancel',
    () =>
      model(
        [
          op('POST', '/v1/{parent}:longWork', { operationId: 'work', responses: [{ status: '200', schema: ref('Operation') }] }),
          op('GET', '/v1/{name}', { operationId: 'get', responses: [{ status: '200', schema: ref('Operation') }] }),
          op('DELETE', '/v1/{name}', { operationId: 'delete', responses: [{ status: '200', schema: ref('Empty') }] }),
          op('POST', '/v1/{name}:cancel', { operationId: 'cancel', responses: [{ status: '200', schema: ref('Empty') }] }),
        ],
        {
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
        },
      ),
    [{ name: 'operation', confidence: 'high', start: ['work'], poll: 'get', cancel: 'cancel' }],
  ],
  [
    'created resource with a job lifecycle enum and a cancel (OpenAI batch)',
    () =>
      model(
        [
          op('POST', '/batches', { operationId: 'createBatch', responses: [{ status: '200', schema: ref('Batch') }] }),
          op('GET', '/batches/{batch_id}', { operationId: 'retrieveBatch', responses: [{ status: '200', schema: ref('Batch') }] }),
          op('POST', '/batches/{batch_id}/cancel', { operationId: 'cancelBatch', responses: [{ status: '200', schema: ref('Batch') }] }),
        ],
        { Batch: jobSchema(OPENAI_BATCH_STATES) },
      ),
    [{ name: 'batch', confidence: 'medium', start: ['createBatch'], poll: 'retrieveBatch', cancel: 'cancelBatch' }],
  ],
  [
    'OpenAPI links from create to get, with a lifecycle enum (AssemblyAI)',
    () =>
      model(
        [
          op('POST', '/v2/transcript', {
            operationId: 'create',
            responses: [
              {
                status: '200',
                schema: ref('Transcript'),
                links: [{ name: 'get', operationId: 'get', parameters: { transcript_id: '$response.body#/id' } }],
              },
            ],
          }),
          op('GET', '/v2/transcript/{transcript_id}', { operationId: 'get', responses: [{ status: '200', schema: ref('Transcript') }] }),
          op('DELETE', '/v2/transcript/{transcript_id}', {
            operationId: 'delete',
            summary: 'Delete transcript',
            responses: [{ status: '200', schema: ref('Transcript') }],
          }),
        ],
        { Transcript: jobSchema(['queued', 'processing', 'completed', 'error']) },
      ),
    [{ name: 'transcript', confidence: 'high', start: ['create'], poll: 'get', cancel: null }],
  ],
  [
    '202 + Azure-AsyncOperation and no status GET: poll through the header (Key Vault selective restore)',
    () =>
      model(
        [
          op('PUT', '/keys/{keyName}/restore', {
            operationId: 'restore',
            responses: [{ status: '202', schema: ref('RestoreOperation'), headers: ['Retry-After', 'Azure-AsyncOperation'] }],
            extensions: {
              'x-ms-long-running-operation': true,
              'x-ms-long-running-operation-options': { 'final-state-via': 'azure-async-operation' },
            },
          }),
        ],
        { RestoreOperation: jobSchema(null, { error: { type: 'object' } }) },
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
      model(
        [
          op('POST', '/backup', {
            operationId: 'backup',
            responses: [{ status: '202', schema: ref('FullBackupOperation'), headers: ['Azure-AsyncOperation'] }],
          }),
          op('GET', '/backup/{jobId}/pending', {
            operationId: 'backupStatus',
            responses: [{ status: '200', schema: ref('FullBackupOperation') }],
          }),
        ],
        { FullBackupOperation: jobSchema(null, { jobId: { type: 'string' } }) },
      ),
    [{ name: 'full_backup_operation', start: ['backup'], poll: 'backupStatus' }],
  ],
  [
    '201/202 with urls.get/urls.cancel, several starts with the same schema (Replicate)',
    () =>
      model(
        [
          op('POST', '/predictions', {
            operationId: 'create',
            responses: [
              { status: '201', schema: ref('P') },
              { status: '202', schema: ref('P') },
            ],
          }),
          op('POST', '/models/{owner}/{name}/predictions', {
            operationId: 'createForModel',
            responses: [{ status: '201', schema: ref('P') }],
          }),
          op('GET', '/predictions/{prediction_id}', { operationId: 'get', responses: [{ status: '200', schema: ref('P') }] }),
          op('POST', '/predictions/{prediction_id}/cancel', { operationId: 'cancel', responses: [{ status: '200', schema: ref('P') }] }),
        ],
        {
          P: jobSchema(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted'], {
            urls: { type: 'object', properties: { get: { type: 'string' }, cancel: { type: 'string' } } },
          }),
        },
      ),
    [{ start: ['create', 'createForModel'], poll: 'get', cancel: 'cancel', confidence: 'high' }],
  ],
  [
    'Prefer: respond-async → 201 + Location, status GET elsewhere with the same schema, dismiss DELETE, /results (OGC)',
    () =>
      model(
        [
          op('POST', '/processes/{processID}/execution', {
            operationId: 'execute',
            params: [{ name: 'Prefer', in: 'header', description: 'respond-async for asynchronous execution' }],
            responses: [
              { status: '200', schema: { type: 'object' } },
              { status: '201', schema: ref('statusInfo'), headers: ['Location', 'Preference-Applied'] },
            ],
          }),
          op('GET', '/jobs/{jobId}', { operationId: 'getStatus', responses: [{ status: '200', schema: ref('statusInfo') }] }),
          op('DELETE', '/jobs/{jobId}', { operationId: 'dismiss', responses: [{ status: '200', schema: ref('statusInfo') }] }),
          op('GET', '/jobs/{jobId}/results', { operationId: 'getResult', responses: [{ status: '200', schema: { type: 'object' } }] }),
        ],
        {
          statusInfo: jobSchema(['accepted', 'running', 'successful', 'failed', 'dismissed'], {
            jobID: { type: 'string' },
            progress: { type: 'integer', minimum: 0, maximum: 100 },
          }),
        },
      ),
    [{ name: 'job', confidence: 'high', start: ['execute'], poll: 'getStatus', cancel: 'dismiss', result: 'getResult' }],
  ],
  [
    'phase values only in a description, stop/terminate verbs: low confidence (Argo)',
    () =>
      model(
        [
          op('POST', '/api/v1/workflows/{namespace}', { operationId: 'create', responses: [{ status: '200', schema: ref('Workflow') }] }),
          op('GET', '/api/v1/workflows/{namespace}/{name}', {
            operationId: 'get',
            responses: [{ status: '200', schema: ref('Workflow') }],
          }),
          op('PUT', '/api/v1/workflows/{namespace}/{name}/stop', {
            operationId: 'stop',
            responses: [{ status: '200', schema: ref('Workflow') }],
          }),
          op('PUT', '/api/v1/workflows/{namespace}/{name}/terminate', {
            operationId: 'terminate',
            responses: [{ status: '200', schema: ref('Workflow') }],
          }),
        ],
        {
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
        },
      ),
    [{ name: 'workflow', confidence: 'low', start: ['create'], poll: 'get', cancel: 'terminate' }],
  ],
  [
    'cancel named in the operationId on a POST to the item, free-string status, output sub-resource (OpenAI eval run)',
    () =>
      model(
        [
          op('POST', '/evals/{eval_id}/runs', { operationId: 'createEvalRun', responses: [{ status: '201', schema: ref('EvalRun') }] }),
          op('GET', '/evals/{eval_id}/runs/{run_id}', {
            operationId: 'getEvalRun',
            responses: [{ status: '200', schema: ref('EvalRun') }],
          }),
          op('POST', '/evals/{eval_id}/runs/{run_id}', {
            operationId: 'cancelEvalRun',
            responses: [{ status: '200', schema: ref('EvalRun') }],
          }),
          op('GET', '/evals/{eval_id}/runs/{run_id}/output_items', {
            operationId: 'items',
            responses: [{ status: '200', schema: { type: 'object' } }],
          }),
        ],
        { EvalRun: jobSchema(null) },
      ),
    [{ name: 'eval_run', confidence: 'low', start: ['createEvalRun'], poll: 'getEvalRun', cancel: 'cancelEvalRun', result: 'items' }],
  ],
  [
    'job id named by a response field of another operation, cancel answers 202 (GitHub workflow dispatch)',
    () =>
      model(
        [
          op('POST', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
            operationId: 'dispatch',
            responses: [{ status: '200', schema: { type: 'object', properties: { workflow_run_id: { type: 'integer' } } } }],
          }),
          op('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', {
            operationId: 'getRun',
            responses: [{ status: '200', schema: ref('workflow-run') }],
          }),
          op('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel', {
            operationId: 'cancelRun',
            responses: [{ status: '202', schema: { type: 'object' } }],
          }),
        ],
        { 'workflow-run': jobSchema(null) },
      ),
    [{ name: 'workflow_run', confidence: 'low', start: ['dispatch'], poll: 'getRun', cancel: 'cancelRun' }],
  ],
  [
    'GET answering 201 with a field described as the URL to poll (GitHub SBOM)',
    () =>
      model([
        op('GET', '/repos/{owner}/{repo}/sbom/generate-report', {
          operationId: 'generate',
          responses: [
            {
              status: '201',
              schema: { type: 'object', properties: { sbom_url: { type: 'string', description: 'URL to poll for the export result.' } } },
            },
          ],
        }),
      ]),
    [{ name: 'sbom', start: ['generate'], poll: 'via body:sbom_url', confidence: 'high' }],
  ],
  [
    '202 Accepted with a status GET whose values are lifecycle words (GitHub SARIF)',
    () =>
      model([
        op('POST', '/repos/{o}/{r}/sarifs', {
          operationId: 'upload',
          responses: [{ status: '202', schema: { type: 'object', properties: { id: { type: 'string' } } } }],
        }),
        op('GET', '/repos/{o}/{r}/sarifs/{sarif_id}', {
          operationId: 'getSarif',
          responses: [
            {
              status: '200',
              schema: { type: 'object', properties: { processing_status: { type: 'string', enum: ['pending', 'complete', 'failed'] } } },
            },
          ],
        }),
      ]),
    [{ name: 'sarif', confidence: 'high', start: ['upload'], poll: 'getSarif' }],
  ],
  [
    'Azure ARM-style PUT LRO: the resource GET has no job status, so the Azure-AsyncOperation monitor is polled',
    () =>
      model(
        [
          op('PUT', '/subscriptions/{s}/vms/{vmName}', {
            operationId: 'createVm',
            responses: [
              { status: '200', schema: ref('Vm') },
              { status: '201', schema: ref('Vm'), headers: ['Azure-AsyncOperation'] },
            ],
            extensions: { 'x-ms-long-running-operation': true },
          }),
          op('GET', '/subscriptions/{s}/vms/{vmName}', { operationId: 'getVm', responses: [{ status: '200', schema: ref('Vm') }] }),
        ],
        {
          Vm: {
            type: 'object',
            properties: { id: { type: 'string' }, properties: { type: 'object', properties: { provisioningState: { type: 'string' } } } },
          },
        },
      ),
    [{ confidence: 'high', start: ['createVm'], poll: 'via header:Azure-AsyncOperation', cancel: null }],
  ],
  [
    'a generic export job: pending/processing/completed/failed and a noun that names work',
    () =>
      model(
        [
          op('POST', '/exports', { operationId: 'createExport', responses: [{ status: '201', schema: ref('Export') }] }),
          op('GET', '/exports/{export_id}', { operationId: 'getExport', responses: [{ status: '200', schema: ref('Export') }] }),
        ],
        { Export: jobSchema(['pending', 'processing', 'completed', 'failed']) },
      ),
    [{ name: 'export', confidence: 'medium', start: ['createExport'], poll: 'getExport' }],
  ],
  [
    'create on a singular path, read on the plural collection, same 201 schema (GitLab pipelines)',
    () =>
      model(
        [
          op('POST', '/projects/{id}/pipeline', { operationId: 'createPipeline', responses: [{ status: '201', schema: ref('Pipeline') }] }),
          op('GET', '/projects/{id}/pipelines/{pipeline_id}', {
            operationId: 'getPipeline',
            responses: [{ status: '200', schema: ref('Pipeline') }],
          }),
          op('POST', '/projects/{id}/pipelines/{pipeline_id}/cancel', {
            operationId: 'cancelPipeline',
            responses: [{ status: '200', schema: ref('Pipeline') }],
          }),
        ],
        {
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
        },
      ),
    [{ name: 'pipeline', confidence: 'medium', start: ['createPipeline'], poll: 'getPipeline', cancel: 'cancelPipeline' }],
  ],
  [
    'a `*_status` field without a failure word, cancel and results (Anthropic message batches): low confidence',
    () =>
      model(
        [
          op('POST', '/v1/messages/batches', { operationId: 'createBatch', responses: [{ status: '200', schema: ref('MessageBatch') }] }),
          op('GET', '/v1/messages/batches/{message_batch_id}', {
            operationId: 'getBatch',
            responses: [{ status: '200', schema: ref('MessageBatch') }],
          }),
          op('POST', '/v1/messages/batches/{message_batch_id}/cancel', {
            operationId: 'cancelBatch',
            responses: [{ status: '200', schema: ref('MessageBatch') }],
          }),
          op('GET', '/v1/messages/batches/{message_batch_id}/results', {
            operationId: 'results',
            responses: [{ status: '200', schema: { type: 'string' } }],
          }),
        ],
        {
          MessageBatch: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              processing_status: { type: 'string', enum: ['in_progress', 'canceling', 'ended'] },
              results_url: { type: 'string' },
            },
          },
        },
      ),
    [{ name: 'message_batch', confidence: 'low', start: ['createBatch'], poll: 'getBatch', cancel: 'cancelBatch', result: 'results' }],
  ],
  [
    'a DELETE with x-ms-long-running-operation and a monitor header is a job polled through the header',
    () =>
      model([
        op('DELETE', '/vms/{vmName}', {
          operationId: 'deleteVm',
          responses: [{ status: '202', headers: ['Location', 'Azure-AsyncOperation'] }, { status: '204' }],
          extensions: { 'x-ms-long-running-operation': true },
        }),
        op('GET', '/vms/{vmName}', { operationId: 'getVm', responses: [{ status: '200', schema: { type: 'object' } }] }),
      ]),
    [{ start: ['deleteVm'], poll: 'via header:Azure-AsyncOperation', cancel: null, confidence: 'high' }],
  ],
];

describe('detectJobs: signals', () => {
  it.each(rows)('%s', (_label, build, expected) => {
    const found = summarize(detectJobs(build()));
    expect(found).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) expect(found[i]).toMatchObject(e);
  });
});
