/**
 * One row per rule added for APIs outside the tuning corpus (fixtures/generality/): the smallest IR that
 * carries the shape, the family expected (or none), and for the traps where the operation ends up instead.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { assessLifecycle } from '../../../src/detect/status/stateWords.js';
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
import type { ApiModel, JsonSchema } from '../../../src/model/ir.js';
import { jobSchema } from './statusSchemas.js';
import { type FamilySummary, hintIds, summarize } from './summarize.js';

type Row = [label: string, build: () => ApiModel, expected: Array<Partial<FamilySummary>>];

const TASK = jobSchema(['PENDING', 'THROTTLED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'], {
  progress: { type: 'number', maximum: 1 },
});
const RECEIPT = (text: string) => ({ type: 'object', properties: { id: { type: 'string', description: text } } });
const RUN = {
  type: 'object',
  properties: {
    run_id: { type: 'integer' },
    state: {
      type: 'object',
      properties: {
        life_cycle_state: {
          type: 'string',
          enum: ['QUEUED', 'PENDING', 'RUNNING', 'TERMINATING', 'TERMINATED', 'SKIPPED', 'INTERNAL_ERROR'],
        },
      },
    },
  },
};
const query = (name: string) => ({ parameters: [createParameter(name, 'query', { required: true })] });

/** Runs started at `POST /jobs/run-now` (answering `code`), read at `GET /jobs/runs/get?run_id=`, cancelled with `cancelInput`. */
function queryRuns(code: string, cancelInput: Partial<Parameters<typeof createOperation>[2]>, run: JsonSchema) {
  return createModel(
    [
      createOperation('POST', '/jobs/run-now', {
        operationId: 'runNow',
        responses: [createResponse(code, { schema: { type: 'object', properties: { run_id: { type: 'integer' } } } })],
      }),
      createOperation('GET', '/jobs/runs/get', {
        operationId: 'getRun',
        ...query('run_id'),
        responses: [createResponse('200', { schema: createSchemaRef('Run') })],
      }),
      createOperation('POST', '/jobs/runs/cancel', {
        operationId: 'cancelRun',
        ...cancelInput,
        responses: [createResponse('200', { schema: { type: 'object' } })],
      }),
    ],
    { schemas: componentSchemas({ Run: run }) },
  );
}

