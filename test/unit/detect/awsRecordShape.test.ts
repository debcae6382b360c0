/**
 * A poll that answers again the record the start answered, under another name (src/detect/idflow/recordShapePoll.ts):
 * GameLift `StartMatchBackfill` → `{MatchmakingTicket}` read by `DescribeMatchmaking(TicketIds)` →
 * `{TicketList: [MatchmakingTicket]}`, whose names share nothing. Near misses: another shape, a bare `Id`.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import type { JsonSchema, Operation } from '../../../src/model/ir.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const STATUS = str(['QUEUED', 'SEARCHING', 'PLACING', 'COMPLETED', 'FAILED', 'CANCELLED', 'TIMED_OUT']);
const TICKET = obj({ TicketId: str(), ConfigurationName: str(), Status: STATUS, StatusReason: str() });
const backfill = (answer: JsonSchema) =>
  rpc('StartMatchBackfill', obj({ ConfigurationName: str(), Players: list(str()) }, ['ConfigurationName', 'Players']), answer);
const describeMatchmaking = (item: JsonSchema, input = 'TicketIds') =>
  rpc('DescribeMatchmaking', obj({ [input]: list(str()) }, [input]), obj({ TicketList: list(item) }));

const families = (ops: Operation[]) =>
  detectJobs(createModel(ops)).families.map((f) => [
    f.start.map((s) => `${s.op.operationId} ${s.idFrom}`).join(','),
    isOperationLink(f.poll) ? `${f.poll.op.operationId}(${f.poll.idParam})` : null,
  ]);

describe('the record answered again under another name', () => {
  it.each<[string, Operation[], string[][]]>([
    [
      'the poll lists the start’s record and takes its id',
      [backfill(obj({ MatchmakingTicket: TICKET })), describeMatchmaking(TICKET)],
      [['StartMatchBackfill body:MatchmakingTicket.TicketId', 'DescribeMatchmaking(TicketIds)']],
    ],
    [
      'near miss: the poll lists another shape with the same id',
      [backfill(obj({ MatchmakingTicket: TICKET })), describeMatchmaking(obj({ TicketId: str(), Players: list(str()), Status: STATUS }))],
      [],
    ],
    [
      'near miss: a bare `Id` is every record’s',
      [
        backfill(obj({ Ticket: obj({ Id: str(), Name: str(), Status: STATUS }) })),
        describeMatchmaking(obj({ Id: str(), Name: str(), Status: STATUS }), 'Ids'),
      ],
      [],
    ],
  ])('%s', (_label, ops, expected) => {
    expect(families(ops)).toEqual(expected);
  });
});
