/**
 * An id the client may give or leave to the service (src/detect/idflow/idFlowJobs.ts `candidatesOf`): AWS starts such as
 * GameLift's `StartMatchmaking {TicketId?}` answer the id either way, and the poll takes it (here in a list,
 * `TicketIds`). Only a required id input says the start acts on something that already exists.
 */
import { describe, expect, it } from 'vitest';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { isOperationLink } from '../../../src/model/jobs.js';
import { obj, rpc, str } from './rpcSchemas.js';

const TICKET = obj({ TicketId: str(), Status: str(['QUEUED', 'SEARCHING', 'COMPLETED', 'FAILED', 'CANCELLED']) });
const describeMatchmaking = rpc(
  'DescribeMatchmaking',
  obj({ TicketIds: { type: 'array', items: str() } }, ['TicketIds']),
  obj({ TicketList: { type: 'array', items: TICKET } }),
);

describe('an id the start takes only optionally', () => {
  it('is still the job the answer hands back: the poll takes it', () => {
    const start = rpc(
      'StartMatchmaking',
      obj({ TicketId: str(), ConfigurationName: str() }, ['ConfigurationName']),
      obj({ MatchmakingTicket: TICKET }),
    );
    const d = detectJobs(createModel([start, describeMatchmaking]));
    expect(d.families).toHaveLength(1);
    const f = d.families[0]!;
    expect(isOperationLink(f.poll) ? [f.poll.op.operationId, f.poll.idList] : null).toEqual(['DescribeMatchmaking', true]);
    expect(f.start[0]!.idFrom).toBe('body:MatchmakingTicket.TicketId');
  });

  it('near miss: a call that requires the id acts on a ticket that exists, and starts none', () => {
    const accept = rpc(
      'ResumeMatchmaking',
      obj({ TicketId: str(), ConfigurationName: str() }, ['TicketId', 'ConfigurationName']),
      obj({ MatchmakingTicket: TICKET }),
    );
    expect(detectJobs(createModel([accept, describeMatchmaking])).families).toEqual([]);
  });
});
