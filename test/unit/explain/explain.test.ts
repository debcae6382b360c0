/** The `explain` views: the JSON contract of docs/EXPLAIN.md (exact keys, nulls, order) and the text view. */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { formatExplainText, toExplainJson } from '../../../src/explain/index.js';
import { createDiagnostic } from '../../../src/model/diagnostics.js';
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
import type { JsonSchema } from '../../../src/model/ir.js';
import { obj, rpc, str } from '../detect/rpcSchemas.js';
import { jobSchema, OPENAI_BATCH_STATES } from '../detect/statusSchemas.js';

function sample(batchExtra: Parameters<typeof jobSchema>[1] = {}) {
  const m = createModel(
    [
      createOperation('POST', '/batches', {
        operationId: 'createBatch',
        parameters: [createParameter('Idempotency-Key', 'header')],
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
      createOperation('GET', '/batches/{batch_id}/results', { responses: [createResponse('200', { schema: { type: 'object' } })] }),
      createOperation('PUT', '/keys/{k}/restore', {
        operationId: 'restore',
        responses: [createResponse('202', { headers: [createResponseHeader('Azure-AsyncOperation')] })],
        extensions: {
          'x-ms-long-running-operation': true,
          'x-ms-long-running-operation-options': { 'final-state-via': 'azure-async-operation' },
        },
      }),
      createOperation('DELETE', '/things/{id}', { operationId: 'deleteThing', responses: [createResponse('202')] }),
    ],
    { schemas: componentSchemas({ Batch: jobSchema(OPENAI_BATCH_STATES, batchExtra) }) },
  );
  delete m.operations[3]!.operationId;
  return m;
}

/** An AWS JSON-protocol job: the start answers QueryExecutionId, two RPC reads take it, one answers a status. */
function rpcModel() {
  const id = obj({ QueryExecutionId: { type: 'string' } }, ['QueryExecutionId']);
  const states = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'];
  return createModel([
    rpc('StartQueryExecution', obj({ QueryString: { type: 'string' } }, ['QueryString']), obj({ QueryExecutionId: { type: 'string' } })),
    rpc('GetQueryResults', id, obj({ ResultSet: obj({ Rows: { type: 'array', items: { type: 'object' } } }) })),
    rpc('GetQueryExecution', id, obj({ QueryExecution: obj({ Status: obj({ State: { type: 'string', enum: states } }) }) })),
  ]);
}

describe('explain', () => {
  it('JSON: exactly the documented keys, operation refs, nulls for absent parts', () => {
    const m = sample();
    const detection = detectJobs(m);
    detection.diagnostics.push(createDiagnostic('MJG301', 'warning', 'example'));
    const json = toExplainJson(m, detection);
    expect(Object.keys(json)).toEqual(['operations', 'jobs', 'hints', 'diagnostics', 'syntheticOperations', 'promotions']);
    expect(json.operations).toBe(6);
    expect(json.jobs.map((j) => j.name)).toEqual(['batch', 'restore']);
    const [batch, restore] = json.jobs;
    expect(Object.keys(batch!)).toEqual([
      'name',
      'confidence',
      'evidence',
      'start',
      'poll',
      'cancel',
      'result',
      'statusField',
      'states',
      'idempotency',
      'outcomeField',
      'outcomes',
      'progress',
      'etaField',
      'etaUnit',
      'idFlow',
      'memberSets',
      'returnsToRest',
      'cancelCall',
      'neutralEnds',
    ]);
    expect(batch).toMatchObject({
      confidence: 'medium',
      start: [{ operationId: 'createBatch', method: 'POST', path: '/batches' }],
      poll: { operationId: 'retrieveBatch', method: 'GET', path: '/batches/{batch_id}' },
      cancel: { operationId: 'cancelBatch', method: 'POST', path: '/batches/{batch_id}/cancel' },
      result: { operationId: null, method: 'GET', path: '/batches/{batch_id}/results' },
      statusField: 'status',
      idempotency: { in: 'header', name: 'Idempotency-Key' },
    });
    expect(batch!.states).toMatchObject({ validating: 'queued', completed: 'succeeded', cancelling: 'running' });
    expect(restore).toMatchObject({
      poll: { via: 'header:Azure-AsyncOperation' },
      cancel: null,
      result: { finalStateVia: 'azure-async-operation' },
      idempotency: null,
    });
    expect([batch!.progress, restore!.progress]).toEqual([null, null]);
    expect([batch!.idFlow, restore!.idFlow]).toEqual([null, null]);
    expect([batch!.memberSets, restore!.memberSets]).toEqual([null, null]);
    expect([batch!.returnsToRest, restore!.returnsToRest]).toEqual([null, null]);
    // The batch's cancel sends the job alone; the restore has no linked cancel.
    expect([batch!.cancelCall, restore!.cancelCall]).toEqual([null, null]);
    expect([batch!.neutralEnds, restore!.neutralEnds]).toEqual([null, null]);
    expect(json.hints).toEqual([
      { operationId: 'deleteThing', method: 'DELETE', path: '/things/{id}', reason: expect.stringContaining('DELETE') },
    ]);
    expect(json.diagnostics).toEqual([{ code: 'MJG301', severity: 'warning', message: 'example', pointer: null }]);
    expect(json.syntheticOperations).toEqual([]);
    // One JSON document, stable between runs.
    expect(JSON.stringify(toExplainJson(sample(), detectJobs(sample())))).toBe(
      JSON.stringify(toExplainJson(sample(), detectJobs(sample()))),
    );
  });

  it('text: per family its operations, states, confidence and evidence; then rejected hints', () => {
    const m = sample();
    const text = formatExplainText(m, detectJobs(m));
    expect(text).toContain('Test API 1.0.0: 6 operations, 2 job families');
    expect(text).toContain('job batch (confidence medium)');
    expect(text).toContain('  start   POST /batches (createBatch)');
    expect(text).toContain('  poll    GET /batches/{batch_id} (retrieveBatch)');
    expect(text).toContain('  cancel  POST /batches/{batch_id}/cancel (cancelBatch)');
    expect(text).toContain('validating→queued');
    expect(text).toContain('  idempotency  header Idempotency-Key');
    expect(text).toMatch(/evidence:\n {4}- /);
    expect(text).toContain('  poll    URL from header:Azure-AsyncOperation');
    expect(text).toContain('looked async, not a job (1):');
    expect(text).toContain('DELETE /things/{id} (deleteThing): DELETE answering 202');
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('  progress ');
    expect(text).not.toContain('promoted to a job');
  });

  it('promotions: every plain operation with evidence or an override (the rest are promoted by default), in the JSON (last key) and in the text', () => {
    const m = sample();
    m.operations.push(
      createOperation('POST', '/audio/transcriptions', {
        operationId: 'transcribe',
        summary: 'Transcribes audio; can take up to 2 minutes.',
        extensions: { 'x-mcp-jobgen': { promote: { timeoutMs: 300_000 } } },
      }),
      createOperation('POST', '/reports', { operationId: 'createReport' }),
    );
    const json = toExplainJson(m, detectJobs(m));
    // The sample's quiet plain operations are promoted by default and not listed.
    expect(json.promotions.map((p) => [p.operationId, p.promote, p.announce, p.source, p.timeoutMs, p.expectedDurationMs])).toEqual([
      ['transcribe', true, true, 'x-mcp-jobgen', 300_000, 120_000],
      ['createReport', true, false, 'rules', null, null],
    ]);
    expect(Object.keys(json.promotions[0]!)).toEqual([
      'operationId',
      'method',
      'path',
      'promote',
      'source',
      'score',
      'evidence',
      'timeoutMs',
      'expectedDurationMs',
      'announce',
    ]);
    const text = formatExplainText(m, detectJobs(m));
    expect(text).toContain(
      'promoted to a job when a call outlives JOB_PROMOTE_AFTER_MS (every plain operation by default; announced in the description: 1 of 2 with evidence):',
    );
    expect(text).toContain('  yes POST /audio/transcriptions (transcribe) (x-mcp-jobgen; expected 120 s, timeout 300 s)');
    expect(text).toContain('  def POST /reports (createReport) (rules)');
    expect(text).toContain('      - promoted by default, not announced: evidence adds up to 0.5, 1 needed');
  });

  it('etaField and etaUnit: the duration field that paces polling and how it reads, in the JSON (the keys before idFlow) and the text', () => {
    const timed = sample({ estimated_duration_seconds: { type: 'integer' } });
    const [batch] = toExplainJson(timed, detectJobs(timed)).jobs;
    expect([batch!.etaField, batch!.etaUnit]).toEqual(['estimated_duration_seconds', 's']);
    expect(Object.keys(batch!).slice(-7, -5)).toEqual(['etaField', 'etaUnit']);
    expect(formatExplainText(timed, detectJobs(timed))).toContain(
      '  eta     estimated_duration_seconds in s (paces polling and stall detection)',
    );
    const untimed = sample();
    expect(toExplainJson(untimed, detectJobs(untimed)).jobs[0]!).toMatchObject({ etaField: null, etaUnit: null });
    expect(formatExplainText(untimed, detectJobs(untimed))).not.toContain('  eta ');
  });

  it('progress: a counts object or a percent field in the JSON (before etaField) and in the text', () => {
    const int = { type: 'integer' } as const;
    const counts = sample({ request_counts: { type: 'object', properties: { total: int, completed: int, failed: int } } });
    const [batch] = toExplainJson(counts, detectJobs(counts)).jobs;
    expect(batch!.progress).toEqual({ counts: 'request_counts', done: ['completed', 'failed'], total: 'total' });
    expect(Object.keys(batch!).slice(-8, -5)).toEqual(['progress', 'etaField', 'etaUnit']);
    expect(formatExplainText(counts, detectJobs(counts))).toContain('  progress request_counts.(completed+failed) / request_counts.total');
    const percent = sample({ progress: { type: 'integer', minimum: 0, maximum: 100 } });
    expect(toExplainJson(percent, detectJobs(percent)).jobs[0]!.progress).toEqual({ field: 'progress', scale: 100 });
    expect(formatExplainText(percent, detectJobs(percent))).toContain('  progress progress (percent)');
  });
});

describe('explain: id flow', () => {
  it("JSON: the id's path from start to poll, the vocabulary's source, every rejected poll with its reason", () => {
    const m = rpcModel();
    const [job] = toExplainJson(m, detectJobs(m)).jobs;
    expect(job!.poll).toMatchObject({ operationId: 'GetQueryExecution' });
    expect(job!.idFlow).toEqual([
      {
        start: { operationId: 'StartQueryExecution', method: 'POST', path: '/#X-Amz-Target=Svc.StartQueryExecution' },
        from: { flow: 'answer', field: 'QueryExecutionId' },
        to: {
          operationId: 'GetQueryExecution',
          method: 'POST',
          path: '/#X-Amz-Target=Svc.GetQueryExecution',
          input: 'QueryExecutionId',
          in: 'body',
          list: false,
        },
        vocabulary: {
          field: 'QueryExecution.Status.State',
          from: 'enum',
          depth: 2,
          inList: false,
          values: ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
        },
        rejected: [
          {
            operationId: 'GetQueryResults',
            method: 'POST',
            path: '/#X-Amz-Target=Svc.GetQueryResults',
            reason: "an RPC call linked only by name must create or start the poll's own noun",
          },
        ],
        rejectedMore: 0,
      },
    ]);
  });

  it('a poll weighed by two of its inputs and refused for one reason is listed once', () => {
    const states = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'];
    // The start answers its execution's id and ARN; `GetQueryResults` takes either, and is refused by name for both.
    const m = createModel([
      rpc('StartQueryExecution', obj({ QueryString: str() }, ['QueryString']), obj({ QueryExecutionId: str(), QueryExecutionArn: str() })),
      rpc('GetQueryResults', obj({ QueryExecutionId: str(), QueryExecutionArn: str() }), obj({ Rows: { type: 'array', items: str() } })),
      rpc('GetQueryExecution', obj({ QueryExecutionId: str() }, ['QueryExecutionId']), obj({ Status: str(states) })),
    ]);
    const flow = toExplainJson(m, detectJobs(m)).jobs[0]!.idFlow?.[0];
    expect(flow!.rejected.map((r) => r.operationId)).toEqual(['GetQueryResults']);
    expect(flow!.rejectedMore).toBe(0);
  });

  it('a poll asked by a list of its noun: where the answer lists the job and the field it is matched by', () => {
    const str = { type: 'string' } as const;
    const job = { type: 'object', properties: { jobId: str, status: { type: 'string', enum: ['RUNNING', 'SUCCEEDED', 'FAILED'] } } };
    const op = (id: string, input: JsonSchema, output: JsonSchema) =>
      createOperation('POST', `/v1/${id.toLowerCase()}`, {
        operationId: id,
        requestBody: createRequestBody(input),
        responses: [createResponse('200', { schema: output })],
      });
    const m = createModel([
      op(
        'SubmitJob',
        { type: 'object', properties: { jobName: str }, required: ['jobName'] },
        { type: 'object', properties: { jobId: str } },
      ),
      op(
        'DescribeJobs',
        { type: 'object', properties: { jobs: { type: 'array', items: str, description: 'A list of job IDs.' } }, required: ['jobs'] },
        { type: 'object', properties: { jobs: { type: 'array', items: job } } },
      ),
    ]);
    const [family] = toExplainJson(m, detectJobs(m)).jobs;
    expect(family!.idFlow![0]!.to).toMatchObject({ input: 'jobs', in: 'body', list: true, item: { at: 'jobs', id: 'jobId' } });
    expect(formatExplainText(m, detectJobs(m))).toContain(
      'JSON body field `jobs` (as the only item of its list); the job is the item of `jobs` whose `jobId` is its id',
    );
  });

  it('memberSets: a start answering one handle per thing it acts on, in the JSON (after idFlow) and the text', () => {
    const str: JsonSchema = { type: 'string' };
    const operation: JsonSchema = {
      type: 'object',
      properties: { id: str, status: { type: 'string', enum: ['NotStarted', 'Started', 'Failed', 'Succeeded'] }, resourceName: str },
    };
    const op = (id: string, input: JsonSchema, output: JsonSchema) =>
      createOperation('POST', `/#X-Amz-Target=Svc.${id}`, {
        operationId: id,
        requestBody: createRequestBody(input),
        responses: [createResponse('200', { schema: output })],
      });
    const m = createModel([
      op(
        'CreateInstances',
        { type: 'object', properties: { instanceNames: { type: 'array', items: str } }, required: ['instanceNames'] },
        { type: 'object', properties: { operations: { type: 'array', items: operation } } },
      ),
      op(
        'GetOperation',
        { type: 'object', properties: { operationId: str }, required: ['operationId'] },
        { type: 'object', properties: { operation } },
      ),
    ]);
    const [family] = toExplainJson(m, detectJobs(m)).jobs;
    expect(Object.keys(family!).at(-4)).toBe('memberSets');
    expect(family!.memberSets).toEqual([
      {
        start: { operationId: 'CreateInstances', method: 'POST', path: '/#X-Amz-Target=Svc.CreateInstances' },
        itemsAt: 'operations',
        itemId: 'id',
      },
    ]);
    expect(family!.idFlow![0]!.from).toEqual({ flow: 'answer', field: 'operations.0.id' });
    expect(formatExplainText(m, detectJobs(m))).toContain(
      '  set     POST /#X-Amz-Target=Svc.CreateInstances (CreateInstances) lists its members in `operations`, each by `id`; the job ends when all have',
    );
  });

  it('returnsToRest: a thing that rests between runs, in the JSON (after memberSets) and the text', () => {
    const str: JsonSchema = { type: 'string' };
    const op = (id: string, output: JsonSchema) =>
      createOperation('POST', `/#X-Amz-Target=Svc.${id}`, {
        operationId: id,
        requestBody: createRequestBody({ type: 'object', properties: { Name: str }, required: ['Name'] }),
        responses: [createResponse('200', { schema: output })],
      });
    const lastCrawl: JsonSchema = {
      type: 'object',
      properties: {
        Status: { type: 'string', enum: ['SUCCEEDED', 'CANCELLED', 'FAILED'] },
        StartTime: { type: 'string', format: 'date-time' },
      },
    };
    const crawler: JsonSchema = {
      type: 'object',
      properties: { Name: str, State: { type: 'string', enum: ['READY', 'RUNNING', 'STOPPING'] }, LastCrawl: lastCrawl },
    };
    const m = createModel([op('StartCrawler', { type: 'object' }), op('GetCrawler', { type: 'object', properties: { Crawler: crawler } })]);
    const [family] = toExplainJson(m, detectJobs(m)).jobs;
    expect(Object.keys(family!).at(-3)).toBe('returnsToRest');
    expect(family!.returnsToRest).toEqual({
      rest: ['READY'],
      lastRun: 'Crawler.LastCrawl',
      lastRunStatus: 'Crawler.LastCrawl.Status',
      lastRunOutcomes: { SUCCEEDED: 'succeeded', CANCELLED: 'cancelled', FAILED: 'failed' },
      lastRunStartedAt: 'Crawler.LastCrawl.StartTime',
    });
    expect(formatExplainText(m, detectJobs(m))).toContain(
      "  rest    READY between runs; the end is the last run's `Crawler.LastCrawl.Status` (SUCCEEDED→succeeded, CANCELLED→cancelled, FAILED→failed) for a run this job set off (seen running, or `Crawler.LastCrawl.StartTime` at or after the start)",
    );
  });

  it('cancelCall: what the cancel sends beside the job, asked or set, in the JSON (after returnsToRest) and the text', () => {
    const states = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
    const job: JsonSchema = { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string', enum: states } } };
    const jobsApi = (cancel: Parameters<typeof createOperation>[2], method: 'POST' | 'PATCH', path: string) =>
      createModel([
        createOperation('POST', '/jobs', { operationId: 'createJob', responses: [createResponse('202', { schema: job })] }),
        createOperation('GET', '/jobs/{id}', { operationId: 'getJob', responses: [createResponse('200', { schema: job })] }),
        createOperation(method, path, cancel),
      ]);
    // Batch-like: the cancel requires a reason the job does not carry.
    const reason: JsonSchema = { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] };
    const asking = jobsApi(
      { operationId: 'cancelJob', requestBody: createRequestBody(reason, { required: true }), responses: [createResponse('200')] },
      'POST',
      '/jobs/{id}/cancel',
    );
    // Macie-like: the cancel is an update of the job that sets its status.
    const status: JsonSchema = { type: 'object', properties: { status: { type: 'string', enum: ['running', 'cancelled'] } } };
    const setting = jobsApi(
      { operationId: 'updateJob', requestBody: createRequestBody(status, { required: true }), responses: [createResponse('200')] },
      'PATCH',
      '/jobs/{id}',
    );
    const [asks] = toExplainJson(asking, detectJobs(asking)).jobs;
    const [sets] = toExplainJson(setting, detectJobs(setting)).jobs;
    expect(Object.keys(asks!).slice(-2)).toEqual(['cancelCall', 'neutralEnds']);
    expect(asks!.cancelCall).toEqual({ asks: [{ name: 'reason', in: 'body' }], sets: [] });
    expect(sets!.cancelCall).toEqual({ asks: [], sets: [{ param: 'status', in: 'body', value: 'cancelled' }] });
    expect(formatExplainText(asking, detectJobs(asking))).toContain(
      '  cancel  POST /jobs/{id}/cancel (cancelJob); asks the agent for `reason`',
    );
    expect(formatExplainText(setting, detectJobs(setting))).toContain(
      '  cancel  PATCH /jobs/{id} (updateJob); sets `status` = `cancelled`',
    );
  });

  it('text: the id path, the vocabulary and the rejected polls under the family', () => {
    const m = rpcModel();
    const text = formatExplainText(m, detectJobs(m));
    expect(text).toContain(
      '  id path  POST /#X-Amz-Target=Svc.StartQueryExecution (StartQueryExecution) answers `QueryExecutionId` → POST /#X-Amz-Target=Svc.GetQueryExecution (GetQueryExecution) JSON body field `QueryExecutionId`',
    );
    expect(text).toContain(
      '  vocabulary  `QueryExecution.Status.State` from its enum, 2 levels down: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED',
    );
    expect(text).toMatch(
      / {2}rejected polls \(1\):\n {4}- POST \/#X-Amz-Target=Svc\.GetQueryResults \(GetQueryResults\): an RPC call linked only by name/,
    );
  });

  it('text: the chosen poll, weighed by its parent path parameter too, is said so, not shown as a poll rejected', () => {
    const env: JsonSchema = {
      type: 'object',
      properties: { id: { type: 'string' }, status: { type: 'string', enum: ['PENDING', 'STARTING', 'RUNNING', 'FAILED'] } },
    };
    const m = createModel([
      createOperation('PUT', '/spaces/{spaceName}/devEnvironments', {
        operationId: 'CreateDevEnvironment',
        parameters: [createParameter('spaceName', 'path', { required: true })],
        requestBody: createRequestBody({ type: 'object', properties: { alias: { type: 'string' } } }),
        responses: [
          createResponse('201', { schema: { type: 'object', properties: { spaceName: { type: 'string' }, id: { type: 'string' } } } }),
        ],
      }),
      createOperation('GET', '/spaces/{spaceName}/devEnvironments/{id}', {
        operationId: 'GetDevEnvironment',
        parameters: [createParameter('spaceName', 'path', { required: true }), createParameter('id', 'path', { required: true })],
        responses: [createResponse('200', { schema: env })],
      }),
    ]);
    const d = detectJobs(m);
    const poll = 'GET /spaces/{spaceName}/devEnvironments/{id}';
    const why = "`spaceName` is the start's path parameter: the parent it posts under, not the job";
    expect(formatExplainText(m, d)).toContain(`    - ${poll} (GetDevEnvironment), the chosen poll weighed another way: ${why}`);
    expect(d.families[0]!.evidence).toContain(`the chosen poll weighed another way: ${poll}: ${why}`);
    expect(d.families[0]!.evidence.filter((line) => line.startsWith('rejected poll'))).toEqual([]);
  });
});
