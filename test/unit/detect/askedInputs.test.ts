/**
 * A poll that needs an input the start does not take is linked when the agent can be asked for it at the start
 * (src/detect/idflow/askedInputs.ts): a scalar setting (boolean, number, listed value), at most two, on a link
 * that is otherwise sure (the id answered by the start and required by the poll, both naming the same noun).
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel, createOperation, createParameter, createRequestBody, createResponse } from '../../../src/model/factories.js';
import type { ApiModel, JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const STATUS = str(['IN_QUEUE', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'STOPPED']);
const DESCRIBED = str(
  undefined,
  'The status: <code>IN_QUEUE</code>, <code>IN_PROGRESS</code>, <code>SUCCEEDED</code>, or <code>FAILED</code>.',
);
const bool: JsonSchema = { type: 'boolean', description: 'Whether the voice is the caller.' };

const SIGV4: ApiModel['securitySchemes'] = [{ key: 'hmac', type: 'awsSigv4', service: 'voice-chime', region: 'us-east-1' }];

/**
 * Chime-shaped, a Smithy action bound to REST in a SigV4-signed contract (idflow/smithyBinding.ts):
 * `POST /connectors/{ConnectorId}/tone-tasks` → `GET …/tone-tasks/{ToneTaskId}?isCaller=`, its status values
 * stated in the description as Chime's are (an enum there is the resource convention's to link first).
 */
function toneTasks(extra: JsonSchema | null, name = 'isCaller'): Operation[] {
  const task = obj({ ToneTaskId: str(), ToneTaskStatus: DESCRIBED });
  const start = createOperation('POST', '/connectors/{ConnectorId}/tone-tasks', {
    operationId: 'StartToneTask',
    requestBody: createRequestBody(obj({ TransactionId: str() }, ['TransactionId'])),
    responses: [createResponse('201', { schema: obj({ ToneTask: task }) })],
    security: [['hmac']],
  });
  const poll = createOperation('GET', '/connectors/{ConnectorId}/tone-tasks/{ToneTaskId}', {
    operationId: 'GetToneTask',
    parameters: extra ? [createParameter(name, 'query', { required: true, schema: extra, description: 'Caller or callee.' })] : [],
    responses: [createResponse('200', { schema: obj({ ToneTask: task }) })],
    security: [['hmac']],
  });
  return [start, poll];
}

/** RPC-shaped: `StartExportTask` → `ExportTaskId` → `DescribeExportTask {ExportTaskId, …more}`. */
function exportTasks(more: Record<string, JsonSchema>, startName = 'StartExportTask'): Operation[] {
  const start = rpc(startName, obj({ Source: str() }, ['Source']), obj({ ExportTaskId: str() }));
  const poll = rpc(
    'DescribeExportTask',
    obj({ ExportTaskId: str(), ...more }, ['ExportTaskId', ...Object.keys(more)]),
    obj({ ExportTask: obj({ ExportTaskId: str(), Status: STATUS }) }),
  );
  return [start, poll];
}

const found = (ops: Operation[]) =>
  detectJobs(createModel(ops, { securitySchemes: SIGV4 })).families.map((f) => ({
    poll: isOperationLink(f.poll) ? f.poll.op.operationId : null,
    carry: isOperationLink(f.poll) ? f.poll.carry.filter((c) => c.from.startsWith('arg:') && !c.from.includes('.')) : [],
    asks: (f.asks ?? []).map((a) => [a.name, a.in, a.required]),
  }));

describe('inputs asked at the start for the poll', () => {
  it.each([
    ['a boolean query parameter (Chime isCaller)', toneTasks(bool), 'GetToneTask', ['isCaller', 'query']],
    ['a number query parameter', toneTasks({ type: 'integer' }, 'channel'), 'GetToneTask', ['channel', 'query']],
    ['a listed value in an RPC body', exportTasks({ View: str(['SUMMARY', 'FULL']) }), 'DescribeExportTask', ['View', 'body']],
    // Numeric codes the contract names (model/enumCodes.ts) list values as a string enum does.
    [
      'named codes in an RPC body',
      exportTasks({ View: { type: 'integer', enum: [0, 1], 'x-enumNames': ['SUMMARY', 'FULL'] } }),
      'DescribeExportTask',
      ['View', 'body'],
    ],
  ])('asks for %s', (_what, ops, poll, [name, where]) => {
    const [family] = found(ops);
    expect(family?.poll).toBe(poll);
    expect(family?.asks).toEqual([[name, where, true]]);
    expect(family?.carry).toContainEqual({ param: name, from: `arg:${name}`, in: where });
  });

  it('keeps the poll’s own schema and description for the start tool', () => {
    const family = detectJobs(createModel(toneTasks(bool), { securitySchemes: SIGV4 })).families[0];
    expect(family?.asks).toEqual([{ name: 'isCaller', in: 'query', required: true, schema: bool, description: 'Caller or callee.' }]);
  });

  it.each([
    ['an identifier (GuardDuty detectorId): a thing that must exist', toneTasks({ type: 'integer' }, 'detectorId')],
    ['a free string: nothing the agent can choose without looking up', exportTasks({ Region: str() })],
    ['more than two inputs', exportTasks({ A: str(['X', 'Y']), B: str(['X', 'Y']), C: str(['X', 'Y']) })],
    ['a number in an RPC body (sent as text on the wire it would not be one)', exportTasks({ Depth: { type: 'integer' } })],
    ['start and poll that name different things', exportTasks({ View: str(['SUMMARY', 'FULL']) }, 'StartExport')],
  ])('near miss: asks nothing for %s', (_what, ops) => {
    expect(found(ops)).toEqual([]);
  });

  it('the guards refuse only the asking: without the extra input the same pairs link', () => {
    expect(found(exportTasks({}, 'StartExport')).map((f) => f.poll)).toEqual(['DescribeExportTask']);
    expect(found(toneTasks(null)).map((f) => f.poll)).toEqual(['GetToneTask']);
  });
});