const rows: Row[] = [
  [
    'a start answering only `{id}` whose answer names the task read elsewhere (Runway), body-less DELETE named a cancel',
    () =>
      createModel(
        [
          createOperation('POST', '/v1/image_to_video', {
            operationId: 'imageToVideo',
            responses: [createResponse('200', { schema: RECEIPT('The ID of the newly created task.') })],
          }),
          createOperation('POST', '/v1/text_to_image', {
            operationId: 'textToImage',
            responses: [createResponse('200', { schema: RECEIPT('The ID of the newly created task.') })],
          }),
          createOperation('GET', '/v1/tasks/{id}', {
            operationId: 'getTask',
            responses: [createResponse('200', { schema: createSchemaRef('Task') })],
          }),
          createOperation('DELETE', '/v1/tasks/{id}', {
            operationId: 'deleteTask',
            summary: 'Cancel or delete a task',
            responses: [createResponse('204')],
          }),
        ],
        { schemas: componentSchemas({ Task: TASK }) },
      ),
    [{ name: 'task', start: ['imageToVideo', 'textToImage'], poll: 'getTask', cancel: 'deleteTask', confidence: 'medium' }],
  ],
  [
    'the id is in the query and the cancel takes it in its body (Databricks runs): the cancel sends it there',
    () =>
      createModel(
        [
          createOperation('POST', '/api/2.1/jobs/run-now', {
            operationId: 'runNow',
            responses: [
              createResponse('200', {
                schema: { type: 'object', properties: { run_id: { type: 'integer' }, number_in_job: { type: 'integer' } } },
              }),
            ],
          }),
          createOperation('GET', '/api/2.1/jobs/runs/get', {
            operationId: 'getRun',
            ...query('run_id'),
            responses: [createResponse('200', { schema: createSchemaRef('Run') })],
          }),
          createOperation('GET', '/api/2.1/jobs/runs/get-output', {
            operationId: 'getRunOutput',
            ...query('run_id'),
            responses: [createResponse('200', { schema: { type: 'object', properties: { logs: { type: 'string' } } } })],
          }),
          createOperation('POST', '/api/2.1/jobs/runs/cancel', {
            operationId: 'cancelRun',
            requestBody: createRequestBody({ type: 'object', properties: { run_id: { type: 'integer' } } }),
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        { schemas: componentSchemas({ Run: RUN }) },
      ),
    [{ name: 'run', start: ['runNow'], poll: 'getRun', cancel: 'cancelRun', result: 'getRunOutput', confidence: 'low' }],
  ],
  [
    'a sibling cancel that takes the query id is linked',
    () => queryRuns('200', query('run_id'), RUN),
    [{ start: ['runNow'], poll: 'getRun', cancel: 'cancelRun' }],
  ],
  [
    'the start answers how long the work takes and the resource reports a lifecycle of paired verb words (ElevenLabs dubbing)',
    () =>
      createModel([
        createOperation('POST', '/v1/dubbing', {
          operationId: 'dub',
          responses: [
            createResponse('200', {
              schema: { type: 'object', properties: { dubbing_id: { type: 'string' }, expected_duration_sec: { type: 'number' } } },
            }),
          ],
        }),
        createOperation('GET', '/v1/dubbing/{dubbing_id}', {
          operationId: 'getDub',
          responses: [
            createResponse('200', {
              schema: {
                type: 'object',
                properties: {
                  dubbing_id: { type: 'string' },
                  status: { type: 'string', description: "Either 'dubbed', 'dubbing' or 'failed'." },
                },
              },
            }),
          ],
        }),
      ]),
    [{ start: ['dub'], poll: 'getDub', cancel: null, confidence: 'medium' }],
  ],
  [
    'the create posts the whole resource, status included, and gets 201 + Location (Azure Speech transcriptions)',
    () =>
      createModel(
        [
          createOperation('POST', '/transcriptions', {
            operationId: 'create',
            requestBody: createRequestBody(createSchemaRef('Transcription')),
            responses: [createResponse('201', { schema: createSchemaRef('Transcription'), headers: [createResponseHeader('Location')] })],
          }),
          createOperation('GET', '/transcriptions/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Transcription') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Transcription: {
              type: 'object',
              properties: { self: { type: 'string' }, status: { type: 'string', enum: ['NotStarted', 'Running', 'Succeeded', 'Failed'] } },
            },
          }),
        },
      ),
    [{ name: 'transcription', start: ['create'], poll: 'get', cancel: null }],
  ],
  [
    'the answer names the job only as `jobArn` while the poll takes `{jobIdentifier}` (Bedrock batch inference)',
    () =>
      createModel(
        [
          createOperation('POST', '/model-invocation-job', {
            operationId: 'create',
            responses: [createResponse('200', { schema: { type: 'object', properties: { jobArn: { type: 'string' } } } })],
          }),
          createOperation('GET', '/model-invocation-job/{jobIdentifier}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('POST', '/model-invocation-job/{jobIdentifier}/stop', {
            operationId: 'stop',
            responses: [createResponse('200')],
          }),
        ],
        { schemas: componentSchemas({ Job: jobSchema(['Submitted', 'InProgress', 'Completed', 'Failed', 'Stopping', 'Stopped']) }) },
      ),
    [{ start: ['create'], poll: 'get', cancel: 'stop' }],
  ],
  [
    'a resource named a job with lifecycle-like words and a transcript sub-resource (Rev.ai): low confidence',
    () =>
      createModel(
        [
          createOperation('POST', '/speechtotext/v1/jobs', {
            operationId: 'submitJob',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('GET', '/speechtotext/v1/jobs/{id}', {
            operationId: 'getJob',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('DELETE', '/speechtotext/v1/jobs/{id}', { operationId: 'deleteJob', responses: [createResponse('204')] }),
          createOperation('GET', '/speechtotext/v1/jobs/{id}/transcript', {
            operationId: 'getTranscript',
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        { schemas: componentSchemas({ Job: jobSchema(['in_progress', 'transcribed', 'failed']) }) },
      ),
    [{ name: 'job', start: ['submitJob'], poll: 'getJob', cancel: null, result: 'getTranscript', confidence: 'low' }],
  ],
  [
    'a job read inside an envelope (`{job: {status}}`, Speechmatics) with a transcript',
    () =>
      createModel(
        [
          createOperation('POST', '/v2/jobs', {
            operationId: 'createJob',
            responses: [createResponse('201', { schema: { type: 'object', properties: { id: { type: 'string' } } } })],
          }),
          createOperation('GET', '/v2/jobs/{jobid}', {
            operationId: 'getJob',
            responses: [createResponse('200', { schema: createSchemaRef('JobEnvelope') })],
          }),
          createOperation('GET', '/v2/jobs/{jobid}/transcript', {
            operationId: 'getTranscript',
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        {
          schemas: componentSchemas({
            JobEnvelope: { type: 'object', properties: { job: jobSchema(['running', 'done', 'rejected', 'deleted', 'expired']) } },
          }),
        },
      ),
    [{ start: ['createJob'], poll: 'getJob', result: 'getTranscript', confidence: 'low' }],
  ],
  [
    'a 202 answer naming its task by `taskUid` (Meilisearch), read at /tasks/{task_uid}: `uid` names an id as `id` does',
    () => {
      const summarized = {
        type: 'object',
        properties: { taskUid: { type: 'integer' }, indexUid: { type: 'string' }, status: { type: 'string', enum: ['enqueued'] } },
      };
      return createModel(
        [
          createOperation('POST', '/indexes/{index_uid}/documents', {
            operationId: 'addDocuments',
            parameters: [createParameter('index_uid', 'path')],
            responses: [createResponse('202', { schema: summarized })],
          }),
          createOperation('GET', '/indexes/{index_uid}', {
            operationId: 'getIndex',
            parameters: [createParameter('index_uid', 'path')],
            responses: [createResponse('200', { schema: { type: 'object', properties: { uid: { type: 'string' } } } })],
          }),
          createOperation('GET', '/tasks/{task_uid}', {
            operationId: 'getTask',
            parameters: [createParameter('task_uid', 'path', { schema: { type: 'integer' } })],
            responses: [
              createResponse('200', {
                schema: {
                  type: 'object',
                  properties: {
                    uid: { type: 'integer' },
                    status: { type: 'string', enum: ['enqueued', 'processing', 'succeeded', 'failed', 'canceled'] },
                  },
                },
              }),
            ],
          }),
        ],
        {},
      );
    },
    [{ name: 'task', start: ['addDocuments'], poll: 'getTask', cancel: null }],
  ],
];

describe('detectJobs: rules for shapes outside the tuning corpus', () => {
  it.each(rows)('%s', (_label, build, expected) => {
    const found = summarize(detectJobs(build()));
    expect(found).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) expect(found[i]).toMatchObject(e);
  });

  it('Databricks: the body cancel takes the run id as the number its field is', () => {
    const rowModel = rows.find((r) => r[0].includes('cancel takes it in its body'))![1]();
    expect(detectJobs(rowModel).families[0]!.cancel).toMatchObject({ idParam: 'run_id', idIn: 'body', idNumeric: true });
  });

  it('Bedrock: the only id-like field of the answer is where the job id comes from', () => {
    const rowModel = rows.find((r) => r[0].includes('jobArn'))![1]();
    expect(detectJobs(rowModel).families[0]!.start[0]!.idFrom).toBe('body:jobArn');
  });

  it('status inside a response envelope (`{data: {status}}`, Mux) is read as `data.status`', () => {
    const asset = {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['queued', 'processing', 'completed', 'failed', 'cancelled'] },
          },
        },
      },
    };
    const d = detectJobs(
      createModel([
        createOperation('POST', '/exports', { operationId: 'create', responses: [createResponse('201', { schema: asset })] }),
        createOperation('GET', '/exports/{id}', { operationId: 'get', responses: [createResponse('200', { schema: asset })] }),
        createOperation('POST', '/exports/{id}/cancel', { operationId: 'cancel', responses: [createResponse('200', { schema: asset })] }),
      ]),
    );
    expect(d.families[0]).toMatchObject({ statusField: 'data.status', states: { queued: 'queued', cancelled: 'cancelled' } });
  });

  it.each<[string, Record<string, unknown>, string | null, string?]>([
    [
      'beside the call’s outcome and message (`{success, message, response}`, Shotstack)',
      { success: { type: 'boolean' }, message: { type: 'string' } },
      'response.status',
    ],
    ['beside `ok` (Slack’s and Telegram’s house style)', { ok: { type: 'boolean' } }, 'response.status'],
    ['near miss: beside a scalar of the resource’s own', { owner: { type: 'string' } }, null],
    // An object named as the call's outcome is a resource (a messaging API's `{message: {id, status}}`).
    ['held in an object named `message`', {}, 'message.status', 'message'],
  ])('status inside an envelope %s', (_label, beside, statusField, member = 'response') => {
    const render = (inner: Record<string, unknown>) => ({
      type: 'object',
      properties: { ...beside, [member]: { type: 'object', properties: { id: { type: 'string' }, ...inner } } },
    });
    const status = { status: { type: 'string', enum: ['queued', 'rendering', 'done', 'failed'] } };
    const d = detectJobs(
      createModel([
        createOperation('POST', '/render', { operationId: 'postRender', responses: [createResponse('201', { schema: render({}) })] }),
        createOperation('GET', '/render/{id}', {
          operationId: 'getRender',
          responses: [createResponse('200', { schema: render(status) })],
        }),
        createOperation('POST', '/render/{id}/cancel', {
          operationId: 'cancelRender',
          responses: [createResponse('200', { schema: render(status) })],
        }),
      ]),
    );
    expect(d.families[0]?.statusField ?? null).toBe(statusField);
  });

  it('a sibling cancel of a query-polled job that names its id otherwise is a hint naming the family, not a "business" cancel', () => {
    const otherName = { requestBody: createRequestBody({ type: 'object', properties: { id: { type: 'integer' } } }) };
    const d = detectJobs(queryRuns('202', otherName, jobSchema(['queued', 'running', 'succeeded', 'failed'])));
    expect(d.families[0]).toMatchObject({ name: 'run', cancel: null });
    expect(d.hints.find((h) => h.operationId === 'cancelRun')?.reason).toMatch(
      /cancels a job of family run, but takes its id neither in the query nor in a JSON body field/,
    );
  });

  it.each(['clientRequestToken', 'idempotency_token'])("body field %s is the start's idempotency parameter (AWS, Databricks)", (name) => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/jobs', {
            operationId: 'create',
            requestBody: createRequestBody({ type: 'object', properties: { [name]: { type: 'string' } } }),
            responses: [createResponse('202', { schema: createSchemaRef('Job') })],
          }),
          createOperation('GET', '/jobs/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
        ],
        { schemas: componentSchemas({ Job: jobSchema(['queued', 'running', 'succeeded', 'failed']) }) },
      ),
    );
    expect(d.families[0]!.start[0]!.idempotency).toEqual({ in: 'body', name });
  });

  it.each([
    [
      'a query parameter',
      {
        name: 'requestId',
        in: 'query',
        schema: { type: 'string', format: 'uuid' },
        description: 'Ensures that the execution is idempotent.',
      },
      { in: 'query', name: 'requestId' },
    ],
    [
      'a body field',
      { body: { creatorRequestId: { type: 'string', description: 'You may omit it if your application does not require idempotency.' } } },
      { in: 'body', name: 'creatorRequestId' },
    ],
    [
      'near miss: a number',
      { name: 'requestId', in: 'query', schema: { type: 'integer' }, description: 'Makes retries idempotent.' },
      null,
    ],
    [
      'a header named the token of a retry',
      {
        name: 'opc-retry-token',
        in: 'header',
        schema: { type: 'string' },
        description: 'Lets a request be retried without risk of executing that same action again.',
      },
      { in: 'header', name: 'opc-retry-token' },
    ],
    [
      'near miss: a retry flag',
      { name: 'retry', in: 'query', schema: { type: 'string' }, description: 'Set when retrying with the same request id.' },
      null,
    ],
  ] as const)('%s the contract says makes the start idempotent is its idempotency key, whatever its name', (_, where, expected) => {
    const param = 'body' in where ? null : where;
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/jobs', {
            operationId: 'create',
            parameters: param ? [createParameter(param.name, param.in, { schema: param.schema, description: param.description })] : [],
            ...('body' in where ? { requestBody: createRequestBody({ type: 'object', properties: where.body }) } : {}),
            responses: [createResponse('202', { schema: createSchemaRef('Job') })],
          }),
          createOperation('GET', '/jobs/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
        ],
        { schemas: componentSchemas({ Job: jobSchema(['queued', 'running', 'succeeded', 'failed']) }) },
      ),
    );
    expect(d.families[0]!.start[0]!.idempotency ?? null).toEqual(expected);
  });

  it.each([
    ['stateName', 'stateName'],
    ['status_name', 'status_name'],
  ])('the name of a state (`%s`, MongoDB Atlas) is the status it names', (field) => {
    const exportRecord = {
      type: 'object',
      properties: { exportId: { type: 'string' }, [field]: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] } },
    };
    const d = detectJobs(
      createModel([
        createOperation('POST', '/exports', { operationId: 'createExport', responses: [createResponse('201', { schema: exportRecord })] }),
        createOperation('GET', '/exports/{exportId}', {
          operationId: 'getExport',
          parameters: [createParameter('exportId', 'path')],
          responses: [createResponse('200', { schema: exportRecord })],
        }),
      ]),
    );
    expect(d.families.map((f) => [f.statusField, f.states.succeeded])).toEqual([[field, 'succeeded']]);
  });

  it('gerund/participle pairs of one verb are work in progress and work done; lone words are not paired', () => {
    expect(assessLifecycle(['dubbing', 'dubbed', 'failed'])).toMatchObject({
      lifecycleLike: true,
      knownCount: 3,
      states: { dubbing: 'running', dubbed: 'succeeded', failed: 'failed' },
    });
    // Known, but never strong: an order's shipping/shipped pairs the same way.
    expect(assessLifecycle(['pending', 'processing', 'shipping', 'shipped', 'cancelled', 'failed']).strong).toBe(false);
    expect(assessLifecycle(['rendering', 'rendered', 'errored']).states).toEqual({
      rendering: 'running',
      rendered: 'succeeded',
      errored: 'failed',
    });
    expect(assessLifecycle(['shipped', 'billing']).knownCount).toBe(0);
  });

  it('near miss: the undoing of a step the vocabulary also names is no work done (Azure Batch jobs)', () => {
    const states = assessLifecycle(['active', 'disabling', 'disabled', 'enabling', 'terminating', 'completed', 'deleting']).states;
    expect(states.disabled).not.toBe('succeeded');
    expect(assessLifecycle(['deauthorizing', 'deauthorized', 'authorizing', 'failed']).states.deauthorized).not.toBe('succeeded');
    // Without the doing beside it, a prefixed verb is a verb of its own: `discovering`/`discovered`.
    expect(assessLifecycle(['discovering', 'discovered', 'failed']).states.discovered).toBe('succeeded');
  });
});

