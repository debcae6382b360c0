/**
 * A handle the start answers, read in the list of the source it acted on (src/detect/idflow/sourceHandleList.ts):
 * SQS `StartMessageMoveTask {SourceArn}` → `{TaskHandle}`, polled by `ListMessageMoveTasks {SourceArn}` →
 * `Results: [{TaskHandle, Status}]`, cancelled by `CancelMessageMoveTask {TaskHandle}`. The link takes no id
 * (`idIn: 'item'`): the runtime sends the source and picks the job out by the handle.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { isNamedHandle } from '../../../src/detect/idflow/sourceHandleList.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const MOVE_STATES = ['RUNNING', 'COMPLETED', 'CANCELLING', 'CANCELLED', 'FAILED'];
const moveTask = (handle = 'TaskHandle') =>
  obj({ [handle]: str(), Status: str(MOVE_STATES), SourceArn: str(), ApproximateNumberOfMessagesMoved: { type: 'integer' } });

const startMove = (
  input: JsonSchema = obj({ SourceArn: str(), DestinationArn: str() }, ['SourceArn']),
  answer = obj({ TaskHandle: str() }),
) => rpc('StartMessageMoveTask', input, answer);
const listMoves = (
  input: JsonSchema = obj({ SourceArn: str(), MaxResults: { type: 'integer' } }, ['SourceArn']),
  item = moveTask(),
  name = 'ListMessageMoveTasks',
) => rpc(name, input, obj({ Results: list(item) }));
const cancelMove = rpc(
  'CancelMessageMoveTask',
  obj({ TaskHandle: str() }, ['TaskHandle']),
  obj({ ApproximateNumberOfMessagesMoved: { type: 'integer' } }),
);

interface Row {
  name: string;
  ops: Operation[];
  family: { poll: string; idFrom: string | null; itemsAt: string; itemId: string; carry: string[]; cancel: string | null } | null;
}

const SQS = { poll: 'ListMessageMoveTasks', idFrom: 'body:TaskHandle', itemsAt: 'Results', itemId: 'TaskHandle', carry: ['SourceArn'] };

const rows: Row[] = [
  {
    name: 'SQS: the handle found in the list of the source queue the start names, cancelled by the same handle',
    ops: [startMove(), listMoves(), cancelMove],
    family: { ...SQS, cancel: 'CancelMessageMoveTask' },
  },
  {
    name: 'the source list of a JSON-protocol service, no cancel beside it',
    ops: [startMove(), listMoves()],
    family: { ...SQS, cancel: null },
  },
  {
    name: 'near miss: a list of every task, scoped by nothing, is no read of one job',
    ops: [startMove(), listMoves(obj({ MaxResults: { type: 'integer' } }))],
    family: null,
  },
  {
    name: 'near miss: the list is scoped by a source the start does not name',
    ops: [startMove(), listMoves(obj({ QueueArn: str() }, ['QueueArn']))],
    family: null,
  },
  {
    name: 'near miss: the start names the source only optionally: the list may be another source’s',
    ops: [startMove(obj({ SourceArn: str(), DestinationArn: str() }, ['DestinationArn'])), listMoves()],
    family: null,
  },
  {
    name: 'near miss: the items carry another handle (`ReceiptHandle`)',
    ops: [startMove(), listMoves(undefined, moveTask('ReceiptHandle'))],
    family: null,
  },
  {
    name: 'near miss: a bare `Handle` says nothing of whose it is',
    ops: [startMove(undefined, obj({ Handle: str() })), listMoves(undefined, moveTask('Handle'))],
    family: null,
  },
  {
    name: 'near miss: a start given the handle acts on a task that exists',
    ops: [startMove(obj({ SourceArn: str(), TaskHandle: str() }, ['SourceArn'])), listMoves()],
    family: null,
  },
  {
    name: 'near miss: the list is of another thing than the handle names (`ListMessageMoveReports`)',
    ops: [startMove(), listMoves(undefined, undefined, 'ListMessageMoveReports')],
    family: null,
  },
];

describe('a handle read in the list of the source the start acted on', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = onlyLinkedFamily(ops, family);
    if (found === null || family === null) return;
    const { f, poll } = found;
    expect({
      poll: poll.op.operationId,
      idFrom: f.start[0]!.idFrom,
      itemsAt: poll.itemsAt,
      itemId: poll.itemId,
      carry: poll.carry.map((c) => c.param),
      cancel: f.cancel && 'op' in f.cancel ? f.cancel.op.operationId : null,
    }).toEqual(family);
    expect(poll.idIn).toBe('item');
    expect(f.statusField).toBe('Results.0.Status');
  });

  it.each([
    ['TaskHandle', true],
    ['ReceiptHandle', true],
    ['Handle', false],
    ['TaskId', false],
    ['HandleName', false],
  ])('%s is a named handle: %s', (field, expected) => {
    expect(isNamedHandle(field)).toBe(expected);
  });
});
