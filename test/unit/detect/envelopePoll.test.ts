/**
 * Id flow through a resource envelope (issue 24, envelopePoll.ts): a start answering `{action: {id}}` is polled by
 * the operation that requires a bare `id`, lives under the envelope's collection and answers the same envelope
 * with its status inside, whatever either is called. Rows over factory-built IR, near misses beside each rule.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';

const str = (values?: string[]): JsonSchema => ({ type: 'string', ...(values ? { enum: values } : {}) });
const obj = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});
const ACTION_STATES = ['running', 'success', 'error'];
const action = (status: JsonSchema = str(ACTION_STATES)) => obj({ id: { type: 'integer' }, command: str(), status });

/** Hetzner-shaped: `POST /servers/{id}/actions/{verb}` answering `{action}`, no operation names. */
function serverAction(opts: { pollPath?: string; pollAnswer?: JsonSchema; startAnswer?: JsonSchema } = {}): Operation[] {
  const idParam = [createParameter('id', 'path', { required: true })];
  return [
    createOperation('POST', '/servers/{id}/actions/rebuild', {
      parameters: idParam,
      requestBody: createRequestBody(obj({ image: str() })),
      responses: [createResponse('201', { schema: opts.startAnswer ?? obj({ action: action(), root_password: str() }) })],
    }),
    createOperation('GET', opts.pollPath ?? '/actions/{id}', {
      parameters: idParam,
      responses: [createResponse('200', { schema: opts.pollAnswer ?? obj({ action: action() }) })],
    }),
  ];
}

/** Airbyte-shaped: an RPC-style `POST /v1/jobs/get {id}` answering `{job}`, the start of another noun. */
function connectionSync(pollTakes = 'id'): Operation[] {
  const job = obj({ id: { type: 'integer' }, status: str(['pending', 'running', 'failed', 'succeeded', 'cancelled']) });
  return [
    createOperation('POST', '/v1/connections/sync', {
      operationId: 'syncConnection',
      requestBody: createRequestBody(obj({ connectionId: str() }, ['connectionId'])),
      responses: [createResponse('200', { schema: obj({ job, attempts: { type: 'array', items: obj({}) } }) })],
    }),
    createOperation('POST', '/v1/jobs/get', {
      operationId: 'getJobInfo',
      requestBody: createRequestBody(obj({ [pollTakes]: { type: 'integer' } }, [pollTakes])),
      responses: [createResponse('200', { schema: obj({ job, attempts: { type: 'array', items: obj({}) } }) })],
    }),
  ];
}

interface Row {
  name: string;
  ops: Operation[];
  /** The poll's path and the start's id source, or null: the first operation starts no family. */
  family: { poll: string; idFrom: string; statusField: string } | null;
}

const rows: Row[] = [
  {
    name: 'a server action answering {action: {id}} is polled at GET /actions/{id}, its own {id} notwithstanding',
    ops: serverAction(),
    family: { poll: '/actions/{id}', idFrom: 'body:action.id', statusField: 'action.status' },
  },
  {
    name: 'a sync answering {job: {id}} is polled by POST /v1/jobs/get {id}',
    ops: connectionSync(),
    family: { poll: '/v1/jobs/get', idFrom: 'body:job.id', statusField: 'job.status' },
  },
  {
    name: 'near miss: the read answers the envelope but lives under another collection',
    ops: serverAction({ pollPath: '/tasks/{id}' }),
    family: null,
  },
  {
    name: 'near miss: the read answers another envelope',
    ops: serverAction({ pollAnswer: obj({ task: action() }) }),
    family: null,
  },
  {
    name: 'near miss: the envelope carries no status; the status beside it is not the action’s',
    ops: serverAction({ pollAnswer: obj({ action: obj({ id: { type: 'integer' } }), status: str(ACTION_STATES) }) }),
    family: null,
  },
  {
    name: 'near miss: the start answers the envelope without its id',
    ops: serverAction({ startAnswer: obj({ action: obj({ command: str() }) }) }),
    family: null,
  },
  {
    name: 'near miss: the RPC read takes another id than the envelope’s',
    ops: connectionSync('attemptId'),
    family: null,
  },
];

describe('id flow through a resource envelope', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const d = detectJobs(createModel(ops));
    const mine = d.families.filter((f) => f.start.some((s) => s.op.path === ops[0]!.path));
    if (family === null) {
      expect(mine).toEqual([]);
      return;
    }
    expect(mine).toHaveLength(1);
    const f = mine[0]!;
    expect({
      poll: isOperationLink(f.poll) ? f.poll.op.path : null,
      idFrom: f.start[0]!.idFrom,
      statusField: f.statusField,
    }).toEqual(family);
  });
});