describe('detectJobs: a 202 that hands out a URL named for the status (Snowflake `statementStatusUrl`)', () => {
  const queryStatus = {
    type: 'object',
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      statementHandle: { type: 'string' },
      statementStatusUrl: { type: 'string' },
    },
  };
  const resultSet = { type: 'object', properties: { data: { type: 'array', items: { type: 'array', items: { type: 'string' } } } } };
  const submit = (status: string) =>
    createOperation('POST', '/api/v2/statements', {
      operationId: 'SubmitStatement',
      responses: [createResponse('200', { schema: resultSet }), createResponse(status, { schema: queryStatus })],
    });
  const getStatus = createOperation('GET', '/api/v2/statements/{statementHandle}', {
    operationId: 'GetStatementStatus',
    parameters: [createParameter('statementHandle', 'path')],
    responses: [createResponse('200', { schema: resultSet }), createResponse('202', { schema: queryStatus })],
  });

  it("is a job followed at that URL, the monitor's HTTP code its state; the GET answering 202 is that monitor, no start", () => {
    const d = detectJobs(createModel([submit('202'), getStatus]));
    expect(summarize(d)).toMatchObject([{ start: ['SubmitStatement'], poll: 'via body:statementStatusUrl' }]);
    expect(d.families[0]!.statusField).toBeNull();
  });

  it('near miss: the same field on a 201 (a created thing links its statuses) starts nothing', () => {
    expect(summarize(detectJobs(createModel([submit('201'), getStatus])))).toEqual([]);
  });
});

