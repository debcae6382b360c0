/** IR built in code for emit tests: emit tests never parse a spec (STYLE.md 4). */
import type { ApiModel, HttpMethod, Operation, Parameter, Response } from '../../../src/model/ir.js';
import type { JobDetection, JobFamily, OperationRef } from '../../../src/model/jobs.js';

export function createOperation(method: HttpMethod, path: string, extra: Partial<Operation> = {}): Operation {
  return {
    method,
    path,
    pointer: `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`,
    tags: [],
    deprecated: false,
    parameters: [],
    responses: [],
    security: [],
    callbacks: [],
    extensions: {},
    ...extra,
  };
}

export function createParam(
  name: string,
  location: Parameter['in'],
  schema: Parameter['schema'] = { type: 'string' },
  extra: Partial<Parameter> = {},
): Parameter {
  return { name, in: location, required: location === 'path', schema, pointer: `#/param/${name}`, ...extra };
}

export function jsonResponse(status: string, schema: unknown, extra: Partial<Response> = {}): Response {
  return {
    status,
    headers: [],
    content: [{ mediaType: 'application/json', schema: schema as Parameter['schema'] }],
    links: [],
    pointer: `#/responses/${status}`,
    ...extra,
  };
}

export function createModel(operations: Operation[], extra: Partial<ApiModel> = {}): ApiModel {
  return {
    title: 'Test API',
    version: '1.0.0',
    flavour: 'openapi-3.1',
    servers: [{ url: 'https://api.example.com/v1', variables: {} }],
    securitySchemes: [],
    defaultSecurity: [],
    operations,
    schemas: {},
    webhookCount: 0,
    ...extra,
  };
}

export function refOf(op: Operation): OperationRef {
  return { ...(op.operationId ? { operationId: op.operationId } : {}), method: op.method, path: op.path, pointer: op.pointer };
}

/** An id-resource job: POST /jobs → GET /jobs/{id}, optional cancel. */
export function createFamily(name: string, start: Operation, poll: Operation, extra: Partial<JobFamily> = {}): JobFamily {
  return {
    name,
    confidence: 'high',
    evidence: ['test'],
    start: [{ op: refOf(start), idFrom: 'body:id', pollUrlFrom: [], cancelUrlFrom: null, preferAsync: false, idempotency: null }],
    poll: { op: refOf(poll), idParam: 'id', carry: [] },
    cancel: null,
    result: null,
    statusField: 'status',
    doneField: null,
    errorField: 'error',
    resultField: null,
    progress: null,
    states: { running: 'running', done: 'succeeded' },
    outcomeField: null,
    outcomes: {},
    retryAfter: false,
    expectedDurationMs: null,
    ...extra,
  };
}

export function noJobs(): JobDetection {
  return { families: [], hints: [], diagnostics: [] };
}
