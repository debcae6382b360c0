/**
 * Terminal outcome fields: a field beside the status that says how a finished job ended (`conclusion`,
 * `state.result_state`). Rows for the status analysis, then whole detections (family fields, evidence, explain).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { SchemaReader } from '../../../src/detect/read/schemaWalk.js';
import { analyzeStatusSchema } from '../../../src/detect/status/analyzeStatusSchema.js';
import { toExplainJson } from '../../../src/explain/index.js';
import {
  componentSchemas,
  createModel,
  createOperation,
  createParameter,
  createResponse,
  createSchemaRef,
} from '../../../src/model/factories.js';
import type { JsonSchema } from '../../../src/model/ir.js';
import { rpc } from './rpcSchemas.js';

const str = (values?: Array<string | null>): JsonSchema => (values ? { type: 'string', nullable: true, enum: values } : { type: 'string' });
const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties });
const LIFECYCLE = ['queued', 'in_progress', 'completed'];
const CONCLUSIONS = ['success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required', 'stale', null];

type Row = [
  label: string,
  schema: JsonSchema,
  expected: { status: string | null; outcome: string | null; outcomes?: Record<string, string>; resultField?: string | null },
];

const rows: Row[] = [
  [
    'status + conclusion enum (check suite)',
    obj({ status: str(LIFECYCLE), conclusion: str(CONCLUSIONS) }),
    {
      status: 'status',
      outcome: 'conclusion',
      outcomes: {
        success: 'succeeded',
        failure: 'failed',
        neutral: 'succeeded',
        cancelled: 'cancelled',
        skipped: 'cancelled',
        timed_out: 'failed',
        action_required: 'failed',
        stale: 'failed',
      },
    },
  ],
  [
    'a dedicated name needs no listed values (workflow run)',
    obj({ status: str(), conclusion: str() }),
    { status: 'status', outcome: 'conclusion', outcomes: {} },
  ],
  [
    'nested beside a `*_state` status',
    obj({
      state: obj({
        life_cycle_state: str(['PENDING', 'RUNNING', 'TERMINATED', 'INTERNAL_ERROR']),
        result_state: str(['SUCCESS', 'FAILED', 'CANCELED']),
      }),
    }),
    {
      status: 'state.life_cycle_state',
      outcome: 'state.result_state',
      outcomes: { SUCCESS: 'succeeded', FAILED: 'failed', CANCELED: 'cancelled' },
    },
  ],
  [
    '`result_state` listed first is still not taken for the status',
    obj({ state: obj({ result_state: str(['SUCCESS', 'FAILED']), life_cycle_state: str(['RUNNING', 'TERMINATED']) }) }),
    {
      status: 'state.life_cycle_state',
      outcome: 'state.result_state',
    },
  ],
  [
    '`result: success|failure` is the outcome, not the inline result',
    obj({ status: str(LIFECYCLE), result: str(['success', 'failure', 'unknown']) }),
    {
      status: 'status',
      outcome: 'result',
      outcomes: { success: 'succeeded', failure: 'failed', unknown: 'failed' },
      resultField: null,
    },
  ],
  [
    'a business `result` string (approved/declined) is not an outcome',
    obj({ status: str(['pending', 'processing', 'completed', 'failed']), result: str(['approved', 'declined', 'referred']) }),
    {
      status: 'status',
      outcome: null,
      resultField: 'result',
    },
  ],
  [
    'a `result` string without values is not taken',
    obj({ status: str(LIFECYCLE), result: str() }),
    { status: 'status', outcome: null, resultField: 'result' },
  ],
  [
    'a `result` payload object is not taken',
    obj({ status: str(LIFECYCLE), result: obj({ text: str() }) }),
    { status: 'status', outcome: null, resultField: 'result' },
  ],
  [
    'values from the description (passed / failed)',
    obj({ status: str(LIFECYCLE), outcome: { type: 'string', description: "One of 'passed', 'failed' or 'errored'." } }),
    {
      status: 'status',
      outcome: 'outcome',
      outcomes: { passed: 'succeeded', failed: 'failed', errored: 'failed' },
    },
  ],
  [
    'a dedicated name whose values are not outcome words is not taken',
    obj({ status: str(LIFECYCLE), outcome: str(['won', 'lost']) }),
    { status: 'status', outcome: null },
  ],
  [
    "only at the status field's own level",
    obj({ conclusion: str(['success', 'failure']), status: obj({ phase: str(['Pending', 'Running', 'Succeeded', 'Failed']) }) }),
    { status: 'status.phase', outcome: null },
  ],
  ['no status field, no outcome', obj({ conclusion: str(['success', 'failure']) }), { status: null, outcome: null }],
];

describe('analyzeStatusSchema: outcome field', () => {
  it.each(rows)('%s', (_label, schema, expected) => {
    const a = analyzeStatusSchema(new SchemaReader(createModel([])), schema);
    expect(a.field).toBe(expected.status);
    expect(a.outcome?.field ?? null).toBe(expected.outcome);
    if (expected.outcomes) expect(a.outcome?.outcomes).toEqual(expected.outcomes);
    if (expected.resultField !== undefined) expect(a.resultField).toBe(expected.resultField);
  });
});

/** POST /runs → GET /runs/{run_id} → POST /runs/{run_id}/cancel around a Run schema. */
function runApi(run: JsonSchema) {
  return createModel(
    [
      createOperation('POST', '/runs', {
        operationId: 'createRun',
        responses: [createResponse('201', { schema: createSchemaRef('Run') })],
      }),
      createOperation('GET', '/runs/{run_id}', {
        operationId: 'getRun',
        responses: [createResponse('200', { schema: createSchemaRef('Run') })],
      }),
      createOperation('POST', '/runs/{run_id}/cancel', { operationId: 'cancelRun', responses: [createResponse('202')] }),
    ],
    { schemas: componentSchemas({ Run: run }) },
  );
}