describe('detectJobs: traps for shapes outside the tuning corpus', () => {
  it('an action under an existing job item (`…/pipelines/{id}/retry`) starts nothing', () => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/projects/{id}/pipeline', {
            operationId: 'create',
            responses: [createResponse('201', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('GET', '/projects/{id}/pipelines/{pipeline_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('POST', '/projects/{id}/pipelines/{pipeline_id}/retry', {
            operationId: 'retry',
            responses: [createResponse('201', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('POST', '/projects/{id}/pipelines/{pipeline_id}/cancel', {
            operationId: 'cancel',
            responses: [createResponse('201', { schema: createSchemaRef('Pipeline') })],
          }),
          createOperation('GET', '/projects/{id}/jobs/{job_id}', {
            operationId: 'getJob',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('POST', '/projects/{id}/jobs/{job_id}/retry', {
            operationId: 'retryJob',
            responses: [createResponse('201', { schema: createSchemaRef('Job') })],
          }),
          createOperation('POST', '/projects/{id}/jobs/{job_id}/cancel', {
            operationId: 'cancelJob',
            responses: [createResponse('201', { schema: createSchemaRef('Job') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Pipeline: jobSchema(['created', 'pending', 'running', 'success', 'failed', 'canceled', 'skipped', 'manual']),
            Job: jobSchema(['created', 'pending', 'running', 'success', 'failed', 'canceled'], { stage: { type: 'string' } }),
          }),
        },
      ),
    );
    expect(summarize(d).map((f) => f.start)).toEqual([['create']]);
  });

  it('an id-only answer that names no job resource, or two of them, links nothing', () => {
    const build = (text: string) =>
      createModel(
        [
          createOperation('POST', '/v1/generate', { operationId: 'gen', responses: [createResponse('200', { schema: RECEIPT(text) })] }),
          createOperation('GET', '/v1/tasks/{id}', {
            operationId: 'getTask',
            responses: [createResponse('200', { schema: createSchemaRef('Task') })],
          }),
          createOperation('DELETE', '/v1/tasks/{id}', {
            operationId: 'cancelTask',
            summary: 'Cancel a task',
            responses: [createResponse('204')],
          }),
          createOperation('GET', '/v1/renders/{id}', {
            operationId: 'getRender',
            responses: [createResponse('200', { schema: createSchemaRef('Task') })],
          }),
          createOperation('POST', '/v1/renders/{id}/cancel', { operationId: 'cancelRender', responses: [createResponse('200')] }),
        ],
        { schemas: componentSchemas({ Task: TASK }) },
      );
    expect(detectJobs(build('Created.')).families).toEqual([]);
    expect(detectJobs(build('The task or render was created.')).families).toEqual([]);
    expect(summarize(detectJobs(build('The render was created.')))[0]).toMatchObject({ start: ['gen'], poll: 'getRender' });
  });

  it('an id-only answer names its id in any case (`ID`), and links only to a read that shows how the work stands', () => {
    const build = (idName: string, task: JsonSchema) =>
      createModel(
        [
          createOperation('POST', '/tools/archive', {
            operationId: 'archive',
            responses: [
              createResponse('200', {
                schema: {
                  type: 'object',
                  properties: { [idName]: { type: 'string', description: 'The identifier of the job.' }, Path: { type: 'string' } },
                },
              }),
            ],
          }),
          createOperation('GET', '/jobs/{id}', {
            operationId: 'getJob',
            responses: [createResponse('200', { schema: createSchemaRef('Job') })],
          }),
          createOperation('POST', '/jobs/{id}/cancel', { operationId: 'cancelJob', responses: [createResponse('200')] }),
        ],
        { schemas: componentSchemas({ Job: task }) },
      );
    for (const idName of ['ID', 'id', 'JobID', 'job_id'])
      expect(summarize(detectJobs(build(idName, TASK)))[0], idName).toMatchObject({ start: ['archive'], poll: 'getJob' });
    // Orthanc's job read declares no member: its `State` only in an example. No status, no done flag: no family.
    const opaque = { type: 'object', description: 'JSON object detailing the job', example: { ID: 'j1', State: 'Success' } };
    expect(detectJobs(build('ID', opaque)).families).toEqual([]);
  });

  const ENDS = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
  it.each<[string, string, string | undefined, string | null, string[]]>([
    ['a summary that says cancel', 'remove', 'Cancel or delete a task', 'remove', ENDS],
    ['an operationId whose verb is cancel', 'cancelTask', undefined, 'cancelTask', ENDS],
    ['the noun of the verb', 'remove', 'Request the cancellation of a task', 'remove', ENDS],
    ['the noun spelt with one l', 'remove', 'Request the cancelation of a task', 'remove', ENDS],
    [
      'near miss: a state named in the summary (Salesforce Bulk)',
      'remove',
      'Delete a task that is Succeeded, Aborted or Failed',
      null,
      ENDS,
    ],
    ['near miss: a state named in the operationId', 'removeAbortedTask', undefined, null, ENDS],
    ['near miss: named a cancel, on a job that can never end cancelled', 'remove', 'Cancel or delete a task', null, ENDS.slice(0, 4)],
  ])('a body-less DELETE: %s', (_label, operationId, summary, cancel, states) => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/v1/tasks', {
            operationId: 'create',
            responses: [createResponse('202', { schema: createSchemaRef('Task') })],
          }),
          createOperation('GET', '/v1/tasks/{id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Task') })],
          }),
          createOperation('DELETE', '/v1/tasks/{id}', { operationId, ...(summary ? { summary } : {}), responses: [createResponse('204')] }),
        ],
        { schemas: componentSchemas({ Task: jobSchema(states) }) },
      ),
    );
    expect(summarize(d)).toMatchObject([{ start: ['create'], cancel }]);
  });

  it('an order with shipping/shipped, failed and a business cancel is no job', () => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/orders', {
            operationId: 'create',
            responses: [createResponse('201', { schema: createSchemaRef('Order') })],
          }),
          createOperation('GET', '/orders/{order_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Order') })],
          }),
          createOperation('POST', '/orders/{order_id}/cancel', {
            operationId: 'cancel',
            responses: [createResponse('200', { schema: createSchemaRef('Order') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Order: jobSchema(['pending', 'processing', 'shipping', 'shipped', 'delivered', 'cancelled', 'failed'], {
              eta: { type: 'string' },
            }),
          }),
        },
      ),
    );
    expect(d.families).toEqual([]);
    expect(hintIds(d)).toEqual(['cancel']);
  });

  it("a bare `eta` in the answer (a driver's arrival) does not make a ride a job", () => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/v1/requests', {
            operationId: 'request',
            responses: [
              createResponse('202', {
                schema: { type: 'object', properties: { request_id: { type: 'string' }, eta: { type: 'integer' } } },
              }),
            ],
          }),
          createOperation('GET', '/v1/requests/{request_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Ride') })],
          }),
        ],
        {
          schemas: componentSchemas({
            Ride: jobSchema(['processing', 'no_drivers_available', 'accepted', 'arriving', 'in_progress', 'driver_canceled', 'completed']),
          }),
        },
      ),
    );
    expect(d.families.flatMap((f) => f.evidence).join(' ')).not.toMatch(/eta/);
  });

  it('a to-do task (todo/in_progress/done) with nothing else is no job; only `job` weighs double', () => {
    const d = detectJobs(
      createModel(
        [
          createOperation('POST', '/tasks', {
            operationId: 'create',
            responses: [createResponse('201', { schema: createSchemaRef('Task') })],
          }),
          createOperation('GET', '/tasks/{task_id}', {
            operationId: 'get',
            responses: [createResponse('200', { schema: createSchemaRef('Task') })],
          }),
          createOperation('GET', '/tasks/{task_id}/content', {
            operationId: 'content',
            responses: [createResponse('200', { schema: { type: 'object' } })],
          }),
        ],
        { schemas: componentSchemas({ Task: jobSchema(['todo', 'in_progress', 'done']) }) },
      ),
    );
    expect(d.families).toEqual([]);
  });

  it('a query-id GET is no poll for a bare `id` answer (too common to link by)', () => {
    const d = detectJobs(
      createModel([
        createOperation('POST', '/things/create', {
          operationId: 'create',
          responses: [createResponse('200', { schema: { type: 'object', properties: { id: { type: 'string' } } } })],
        }),
        createOperation('GET', '/things/get', {
          operationId: 'get',
          ...query('id'),
          responses: [createResponse('200', { schema: jobSchema(['queued', 'running', 'succeeded', 'failed']) })],
        }),
      ]),
    );
    expect(d.families).toEqual([]);
    expect(hintIds(d)).toEqual([]);
  });
});
