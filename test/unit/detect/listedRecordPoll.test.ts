/**
 * A `List…` read that lists the very record the start answered and takes that record's id as an optional input
 * (src/detect/idflow/recordShapePoll.ts): SSM `SendCommand` → `{Command: {CommandId, Status}}`, read by
 * `ListCommands {CommandId?}` ("If provided, lists only the specified command") → `{Commands: [Command]}`. The job is
 * the listed item whose `CommandId` is the one sent. Near misses: the id a required scope input, another shape
 * listed, a List without the id.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const STATUS = str(['Pending', 'InProgress', 'Success', 'Cancelled', 'Failed', 'TimedOut', 'Cancelling']);
const COMMAND = obj({ CommandId: str(), DocumentName: str(), Comment: str(), Status: STATUS });
const sendCommand = rpc('SendCommand', obj({ DocumentName: str(), InstanceIds: list(str()) }, ['DocumentName']), obj({ Command: COMMAND }));
const listCommands = (input: JsonSchema, item: JsonSchema = COMMAND) =>
  rpc('ListCommands', input, obj({ Commands: list(item), NextToken: str() }));

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => {
    const poll = isOperationLink(f.poll) ? f.poll : null;
    return {
      start: f.start.map((s) => `${s.op.operationId} ${s.idFrom}`).join(','),
      poll: poll ? `${poll.op.operationId}(${poll.idParam} in ${poll.idIn})` : null,
      item: poll?.itemsAt !== undefined ? `${poll.itemsAt}[${poll.itemId}]` : null,
    };
  });

describe('a List read of the record the start answered, asked by its id', () => {
  it.each<[string, Operation[], ReturnType<typeof families>]>([
    [
      'ListCommands {CommandId?} lists the Command SendCommand answered: the job is the listed item with that id',
      [sendCommand, listCommands(obj({ CommandId: str(), InstanceId: str(), MaxResults: { type: 'integer' }, NextToken: str() }))],
      [{ start: 'SendCommand body:Command.CommandId', poll: 'ListCommands(CommandId in body)', item: 'Commands[CommandId]' }],
    ],
    [
      'near miss: the List requires the id, so it is the scope it lists, not the record asked for',
      [sendCommand, listCommands(obj({ CommandId: str(), NextToken: str() }, ['CommandId']))],
      [],
    ],
    [
      'near miss: the List lists another shape (the invocations of the command), id and status alike',
      [
        sendCommand,
        listCommands(obj({ CommandId: str(), NextToken: str() }), obj({ CommandId: str(), InstanceId: str(), Status: STATUS })),
      ],
      [],
    ],
    [
      'near miss: the List takes no id of the record, only a page token',
      [sendCommand, listCommands(obj({ MaxResults: { type: 'integer' }, NextToken: str() }))],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