describe('detectJobs: outcome field on the family', () => {
  const RUN_STATES = ['queued', 'in_progress', 'completed', 'failed'];

  it('sets outcomeField/outcomes, keeps completed → succeeded, says so in the evidence and the explain JSON', () => {
    const m = runApi(obj({ id: str(), status: str(RUN_STATES), conclusion: str(CONCLUSIONS) }));
    const detection = detectJobs(m);
    expect(detection.families).toHaveLength(1);
    const f = detection.families[0]!;
    expect(f.outcomeField).toBe('conclusion');
    expect(f.outcomes).toMatchObject({ success: 'succeeded', failure: 'failed', cancelled: 'cancelled' });
    expect(f.states).toMatchObject({ completed: 'succeeded', failed: 'failed' });
    expect(f.evidence.join('\n')).toMatch(/outcome field `conclusion` beside `status`/);
    expect(toExplainJson(m, detection).jobs[0]).toMatchObject({ outcomeField: 'conclusion', outcomes: { failure: 'failed' } });
  });

  it('a status word that only says "finished" maps to succeeded when an outcome refines it, cancelled otherwise', () => {
    const lifecycle = ['PENDING', 'RUNNING', 'TERMINATING', 'TERMINATED', 'INTERNAL_ERROR'];
    const withOutcome = detectJobs(
      runApi(obj({ run_id: str(), state: obj({ life_cycle_state: str(lifecycle), result_state: str(['SUCCESS', 'FAILED']) }) })),
    ).families[0]!;
    expect(withOutcome.outcomeField).toBe('state.result_state');
    expect(withOutcome.states).toMatchObject({ TERMINATED: 'succeeded', TERMINATING: 'running', INTERNAL_ERROR: 'failed' });
    const without = detectJobs(runApi(obj({ run_id: str(), state: obj({ life_cycle_state: str(lifecycle) }) }))).families[0]!;
    expect(without.outcomeField).toBeNull();
    expect(without.outcomes).toEqual({});
    expect(without.states['TERMINATED']).toBe('cancelled');
  });

  it('a business `result` beside the status leaves the family without an outcome', () => {
    const f = detectJobs(runApi(obj({ id: str(), status: str(RUN_STATES), result: str(['approved', 'declined']) }))).families[0]!;
    expect(f.outcomeField).toBeNull();
    expect(f.states['completed']).toBe('succeeded');
  });
});

describe('detectJobs: outcome field on a family found by where its id flows', () => {
  const RPC_STATES = ['PENDING', 'SCHEDULING', 'RUNNING', 'COMPLETED', 'STOPPING'];
  const RESULTS = ['PENDING', 'PASSED', 'WARNED', 'FAILED', 'SKIPPED', 'ERRORED', 'STOPPED'];
  const run = obj({ arn: str(), status: str(RPC_STATES), result: str(RESULTS) });

  it('reads the outcome beside a status nested in the RPC answer (Device Farm `run.result` beside `run.status`)', () => {
    const f = detectJobs(
      createModel([
        rpc('ScheduleRun', obj({ projectArn: str(), name: str() }), obj({ run })),
        rpc('GetRun', { type: 'object', properties: { arn: str() }, required: ['arn'] }, obj({ run })),
      ]),
    ).families[0]!;
    expect(f.statusField).toBe('run.status');
    expect(f.outcomeField).toBe('run.result');
    expect(f.outcomes).toMatchObject({ PASSED: 'succeeded', FAILED: 'failed', ERRORED: 'failed', STOPPED: 'cancelled' });
    expect(f.evidence.join('\n')).toMatch(/outcome field `run.result` beside `run.status`/);
  });

  it('reads the outcome beside the status of a job the start names (a rerun: `conclusion` beside `status`)', () => {
    const job = obj({ id: str(), status: str(LIFECYCLE), conclusion: str(CONCLUSIONS) });
    const f = detectJobs(
      createModel([
        createOperation('POST', '/repos/{owner}/{repo}/actions/jobs/{job_id}/rerun', {
          operationId: 'actions/re-run-job',
          parameters: ['owner', 'repo', 'job_id'].map((n) => createParameter(n, 'path', { required: true })),
          responses: [createResponse('201', { schema: obj({}) })],
        }),
        createOperation('GET', '/repos/{owner}/{repo}/actions/jobs/{job_id}', {
          operationId: 'actions/get-job',
          parameters: ['owner', 'repo', 'job_id'].map((n) => createParameter(n, 'path', { required: true })),
          responses: [createResponse('200', { schema: job })],
        }),
      ]),
    ).families[0]!;
    expect(f.start.map((s) => s.op.operationId)).toEqual(['actions/re-run-job']);
    expect(f.outcomeField).toBe('conclusion');
    expect(f.outcomes).toMatchObject({ success: 'succeeded', failure: 'failed', timed_out: 'failed' });
  });

  it('near miss: a business `result` beside an RPC status leaves the family without an outcome', () => {
    const order = obj({ arn: str(), status: str(RPC_STATES), result: str(['approved', 'declined']) });
    const f = detectJobs(
      createModel([
        rpc('ScheduleRun', obj({ projectArn: str(), name: str() }), obj({ run: order })),
        rpc('GetRun', { type: 'object', properties: { arn: str() }, required: ['arn'] }, obj({ run: order })),
      ]),
    ).families[0]!;
    expect(f.outcomeField).toBeNull();
  });
});
