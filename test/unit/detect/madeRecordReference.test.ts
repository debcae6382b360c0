/**
 * An id in the record of the thing a start makes, naming another thing, is what the new thing belongs to or uses
 * (src/detect/idflow/echoedRecord.ts `madeRecordReference`): MediaLive's `CreateMultiplexProgram` →
 * `{MultiplexProgram: {ChannelId}}` was polled at `DescribeChannel`, Route 53 Resolver's `CreateResolverRule` →
 * `{ResolverRule: {ResolverEndpointId}}` at `GetResolverEndpoint`.
 */
import { describe, expect, it } from 'vitest';
import { madeRecordReference } from '../../../src/detect/idflow/echoedRecord.js';
import { detectJobs } from '../../../src/detect/index.js';
import { createModel } from '../../../src/model/factories.js';
import { nameOfId, obj, rpc, str } from './rpcSchemas.js';

describe('madeRecordReference', () => {
  it.each([
    ['another thing in the made record', 'MultiplexProgram.ChannelId', 'CreateMultiplexProgram', 'channel'],
    ['the group the made thing joins', 'GameServer.GameServerGroupName', 'RegisterGameServer', 'game server group'],
    ['the network a made gateway sits in', 'NatGateway.VpcId', 'CreateNatGateway', 'vpc'],
    // Near misses: the record's own id, a bare one, an id one level off the record, another verb, another holder.
    ["the record's own id", 'Service.ServiceArn', 'CreateService', null],
    ["the record's own bare id", 'taskSet.id', 'CreateTaskSet', null],
    ['an id naming part of the noun', 'graphqlApi.apiId', 'CreateGraphqlApi', null],
    ['an id at the top of the answer', 'ChannelId', 'CreateMultiplexProgram', null],
    ['a holder not named for the start', 'jobSummary.channelId', 'CreateMultiplexProgram', null],
    ['a verb that brings nothing up', 'MultiplexProgram.ChannelId', 'UpdateMultiplexProgram', null],
  ])('%s: %s of %s', (_, field, start, other) => expect(madeRecordReference(field, nameOfId(start))).toBe(other));
});

describe('detection', () => {
  const channel = obj({ Channel: obj({ ChannelId: str(), State: str(['CREATING', 'IDLE', 'RUNNING', 'CREATE_FAILED']) }) });
  const ops = (programRecord: string) => [
    rpc('CreateChannel', obj({ Name: str() }), obj({ Channel: obj({ ChannelId: str() }) })),
    rpc('DescribeChannel', obj({ ChannelId: str() }, ['ChannelId']), channel),
    rpc('CreateMultiplexProgram', obj({ ProgramName: str() }), obj({ [programRecord]: obj({ ProgramName: str(), ChannelId: str() }) })),
  ];
  const starts = (programRecord: string) =>
    detectJobs(createModel(ops(programRecord))).families.map((f) => f.start.map((s) => s.op.operationId));

  it("a made program's channel is not the program's job", () => {
    expect(starts('MultiplexProgram')).toEqual([['CreateChannel']]);
  });
  it('near miss: the same id in a record not named for the start still links', () => {
    expect(starts('Result')).toEqual([['CreateChannel', 'CreateMultiplexProgram']]);
  });
});
