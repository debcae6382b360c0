/**
 * A read of the action's status that lists its records, narrowed by what the start was given
 * (src/detect/idflow/actionStatusList.ts): Redshift `AcceptReservedNodeExchange {ReservedNodeId}` polled by
 * `DescribeReservedNodeExchangeStatus {ReservedNodeId?}` → `ReservedNodeExchangeStatusDetails: [{Status}]`.
 * Rows over factory-built IR; each near miss fails without its guard.
 */
import { describe, expect, it } from 'vitest';
import { listsActionStatusBy, readsStatusOfNoun } from '../../../src/detect/idflow/actionStatusList.js';
import type { OperationInput } from '../../../src/detect/read/operationInputs.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';
import { onlyLinkedFamily } from './summarize.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const EXCHANGE_STATES = ['REQUESTED', 'PENDING', 'IN_PROGRESS', 'RETRYING', 'SUCCEEDED', 'FAILED'];
const exchange = (states = EXCHANGE_STATES) =>
  obj({ ReservedNodeExchangeRequestId: str(), Status: str(states), SourceReservedNodeId: str(), TargetReservedNodeOfferingId: str() });

const accept = (required = ['ReservedNodeId', 'TargetReservedNodeOfferingId']) =>
  rpc(
    'AcceptReservedNodeExchange',
    obj({ ReservedNodeId: str(), TargetReservedNodeOfferingId: str() }, required),
    obj({ ExchangedReservedNode: obj({ ReservedNodeId: str(), NodeType: str(), State: str() }) }),
  );
const statusRead = (
  name = 'DescribeReservedNodeExchangeStatus',
  answer: JsonSchema = obj({ ReservedNodeExchangeStatusDetails: list(exchange()) }),
) => rpc(name, obj({ ReservedNodeId: str(), ReservedNodeExchangeRequestId: str(), MaxRecords: { type: 'integer' } }), answer);

const rows: Array<{ name: string; ops: Operation[]; family: { poll: string; idFrom: string | null; idParam: string } | null }> = [
  {
    name: 'Redshift: the exchange status read, narrowed by the node the start exchanged',
    ops: [accept(), statusRead()],
    family: { poll: 'DescribeReservedNodeExchangeStatus', idFrom: 'arg:body.ReservedNodeId', idParam: 'ReservedNodeId' },
  },
  {
    name: 'near miss: the start names the node only optionally: the read would list every exchange',
    ops: [accept(['TargetReservedNodeOfferingId']), statusRead()],
    family: null,
  },
  {
    name: 'near miss: the status read of what the start acts on, not of its action (`DescribeReservedNodeStatus`)',
    ops: [accept(), statusRead('DescribeReservedNodeStatus')],
    family: null,
  },
  {
    name: 'near miss: a read of one record, its optional id no narrowing of a list',
    ops: [accept(), statusRead(undefined, obj({ ReservedNodeExchangeStatusDetails: exchange() }))],
    family: null,
  },
  {
    name: 'near miss: records whose status is no job’s (`ACTIVE | RETIRED`)',
    ops: [accept(), statusRead(undefined, obj({ ReservedNodeExchangeStatusDetails: list(exchange(['ACTIVE', 'RETIRED'])) }))],
    family: null,
  },
];

describe('a read of the action’s status listing its records, narrowed by the start’s input', () => {
  it.each(rows)('$name', ({ ops, family }) => {
    const found = onlyLinkedFamily(ops, family);
    if (found === null || family === null) return;
    const { f, poll } = found;
    expect({ poll: poll.op.operationId, idFrom: f.start[0]!.idFrom, idParam: poll.idParam }).toEqual(family);
    expect([poll.idIn, poll.itemsAt]).toEqual(['body', undefined]);
    expect(f.statusField).toBe('ReservedNodeExchangeStatusDetails.0.Status');
    expect(f.evidence.filter((e) => e.startsWith('action status list:'))).toHaveLength(1);
  });

  it.each<[string, string, boolean]>([
    ['AcceptReservedNodeExchange', 'DescribeReservedNodeExchangeStatus', true],
    ['StartSchemaCreation', 'GetSchemaCreationStatus', true],
    // The thing acted on, a part of the action, or no status at all.
    ['AcceptReservedNodeExchange', 'DescribeReservedNodeStatus', false],
    ['AcceptReservedNodeExchange', 'DescribeReservedNodeExchangeOfferingStatus', false],
    ['AcceptReservedNodeExchange', 'DescribeReservedNodeExchange', false],
  ])('%s ↔ %s reads the status of the start’s noun: %s', (start, poll, expected) => {
    expect(readsStatusOfNoun(nameOfId(start), nameOfId(poll))).toBe(expected);
  });

  const input = (name: string, required: boolean): OperationInput => ({ name, in: 'body', required });
  it.each<[string, OperationInput | undefined, OperationInput, boolean]>([
    ['the start requires the id the read narrows by', input('ReservedNodeId', true), input('ReservedNodeId', false), true],
    // The start may be given no node: the read would list every exchange.
    ['the start takes the id only optionally', input('ReservedNodeId', false), input('ReservedNodeId', false), false],
    // A read that requires the id asks for one thing: actionStatusPoll.ts judges it.
    ['the read requires the id', input('ReservedNodeId', true), input('ReservedNodeId', true), false],
    ['another id', input('ReservedNodeId', true), input('ReservedNodeExchangeRequestId', false), false],
    ['no input of the start', undefined, input('ReservedNodeId', false), false],
  ])('%s', (_label, startInput, pollInput, expected) => {
    const names = [nameOfId('AcceptReservedNodeExchange'), nameOfId('DescribeReservedNodeExchangeStatus')] as const;
    expect(listsActionStatusBy(names[0], names[1], startInput, pollInput)).toBe(expected);
  });
});
